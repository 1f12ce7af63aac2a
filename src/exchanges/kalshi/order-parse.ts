/**
 * Kalshi order payloads → the unified Order. Pure and tolerant: a missing field becomes a
 * default or null, never an exception.
 *
 * Decisions where the reference and the interface differ (upstream-mapping §2.5, §7):
 * - outcome/side/price: the order record's own terms (contract, "Prices and outcomes"): the
 *   direction from `outcome_side`/`book_side` first (directionOf), the deprecated `side` yes/no
 *   (outcome) and `action` (side) naming it where they agree, and the price that outcome's (`no_price_dollars`
 *   for a NO order, `yes_price_dollars` for YES). Where only the YES-book form is known (a V2
 *   order shown as side yes), that is what is read: outcome Yes, buy for a bid, sell for an ask.
 *   An order pmt placed is re-labelled with its intent from the local journal by the caller.
 * - size: `initial_count_fp`, the order's total size; `filled` counts against it, so
 *   size − filled is what was left when the order stopped (openpx's `remaining_count_fp` made
 *   a filled order look like size 0).
 * - fee: the interface's "volume-weighted per-contract fee in dollars": V1 →
 *   (taker_fees + maker_fees) / fill_count, V2 create → `average_fee_paid`; null when unfilled.
 *   (openpx reported the V2 total, average × fills.)
 * - status: `resting` with fills → partially_filled (openpx said open); a canceled order that
 *   had partly filled stays `cancelled` (it no longer works; `filled` shows what executed).
 */
import { Decimal } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import type { Order, OrderSide, OrderStatus } from '../types.js';

type Raw = Record<string, unknown>;

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

/** An RFC 3339 time as ISO 8601 UTC, or null. */
export function isoTime(v: unknown): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const t = typeof v === 'number' ? v : Date.parse(v);
  // A number beyond Date's range (±8.64e15 ms) is finite but toISOString() would throw.
  const d = new Date(t);
  return Number.isFinite(d.getTime()) ? d.toISOString() : null;
}

const FEE_PLACES = 6;

/**
 * The `orders` list of a Kalshi listing or batch answer. Absent is empty (Go omits empty lists);
 * any other non-list is a malformed answer (kind Api), never iterated: a string would otherwise
 * be read as one junk order per character.
 */
export function ordersList(body: unknown, where: string): unknown[] {
  const list = body && typeof body === 'object' ? (body as { orders?: unknown }).orders : undefined;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new PmtError('Api', `Kalshi answered ${where} without a list of orders`);
  return list;
}

/** Per-contract fee: total fees / filled contracts, or null when nothing filled. */
export function perContractFee(totalFees: Decimal | null, filled: Decimal): number | null {
  if (!totalFees || filled.lte(0)) return null;
  const fee = totalFees.div(filled, FEE_PLACES).toNumber();
  return Number.isFinite(fee) ? fee : null;
}

/** Upstream status + counts → the six unified states. */
export function unifiedStatus(upstream: string | null, size: Decimal, filled: Decimal): OrderStatus {
  const partly = filled.gt(0);
  switch ((upstream ?? '').toLowerCase()) {
    case 'resting':
    case 'active':
    case 'open':
      return partly ? 'partially_filled' : 'open';
    case 'pending':
      return 'pending';
    case 'executed':
    case 'filled':
      return 'filled';
    case 'canceled':
    case 'cancelled':
      return 'cancelled';
    case 'partial':
      return 'partially_filled';
    default:
      // Unknown or missing status: judge by the counts.
      if (size.gt(0) && filled.gte(size)) return 'filled';
      return partly ? 'partially_filled' : 'open';
  }
}

/** V2 create responses carry counts, not a status (§7), judged against the order's size. */
export function statusFromCounts(size: Decimal, filled: Decimal, remaining: Decimal): OrderStatus {
  if (size.gt(0) && filled.gte(size)) return 'filled';
  if (remaining.gt(0)) return filled.gt(0) ? 'partially_filled' : 'open';
  // Nothing left working and not fully filled: an IOC/FOK remainder (or all of it) was cancelled.
  return 'cancelled';
}

export interface Direction {
  outcome: 'Yes' | 'No';
  side: OrderSide;
  /** Kalshi's book side: bid ≡ long YES, ask ≡ long NO. */
  book: 'bid' | 'ask';
}

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : undefined);

