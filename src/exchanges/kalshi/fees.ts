/**
 * A Kalshi market's fee inputs: its series' `fee_type` and `fee_multiplier`. A market does not
 * name its series, so the event is read first (`GET /events/{event_ticker}` → `series_ticker`),
 * then `GET /series/{series_ticker}`; both are public. The order preview runs this alongside the
 * book read, so the two reads add no wait of their own to the preview.
 *
 * Series (GET /series/{series_ticker}), the fields read:
 *   { "series": { "ticker": "KXTEST", "fee_type": "quadratic", "fee_multiplier": 1, ... } }
 */
import { PmtError } from '../../errors.js';
import type { FeeSchedule, AssetInfo, KalshiFeeSchedule } from '../exchange.js';
import type { FeeAmounts, FeeLegs } from '../fees.js';
import { estimateKalshiFees } from './fee-estimate.js';
import type { KalshiClient } from './client.js';
import { obj, text } from './coerce.js';

const enc = encodeURIComponent;

export async function fetchFeeSchedule(c: KalshiClient, info: AssetInfo): Promise<KalshiFeeSchedule> {
  const event = info.market.event_ticker;
  if (!event) throw new PmtError('Api', `Kalshi market ${info.asset_id} names no event, so its series fee schedule is unknown`);
  const ev = obj(obj(await c.http.get<unknown>(`/events/${enc(event)}`))?.event);
  const series = text(ev?.series_ticker);
  if (!series) throw new PmtError('Api', `Kalshi event ${event} names no series, so its fee schedule is unknown`);
  const s = obj(obj(await c.http.get<unknown>(`/series/${enc(series)}`))?.series);
  const feeType = text(s?.fee_type);
  if (!s || !feeType) throw new PmtError('Api', `Kalshi series ${series} sent no fee_type`);
  const m = s.fee_multiplier;
  return {
    exchange: 'kalshi',
    series,
    fee_type: feeType,
    fee_multiplier: typeof m === 'number' && Number.isFinite(m) && m >= 0 ? m : null,
  };
}

/** The preview's fee amounts from a schedule this adapter read (pure; no request). */
export function estimateFees(_c: unknown, s: FeeSchedule, legs: FeeLegs): FeeAmounts {
  if (s.exchange !== 'kalshi') throw new PmtError('Api', `a ${s.exchange} fee schedule cannot price a kalshi order`);
  return estimateKalshiFees(s, legs);
}
