/**
 * Kalshi's event and series titles, which `GET /markets` does not carry: the event list
 * (`GET /events`, paged by cursor, 200 a page) and the series list (`GET /series`), each cached
 * briefly on disk in the config directory, since reading them takes several requests and people
 * search and list several times in a row. Search needs the whole event list; a market listing
 * only the events its rows belong to, so paging stops once those are found (and the next call
 * goes on from where it stopped, within the cache's lifetime).
 *
 *     GET /events?limit=200&status=open → {"events": [{"event_ticker": "KXBTCD-26JAN01",
 *       "series_ticker": "KXBTCD", "title": "Bitcoin price on 2026-01-01", …}], "cursor": "…"}
 *     GET /series → {"series": [{"ticker": "KXBTCD", "title": "Bitcoin price", …}]}
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PmtError } from '../../errors.js';
import type { MarketStatusFilter } from '../types.js';
import type { KalshiClient } from './client.js';
import { obj } from './coerce.js';

/** How long a list is reused (PMT_SEARCH_CACHE_SECONDS overrides; 0 disables the disk cache). */
export const INDEX_TTL_SECONDS = 300;
/** Bound on `/events` pages read for one list (200 events each). */
export const MAX_EVENT_PAGES = 50;

export interface IndexEvent {
  ticker: string;
  title: string;
  series: string;
}

interface EventList {
  built_ms: number;
  events: IndexEvent[];
  /** Cursor of the next page; null once the last page was read. */
  next: string | null;
  pages: number;
}

/** Kalshi's event status for a unified status filter (`all`: no filter). */
const EVENT_STATUS: Record<MarketStatusFilter, string | undefined> = { active: 'open', closed: 'closed', resolved: 'settled', all: undefined };

export interface LoadOptions {
  /** Stop paging once this holds for the events read so far (else read them all). */
  enough?: (events: IndexEvent[]) => boolean;
  /** A failed page ends paging quietly with what was read (else the failure is thrown). */
  tolerant?: boolean;
}

/** The events of a status, from the cache while it is fresh, read on from where it stopped. */
export async function loadEvents(c: KalshiClient, status: MarketStatusFilter, opts: LoadOptions = {}): Promise<IndexEvent[]> {
  const file = cacheFile(c, `events-${status}`);
  const now = c.cfg.now();
  let list = readCache<EventList>(c, file, (x) => Array.isArray(x.events) && (x.next === null || typeof x.next === 'string'));
  const done = (l: EventList) => l.next === null || l.pages >= MAX_EVENT_PAGES || Boolean(opts.enough?.(l.events));
  if (list && done(list)) return list.events;
  list ??= { built_ms: now, events: [], next: '', pages: 0 };
  const before = list.pages;
  try {
    while (!done(list)) {
      const cursor: string = list.next ?? '';
      const body = obj(await c.http.get<unknown>('/events', { query: { limit: 200, status: EVENT_STATUS[status], cursor: cursor || undefined } }));
      if (!body || !Array.isArray(body.events)) throw new PmtError('Api', 'Kalshi sent an unexpected response to GET /events: no "events" list');
      for (const raw of body.events) {
        const e = obj(raw);
        if (e && typeof e.event_ticker === 'string' && typeof e.title === 'string') {
          list.events.push({ ticker: e.event_ticker, title: e.title, series: typeof e.series_ticker === 'string' ? e.series_ticker : '' });
        }
      }
      const next = typeof body.cursor === 'string' ? body.cursor : '';
      list.next = next === '' || next === cursor ? null : next;
      list.pages += 1;
    }
  } catch (e) {
    if (!opts.tolerant) throw e;
  } finally {
    if (list.pages > before) writeCache(file, list);
  }
  return list.events;
}

/** Series titles by series ticker, from the cache while it is fresh. */
export async function loadSeries(c: KalshiClient): Promise<Record<string, string>> {
  const file = cacheFile(c, 'series');
  const cached = readCache<{ built_ms: number; series: Record<string, string> }>(c, file, (x) => Boolean(x.series) && typeof x.series === 'object');
  if (cached) return cached.series;
  const series: Record<string, string> = {};
  const body = obj(await c.http.get<unknown>('/series'));
  for (const raw of Array.isArray(body?.series) ? (body!.series as unknown[]) : []) {
    const s = obj(raw);
    if (s && typeof s.ticker === 'string' && typeof s.title === 'string') series[s.ticker] = s.title;
  }
  writeCache(file, { built_ms: c.cfg.now(), series });
  return series;
}

function ttlSeconds(c: KalshiClient): number {
  const v = c.cfg.env.PMT_SEARCH_CACHE_SECONDS;
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : INDEX_TTL_SECONDS;
}

/** One list's cache file for one Kalshi base URL (demo and production never mix). */
function cacheFile(c: KalshiClient, name: string): string | null {
  if (!c.cfg.cacheDir || ttlSeconds(c) === 0) return null;
  const base = Buffer.from(c.cfg.urls.kalshi ?? '').toString('base64url').slice(-32);
  return join(c.cfg.cacheDir, `kalshi-${name}-${base}.json`);
}

function readCache<T extends { built_ms: number }>(c: KalshiClient, file: string | null, valid: (x: T) => boolean): T | undefined {
  if (!file) return undefined;
  try {
    const x = JSON.parse(readFileSync(file, 'utf8')) as T;
    const age = c.cfg.now() - x.built_ms;
    return valid(x) && age >= 0 && age < ttlSeconds(c) * 1000 ? x : undefined;
  } catch {
    return undefined; // no cache, or an unreadable one: read afresh
  }
}

function writeCache(file: string | null, data: unknown): void {
  if (!file) return;
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    // Written whole then renamed: a concurrent reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    /* a cache that cannot be written only costs the next call its requests */
  }
}
