/**
 * The order preview's fee inputs and outputs, shared by the exchanges that publish fee schedules
 * (each computes its own in `exchanges/<id>/fee-estimate.ts`) and the preview in ops.
 */
import { Decimal } from '../decimal.js';

/** Contracts at one price (the book's or the outcome's scale: P × (1 − P) is the same). */
export interface FeeFill {
  price: Decimal;
  size: Decimal;
}

/** The taker fills and the resting (maker) remainder of an order. */
export interface FeeLegs {
  taker: FeeFill[];
  maker: FeeFill | null;
  /** No live book: every contract was counted as taking at the limit. */
  assumed: boolean;
}

/** What an exchange's schedule says an order's legs cost, in dollars; null amounts say why in `reason`. */
export interface FeeAmounts {
  taker: Decimal | null;
  maker: Decimal | null;
  /** The formula and inputs the amounts come from, in words. */
  basis: string;
  reason: string | null;
  /** The exchange's fee inputs as read. */
  schedule: Record<string, string | number | boolean | null> | null;
}

const spread = (f: FeeFill) => f.size.times(f.price).times(Decimal.ONE.minus(f.price));

/** Σ C × P × (1 − P) over fills, exact (zero for none). */
export function sumSpread(fills: FeeFill[]): Decimal {
  return fills.map(spread).reduce((a, b) => a.plus(b), Decimal.ZERO);
}
