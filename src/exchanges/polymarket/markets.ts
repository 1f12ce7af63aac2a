/**
 * Polymarket market data from Gamma: fetch_markets (slug list > event > catalogue), lineage, and
 * single-market lookups by slug, numeric id or conditional-token id.
 *
 * Gamma's list endpoints answer `closed=false` when `closed` is not sent, so every list request
 * says which side it wants; lookups that must also find closed markets ask both.
 */
import { PmtError, usageError } from '../../errors.js';
import { MARKET_STATUS_FILTERS, type FetchMarketsParams, type Market, type MarketLineage, type MarketsPage, type MarketStatusFilter } from '../types.js';
import type { PolymarketClient } from './client.js';
import { fetchCatalogPage, matchesStatus, pageSize } from './catalog.js';
import { firstObj, obj } from './coerce.js';
import { eventMarkets, parseEvent, parseMarket, parseSeries } from './parse.js';
import { rememberEvents, rememberMarketEvents } from './event-titles.js';

export { fetchEventTitles } from './event-titles.js';

/** Page size when none is given (the CLI's default too). */
export const DEFAULT_PAGE_SIZE = 100;
/** Slugs per `/markets` request: keeps the URL far below common 8 KB limits. */
export const SLUG_CHUNK = 40;

const TOKEN_RE = /^\d{1,78}$/;

/**
 * fetch_markets. Precedence: `market_tickers` (slugs) > `event_ticker` (event slug) > the
 * catalogue. Slug and event lookups return every match in one page (cursor null; `limit` and
 * `cursor` apply to the catalogue only). `series_ticker` is a Kalshi filter and is ignored here.
 */
export async function fetchMarkets(c: PolymarketClient, params: FetchMarketsParams): Promise<MarketsPage> {
  const status = statusFilter(params.status);
  const limit = pageSize(params.limit, DEFAULT_PAGE_SIZE);
  const slugs = (params.market_tickers ?? []).map(native).filter((s) => s !== '');
  if (slugs.length > 0) return { markets: await bySlugs(c, slugs, status), cursor: null };
  if (params.event_ticker) return { markets: await byEvent(c, native(params.event_ticker), status), cursor: null };
  return fetchCatalogPage(c, status, limit, params.cursor);
}

function statusFilter(s: MarketStatusFilter | undefined): MarketStatusFilter {
  const v = s ?? 'active';
  if (!(MARKET_STATUS_FILTERS as readonly string[]).includes(v)) {
    throw usageError(`status must be one of ${MARKET_STATUS_FILTERS.join(', ')} (got "${String(v)}")`);
  }
  return v;
}

/** "polymarket:slug" or "slug" → "slug". */
function native(id: string): string {
  return id.trim().replace(/^polymarket:/i, '');
}

/**
 * `GET /markets?slug=a&slug=b&closed=…`, chunked. Unified `resolved` is Gamma `closed=true`;
 * `active` and `closed` (active=false) both live under `closed=false`; `all` asks both. Rows
 * come back in the order the slugs were given, each once.
 */
async function bySlugs(c: PolymarketClient, given: string[], status: MarketStatusFilter): Promise<Market[]> {
  // A condition id (what an order names its market by) is looked up as one too (`condition_ids`).
  const conditions = [...new Set(given.filter((s) => CONDITION_ID_RE.test(s)).map((s) => s.toLowerCase()))];
  const slugs = given.filter((s) => !CONDITION_ID_RE.test(s));
  const byCondition = conditions.length ? await byConditionIds(c, conditions, status) : [];
  if (slugs.length === 0) return byCondition;
  const wanted = [...new Set(slugs)];
  const sides = status === 'all' ? [false, true] : status === 'resolved' ? [true] : [false];
  const chunks: string[][] = [];
  for (let i = 0; i < wanted.length; i += SLUG_CHUNK) chunks.push(wanted.slice(i, i + SLUG_CHUNK));
  const lists = await Promise.all(
    chunks.flatMap((chunk) => sides.map((closed) => listMarkets(c, { slug: chunk, closed, limit: chunk.length }))),
  );
  const bySlug = new Map<string, Market>();
  for (const m of lists.flat()) if (matchesStatus(m, status) && !bySlug.has(m.ticker)) bySlug.set(m.ticker, m);
  return [...byCondition, ...wanted.flatMap((s) => bySlug.get(s) ?? [])];
}

const CONDITION_ID_RE = /^0x[0-9a-fA-F]{64}$/;