/**
 * The direction of an order, fill or trade (Kalshi's order direction page, 2026-05-06): the
 * canonical `outcome_side` (yes|no) or `book_side` (bid|ask; `bid ≡ yes`, `ask ≡ no`) first —
 * under their taker names on a public trade, and `side: bid|ask` as V2 writes it — the deprecated
 * `side` (yes|no) and `action` (buy|sell) only as a fallback. Where both are present and agree,
 * the legacy pair names the outcome the order was placed on (a NO buy stays a NO buy); where they
 * disagree, or only the canonical fields are sent, the canonical direction is read in the YES-book
 * form: long YES is a Yes buy, long NO a Yes sell (at the YES price). Null when nothing says.
 */
export function directionOf(o: Raw, names: { outcome: string; book: string } = { outcome: 'outcome_side', book: 'book_side' }): Direction | null {
  const outcome = lower(o[names.outcome]);
  const bookText = lower(o[names.book]) ?? (lower(o.side) === 'bid' || lower(o.side) === 'ask' ? lower(o.side) : undefined);
  const canonical = outcome === 'yes' || bookText === 'bid' ? true : outcome === 'no' || bookText === 'ask' ? false : null;
  const side = lower(o.side);
  const action = lower(o.action);
  const legacyOutcome = side === 'yes' ? 'Yes' : side === 'no' ? 'No' : null;
  const legacySide: OrderSide | null = action === 'buy' ? 'buy' : action === 'sell' ? 'sell' : null;
  if (canonical === null) {
    if (!legacyOutcome && !legacySide) return null;
    const out = legacyOutcome ?? 'Yes';
    const sd = legacySide ?? 'buy';
    return { outcome: out, side: sd, book: (out === 'Yes') === (sd === 'buy') ? 'bid' : 'ask' };
  }
  if (legacyOutcome && legacySide && ((legacyOutcome === 'Yes') === (legacySide === 'buy')) === canonical) {
    return { outcome: legacyOutcome, side: legacySide, book: canonical ? 'bid' : 'ask' };
  }
  return canonical ? { outcome: 'Yes', side: 'buy', book: 'bid' } : { outcome: 'Yes', side: 'sell', book: 'ask' };
}

