/**
 * The fee estimate of an order's legs from a Kalshi series' schedule, exact with Decimal.
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
 */
import { Decimal } from '../../decimal.js';
import type { KalshiFeeSchedule } from '../exchange.js';
import { sumSpread, type FeeAmounts, type FeeFill, type FeeLegs } from '../fees.js';

export const KALSHI_TAKER_RATE = Decimal.from('0.07');
export const KALSHI_MAKER_RATE = Decimal.from('0.0175');

/** Kalshi: round up to the next cent of rate × multiplier × Σ C × P × (1 − P). */
export function kalshiFee(rate: Decimal, multiplier: Decimal, fills: FeeFill[]): Decimal {
  return rate.times(multiplier).times(sumSpread(fills)).round(2, 'up');
}

export function estimateKalshiFees(s: KalshiFeeSchedule, legs: FeeLegs): FeeAmounts {
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
