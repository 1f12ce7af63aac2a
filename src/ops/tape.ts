/**
 * fetch_trades (the public tape) and fetch_price_history, once for the CLI and serve. Both are
 * public reads of one market, on the exchange its id names.
 */
import { usageError } from '../errors.js';
import { assetExchange, marketExchange } from '../exchanges/ids.js';
import type { ExchangeId } from '../exchanges/types.js';
import { INTERVALS, type Interval } from '../models/params.js';
import type { Candle, TradesPage } from '../models/portfolio.js';
import { parseCursor, parseEnum, parseInteger } from '../validate.js';
import { requireCapability } from './capabilities.js';
import type { Services } from './services.js';
import { TRADES_LIMIT_MAX } from './params.js';

export { TRADES_LIMIT_MAX };

/**
 * The exchange of a market as typed: a unified id, a ticker or slug whose shape tells, or an
 * asset id that only one exchange has (a Polymarket token id names its market too).
 */
export function marketTarget(svc: Services, input: unknown, explicit: ExchangeId | undefined): { exchange: ExchangeId; ticker: string } {
  const names = { field: svc.names.market, via: svc.names.exchange };
  try {
    return marketExchange(input, explicit, names);
  } catch (e) {
    const a = (() => {
      try {
        return assetExchange(input, explicit, names);
      } catch {
        return null;
      }
    })();
    if (!a) throw e;
    return { exchange: a.exchange, ticker: a.id };
  }
}

export async function fetchTrades(svc: Services, q: { market_ticker: unknown; limit?: unknown; cursor?: unknown; start_ts?: unknown; end_ts?: unknown; exchange?: ExchangeId }): Promise<TradesPage & { exchange: ExchangeId }> {
  const { exchange, ticker } = marketTarget(svc, q.market_ticker, q.exchange);
  requireCapability(exchange, 'fetchTrades');
  const limit = q.limit === undefined || q.limit === null ? undefined : parseInteger('limit', q.limit, 1, TRADES_LIMIT_MAX);
  const cursor = q.cursor === undefined || q.cursor === null || q.cursor === '' ? undefined : parseCursor(q.cursor);
  const ts = (name: string, v: unknown) => (v === undefined || v === null || v === '' ? undefined : parseInteger(name, v, 0, 32_503_680_000));
  const page = await (await svc.exchange(exchange)).fetchTrades(ticker, { limit, cursor, start_ts: ts('start_ts', q.start_ts), end_ts: ts('end_ts', q.end_ts) });
  return { ...page, exchange };
}

/** How far back a chart looks by default: about 100–170 candles of each interval. */
export const DEFAULT_SPAN_S: Record<Interval, number> = { '1m': 2 * 3600, '1h': 7 * 86_400, '1d': 120 * 86_400 };

/**
 * `--since`: a span back from now (`90m`, `12h`, `7d`, `4w`), a date (`2026-11-01`) or an ISO
 * time; unix seconds too (serve's `start_ts`). Returns unix seconds.
 */
export function parseSince(field: string, input: unknown, nowMs: number): number {
  const s = String(input ?? '').trim();
  const span = /^(\d{1,6})([mhdw])$/.exec(s);
  if (span) return Math.floor(nowMs / 1000) - Number(span[1]) * { m: 60, h: 3600, d: 86_400, w: 604_800 }[span[2] as 'm' | 'h' | 'd' | 'w'];
  if (/^\d{9,11}$/.test(s)) return Number(s);
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s)) {
    const ms = Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s);
    if (Number.isFinite(ms)) return Math.floor(ms / 1000);
  }
  throw usageError(`${field} must be a span back from now (90m, 12h, 7d, 4w), a date (2026-11-01) or an ISO time (got "${s.slice(0, 40)}")`);
}

export interface HistoryQuery {
  market_ticker: unknown;
  interval?: unknown;
  /** `--since` text or unix seconds. */
  since?: unknown;
  until?: unknown;
  /** On a token-per-outcome exchange with a market id: the outcome whose token to chart. */
  outcome?: unknown;
  exchange?: ExchangeId;
}

export async function fetchPriceHistory(svc: Services, q: HistoryQuery): Promise<{ exchange: ExchangeId; market: string; interval: Interval; candles: Candle[] }> {
  const interval = q.interval === undefined || q.interval === null || q.interval === '' ? '1h' : parseEnum('interval', q.interval, INTERVALS);
  const { exchange, ticker } = marketTarget(svc, q.market_ticker, q.exchange);
  requireCapability(exchange, 'fetchPriceHistory');
  const now = svc.now();
  const end = q.until === undefined || q.until === null || q.until === '' ? Math.floor(now / 1000) : parseSince('until', q.until, now);
  const start = q.since === undefined || q.since === null || q.since === '' ? end - DEFAULT_SPAN_S[interval] : parseSince('since', q.since, now);
  if (start >= end) throw usageError('since must be before until (the end of the chart, default now)');
  const ex = await svc.exchange(exchange);
  const asset = q.outcome === undefined ? ticker : await ex.resolveAsset(ticker, String(q.outcome));
  const candles = await ex.fetchPriceHistory(asset, { interval, start_ts: start, end_ts: end });
  return { exchange, market: ticker, interval, candles };
}