/** The shard a record lives on (`exchange_index`), or null when it does not say. */
export function exchangeIndexOf(o: Raw): number | null {
  const n = o.exchange_index;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/** YES price of a V1 order: `_dollars` fields first, legacy cents after, NO mirrored to YES. */
function yesPrice(o: Raw): Decimal | null {
  const yes = Decimal.read(o.yes_price_dollars) ?? Decimal.read(o.yes_price)?.div(100, 6) ?? null;
  if (yes) return yes;
  const no = Decimal.read(o.no_price_dollars) ?? Decimal.read(o.no_price)?.div(100, 6) ?? null;
  return no ? Decimal.ONE.minus(no) : null;
}

/** NO price of a V1 order: `no_price_dollars` first, legacy cents, then YES mirrored to NO. */
function noPrice(o: Raw): Decimal | null {
  const no = Decimal.read(o.no_price_dollars) ?? Decimal.read(o.no_price)?.div(100, 6) ?? null;
  if (no) return no;
  const yes = Decimal.read(o.yes_price_dollars) ?? Decimal.read(o.yes_price)?.div(100, 6) ?? null;
  return yes ? Decimal.ONE.minus(yes) : null;
}

/**
 * The mark pmt puts at the front of a client_order_id it generates for a NO order (orders.ts):
 * Kalshi shows an order sent through V2 only in its YES-book form, and this is how the order
 * reads back as placed on any machine.
 */
export const PLACED_NO_PREFIX = 'pmtno-';

/** An order's terms as they go on the V2 wire: ticker, book side, YES price, total count. */
export function wireTerms(raw: Record<string, unknown>): { ticker: string; side: 'bid' | 'ask'; price: Decimal | null; count: Decimal } {
  // The book side from the canonical fields first (book_side / outcome_side), side/action after.
  const side = directionOf(raw)?.book ?? 'bid';
  const filled = Decimal.read(raw.fill_count_fp) ?? Decimal.ZERO;
  const count = Decimal.read(raw.initial_count_fp) ?? Decimal.read(raw.initial_count) ?? Decimal.read(raw.count) ?? filled.plus(Decimal.read(raw.remaining_count_fp) ?? Decimal.ZERO);
  return { ticker: str(raw.ticker) ?? '', side, price: yesPrice(raw), count };
}

/**
 * V1 `Order` (GET /portfolio/orders, GET /portfolio/orders/{id}). Sample, trimmed:
 * `{"order_id":"9f…","client_order_id":"c1…","ticker":"KXBTCD-25APR1517","side":"yes",
 *   "action":"buy","status":"resting","yes_price_dollars":"0.5600","no_price_dollars":"0.4400",
 *   "fill_count_fp":"2.00","remaining_count_fp":"8.00","initial_count_fp":"10.00",
 *   "taker_fees_dollars":"0.0300","maker_fees_dollars":"0.0000",
 *   "created_time":"2025-11-12T10:00:00Z","last_update_time":"2025-11-12T10:00:01Z"}`
 */
export function parseKalshiOrder(raw: unknown, nowIso: string): Order {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Raw;
  const filled = Decimal.read(o.fill_count_fp) ?? Decimal.read(o.fill_count) ?? Decimal.read(o.filled_count) ?? Decimal.ZERO;
  const remaining = Decimal.read(o.remaining_count_fp) ?? Decimal.read(o.remaining_count) ?? null;
  const size = Decimal.read(o.initial_count_fp) ?? Decimal.read(o.initial_count) ?? Decimal.read(o.count) ?? (remaining ? remaining.plus(filled) : filled);
  const fees = Decimal.read(o.taker_fees_dollars) ?? null;
  const makerFees = Decimal.read(o.maker_fees_dollars) ?? null;
  const totalFees = fees && makerFees ? fees.plus(makerFees) : (fees ?? makerFees);
  const dir = directionOf(o) ?? { outcome: 'Yes', side: 'buy', book: 'bid' };
  const recordedNo = dir.outcome === 'No';
  // Placed by pmt as NO (its client id says so) but recorded in the YES-book form: read back as placed.
  const placedNo = !recordedNo && (str(o.client_order_id)?.startsWith(PLACED_NO_PREFIX) ?? false);
  const isNo = recordedNo || placedNo;
  return {
    id: str(o.order_id) ?? '',
    market_ticker: str(o.ticker) ?? '',
    outcome: isNo ? 'No' : 'Yes',
    side: placedNo ? (dir.side === 'sell' ? 'buy' : 'sell') : dir.side,
    price: (isNo ? noPrice(o) : yesPrice(o))?.toNumber() ?? 0,
    size: size.toNumber(),
    filled: filled.toNumber(),
    status: unifiedStatus(str(o.status), size, filled),
    created_at: isoTime(o.created_time) ?? nowIso,
    fee: perContractFee(totalFees, filled),
    updated_at: isoTime(o.last_update_time) ?? isoTime(o.updated_time),
  };
}

export interface CreateContext {
  ticker: string;
  outcome: 'yes' | 'no';
  side: OrderSide;
  /** The traded outcome's limit price (the wire carries its YES equivalent). */
  price: Decimal;
  /** The contracts sent. */
  count: Decimal;
  nowIso: string;
}

/**
 * `CreateOrderV2Response` → Order; null when it names no order (the caller then looks the order
 * up by client_order_id). Sample: `{"order_id":"9f…","client_order_id":"c1…","fill_count":"3.00",
 * "remaining_count":"7.00","average_fill_price":"0.5500","average_fee_paid":"0.0200"}`.
 * Outcome, side and price are the trader's (V2 only knows bid/ask and the YES-book price).
 */
export function parseCreateV2(raw: unknown, ctx: CreateContext): Order | null {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Raw;
  const id = str(r.order_id);
  if (!id) return null;
  const filled = Decimal.read(r.fill_count) ?? Decimal.read(r.fill_count_fp) ?? Decimal.ZERO;
  const remaining = Decimal.read(r.remaining_count) ?? Decimal.read(r.remaining_count_fp) ?? ctx.count.minus(filled);
  const avgFee = Decimal.read(r.average_fee_paid);
  return {
    id,
    market_ticker: ctx.ticker,
    outcome: ctx.outcome === 'yes' ? 'Yes' : 'No',
    side: ctx.side,
    price: ctx.price.toNumber(),
    size: ctx.count.toNumber(),
    filled: filled.toNumber(),
    status: statusFromCounts(ctx.count, filled, remaining),
    created_at: ctx.nowIso,
    fee: filled.gt(0) && avgFee ? avgFee.round(FEE_PLACES).toNumber() : null,
    updated_at: null,
  };
}
