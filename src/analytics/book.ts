/**
 * Orderbook analytics: pure functions over a unified {@link Orderbook} (asks ascending, bids
 * descending, as every adapter returns them). No I/O and no clock: the caller passes the time it
 * serves the answer (`service_ts`).
 *
 * Arithmetic. Prices are taken onto an integer grid of 1e-6 (finer than any tick on either
 * exchange: Kalshi quotes at most 6 decimals, Polymarket at most 4) and sizes onto integer
 * micro-contracts, so sums are exact; every ratio is then formed once with BigInt and rounded
 * half away from zero. Outputs therefore carry no float noise (0.435, never 0.43500000000000005)
 * and equal a hand computation rounded as below.
 *
 * Formulas (b = best bid, a = best ask, Qb / Qa = total size of the top 10 bid / ask levels):
 * - `mid` = (b + a) / 2, exact (it may sit half a tick off the grid: 0.505).
 * - `spread_bps` = (a − b) / mid × 10 000, rounded to 0.01 bp; negative on a crossed book.
 * - `weighted_mid` = (b·Qa + a·Qb) / (Qa + Qb), the micro-price: each side's price weighted by
 *   the opposite side's size, so it leans toward the side about to be exhausted. 6 decimals.
 * - `imbalance` = (Qb − Qa) / (Qb + Qa) in [−1, 1], positive when bid-heavy. 6 decimals.
 * - `bid_depth` / `ask_depth` = total size of every level of that side (exact, 6 decimals).
 * - impact of `size` (per side: buy walks asks upward from the best, sell walks bids downward):
 *   `avg_price` = Σ take·price / Σ take over the filled part (6 decimals, half-up);
 *   `fill_pct` = filled / size × 100 (4 decimals; 100 only when completely filled, above 0 as
 *   soon as anything fills); `slippage_bps` = |avg − mid| / mid × 10 000 (0.01 bp, exact avg).
 *
 * Empty and one-sided books: nothing is ever NaN or Infinity; what cannot be defined is null.
 *
 * | field            | both sides     | bids only      | asks only      | empty |
 * |------------------|----------------|----------------|----------------|-------|
 * | best_bid         | b              | b              | null           | null  |
 * | best_ask         | a              | null           | a              | null  |
 * | mid              | (b+a)/2        | null           | null           | null  |
 * | spread_bps       | number         | null           | null           | null  |
 * | weighted_mid     | number         | null           | null           | null  |
 * | imbalance        | [−1, 1]        | 1              | −1             | null  |
 * | bid_depth        | Σ bids         | Σ bids         | 0              | 0     |
 * | ask_depth        | Σ asks         | 0              | Σ asks         | 0     |
 * | buy_avg_price    | number         | null           | number         | null  |
 * | buy_fill_pct     | (0, 100]       | 0              | (0, 100]       | 0     |
 * | buy_slippage_bps | number         | null           | null (no mid)  | null  |
 * | sell_avg_price   | number         | number         | null           | null  |
 * | sell_fill_pct    | (0, 100]       | (0, 100]       | 0              | 0     |
 * | sell_slippage_bps| number         | null (no mid)  | null           | null  |
 *
 * Slippage needs a mid, so on a one-sided book it is null even for the side that fills; the
 * average price and fill percentage are still given. Precondition: level prices lie in (0, 1)
 * and sizes are positive, as the adapters guarantee; levels are never re-sorted here.
 */
import type { Level, Orderbook, OrderbookImpact, OrderbookStats } from '../exchanges/types.js';

/** Levels per side counted by `weighted_mid` and `imbalance`. */
export const TOP_LEVELS = 10;
/** Grid of the internal integer arithmetic: 1e-6 dollars and 1e-6 contracts. */
const SCALE = 1_000_000;
const BSCALE = 1_000_000n;

/** Largest `size` bookImpact accepts (micro-contracts must stay exact integers). */
export const MAX_IMPACT_SIZE = 1_000_000_000;

const micro = (v: number): number => Math.round(v * SCALE);

/** n / d rounded half away from zero (d > 0). */
function roundDiv(n: bigint, d: bigint): bigint {
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = (2n * a + d) / (2n * d);
  return neg ? -q : q;
}