/** `GET /markets?condition_ids=…&closed=…`, chunked; each market once, in the order asked. */
async function byConditionIds(c: PolymarketClient, ids: string[], status: MarketStatusFilter): Promise<Market[]> {
  const sides = status === 'all' ? [false, true] : status === 'resolved' ? [true] : [false];
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += SLUG_CHUNK) chunks.push(ids.slice(i, i + SLUG_CHUNK));
  const lists = await Promise.all(chunks.flatMap((chunk) => sides.map((closed) => listMarkets(c, { condition_ids: chunk, closed, limit: chunk.length }))));
  const byId = new Map<string, Market>();
  for (const m of lists.flat()) if (m.condition_id && matchesStatus(m, status) && !byId.has(m.condition_id.toLowerCase())) byId.set(m.condition_id.toLowerCase(), m);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `GET /events/slug/{slug}` (404 → MarketNotFound); its markets, status-matched. */
async function byEvent(c: PolymarketClient, slug: string, status: MarketStatusFilter): Promise<Market[]> {
  const raw = await c.gamma.get(`/events/slug/${encodeURIComponent(slug)}`);
  if (!obj(raw)) throw new PmtError('Api', `Polymarket Gamma answered GET /events/slug/${slug} without an event`);
  rememberEvents(c, [raw]);
  const seen = new Set<string>();
  return eventMarkets(raw).filter((m) => matchesStatus(m, status) && seen.size < seen.add(m.ticker).size);
}

/** `GET /markets` with the given filters, parsed; rows without a slug are skipped. */
async function listMarkets(c: PolymarketClient, query: Record<string, string | number | boolean | string[]>): Promise<Market[]> {
  const body = await c.gamma.get('/markets', { query });
  if (!Array.isArray(body)) throw new PmtError('Api', 'Polymarket Gamma GET /markets answered without a list of markets');
  rememberMarketEvents(c, body);
  return body.map((raw) => parseMarket(raw)).filter((m): m is Market => m !== null);
}

/**
 * One market by slug (`/markets/slug/{slug}`, 404 → MarketNotFound) or by numeric Gamma id
 * (`/markets?id=`, asked with closed=false then closed=true so closed markets are found too).
 */
export async function fetchMarket(c: PolymarketClient, ticker: string): Promise<Market> {
  const id = native(ticker);
  if (id === '') throw usageError('market must not be empty');
  if (/^\d+$/.test(id)) {
    for (const closed of [false, true]) {
      const rows = await listMarkets(c, { id, closed });
      const m = rows.find((r) => r.numeric_id === id);
      if (m) return m;
    }
    throw new PmtError('MarketNotFound', `Polymarket has no market with id ${id}`);
  }
  const raw = await c.gamma.get(`/markets/slug/${encodeURIComponent(id)}`);
  const m = parseMarket(raw);
  if (!m) throw new PmtError('Api', `Polymarket Gamma answered GET /markets/slug/${id} without a readable market`);
  return m;
}

/**
 * The market that owns a conditional token (`/markets?clob_token_ids=`, then a Protocol V2 position
 * id with `/markets?position_ids=`), open markets first.
 * Order entry uses it to describe a token: its outcome, tick, minimum size and neg-risk flag.
 */
export async function fetchMarketByToken(c: PolymarketClient, tokenId: string): Promise<Market> {
  const id = tokenId.trim();
  if (!TOKEN_RE.test(id)) throw usageError(`"${id.slice(0, 40)}" is not a Polymarket token id (a decimal number)`);
  for (const closed of [false, true]) {
    // CTF markets list the id in `clob_token_ids`; Protocol V2 markets in `position_ids`.
    for (const field of ['clob_token_ids', 'position_ids'] as const) {
      const rows = await listMarkets(c, { [field]: id, closed });
      // Trust the id list, not the filter: a market whose outcomes (by its version) do not carry
      // the id is not it (a V2 market's legacy clobTokenIds are not its trading ids).
      const m = rows.find((r) => r.outcomes.some((o) => o.token_id === id));
      if (m) return m;
    }
  }
  throw new PmtError('MarketNotFound', `Polymarket has no market with token ${id}`, {
    hint: 'token ids are listed per outcome by `pmt markets lineage polymarket:<slug>`',
  });
}

/**
 * fetch_market_lineage: the market, then its event (`/events/slug/{event_ticker}`), whose
 * embedded `series[0]` is the series. No event slug, an event Gamma no longer has (404), or an
 * event without series gives null. Any other failure of the event request (5xx after retries,
 * network, rate limit, garbage) fails the call: a null there would claim the market is standalone.
 */
export async function fetchMarketLineage(c: PolymarketClient, ticker: string): Promise<MarketLineage> {
  const market = await fetchMarket(c, ticker);
  if (!market.event_ticker) return { market, event: null, series: null };
  let raw: unknown;
  try {
    raw = await c.gamma.get(`/events/slug/${encodeURIComponent(market.event_ticker)}`);
  } catch (e) {
    if (e instanceof PmtError && e.kind === 'MarketNotFound') return { market, event: null, series: null };
    throw e;
  }
  const event = parseEvent(raw);
  const series = event ? parseSeries(firstObj(obj(raw)?.series)) : null;
  return { market, event, series };
}
