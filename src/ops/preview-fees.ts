/**
 * The order preview's fee estimate: the part of an order that would fill now at its limit takes
 * liquidity (taker); the part that rests makes it (maker) and pays only if it fills later.
 * Immediate-or-cancel and fill-or-kill orders never rest, so they have no maker part. The amounts
 * come from the exchange that publishes the schedule (`Exchange.estimateFees`,
 * exchanges/<id>/fee-estimate.ts); a schedule that could not be read makes the fee unknown, never
 * blocks the order.
 */
import type { LimitFill } from '../analytics/limit-fill.js';
import { Decimal } from '../decimal.js';
import type { FeeSchedule } from '../exchanges/exchange.js';
import type { FeeAmounts, FeeLegs } from '../exchanges/fees.js';
import type { OrderType } from '../exchanges/types.js';
import type { FeeEstimate } from './preview-model.js';

export type { FeeFill, FeeLegs } from '../exchanges/fees.js';

/** What the fee schedule read gave: the schedule and its exchange's formula, or why it is missing. */
export type FeeLookup = { schedule: FeeSchedule; amounts: (legs: FeeLegs) => FeeAmounts } | { error: string };

/** Split an order into taker fills and a resting remainder, from what would fill now at its limit. */
export function feeLegs(orderType: OrderType, price: Decimal, size: Decimal, fill: LimitFill | null): FeeLegs {
  if (!fill) return { taker: [{ price, size }], maker: null, assumed: true };
  if (orderType === 'fok' && fill.filled.lt(size)) return { taker: [], maker: null, assumed: false };
  const resting = size.minus(fill.filled);
  return { taker: fill.fills, maker: orderType === 'gtc' && resting.gt(0) ? { price, size: resting } : null, assumed: false };
}

const sum = (xs: Decimal[]) => xs.reduce((a, b) => a.plus(b), Decimal.ZERO);

export function estimateFees(lookup: FeeLookup, legs: FeeLegs): FeeEstimate {
  const takerSize = sum(legs.taker.map((f) => f.size));
  const makerSize = legs.maker?.size ?? Decimal.ZERO;
  const base = { taker_size: takerSize, maker_size: makerSize };
  const est: FeeAmounts =
    'error' in lookup
      ? { taker: null, maker: null, basis: 'no fee schedule', reason: `fee schedule unavailable: ${lookup.error}`, schedule: null }
      : lookup.amounts(legs);
  const total = est.taker && est.maker ? est.taker.plus(est.maker) : null;
  const basis = legs.assumed ? `${est.basis}; no live book, so all ${takerSize.toFixed()} contracts are counted as taking at the limit` : est.basis;
  return { ...est, ...base, total, basis };
}

/**
 * The fees an order has paid in total, in dollars: the interface's `Order.fee` is the
 * volume-weighted fee per filled contract, so the total is that × the filled contracts (to
 * 0.0001, the precision the per-contract average was derived from). Null when unknown or unfilled.
 */
export function feesPaid(order: { fee: number | null; filled: number }): Decimal | null {
  if (order.fee == null || !(order.filled > 0)) return null;
  return Decimal.from(order.fee).times(Decimal.from(order.filled)).round(4, 'half-up');
}
