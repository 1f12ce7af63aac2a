/**
 * The order preview's fee estimate, exact with Decimal, from the schedule the exchange publishes.
 * The part of an order that would fill now at its limit takes liquidity (taker); the part that
 * rests on the book makes it (maker) and pays only if it fills later. Immediate-or-cancel and
 * fill-or-kill orders never rest, so they have no maker part.
 *
 * Kalshi. Source: Kalshi's fee schedule (https://kalshi.com/docs/kalshi-fee-schedule.pdf, linked
 * from the Series `fee_type` description in the Trade API OpenAPI, shared/upstream/kalshi.openapi.yaml):
 *   taker fee = round up to the next cent of 0.07 × C × P × (1 − P)
 *   maker fee = round up to the next cent of 0.0175 × C × P × (1 − P)   (only `quadratic_with_maker_fees`)
 * C contracts, P the price in dollars (P × (1 − P) is the same on the YES and the NO scale).
 * `fee_type`: `quadratic` is the General Trading Fees table (takers only), `quadratic_with_maker_fees`
 * adds the Maker Fees section, `flat` is the Specific Trading Fees table, which pmt does not
 * compute (the amount is reported unknown rather than guessed). `fee_multiplier` is "a floating
 * point multiplier applied to the fee calculations" (OpenAPI Series), so it scales both rates:
 * 1 is the schedule as published, 0.5 halves it, 0 means no fee. Kalshi computes each fill's fee
 * to $0.0001 and rounds balances to the cent with a per-order accumulator that "converges to what
 * a single equivalent fill would cost" (docs.kalshi.com/getting_started/fee_rounding), so the
 * fills of one part are summed before the single round-up.
 *
 * Polymarket. Source: https://docs.polymarket.com/trading/fees: takers pay
 *   fee = C × feeRate × p × (1 − p), in USDC rounded to 5 decimals; makers pay no fee,
 * with feeRate the market's fee-curve rate (CLOB `GET /clob-markets/{condition_id}` → `fd.r`,
 * exponent `fd.e` = 1). `GET /fee-rate` gives the token's base fee in bps: 0 means the market
 * charges no fee, but a non-zero base fee is not the curve's rate, so without `fd.r` the amount
 * is reported unknown (with the base fee shown) rather than derived from it.
 */
import { Decimal } from '../../decimal.js';
import type { FeeSchedule, KalshiFeeSchedule, PolymarketFeeSchedule } from '../../exchanges/exchange.js';
import type { OrderType } from '../../exchanges/types.js';
import type { FeeEstimate } from '../../render/views/orders.js';
import type { LimitFill } from './impact.js';

export const KALSHI_TAKER_RATE = Decimal.from('0.07');
export const KALSHI_MAKER_RATE = Decimal.from('0.0175');

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

/** What the fee schedule read gave: the schedule, or why it is missing. */
export type FeeLookup = { schedule: FeeSchedule } | { error: string };

/** Split an order into taker fills and a resting remainder, from what would fill now at its limit. */
export function feeLegs(orderType: OrderType, price: Decimal, size: Decimal, fill: LimitFill | null): FeeLegs {
  if (!fill) return { taker: [{ price, size }], maker: null, assumed: true };
  if (orderType === 'fok' && fill.filled.lt(size)) return { taker: [], maker: null, assumed: false };
  const resting = size.minus(fill.filled);
  return { taker: fill.fills, maker: orderType === 'gtc' && resting.gt(0) ? { price, size: resting } : null, assumed: false };
}

const spread = (f: FeeFill) => f.size.times(f.price).times(Decimal.ONE.minus(f.price));
const sum = (xs: Decimal[]) => xs.reduce((a, b) => a.plus(b), Decimal.ZERO);

/** Kalshi: round up to the next cent of rate × multiplier × Σ C × P × (1 − P). */
export function kalshiFee(rate: Decimal, multiplier: Decimal, fills: FeeFill[]): Decimal {
  return rate.times(multiplier).times(sum(fills.map(spread))).round(2, 'up');
}

/** Polymarket taker: Σ C × rate × p × (1 − p), rounded to 5 decimals (0.00001 USDC). */
export function polymarketTakerFee(rate: Decimal, fills: FeeFill[]): Decimal {
  return rate.times(sum(fills.map(spread))).round(5, 'half-up');
}

