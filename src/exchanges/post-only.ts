/**
 * The post-only rule, checked before anything is sent: a post-only order must rest on the book,
 * so a buy at or above the best ask (or a sell at or below the best bid) of the book it would
 * trade against is refused locally, naming that best price and the best price that would rest
 * (one tick inside it). Exchanges refuse such orders too (Kalshi cancels, Polymarket rejects), but
 * only after the request left; checking here saves the round trip and says what to do instead.
 *
 * Pure and in the book's own frame: the adapter passes the side, price and tick as they go on the
 * wire and turns the answer back into the user's outcome frame where they differ.
 */
import { Decimal } from '../decimal.js';
import { usageError } from '../errors.js';
import type { Orderbook } from './types.js';

export interface PostOnlyCross {
  /** The best opposite price the order would trade against. */
  against: Decimal;
  /** The best price on the same side that would rest instead, or null when none is inside (0, 1). */
  rest: Decimal | null;
}

/** The next price inside a uniform tick grid from the opposite best price, or null outside (0, 1). */
export function oneTickInside(tick: Decimal): (against: Decimal, side: 'buy' | 'sell') => Decimal | null {
  return (against, side) => {
    const p = side === 'buy' ? against.minus(tick) : against.plus(tick);
    return p.gt(0) && p.lt(1) ? p : null;
  };
}

/**
 * Does a post-only order at `price` cross `book`? null: it rests. `inside` gives the best valid
 * price on the order's side that would not cross (the exchange's grid decides what "one tick" is).
 */
export function postOnlyCross(
  side: 'buy' | 'sell',
  price: Decimal,
  book: Pick<Orderbook, 'bids' | 'asks'>,
  inside: (against: Decimal, side: 'buy' | 'sell') => Decimal | null,
): PostOnlyCross | null {
  const best = side === 'buy' ? book.asks[0] : book.bids[0];
  if (!best) return null;
  const against = Decimal.from(best.price);
  const crosses = side === 'buy' ? price.gte(against) : price.lte(against);
  return crosses ? { against, rest: inside(against, side) } : null;
}

/**
 * The usage error for a crossing post-only order. `what` names the order in the user's terms
 * ("buy Yes at 0.55"); `against`/`rest` are already in the user's frame. `feeNote`, when the
 * adapter knows the market's fee schedule, says what taking would cost instead.
 */
export function postOnlyError(what: string, side: 'buy' | 'sell', cross: PostOnlyCross, frame = '', feeNote?: string): Error {
  const opposite = `${frame}${side === 'buy' ? 'ask' : 'bid'}`;
  const rest = cross.rest
    ? `the best price that would rest is ${cross.rest.toFixed()}`
    : `no price inside (0, 1) would rest on this side`;
  return usageError(
    `post-only ${what} would cross the book: the best ${opposite} is ${cross.against.toFixed()}, so it would trade at once instead of resting; ${rest}`,
    `drop --post-only to take the liquidity${feeNote ? ` (${feeNote})` : ''}, or price it to rest`,
  );
}
