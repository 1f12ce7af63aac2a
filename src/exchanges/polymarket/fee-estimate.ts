/**
 * The fee estimate of an order's legs from Polymarket's fee rate and curve, exact with Decimal.
 *
 * Polymarket. Source: https://docs.polymarket.com/trading/fees: takers pay
 *   fee = C × feeRate × p × (1 − p), in USDC rounded to 5 decimals; makers pay no fee,
 * with feeRate the market's fee-curve rate (CLOB `GET /clob-markets/{condition_id}` → `fd.r`,
 * exponent `fd.e` = 1). `GET /fee-rate` gives the token's base fee in bps: 0 means the market
 * charges no fee, but a non-zero base fee is not the curve's rate, so without `fd.r` the amount
 * is reported unknown (with the base fee shown) rather than derived from it.
 */
import { Decimal } from '../../decimal.js';
import type { PolymarketFeeSchedule } from '../exchange.js';
import { sumSpread, type FeeAmounts, type FeeFill, type FeeLegs } from '../fees.js';

/** Polymarket taker: Σ C × rate × p × (1 − p), rounded to 5 decimals (0.00001 USDC). */
export function polymarketTakerFee(rate: Decimal, fills: FeeFill[]): Decimal {
  return rate.times(sumSpread(fills)).round(5, 'half-up');
}

export function estimatePolymarketFees(s: PolymarketFeeSchedule, legs: FeeLegs): FeeAmounts {
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