export function estimateFees(lookup: FeeLookup, legs: FeeLegs): FeeEstimate {
  const takerSize = sum(legs.taker.map((f) => f.size));
  const makerSize = legs.maker?.size ?? Decimal.ZERO;
  const base = { taker_size: takerSize, maker_size: makerSize };
  let est: Omit<FeeEstimate, 'taker_size' | 'maker_size' | 'total'>;
  if ('error' in lookup) {
    est = { taker: null, maker: null, basis: 'no fee schedule', reason: `fee schedule unavailable: ${lookup.error}`, schedule: null };
  } else if ('series' in lookup.schedule) {
    est = kalshi(lookup.schedule, legs);
  } else {
    est = polymarket(lookup.schedule, legs);
  }
  const total = est.taker && est.maker ? est.taker.plus(est.maker) : null;
  const basis = legs.assumed ? `${est.basis}; no live book, so all ${takerSize.toFixed()} contracts are counted as taking at the limit` : est.basis;
  return { ...est, ...base, total, basis };
}

function kalshi(s: KalshiFeeSchedule, legs: FeeLegs): Omit<FeeEstimate, 'taker_size' | 'maker_size' | 'total'> {
  const schedule = { series: s.series, fee_type: s.fee_type, fee_multiplier: s.fee_multiplier };
  const unknown = (basis: string, reason: string) => ({ taker: null, maker: null, basis, reason, schedule });
  if (s.fee_type === 'flat') {
    return unknown(
      `Kalshi series ${s.series}: flat fee schedule`,
      `series ${s.series}: "flat" fees (Kalshi's Specific Trading Fees table) are not computed by pmt`,
    );
  }
  if (s.fee_type !== 'quadratic' && s.fee_type !== 'quadratic_with_maker_fees') {
    return unknown(`Kalshi series ${s.series}: fee type ${s.fee_type}`, `series ${s.series} has fee type "${s.fee_type}", which pmt does not know`);
  }
  if (s.fee_multiplier === null) {
    return unknown(`Kalshi series ${s.series}: ${s.fee_type}`, `series ${s.series} sent no fee_multiplier`);
  }
  const m = Decimal.from(s.fee_multiplier);
  const withMaker = s.fee_type === 'quadratic_with_maker_fees';
  const taker = kalshiFee(KALSHI_TAKER_RATE, m, legs.taker);
  const maker = legs.maker && withMaker ? kalshiFee(KALSHI_MAKER_RATE, m, [legs.maker]) : Decimal.ZERO;
  const makerWords = withMaker ? `maker round-up(0.0175 × ${m.toFixed()} × C × P × (1 − P)) if the resting part fills` : 'no maker fee on this series';
  return {
    taker,
    maker,
    basis: `Kalshi ${s.fee_type} ×${m.toFixed()} (series ${s.series}): taker round-up to the cent of 0.07 × ${m.toFixed()} × C × P × (1 − P); ${makerWords}`,
    reason: null,
    schedule,
  };
}

function polymarket(s: PolymarketFeeSchedule, legs: FeeLegs): Omit<FeeEstimate, 'taker_size' | 'maker_size' | 'total'> {
  const schedule = { base_fee_bps: s.base_fee_bps, fee_rate: s.rate, exponent: s.exponent, taker_only: s.taker_only };
  const unknown = (basis: string, reason: string) => ({ taker: null, maker: null, basis, reason, schedule });
  if (s.rate !== null) {
    const r = Decimal.from(s.rate);
    if (s.exponent !== null && s.exponent !== 1 && !r.isZero()) {
      return unknown(`Polymarket fee curve rate ${r.toFixed()}, exponent ${s.exponent}`, `the market's fee curve has exponent ${s.exponent}; Polymarket documents the taker fee for exponent 1 only`);
    }
    const taker = polymarketTakerFee(r, legs.taker);
    if (s.taker_only === false && legs.maker && !r.isZero()) {
      return { taker, maker: null, basis: `Polymarket fee curve rate ${r.toFixed()}: taker C × ${r.toFixed()} × p × (1 − p)`, reason: 'the fee curve is not takers-only, and Polymarket documents no maker fee formula', schedule };
    }
    const basis = r.isZero() ? 'Polymarket fee curve rate 0: this market charges no trading fee' : `Polymarket fee curve rate ${r.toFixed()}: taker C × ${r.toFixed()} × p × (1 − p), rounded to 0.00001 USDC; makers pay no fee`;
    return { taker, maker: Decimal.ZERO, basis, reason: null, schedule };
  }
  if (s.base_fee_bps === 0) {
    return { taker: Decimal.ZERO, maker: Decimal.ZERO, basis: 'Polymarket reports a 0 bps base fee for this token: no trading fee', reason: null, schedule };
  }
  if (s.base_fee_bps === null) return unknown('Polymarket fee rate unavailable', 'Polymarket reported no fee rate for this token');
  return unknown(
    `Polymarket base fee ${s.base_fee_bps} bps`,
    `Polymarket reports a ${s.base_fee_bps} bps base fee for this token but not the fee-curve rate its taker formula (C × rate × p × (1 − p)) uses, so the amount is unknown`,
  );
}
