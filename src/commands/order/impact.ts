/**
 * Book arithmetic for the order preview, exact with Decimal:
 * - `marketImpact`: the analytics' market-order impact at a size (average price, fill %,
 *   slippage versus mid), guarded behind this one function so the preview does not depend on how
 *   the analytics module is shaped;
 * - `limitFill`: what a limit order would take from the book right now, stopping at its limit.
 */
import { Decimal } from '../../decimal.js';
import type { Level, Orderbook, OrderbookImpact } from '../../exchanges/types.js';

/**
 * Impact of a market order of `size` on both sides of `book` (OrderbookImpact semantics:
 * walk asks for a buy, bids for a sell; slippage is |avg − mid| / mid in bps).
 */
export function marketImpact(book: Orderbook, size: number, nowIso: string): OrderbookImpact {
  // Until the analytics module lands in main, the walk is computed here (same definition).
  const bestBid = book.bids[0]?.price;
  const bestAsk = book.asks[0]?.price;
  const mid = bestBid != null && bestAsk != null ? Decimal.from(bestBid).plus(bestAsk).div(2, 6, 'down') : null;
  const walk = (levels: Level[]) => {
    const w = walkLevels(levels, Decimal.from(size), () => true);
    const avg = w.filled.isZero() ? null : w.notional.div(w.filled, 6);
    const pct = w.filled.times(100).div(size, 4).toNumber();
    // |notional/filled − mid| / mid in bps, from exact sums (no rounded average in between).
    const gap = mid ? w.notional.minus(mid.times(w.filled)) : null;
    const bps = avg && mid && gap && mid.gt(0) ? gap.times(gap.isNegative() ? -10_000 : 10_000).div(mid.times(w.filled), 2).toNumber() : null;
    return { avg: avg?.toNumber() ?? null, pct: Math.min(pct, 100), bps };
  };
  const buy = walk(book.asks);
  const sell = walk(book.bids);
  return {
    asset_id: book.asset_id,
    size,
    buy_fill_pct: buy.pct,
    sell_fill_pct: sell.pct,
    service_ts: nowIso,
    buy_avg_price: buy.avg,
    sell_avg_price: sell.avg,
    buy_slippage_bps: buy.bps,
    sell_slippage_bps: sell.bps,
    mid: mid?.toNumber() ?? null,
    exchange_ts: book.timestamp ?? null,
  };
}

export interface LimitFill {
  /** Contracts that would fill at once at or better than the limit. */
  filled: Decimal;
  /** Sum of price × contracts over those fills (book scale). */
  notional: Decimal;
  /** Average fill price on the book's scale; null when nothing fills. */
  avg: Decimal | null;
}

/**
 * What a limit order takes from the book now: a buy walks asks up to `limit`, a sell walks bids
 * down to `limit` (both on the book's own scale), at most `size` contracts.
 */
export function limitFill(book: Orderbook, bookSide: 'buy' | 'sell', limit: Decimal, size: Decimal): LimitFill {
  const levels = bookSide === 'buy' ? book.asks : book.bids;
  const ok = bookSide === 'buy' ? (p: Decimal) => p.lte(limit) : (p: Decimal) => p.gte(limit);
  const w = walkLevels(levels, size, ok);
  return { ...w, avg: w.filled.isZero() ? null : w.notional.div(w.filled, 6) };
}

function walkLevels(levels: Level[], size: Decimal, ok: (p: Decimal) => boolean): { filled: Decimal; notional: Decimal } {
  let filled = Decimal.ZERO;
  let notional = Decimal.ZERO;
  for (const l of levels) {
    if (filled.gte(size)) break;
    const price = Decimal.from(l.price);
    if (!ok(price)) break;
    const room = size.minus(filled);
    const take = Decimal.from(l.size).lt(room) ? Decimal.from(l.size) : room;
    if (take.lte(0)) continue;
    filled = filled.plus(take);
    notional = notional.plus(take.times(price));
  }
  return { filled, notional };
}
