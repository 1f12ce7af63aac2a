/**
 * A Polymarket token's fee inputs, two public CLOB reads at once:
 * - `GET /fee-rate?token_id=` → `{ "base_fee": 30 }`: the token's base fee in basis points
 *   (0 on the many markets that charge no trading fee);
 * - `GET /clob-markets/{condition_id}` → `{ ..., "fd": { "r": 0.04, "e": 1, "to": true } }`: the
 *   market's fee curve (rate, exponent, takers only), the rate Polymarket's published taker-fee
 *   formula uses. Skipped when the market's condition id is unknown.
 * Either may fail alone; only when both do is the schedule unknown (the error of the first).
 * Without a CLOB curve, the market's own category schedule from Gamma (`feeSchedule` `{rate,
 * exponent, takerOnly}`, `feesEnabled: false` = no fee; 2026 "fees per category") is the rate.
 */
import { PmtError } from '../../errors.js';
import type { FeeSchedule, AssetInfo, PolymarketFeeSchedule } from '../exchange.js';
import type { FeeAmounts, FeeLegs } from '../fees.js';
import { estimatePolymarketFees } from './fee-estimate.js';
import type { PolymarketClient } from './client.js';
import { feesOf } from './protocol.js';

type Raw = Record<string, unknown>;
const isObj = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);
const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

export async function fetchFeeSchedule(c: PolymarketClient, info: AssetInfo): Promise<PolymarketFeeSchedule> {
  const condition = info.market.condition_id;
  const [rate, market] = await Promise.allSettled([
    c.clob.get<unknown>('/fee-rate', { query: { token_id: info.asset_id } }),
    condition ? c.clob.get<unknown>(`/clob-markets/${encodeURIComponent(condition)}`) : Promise.resolve(null),
  ]);
  if (rate.status === 'rejected' && market.status === 'rejected') throw rate.reason;
  const base = rate.status === 'fulfilled' && isObj(rate.value) ? finite(rate.value.base_fee) : null;
  const fd = market.status === 'fulfilled' && isObj(market.value) && isObj(market.value.fd) ? market.value.fd : null;
  // The CLOB's curve first; else the market's category schedule as Gamma publishes it.
  const gamma = feesOf(info.market);
  const fromClob = fd !== null && finite(fd.r) !== null;
  return {
    exchange: 'polymarket',
    base_fee_bps: base,
    rate: fromClob ? finite(fd!.r) : (gamma?.rate ?? null),
    exponent: fromClob ? finite(fd!.e) : (gamma?.exponent ?? null),
    taker_only: fromClob ? (typeof fd!.to === 'boolean' ? fd!.to : null) : (gamma?.takerOnly ?? null),
  };
}

/** The preview's fee amounts from a schedule this adapter read (pure; no request). */
export function estimateFees(_c: unknown, s: FeeSchedule, legs: FeeLegs): FeeAmounts {
  if (s.exchange !== 'polymarket') throw new PmtError('Api', `a ${s.exchange} fee schedule cannot price a polymarket order`);
  return estimatePolymarketFees(s, legs);
}
