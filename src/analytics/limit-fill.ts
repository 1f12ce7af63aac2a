/**
 * What a limit order would take from a book right now, stopping at its limit, exact with Decimal:
 * the order preview's fill-now estimate and the split of its fee into taker and maker parts.
 */
import { Decimal } from '../decimal.js';
import type { Level, Orderbook } from '../exchanges/types.js';

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
