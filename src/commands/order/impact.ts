/**
 * Book arithmetic for the order preview, exact with Decimal:
 * - `marketImpact`: the analytics' market-order impact at a size (average price, fill %,
 *   slippage versus mid);
 * - `limitFill`: what a limit order would take from the book right now, stopping at its limit.
 */
import { Decimal } from '../../decimal.js';
import { bookImpact } from '../../analytics/book.js';
import type { Level, Orderbook, OrderbookImpact } from '../../exchanges/types.js';

/**
 * Impact of a market order of `size` on both sides of `book`: the analytics' `bookImpact`
 * (walk asks for a buy, bids for a sell; slippage |avg − mid| / mid in bps). Kept behind this
 * one function so the preview does not depend on how the analytics module is shaped.
 */
export function marketImpact(book: Orderbook, size: number, nowIso: string): OrderbookImpact {
  return bookImpact(book, size, nowIso);
}

export interface LimitFill {
  /** Contracts that would fill at once at or better than the limit. */
  filled: Decimal;
  /** Sum of price × contracts over those fills (book scale). */
  notional: Decimal;
  /** Average fill price on the book's scale; null when nothing fills. */
  avg: Decimal | null;
  /** Each level taken: price (book scale) and contracts, best first (fees are per fill). */
  fills: Array<{ price: Decimal; size: Decimal }>;
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

function walkLevels(levels: Level[], size: Decimal, ok: (p: Decimal) => boolean): Omit<LimitFill, 'avg'> {
  let filled = Decimal.ZERO;
  let notional = Decimal.ZERO;
  const fills: LimitFill['fills'] = [];
  for (const l of levels) {
    if (filled.gte(size)) break;
    const price = Decimal.from(l.price);
    if (!ok(price)) break;
    const room = size.minus(filled);
    const take = Decimal.from(l.size).lt(room) ? Decimal.from(l.size) : room;
    if (take.lte(0)) continue;
    filled = filled.plus(take);
    notional = notional.plus(take.times(price));
    fills.push({ price, size: take });
  }
  return { filled, notional, fills };
}
