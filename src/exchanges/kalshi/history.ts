/**
 * Price history of one Kalshi market: `GET /series/{series}/markets/{ticker}/candlesticks`
 * (public). A market does not name its series, so the event is read first, as for fees. A market
 * settled before Kalshi's historical cutoff (404 there) is read from
 * `GET /historical/markets/{ticker}/candlesticks` (kalshi-typescript 3.30.0, Historical API).
 *
 * Each candlestick ends at `end_period_ts` (inclusive); `price.*_dollars` are traded YES prices
 * (null when nothing traded in the period), `volume_fp` the contracts traded. A Candle starts at
 * the end minus one period.
 */
import { Decimal } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import type { Candle, Interval, PriceHistoryParams } from '../../models/portfolio.js';
import type { KalshiClient } from './client.js';
import { fetchRawMarket } from './order-market.js';
import { obj, text } from './coerce.js';

export const KALSHI_PERIOD_MINUTES: Record<Interval, number> = { '1m': 1, '1h': 60, '1d': 1440 };

const price = (v: unknown): number | null => Decimal.read(v)?.toNumber() ?? null;

/**
 * One candlestick. `historical`: the shape of `GET /historical/markets/{ticker}/candlesticks`
 * (MarketCandlestickHistorical: `price.open` … as dollar strings, `volume` a count string).
 */
export function parseKalshiCandle(raw: unknown, periodMinutes: number, historical = false): Candle | null {
  const r = obj(raw);
  const end = typeof r?.end_period_ts === 'number' ? r.end_period_ts : Number.NaN;
  if (!r || !Number.isFinite(end)) return null;
  const p = obj(r.price) ?? {};
  const volume = Decimal.read(r.volume_fp) ?? Decimal.read(r.volume);
  return {
    start: new Date((end - periodMinutes * 60) * 1000).toISOString(),
    open: price(historical ? p.open : p.open_dollars),
    high: price(historical ? p.high : p.high_dollars),
    low: price(historical ? p.low : p.low_dollars),
    close: price(historical ? p.close : p.close_dollars),
    volume: volume ? volume.toNumber() : null,
  };
}

async function seriesOf(c: KalshiClient, ticker: string): Promise<string> {
  const market = await fetchRawMarket(c, ticker);
  const direct = text(market.series_ticker);
  if (direct) return direct;
  const event = text(market.event_ticker);
  if (!event) throw new PmtError('Api', `Kalshi market ${ticker} names no event, so its series (needed for candlesticks) is unknown`);
  const ev = obj(obj(await c.http.get<unknown>(`/events/${encodeURIComponent(event)}`))?.event);
  const series = text(ev?.series_ticker);
  if (!series) throw new PmtError('Api', `Kalshi event ${event} names no series`);
  return series;
}

export async function fetchPriceHistory(c: KalshiClient, assetId: string, params: PriceHistoryParams): Promise<Candle[]> {
  const ticker = assetId.replace(/^kalshi:/i, '').trim();
  if (!ticker) throw usageError('market ticker must not be empty');
  const period = KALSHI_PERIOD_MINUTES[params.interval];
  if (!period) throw usageError(`interval must be one of 1m, 1h, 1d (got "${String(params.interval)}")`);
  // Kalshi returns candles ending on or before end_ts: the period that holds end_ts (the one in
  // progress, when the chart ends now) ends after it, so ask up to that period's end.
  const query = { start_ts: Math.floor(params.start_ts), end_ts: Math.ceil(params.end_ts / (period * 60)) * period * 60, period_interval: period };
  let body: Record<string, unknown> | null;
  let historical = false;
  try {
    const series = await seriesOf(c, ticker);
    body = obj(await c.http.get<unknown>(`/series/${encodeURIComponent(series)}/markets/${encodeURIComponent(ticker)}/candlesticks`, { query }));
  } catch (e) {
    // A market settled before Kalshi's cutoff has its candles only in the historical tier.
    if (!(e instanceof PmtError && e.status === 404)) throw e;
    historical = true;
    try {
      body = obj(await c.http.get<unknown>(`/historical/markets/${encodeURIComponent(ticker)}/candlesticks`, { query }));
    } catch {
      throw e;
    }
  }
  const list = body?.candlesticks;
  if (!Array.isArray(list)) throw new PmtError('Api', `Kalshi answered the candlesticks of ${ticker} without a list`);
  return list.map((x) => parseKalshiCandle(x, period, historical)).filter((x): x is Candle => x !== null);
}
