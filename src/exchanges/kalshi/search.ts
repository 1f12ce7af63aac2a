/**
 * Market search on Kalshi, which has no search endpoint: an index of event and series titles
 * (`GET /events`, paged, and `GET /series`) is matched against the words, and the markets of the
 * best events are read fresh (`fetchMarkets` by event), so prices are never stale. The index is
 * cached briefly on disk (the config dir's `cache/`), since building it takes several requests
 * and people search several times in a row.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PmtError, usageError } from '../../errors.js';
import { marketScore, queryWords, rank, textScore, type Scored } from '../search-rank.js';
import type { MarketStatusFilter, SearchMarketsParams, SearchMarketsResult } from '../types.js';
import type { KalshiClient } from './client.js';
import { obj } from './coerce.js';
import { fetchMarkets } from './markets.js';

/** How long an index is reused (PMT_SEARCH_CACHE_SECONDS overrides; 0 disables the disk cache). */
export const INDEX_TTL_SECONDS = 300;
/** Bound on `/events` pages read for one index (200 events each). */
const MAX_EVENT_PAGES = 50;
/** Events whose markets are read for one search: the best-matching ones. */
const MAX_EVENTS_READ = 8;

interface IndexEvent {
  ticker: string;
  title: string;
  series: string;
}
interface SearchIndex {
  built_ms: number;
  events: IndexEvent[];
  series: Record<string, string>;
}

/** Kalshi's event status for a unified status filter (`all`: no filter). */
const EVENT_STATUS: Record<MarketStatusFilter, string | undefined> = { active: 'open', closed: 'closed', resolved: 'settled', all: undefined };

export async function searchMarkets(c: KalshiClient, params: SearchMarketsParams): Promise<SearchMarketsResult> {
  const words = queryWords(params.query);
  if (words.length === 0) throw usageError('search words must hold at least one letter or digit');
  const status = params.status ?? 'active';
  const limit = params.limit ?? 20;
  const index = await loadIndex(c, status);
  const events = index.events
    .map((e) => ({ e, score: Math.max(textScore(words, e.title), textScore(words, index.series[e.series] ?? '') - 1) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.e.ticker.localeCompare(b.e.ticker))
    .slice(0, MAX_EVENTS_READ);
  const scored: Scored[] = [];
  const titles: Record<string, string> = {};
  const pages = await Promise.all(events.map(({ e }) => fetchMarkets(c, { event_ticker: e.ticker, status })));
  events.forEach(({ e }, i) => {
    titles[e.ticker] = e.title;
    for (const m of pages[i]!.markets) scored.push({ market: m, score: marketScore(words, m, e.title, index.series[e.series]) });
  });
  const markets = rank(scored).slice(0, limit);
  const used = new Set(markets.map((m) => m.event_ticker));
  return { markets, event_titles: Object.fromEntries(Object.entries(titles).filter(([k]) => used.has(k))) };
}

function ttlSeconds(c: KalshiClient): number {
  const v = c.cfg.env.PMT_SEARCH_CACHE_SECONDS;
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : INDEX_TTL_SECONDS;
}

/** The cache file of one status and one Kalshi base URL (demo and production never mix). */
function cacheFile(c: KalshiClient, status: MarketStatusFilter): string | null {
  if (!c.cfg.cacheDir || ttlSeconds(c) === 0) return null;
  const base = Buffer.from(c.cfg.urls.kalshi ?? "").toString('base64url').slice(-32);
  return join(c.cfg.cacheDir, `kalshi-search-${status}-${base}.json`);
}

async function loadIndex(c: KalshiClient, status: MarketStatusFilter): Promise<SearchIndex> {
  const file = cacheFile(c, status);
  const now = c.cfg.now();
  if (file) {
    try {
      const cached = JSON.parse(readFileSync(file, 'utf8')) as SearchIndex;
      if (Array.isArray(cached.events) && now - cached.built_ms < ttlSeconds(c) * 1000 && now >= cached.built_ms) return cached;
    } catch {
      /* no cache, or an unreadable one: rebuild */
    }
  }
  const index = await buildIndex(c, status, now);
  if (file) {
    try {
      mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
      // Written whole then renamed: a concurrent search never reads half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(index), { mode: 0o600 });
      renameSync(tmp, file);
    } catch {
      /* a cache that cannot be written only costs the next search its requests */
    }
  }
  return index;
}

async function buildIndex(c: KalshiClient, status: MarketStatusFilter, now: number): Promise<SearchIndex> {
  const events: IndexEvent[] = [];
  let cursor = '';
  for (let i = 0; i < MAX_EVENT_PAGES; i++) {
    const body = obj(await c.http.get<unknown>('/events', { query: { limit: 200, status: EVENT_STATUS[status], cursor: cursor || undefined } }));
    if (!body || !Array.isArray(body.events)) throw new PmtError('Api', 'Kalshi sent an unexpected response to GET /events: no "events" list');
    for (const raw of body.events) {
      const e = obj(raw);
      if (e && typeof e.event_ticker === 'string' && typeof e.title === 'string') {
        events.push({ ticker: e.event_ticker, title: e.title, series: typeof e.series_ticker === 'string' ? e.series_ticker : '' });
      }
    }
    const next = typeof body.cursor === 'string' ? body.cursor : '';
    if (next === '' || next === cursor) break;
    cursor = next;
  }
  const series: Record<string, string> = {};
  const sbody = obj(await c.http.get<unknown>('/series'));
  for (const raw of Array.isArray(sbody?.series) ? (sbody!.series as unknown[]) : []) {
    const s = obj(raw);
    if (s && typeof s.ticker === 'string' && typeof s.title === 'string') series[s.ticker] = s.title;
  }
  return { built_ms: now, events, series };
}
