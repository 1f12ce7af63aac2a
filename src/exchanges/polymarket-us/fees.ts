/**
 * Polymarket US fees, from its published schedule (docs.polymarket.us/fees, "Fee Schedule",
 * effective exchange-wide from 12 AM ET, September 25, 2026):
 *   fee = Θ × C × p × (1 − p)      C contracts, p the trade price ($0.01 … $0.99)
 *   taker Θ = 0.0695 (a fee), maker Θ = −0.0125 (a rebate, applied at the point of trade)
 * rounded to the cent with banker's rounding (half to even). An aggressive order filling against
 * several resting orders is charged per fill, adjusted so that the total never exceeds the
 * banker's rounding of the cumulative exact fee: the estimate is that bound (one rounding of the
 * sum). Maker rebates are rounded per fill; the resting part's is estimated as one fill.
 * p × (1 − p) is the same on the long and the short scale, so an order on either side costs alike.
 *
 * The taker Θ differs by market (the schedule's Table Tennis 0.10 from September 30, 2026): the
 * gateway's market object carries it as `feeCoefficient` (gateway.market.v1.Market, "Fee
 * coefficient"), which pmt reads first; a market without one is priced with the schedule's
 * exchange-wide Θ, and the basis says so. Volume-tier taker rebates (paid weekly, by the prior
 * month's volume) are not in the estimate.
 */
import { Decimal } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import type { AssetInfo, FeeSchedule, PolymarketUsFeeSchedule } from '../exchange.js';
import { sumSpread, type FeeAmounts, type FeeLegs } from '../fees.js';
import type { PolymarketUsClient } from './client.js';
import { rawMarket } from './markets.js';

export const PMUS_TAKER_THETA = '0.0695';
export const PMUS_MAKER_THETA = '-0.0125';
const CENT = Decimal.from('0.01');
const HALF_CENT = Decimal.from('0.005');

/** To the cent, half to even (banker's rounding), sign kept. */
export function bankersCents(x: Decimal): Decimal {
  const down = x.round(2, 'down');
  const rest = x.minus(down);
  const mag = rest.isNegative() ? Decimal.ZERO.minus(rest) : rest;
  const away = x.isNegative() ? down.minus(CENT) : down.plus(CENT);
  if (mag.lt(HALF_CENT)) return down;
  if (mag.gt(HALF_CENT)) return away;
  return down.toUnits(2) % 2n === 0n ? down : away;
}

export async function fetchFeeSchedule(c: PolymarketUsClient, info: AssetInfo): Promise<PolymarketUsFeeSchedule> {
  const theta = Decimal.read((await rawMarket(c, info.asset_id)).feeCoefficient);
  const known = theta !== null && !theta.isNegative() && theta.lt(1);
  return { exchange: 'polymarket-us', taker_theta: known ? theta.toString() : PMUS_TAKER_THETA, maker_theta: PMUS_MAKER_THETA, source: known ? 'market' : 'schedule' };
}

/** The preview's fee amounts from a schedule this adapter read (pure; no request). A maker rebate is a negative amount. */
export function estimateFees(_c: unknown, s: FeeSchedule, legs: FeeLegs): FeeAmounts {
  if (s.exchange !== 'polymarket-us') throw new PmtError('Api', `a ${s.exchange} fee schedule cannot price a polymarket-us order`);
  const taker = Decimal.from(s.taker_theta);
  const maker = Decimal.from(s.maker_theta);
  const from = s.source === 'market' ? "the market's feeCoefficient" : 'the schedule\'s exchange-wide Θ; the market sent no feeCoefficient';
  return {
    taker: bankersCents(taker.times(sumSpread(legs.taker))),
    maker: legs.maker ? bankersCents(maker.times(sumSpread([legs.maker]))) : Decimal.ZERO,
    basis: `Polymarket US fee schedule: taker ${taker.toString()} × C × p × (1 − p) (${from}), maker rebate ${maker.toString()} × C × p × (1 − p) if the resting part fills; each rounded to the cent, half to even`,
    reason: null,
    schedule: { taker_theta: s.taker_theta, maker_theta: s.maker_theta, source: s.source },
  };
}
