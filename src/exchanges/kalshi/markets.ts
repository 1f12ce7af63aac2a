/**
 * Kalshi market data: fetch_markets (listing.ts does the paging), fetch_market_lineage and the
 * single-market lookup other modules use (order entry). Markets are public on Kalshi: nothing
 * here signs a request.
 */
import { PmtError, usageError } from '../../errors.js';
import { MARKET_STATUS_FILTERS, type Event, type FetchMarketsParams, type Market, type MarketLineage, type MarketsPage, type MarketStatusFilter, type Series } from '../types.js';
import type { KalshiClient } from './client.js';
import { obj } from './coerce.js';
import { eventAsMarket } from './event-market.js';
import { byEvent, byTickers, catalogue, pageSize } from './listing.js';
import { parseEvent, parseMarket, parseSeries } from './parse.js';

const enc = encodeURIComponent;

function statusFilter(s: unknown): MarketStatusFilter {
  if (s === undefined || s === null) return 'active';
  if (typeof s === 'string' && (MARKET_STATUS_FILTERS as readonly string[]).includes(s)) return s as MarketStatusFilter;
  throw usageError(`status must be one of ${MARKET_STATUS_FILTERS.join(', ')} (got "${String(s)}")`);
}

/** A native ticker; a unified id (`kalshi:X`) is accepted and unwrapped. */
function native(ticker: string): string {
  const t = ticker.replace(/^kalshi:/i, '').trim();
  if (!t) throw usageError('market ticker must not be empty');
  return t;
}

/**
 * fetch_markets. Precedence (upstream-mapping §1.1): tickers > event > catalogue. Ticker and event
 * lookups return every match in one page (cursor null; `limit` does not apply); the catalogue pages
 * with an opaque cursor (cursor.ts). The status filter defaults to `active` everywhere.
 */
export async function fetchMarkets(c: KalshiClient, params: FetchMarketsParams): Promise<MarketsPage> {
  const filter = statusFilter(params.status);
  const limit = pageSize(params.limit);
  const cursor = params.cursor || undefined;
  const tickers = [...new Set((params.market_tickers ?? []).map((t) => t.replace(/^kalshi:/i, '').trim()).filter(Boolean))];
  if ((tickers.length || params.event_ticker) && cursor) {
    throw usageError('cursor does not apply to a ticker or event lookup: it returns every match in one page');
  }
  if (tickers.length) return { markets: await byTickers(c, tickers, filter), cursor: null };
  if (params.event_ticker) return { markets: await byEvent(c, native(params.event_ticker), filter), cursor: null };
  return catalogue(c, filter, limit, params.series_ticker || undefined, cursor);
}

const isNotFound = (e: unknown): boolean => e instanceof PmtError && e.kind === 'MarketNotFound';

/** The `market` of a `GetMarketResponse`, or an Api error naming what was wrong. */
function marketOf(body: unknown, path: string): Market {
  const m = parseMarket(obj(body)?.market);
  if (!m) throw new PmtError('Api', `Kalshi sent an unexpected response to GET ${path}: no market with a ticker`);
  return m;
}

async function getMarket(c: KalshiClient, path: string): Promise<Market> {
  return marketOf(await c.http.get<unknown>(path), path);
}

/**
 * One live market by ticker (order entry and the book use it): one `GET /markets/{ticker}`;
 * unknown → MarketNotFound. Archived markets (settled before Kalshi's historical cutoff) are not
 * tradable and answer only in lineage and listings; an event ticker is not a market here either.
 */
export async function fetchMarket(c: KalshiClient, ticker: string): Promise<Market> {
  return getMarket(c, `/markets/${enc(native(ticker))}`);
}

/**
 * A parent lookup for lineage: 404 or a body without the object → null ("missing upstream").
 * Any other failure (5xx after retries, rate limit, garbage) fails the call: answering `null`
 * would tell a script "this market has no event/series", which would be false.
 */
async function optional(c: KalshiClient, path: string, query: Record<string, string>): Promise<Record<string, unknown> | null> {
  try {
    return obj(await c.http.get<unknown>(path, { query }));
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

/**
 * fetch_market_lineage (upstream-mapping §1.2): the market (live, else archived, else an event
 * ticker shown as a categorical market), then its event (nested markets) and the event's series
 * (with volume), one after the other since each names the next.
 */
export async function fetchMarketLineage(c: KalshiClient, ticker: string): Promise<MarketLineage> {
  const t = native(ticker);
  let market: Market | undefined;
  let eventBody: Record<string, unknown> | null | undefined;
  try {
    market = await getMarket(c, `/markets/${enc(t)}`);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    // Not live: an archived market, or an event ticker. Ask both at once.
    const [hist, ev] = await Promise.allSettled([getMarket(c, `/historical/markets/${enc(t)}`), c.http.get<unknown>(`/events/${enc(t)}`)]);
    if (hist.status === 'fulfilled') market = hist.value;
    else if (ev.status === 'fulfilled') {
      eventBody = obj(ev.value);
      const m = eventAsMarket(eventBody?.event, Array.isArray(eventBody?.markets) ? eventBody.markets : []);
      if (!m) throw new PmtError('Api', `Kalshi sent an unexpected response to GET /events/${t}: no event`);
      market = m;
    } else {
      for (const r of [hist.reason, ev.reason]) if (!isNotFound(r)) throw r;
      throw new PmtError('MarketNotFound', `Kalshi has no market or event "${t}"`, { status: 404 });
    }
  }

  if (eventBody === undefined && market.event_ticker) {
    eventBody = await optional(c, `/events/${enc(market.event_ticker)}`, { with_nested_markets: 'true' });
  }
  const event: Event | null = eventBody ? parseEvent(eventBody.event, eventBody.markets) : null;
  let series: Series | null = null;
  if (event?.series_ticker) {
    const body = await optional(c, `/series/${enc(event.series_ticker)}`, { include_volume: 'true' });
    series = body ? parseSeries(body.series) : null;
  }
  return { market, event, series };
}
