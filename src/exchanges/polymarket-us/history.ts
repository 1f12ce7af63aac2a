/**
 * Price history of one market: gateway `GET /v1/price-history?symbol=<slug>&timestamp.
 * startTimestamp&timestamp.endTimestamp&fidelity=1` → `{"history": [{"timestamp", "longPrice",
 * "shortPrice"}]}`. The points are book-derived display prices (longPrice ≈ the best ask), not
 * trades: candles of the long (Yes) price are built from them (volume null), as for Polymarket.
 * A custom range is meant for windows up to 24 hours; a longer range asks the fixed profile that
 * covers it (1 week, 1 month, or all) and keeps the points inside the range.
 */
import { Decimal } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import type { Candle, PriceHistoryParams } from '../../models/portfolio.js';
import { candlesFromPoints } from '../polymarket/history.js';
import type { PolymarketUsClient } from './client.js';
import { slugOf } from './markets.js';
import { obj } from './parse.js';

const DAY = 86_400;

function profile(start: number, end: number, now: number): Record<string, string | number> {
  if (end - start <= DAY) return { 'timestamp.startTimestamp': start, 'timestamp.endTimestamp': end, fidelity: 1 };
  const back = now - start;
  if (back <= 7 * DAY) return { fixedInterval: 'INTERVAL_1W', fidelity: 180 };
  if (back <= 30 * DAY) return { fixedInterval: 'INTERVAL_1M', fidelity: 180 };
  return { fixedInterval: 'INTERVAL_ALL', fidelity: 180 };
}

export async function fetchPriceHistory(c: PolymarketUsClient, assetId: string, params: PriceHistoryParams): Promise<Candle[]> {
  if (!['1m', '1h', '1d'].includes(params.interval)) throw usageError(`interval must be one of 1m, 1h, 1d (got "${String(params.interval)}")`);
  const slug = slugOf(assetId);
  const start = Math.floor(params.start_ts);
  const end = Math.floor(params.end_ts);
  const body = await c.gateway.get<unknown>('/v1/price-history', { query: { symbol: slug, ...profile(start, end, Math.floor(c.cfg.now() / 1000)) } });
  const list = obj(body)?.history;
  if (list !== undefined && !Array.isArray(list)) throw new PmtError('Api', 'Polymarket US answered GET /v1/price-history without a history list');
  const points: Array<{ t: number; p: Decimal }> = [];
  for (const x of (list as unknown[] | undefined) ?? []) {
    const r = obj(x) ?? {};
    const t = Number(r.timestamp);
    const p = Decimal.read(r.longPrice);
    if (Number.isFinite(t) && t >= start && t <= end && p && !p.isNegative() && p.lte(1)) points.push({ t, p });
  }
  return candlesFromPoints(points, params.interval);
}
