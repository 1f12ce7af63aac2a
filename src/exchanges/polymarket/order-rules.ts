/**
 * Pre-trade checks for a Polymarket order, pure and run before anything is signed or sent. Each
 * violation is a usage error (exit 2) naming the rule and the nearest valid value(s):
 *  - the market must be trading (not closed or resolved);
 *  - the outcome, when given, must be the token's own outcome (else: which token to use instead);
 *  - price in (0, 1), on the token's tick grid, and tick ≤ price ≤ 1 − tick;
 *  - size in shares on the 0.01 grid and ≥ the market's minimum order size;
 *  - the collateral amount (size × price) within the exchange's precision: for limit orders the
 *    official client's rounding table per tick (3 decimals at tick 0.1, 4 at 0.01, 5 at 0.001 and
 *    0.005, 6 at 0.0001 and 0.0025), 2 for immediate (FOK/FAK) buys — the CLOB rejects anything
 *    finer with "invalid amounts, the … maker amount supports a max accuracy of … decimals".
 */
import { Decimal } from '../../decimal.js';
import { usageError } from '../../errors.js';
import type { OrderSide, OrderType, OutcomeSpec } from '../types.js';
import { nearestSizesForPrecision, roundConfig, SIZE_PLACES } from './amounts.js';

export interface TokenRules {
  tokenId: string;
  /** The token's outcome label as published ("Yes", "No", "Trump"). */
  outcome: string;
  /** The other tokens of the same market, to name the right one when the outcome is wrong. */
  siblings: Array<{ tokenId: string; outcome: string }>;
  tick: Decimal;
  /** Minimum order size in shares. */
  minSize: Decimal;
  /** Market name for messages (slug or condition id). */
  market?: string;
  /** The market's unified status; orders go only to `active` markets. */
  status?: 'active' | 'closed' | 'resolved';
}

export interface OrderInput {
  side: OrderSide;
  price: number | string | Decimal;
  size: number | string | Decimal;
  order_type: OrderType;
  outcome?: OutcomeSpec | null;
}

/**
 * Collateral decimals an order may carry: 2 for FOK/FAK buys ("market" buys), else the amount
 * places of the tick's rounding config (a price on the grid times a size on the 0.01 grid always
 * fits them; an unknown tick falls back to its own places + 2).
 */
export function collateralPlaces(side: OrderSide, type: OrderType, tick: Decimal): number {
  if (side === 'buy' && type !== 'gtc') return 2;
  return roundConfig(tick)?.amount ?? tick.places() + SIZE_PLACES;
}

/** Validate and normalize; returns the exact price and size to sign. */
export function checkOrder(input: OrderInput, rules: TokenRules): { price: Decimal; size: Decimal } {
  if (rules.status && rules.status !== 'active') {
    throw usageError(`market ${rules.market ?? rules.tokenId} is ${rules.status} and does not take orders`);
  }
  checkOutcome(input.outcome, rules);
  const price = decimalOf('price', input.price);
  const size = decimalOf('size', input.size);
  const { tick } = rules;

  if (price.lte(0) || price.gte(1)) throw usageError(`price must be between 0 and 1, exclusive (got ${price.toFixed()})`);
  const max = Decimal.ONE.minus(tick);
  if (price.lt(tick) || price.gt(max)) {
    const nearest = price.lt(tick) ? tick : max;
    throw usageError(
      `price ${price.toFixed()} is outside this market's range for tick ${tick.toFixed()}: it must be between ${tick.toFixed()} and ${max.toFixed()} (nearest valid: ${nearest.toFixed()})`,
    );
  }
  if (!price.isMultipleOf(tick)) {
    const lo = price.snap(tick, 'down');
    const hi = price.snap(tick, 'up');
    const options = [lo, hi].filter((p) => p.gte(tick) && p.lte(max)).map((p) => p.toFixed());
    throw usageError(
      `price ${price.toFixed()} is not on this market's tick grid of ${tick.toFixed()} (nearest valid: ${options.join(' or ')})`,
      'the tick size is read fresh from Polymarket for every order; it can change as a market nears 0 or 1',
    );
  }

  if (size.lte(0)) throw usageError(`size must be greater than 0 (got ${size.toFixed()})`);
  if (size.places() > SIZE_PLACES) {
    const lo = size.round(SIZE_PLACES, 'down');
    const hi = size.round(SIZE_PLACES, 'up');
    const options = [lo, hi].filter((s) => s.gt(0)).map((s) => s.toFixed());
    throw usageError(`size ${size.toFixed()} has more than ${SIZE_PLACES} decimal places; Polymarket trades shares in steps of 0.01 (nearest valid: ${options.join(' or ')})`);
  }
  if (size.lt(rules.minSize)) {
    throw usageError(`size ${size.toFixed()} is below this market's minimum order size of ${rules.minSize.toFixed()} shares (nearest valid: ${rules.minSize.toFixed()})`);
  }

  const places = collateralPlaces(input.side, input.order_type, tick);
  const collateral = size.times(price);
  if (collateral.places() > places) {
    const { below, above } = nearestSizesForPrecision(price, size, places);
    const options = [below, above].filter((s) => s.gt(0) && s.gte(rules.minSize)).map((s) => s.toFixed());
    const kind = places === 2 ? `an immediate (${input.order_type}) buy` : 'a limit order';
    throw usageError(
      `size ${size.toFixed()} at price ${price.toFixed()} comes to ${collateral.toFixed()} USD, but Polymarket accepts at most ${places} decimal places for the USD amount of ${kind} (nearest valid sizes: ${options.join(' or ')})`,
    );
  }
  return { price, size };
}

function decimalOf(field: string, v: number | string | Decimal): Decimal {
  try {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new RangeError('not finite');
    return Decimal.from(v);
  } catch {
    throw usageError(`${field} must be a plain decimal number (got "${String(v).slice(0, 40)}")`);
  }
}

const norm = (s: string) => s.trim().toLowerCase();

/** The outcome a request names, as text ("yes", "no", or the label), or null when omitted. */
export function outcomeText(o: OutcomeSpec | null | undefined): string | null {
  if (o === undefined || o === null) return null;
  if (typeof o === 'string') return o;
  return typeof o.label === 'string' && o.label.trim() !== '' ? o.label : null;
}

/** The outcome must be the token's own: `yes`/`no`/label, case-insensitive. */
export function checkOutcome(o: OutcomeSpec | null | undefined, rules: TokenRules): void {
  const wanted = outcomeText(o);
  if (wanted === null || norm(wanted) === norm(rules.outcome)) return;
  const where = rules.market ? ` of market ${rules.market}` : '';
  const sibling = rules.siblings.find((s) => norm(s.outcome) === norm(wanted));
  const short = rules.tokenId.length > 16 ? `${rules.tokenId.slice(0, 8)}…${rules.tokenId.slice(-6)}` : rules.tokenId;
  const instead = sibling
    ? `to trade "${sibling.outcome}", use its token as the asset: ${sibling.tokenId}`
    : `this token only trades "${rules.outcome}"${rules.siblings.length ? `; the market's other outcomes: ${rules.siblings.map((s) => `"${s.outcome}" (token ${s.tokenId})`).join(', ')}` : ''}`;
  throw usageError(
    `outcome "${wanted}" does not match the asset: token ${short} is the "${rules.outcome}" outcome${where}; ${instead}`,
    'on Polymarket each outcome has its own token, and the price is that token\'s own price',
  );
}
