/**
 * fetch_markets on Kalshi (upstream-mapping §1.1), its three shapes in order of precedence:
 * an explicit ticker list, one event, or the catalogue paged by cursor.
 */
import { PmtError, usageError } from '../../errors.js';
import type { Query } from '../http.js';
import type { Market, MarketStatusFilter } from '../types.js';
import type { KalshiClient } from './client.js';
import { obj } from './coerce.js';
import { decodeCursor, encodeCursor, SOURCES, splitLimit, startPositions, type Positions, type SourceKey } from './cursor.js';
import { parseEvent, parseMarkets } from './parse.js';
import { kalshi } from './manifest.js';

/** Kalshi's own cap for `/markets` and `/historical/markets`. */
/** `GET /markets` serves at most this many a page. */
const PAGE_CAP = kalshi.pageCaps.markets;
/** Page size when none is asked for: Kalshi's own default. */
export const DEFAULT_PAGE = 100;
/** Tickers per `GET /markets?tickers=` request (openpx sent them all and got the first 100 back). */
export const TICKER_CHUNK = 100;
/** Bound on pages followed for one ticker chunk or one event: a runaway upstream cannot hang us. */
const MAX_DRAIN_PAGES = 100;

export interface Page {
  rows: unknown[];
  /** Upstream cursor; "" is Kalshi's end of stream. */
  next: string;
}

/** One upstream page of `GET /markets` or `GET /historical/markets`, its envelope checked. */
export async function fetchPage(c: KalshiClient, path: string, query: Query): Promise<Page> {
  const body = obj(await c.http.get<unknown>(path, { query }));
  if (!body || !Array.isArray(body.markets)) {
    throw new PmtError('Api', `Kalshi sent an unexpected response to GET ${path}: no "markets" list`);
  }
  const cur = body.cursor;
  if (cur !== undefined && cur !== null && typeof cur !== 'string') {
    throw new PmtError('Api', `Kalshi sent an unexpected response to GET ${path}: "cursor" is not a string`);
  }
  return { rows: body.markets, next: cur ?? '' };
}

/** Every row of a small filtered listing (one ticker chunk, one event's archive). */
async function drain(c: KalshiClient, path: string, query: Query): Promise<unknown[]> {
  const rows: unknown[] = [];
  let cursor = '';
  for (let i = 0; i < MAX_DRAIN_PAGES; i++) {
    const page = await fetchPage(c, path, { ...query, limit: PAGE_CAP, cursor: cursor || undefined });
    rows.push(...page.rows);
    if (page.next === '' || page.next === cursor) break;
    cursor = page.next;
  }
  return rows;
}

/**
 * The page size of a catalogue page. Absent → Kalshi's default (100); above 1000 → 1000 (the
 * interface's clamp); 0 → an empty page whose cursor is the position given (nothing is asked
 * upstream, where limit=0 would silently mean 100), as on Polymarket. Anything that is not a
 * whole number ≥ 0 is a usage error.
 */
export function pageSize(limit: number | undefined): number {
  if (limit === undefined || limit === null) return DEFAULT_PAGE;
  if (!Number.isInteger(limit) || limit < 0) throw usageError(`limit must be a whole number of at least 0 (got ${String(limit)})`);
  return Math.min(limit, PAGE_CAP);
}

function matches(filter: MarketStatusFilter, m: Market): boolean {
  return filter === 'all' || m.status === filter;
}

/** Markets in first-seen order without repeats (a market may sit in live and archive at once). */
function dedupe(markets: Market[]): Market[] {
  const seen = new Set<string>();
  // The size grows exactly when the ticker is new: one hash lookup, not has() then add().
  return markets.filter((m) => seen.size < seen.add(m.ticker).size);
}

