/**
 * Polymarket US market data, all public reads on the gateway: `GET /v1/markets` (limit/offset
 * paging, slug filter), `GET /v1/market/slug/{slug}`, `GET /v1/events/slug/{slug}` (an event and
 * its markets; the event names its series), `GET /v1/events?slug=` (titles) and `GET /v1/search`.
 * The asset of a market is its slug: one book, priced as the long (Yes) side.
 */
import { PmtError, usageError } from '../../errors.js';
import type { AssetInfo } from '../exchange.js';
import { marketScore, queryWords, rank } from '../search-rank.js';
import { MARKET_STATUS_FILTERS, type FetchMarketsParams, type Market, type MarketLineage, type MarketsPage, type MarketStatusFilter, type SearchMarketsParams, type SearchMarketsResult } from '../types.js';
import type { PolymarketUsClient } from './client.js';
import { polymarketUs } from './manifest.js';
import { obj, parseEvent, parseMarket, parseSeries, type Wire } from './parse.js';

const enc = encodeURIComponent;
const PREFIX_RE = /^polymarket-us:/i;

function statusFilter(s: unknown): MarketStatusFilter {
  if (s === undefined || s === null) return 'active';
  if (typeof s === 'string' && (MARKET_STATUS_FILTERS as readonly string[]).includes(s)) return s as MarketStatusFilter;
  throw usageError(`status must be one of ${MARKET_STATUS_FILTERS.join(', ')} (got "${String(s)}")`);
}

const keep = (f: MarketStatusFilter) => (m: Market) => f === 'all' || m.status === f;

/** The slug of a market id (`polymarket-us:<slug>` or the slug). */
export function slugOf(input: string): string {
  const s = String(input ?? '').trim().replace(PREFIX_RE, '');
  if (!s) throw usageError('market must be a Polymarket US market slug, e.g. polymarket-us:<slug>');
  if (s.includes(':')) throw new PmtError('Api', `"${input}" is another exchange's market, not a Polymarket US one`, { usage: true });
  return s;
}

function list(body: unknown, key: string): unknown[] {
  const v = obj(body)?.[key];
  return Array.isArray(v) ? v : [];
}

function markets(raw: unknown[], eventSlug?: string): Market[] {
  return raw.map((m) => parseMarket(m, eventSlug)).filter((m): m is Market => m !== null);
}

export async function fetchMarkets(c: PolymarketUsClient, params: FetchMarketsParams): Promise<MarketsPage> {
  const filter = statusFilter(params.status);
  const slugs = [...new Set((params.market_tickers ?? []).map((t) => t.replace(PREFIX_RE, '').trim()).filter(Boolean))];
  const cursor = params.cursor || undefined;
  if ((slugs.length || params.event_ticker) && cursor) throw usageError('cursor does not apply to a ticker or event lookup: it returns every match in one page');
  if (slugs.length) {
    const body = await c.gateway.get<unknown>('/v1/markets', { query: { slug: slugs, limit: slugs.length } });
    return { markets: markets(list(body, 'markets')), cursor: null };
  }
  if (params.event_ticker) {
    const slug = slugOf(params.event_ticker);
    const body = await c.gateway.get<unknown>(`/v1/events/slug/${enc(slug)}`);
    const ev = obj(obj(body)?.event) ?? {};
    return { markets: markets(Array.isArray(ev.markets) ? ev.markets : [], slug).filter(keep(filter)), cursor: null };
  }
  const limit = Math.min(Math.max(1, Math.floor(params.limit ?? polymarketUs.pageCaps.markets)), polymarketUs.pageCaps.markets);
  let offset = 0;
  if (cursor !== undefined) {
    if (!/^\d{1,9}$/.test(cursor)) throw usageError(`cursor "${cursor.slice(0, 40)}" is not a Polymarket US cursor (pass the one a previous page returned)`);
    offset = Number(cursor);
  }
  const query: Record<string, string | number | boolean> = { limit, offset };
  if (filter === 'active') Object.assign(query, { active: true, closed: false });
  if (filter === 'closed' || filter === 'resolved') query.closed = true;
  const body = await c.gateway.get<unknown>('/v1/markets', { query });
  const raw = list(body, 'markets');
  return { markets: markets(raw).filter(keep(filter)), cursor: raw.length >= limit ? String(offset + raw.length) : null };
}

/** The gateway's market object as sent (order rules, the fee coefficient). */
export async function rawMarket(c: PolymarketUsClient, slug: string): Promise<Wire> {
  const body = await c.gateway.get<unknown>(`/v1/market/slug/${enc(slug)}`);
  const w = obj(obj(body)?.market);
  if (!w) throw new PmtError('Api', `Polymarket US sent an unexpected response to GET /v1/market/slug/${slug}: no market`);
  return w;
}

