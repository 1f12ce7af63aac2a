/**
 * Price history of one Polymarket token: CLOB `GET /prices-history?market=<token>&startTs&endTs
 * &fidelity=<minutes>` (public) → `{"history":[{"t": unix seconds, "p": price}]}`. The CLOB gives
 * sampled prices, not trades, so candles are built here: the points are asked at a finer
 * fidelity than the interval and grouped by interval start (open = first, close = last, high and
 * low over the points). Volume is not published: null. An interval with no point is left out.
 * A slug or condition id resolves to its first outcome's token.
 */
import { Decimal } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import type { Candle, Interval, PriceHistoryParams } from '../../models/portfolio.js';
import type { PolymarketClient } from './client.js';
import { resolveAsset } from './book.js';

const INTERVAL_SECONDS: Record<Interval, number> = { '1m': 60, '1h': 3600, '1d': 86_400 };
/** Minutes between the points asked for: several points per candle, few enough to stay small. */
const FIDELITY: Record<Interval, number> = { '1m': 1, '1h': 5, '1d': 60 };

export function candlesFromPoints(points: Array<{ t: number; p: Decimal }>, interval: Interval): Candle[] {
  const step = INTERVAL_SECONDS[interval];
  const buckets = new Map<number, Decimal[]>();
  for (const pt of [...points].sort((a, b) => a.t - b.t)) {
    const start = Math.floor(pt.t / step) * step;
    const b = buckets.get(start);
    if (b) b.push(pt.p);
    else buckets.set(start, [pt.p]);
  }
  return [...buckets].map(([start, ps]) => ({
    start: new Date(start * 1000).toISOString(),
    open: ps[0]!.toNumber(),
    high: ps.reduce((m, p) => (p.gt(m) ? p : m)).toNumber(),
    low: ps.reduce((m, p) => (p.lt(m) ? p : m)).toNumber(),
    close: ps[ps.length - 1]!.toNumber(),
    volume: null,
  }));
}

export async function fetchPriceHistory(c: PolymarketClient, assetId: string, params: PriceHistoryParams): Promise<Candle[]> {
  if (!INTERVAL_SECONDS[params.interval]) throw usageError(`interval must be one of 1m, 1h, 1d (got "${String(params.interval)}")`);
  const raw = String(assetId ?? '').trim().replace(/^polymarket:/i, '');
  const token = /^0x[0-9a-fA-F]{64}$/.test(raw) ? await tokenOfCondition(c, raw) : await resolveAsset(c, assetId);
  const body = await c.clob.get<unknown>('/prices-history', {
    query: { market: token, startTs: Math.floor(params.start_ts), endTs: Math.floor(params.end_ts), fidelity: FIDELITY[params.interval] },
  });
  const list = body && typeof body === 'object' ? (body as { history?: unknown }).history : undefined;
  if (!Array.isArray(list)) throw new PmtError('Api', 'Polymarket answered GET /prices-history without a history list');
  const points: Array<{ t: number; p: Decimal }> = [];
  for (const x of list) {
    const r = (x ?? {}) as Record<string, unknown>;
    const p = Decimal.read(r.p);
    if (typeof r.t === 'number' && Number.isFinite(r.t) && p && !p.isNegative() && p.lte(1)) points.push({ t: r.t, p });
  }
  return candlesFromPoints(points, params.interval);
}

async function tokenOfCondition(c: PolymarketClient, conditionId: string): Promise<string> {
  const info = await c.clob.get<Record<string, unknown>>(`/clob-markets/${conditionId}`);
  const first = Array.isArray(info?.t) ? (info.t as Array<Record<string, unknown>>).find((x) => typeof x?.t === 'string') : undefined;
  if (!first) throw new PmtError('MarketNotFound', `Polymarket has no tokens for condition ${conditionId}`);
  return first.t as string;
}