/** A BigInt count of 10^-places units as a number ("exact" for any value a double can show). */
function fromUnits(units: bigint, places: number): number {
  return Number(units) / 10 ** places;
}

/** Sum of sizes in micro-contracts over the first `limit` levels. */
function sumMicro(levels: readonly Level[], limit = levels.length): number {
  const n = Math.min(limit, levels.length);
  let s = 0;
  for (let i = 0; i < n; i++) s += micro(levels[i]!.size);
  return s;
}

/** Best prices and their micro-grid sum, or nulls when a side is empty. */
function top(book: Orderbook) {
  const bid = book.bids[0]?.price ?? null;
  const ask = book.asks[0]?.price ?? null;
  const sum = bid !== null && ask !== null ? micro(bid) + micro(ask) : null;
  // Sum of best prices in micro units; mid = sum / 2e6. Null (never 0/0) when a side is empty.
  return { bid, ask, sum: sum !== null && sum > 0 ? sum : null };
}

/** mid = (b + a) / 2, exact on the 1e-6 grid (one division of an integer by 2e6). */
function midOf(sum: number | null): number | null {
  return sum === null ? null : sum / (2 * SCALE);
}

/** Snapshot statistics of a book. `serviceTs` is the ISO time pmt serves the answer. */
export function bookStats(book: Orderbook, serviceTs: string): OrderbookStats {
  const t = top(book);
  const qb = sumMicro(book.bids, TOP_LEVELS);
  const qa = sumMicro(book.asks, TOP_LEVELS);
  const q = BigInt(qb) + BigInt(qa);

  let spread_bps: number | null = null;
  let weighted_mid: number | null = null;
  if (t.sum !== null && t.bid !== null && t.ask !== null) {
    const bi = BigInt(micro(t.bid));
    const ai = BigInt(micro(t.ask));
    // (a − b) / ((a + b) / 2) × 10 000, in hundredths of a basis point.
    spread_bps = fromUnits(roundDiv((ai - bi) * 2_000_000n, BigInt(t.sum)), 2);
    if (q > 0n) weighted_mid = fromUnits(roundDiv(bi * BigInt(qa) + ai * BigInt(qb), q), 6);
  }
  return {
    asset_id: book.asset_id,
    ask_depth: sumMicro(book.asks) / SCALE,
    bid_depth: sumMicro(book.bids) / SCALE,
    service_ts: serviceTs,
    best_ask: t.ask,
    best_bid: t.bid,
    exchange_ts: book.timestamp || null,
    imbalance: q > 0n ? fromUnits(roundDiv((BigInt(qb) - BigInt(qa)) * BSCALE, q), 6) : null,
    mid: midOf(t.sum),
    spread_bps,
    weighted_mid,
  };
}

/** The result of walking one side of a book for a size. */
export interface Walk {
  /** Contracts filled (≤ size). */
  filled: number;
  /** Volume-weighted average price of the filled part, 6 decimals; null when nothing fills. */
  avg_price: number | null;
  /** filled / size × 100, 4 decimals, exactly 100 only when completely filled. */
  fill_pct: number;
  /** Price of the last level touched: the limit a marketable order would need. */
  worst_price: number | null;
  /** Levels consumed, fully or partly. */
  levels: number;
}

/** Walk levels from the best outward, taking up to `size` contracts. */
export function walkBook(levels: readonly Level[], size: number): Walk {
  return walkExact(levels, size).walk;
}

/** The exact notional (micro-dollars × micro-contracts) and fill (micro-contracts) of a walk. */
interface ExactWalk {
  walk: Walk;
  notional: bigint;
  filled: bigint;
}

/** 2^26 and 2^52: limbs of the exact notional accumulator. */
const LIMB = 67_108_864;
const INV_LIMB = 1 / LIMB;
const LO_MAX = 4_503_599_627_370_496;

/** What a walk took: micro-contracts filled, the notional as hi·2^26 + lo, the last level touched. */
interface Sweep {
  filled: number;
  hi: number;
  lo: number;
  worst: number | null;
  used: number;
}

/**
 * The per-level loop, on its own: kept apart from the BigInt arithmetic and the size check around
 * it, V8 optimises it once; inlined in walkExact it fell into a deoptimise/reoptimise loop
 * ("insufficient type feedback") and ran interpreted on deep books.
 */