const wantsArchive = (filter: MarketStatusFilter) => filter === 'resolved' || filter === 'all';

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Markets by ticker, in the order asked, status-filtered client side. Tickers are sent in chunks
 * of 100 (in parallel, under the client's pacing). For resolved/all, tickers the live set does
 * not know are looked up in the archive, where markets settled before the cutoff live.
 */
export async function byTickers(c: KalshiClient, tickers: string[], filter: MarketStatusFilter): Promise<Market[]> {
  for (const t of tickers) if (t.includes(',')) throw usageError(`ticker "${t}" must not contain a comma`);
  const lookup = async (path: string, list: string[]) =>
    (await Promise.all(chunks(list, TICKER_CHUNK).map((ch) => drain(c, path, { tickers: ch.join(',') })))).flat();
  let found = dedupe(parseMarkets(await lookup('/markets', tickers)));
  if (wantsArchive(filter)) {
    const have = new Set(found.map((m) => m.ticker));
    const missing = tickers.filter((t) => !have.has(t));
    if (missing.length) found = dedupe([...found, ...parseMarkets(await lookup('/historical/markets', missing))]);
  }
  const order = new Map(tickers.map((t, i) => [t, i]));
  return found
    .filter((m) => matches(filter, m))
    .sort((a, b) => (order.get(a.ticker) ?? Infinity) - (order.get(b.ticker) ?? Infinity));
}

/**
 * Every market of one event: the event's markets (sibling and, when present, nested arrays) and,
 * for resolved/all, its archived markets, which `GET /events/{t}` leaves out. Unknown event →
 * MarketNotFound.
 */
export async function byEvent(c: KalshiClient, event: string, filter: MarketStatusFilter): Promise<Market[]> {
  const [body, archived] = await Promise.all([
    c.http.get<unknown>(`/events/${encodeURIComponent(event)}`),
    wantsArchive(filter) ? drain(c, '/historical/markets', { event_ticker: event }) : Promise.resolve([]),
  ]);
  const o = obj(body);
  const ev = obj(o?.event);
  if (!o || !parseEvent(ev)) throw new PmtError('Api', `Kalshi sent an unexpected response to GET /events/${event}: no event`);
  const nested = Array.isArray(ev!.markets) ? ev!.markets : [];
  const sibling = Array.isArray(o.markets) ? o.markets : [];
  return dedupe([...parseMarkets(nested), ...parseMarkets(sibling), ...parseMarkets(archived)]).filter((m) => matches(filter, m));
}

const LIVE_STATUS: Partial<Record<SourceKey, string>> = { open: 'open', closed: 'closed', unopened: 'unopened', paused: 'paused', settled: 'settled' };

/**
 * One catalogue page: every open source read in parallel with its share of the page size, rows
 * post-filtered by unified status and merged (live before archive, no repeats). The returned
 * cursor carries each source's next upstream cursor; null once all are exhausted.
 */
export async function catalogue(
  c: KalshiClient,
  filter: MarketStatusFilter,
  limit: number,
  series: string | undefined,
  cursor: string | undefined,
): Promise<{ markets: Market[]; cursor: string | null }> {
  const pos: Positions = cursor ? decodeCursor(cursor, filter, series) : startPositions(filter);
  if (limit === 0) return { markets: [], cursor: encodeCursor(filter, series, pos) };
  const keys = SOURCES[filter].filter((k) => pos[k] !== undefined);
  const shares = splitLimit(limit, keys);
  const pages = await Promise.all(
    keys.map(async (k, i): Promise<Page | null> => {
      if (shares[i] === 0) return null;
      return fetchPage(c, k === 'hist' ? '/historical/markets' : '/markets', {
        limit: shares[i],
        status: LIVE_STATUS[k],
        series_ticker: series,
        cursor: pos[k] || undefined,
      });
    }),
  );
  const next: Positions = {};
  const rows: unknown[] = [];
  keys.forEach((k, i) => {
    const page = pages[i];
    if (!page) return void (next[k] = pos[k]);
    if (page.next !== '' && page.next === pos[k]) {
      // An upstream cursor that does not move would page forever; say so instead.
      throw new PmtError('Api', `Kalshi returned the same page cursor twice (${k === 'hist' ? 'historical' : k} markets); stopping`);
    }
    rows.push(...page.rows);
    if (page.next !== '') next[k] = page.next;
  });
  return mappedOnRead(() => dedupe(parseMarkets(rows)).filter((m) => matches(filter, m)), encodeCursor(filter, series, next));
}

/**
 * A catalogue page whose markets are mapped when first read: the cursor comes from the wire
 * alone, so `--all` asks for the next page first and maps this one while that one is in flight
 * (ops/markets-across.ts). Reading `markets` (a spread, JSON) maps once; the keys keep their order.
 */
function mappedOnRead(mapper: () => Market[], cursor: string | null): { markets: Market[]; cursor: string | null } {
  let map: (() => Market[]) | undefined = mapper;
  let markets: Market[] = [];
  return {
    get markets() {
      if (map) {
        markets = map();
        // The wire rows go with the mapper: collectable before the next page is parsed.
        map = undefined;
      }
      return markets;
    },
    cursor,
  };
}