export async function fetchMarket(c: PolymarketUsClient, input: string): Promise<Market> {
  const slug = slugOf(input);
  const m = parseMarket(await rawMarket(c, slug));
  if (!m) throw new PmtError('MarketNotFound', `Polymarket US has no market "${slug}"`);
  return m;
}

export async function fetchMarketLineage(c: PolymarketUsClient, ticker: string): Promise<MarketLineage> {
  const market = await fetchMarket(c, ticker);
  if (!market.event_ticker) return { market, event: null, series: null };
  let ev: Wire | null = null;
  try {
    ev = obj(obj(await c.gateway.get<unknown>(`/v1/events/slug/${enc(market.event_ticker)}`))?.event);
  } catch (e) {
    // A parent missing upstream is null (interface), not a failure of the market's own read.
    if (!(e instanceof PmtError && e.kind === 'MarketNotFound')) throw e;
  }
  return { market, event: ev ? parseEvent(ev) : null, series: ev ? parseSeries(ev.series) : null };
}

export async function searchMarkets(c: PolymarketUsClient, params: SearchMarketsParams): Promise<SearchMarketsResult> {
  const filter = statusFilter(params.status);
  const words = queryWords(params.query);
  const limit = Math.min(Math.max(1, Math.floor(params.limit ?? 20)), polymarketUs.pageCaps.markets);
  const query: Record<string, string | number> = { query: params.query, limit };
  if (filter === 'active') query.status = 'active';
  if (filter === 'closed' || filter === 'resolved') query.status = 'closed';
  const body = await c.gateway.get<unknown>('/v1/search', { query });
  const titles: Record<string, string> = {};
  const scored = [];
  for (const e of list(body, 'events')) {
    const ev = parseEvent(e);
    if (!ev) continue;
    titles[ev.ticker] = ev.title;
    const series = obj(obj(e)?.series);
    for (const m of markets(list(e, 'markets'), ev.ticker).filter(keep(filter))) {
      scored.push({ market: m, score: marketScore(words, m, ev.title, typeof series?.title === 'string' ? series.title : undefined) });
    }
  }
  const ranked = rank(scored).slice(0, limit);
  const used = new Set(ranked.map((m) => m.event_ticker));
  return { markets: ranked, event_titles: Object.fromEntries(Object.entries(titles).filter(([k]) => used.has(k))) };
}

export async function fetchEventTitles(c: PolymarketUsClient, eventTickers: string[]): Promise<Record<string, string>> {
  const slugs = [...new Set(eventTickers.filter(Boolean))];
  if (slugs.length === 0) return {};
  const body = await c.gateway.get<unknown>('/v1/events', { query: { slug: slugs, limit: slugs.length } });
  const out: Record<string, string> = {};
  for (const e of list(body, 'events')) {
    const ev = parseEvent(e);
    if (ev && slugs.includes(ev.ticker)) out[ev.ticker] = ev.title;
  }
  return out;
}

/** `yes`/`no` (any case): the market's one book is priced as Yes (long); No is its complement. */
export function bookOutcome(outcome: string | undefined): 'yes' | 'no' {
  if (outcome === undefined) return 'yes';
  const o = outcome.trim().toLowerCase();
  if (o === 'yes' || o === 'no') return o;
  throw usageError(`--outcome must be yes or no on Polymarket US (got "${outcome.slice(0, 40)}")`, 'a Polymarket US market has one book priced as its long (Yes) side; a No price p is the Yes price 1 − p');
}

export async function resolveAsset(_c: PolymarketUsClient, input: string, outcome?: string): Promise<string> {
  bookOutcome(outcome);
  return slugOf(input);
}

export async function resolveMarketAssets(c: PolymarketUsClient, input: string): Promise<string[]> {
  return [await resolveAsset(c, input)];
}

export async function describeAsset(c: PolymarketUsClient, assetId: string): Promise<AssetInfo> {
  const slug = slugOf(assetId);
  const w = await rawMarket(c, slug);
  const market = parseMarket(w);
  if (!market) throw new PmtError('MarketNotFound', `Polymarket US has no market "${slug}"`);
  return {
    exchange: 'polymarket-us',
    asset_id: slug,
    market,
    book_outcome: 'Yes',
    outcomes: ['Yes', 'No'],
    tick_size: market.tick_size ?? 0.01,
    min_order_size: market.min_order_size ?? 1,
    neg_risk: null,
  };
}