function sweep(levels: readonly Level[], want: number): Sweep {
  let rem = want;
  let filled = 0;
  // The notional Σ take·price in micro-dollars × micro-contracts passes 2^53 at a $9,007 order,
  // so it is kept exactly as hi·2^26 + lo. A product below 2^52 goes straight into lo (the usual
  // case); a bigger one is split as take = tH·2^26 + tL (both parts exact since price < 2^20);
  // lo carries into hi once it reaches 2^52, so both stay safe integers for any allowed size.
  let hi = 0;
  let lo = 0;
  let worst: number | null = null;
  let used = 0;
  for (let i = 0; i < levels.length && rem > 0; i++) {
    const l = levels[i]!;
    const q = micro(l.size);
    if (q <= 0) continue;
    const take = q < rem ? q : rem;
    const p = micro(l.price);
    const prod = take * p;
    if (prod < LO_MAX) lo += prod;
    else {
      const tH = Math.floor(take * INV_LIMB);
      hi += tH * p;
      lo += (take - tH * LIMB) * p;
    }
    if (lo >= LO_MAX) {
      const carry = Math.floor(lo * INV_LIMB);
      hi += carry;
      lo -= carry * LIMB;
    }
    filled += take;
    rem -= take;
    worst = l.price;
    used += 1;
  }
  return { filled, hi, lo, worst, used };
}

function walkExact(levels: readonly Level[], size: number): ExactWalk {
  const want = checkSize(size);
  const { filled, hi, lo, worst, used } = sweep(levels, want);
  const notional = BigInt(hi) * BigInt(LIMB) + BigInt(lo);
  const f = BigInt(filled);
  let pct = roundDiv(f * 100n * 10_000n, BigInt(want)); // ten-thousandths of a percent
  if (filled < want && pct >= 1_000_000n) pct = 999_999n;
  if (filled > 0 && pct === 0n) pct = 1n;
  const walk: Walk = {
    filled: filled / SCALE,
    avg_price: filled > 0 ? fromUnits(roundDiv(notional, f), 6) : null,
    fill_pct: fromUnits(pct, 4),
    worst_price: worst,
    levels: used,
  };
  return { walk, notional, filled: f };
}

/** |avg − mid| / mid × 10 000 from the exact walk, in hundredths of a bp. */
function slippage(w: ExactWalk, sum: number | null): number | null {
  if (sum === null || w.filled === 0n) return null;
  // avg = N / F (micro), mid = S / 2 (micro)  →  |2N − F·S| / (F·S) × 10 000
  const fs = w.filled * BigInt(sum);
  let diff = 2n * w.notional - fs;
  if (diff < 0n) diff = -diff;
  return fromUnits(roundDiv(diff * 1_000_000n, fs), 2);
}

/**
 * Average fill price, fill percentage and slippage of a market order of `size` contracts on each
 * side. Throws RangeError for a size that is not finite, not > 0 or above MAX_IMPACT_SIZE: the
 * command and the server reject those before any request.
 */
export function bookImpact(book: Orderbook, size: number, serviceTs: string): OrderbookImpact {
  const t = top(book);
  const buy = walkExact(book.asks, size);
  const sell = walkExact(book.bids, size);
  return {
    asset_id: book.asset_id,
    size,
    buy_fill_pct: buy.walk.fill_pct,
    sell_fill_pct: sell.walk.fill_pct,
    service_ts: serviceTs,
    buy_avg_price: buy.walk.avg_price,
    sell_avg_price: sell.walk.avg_price,
    buy_slippage_bps: slippage(buy, t.sum),
    sell_slippage_bps: slippage(sell, t.sum),
    mid: midOf(t.sum),
    exchange_ts: book.timestamp || null,
  };
}

function checkSize(size: number): number {
  if (!Number.isFinite(size) || size <= 0 || size > MAX_IMPACT_SIZE) {
    throw new RangeError(`size must be greater than 0 and at most ${MAX_IMPACT_SIZE} (got ${size})`);
  }
  const u = micro(size);
  if (u <= 0) throw new RangeError(`size must be at least 0.000001 (got ${size})`);
  return u;
}
