/**
 * Market search on Polymarket: Gamma's public search (`GET /public-search`), which answers events
 * with their markets. Markets are kept when their status matches and their title or their
 * event's matches the words, ranked by the shared rule (search-rank.ts).
 */
import { PmtError, usageError } from '../../errors.js';
import { marketScore, queryWords, rank } from '../search-rank.js';
import type { SearchMarketsParams, SearchMarketsResult } from '../types.js';
import type { PolymarketClient } from './client.js';
import { matchesStatus } from './catalog.js';
import { obj } from './coerce.js';
import { eventMarkets } from './parse.js';
import { rememberEvents } from './event-titles.js';

/** Events asked for per search: each carries its markets, so a few dozen is plenty. */
const EVENTS_PER_SEARCH = 40;

export async function searchMarkets(c: PolymarketClient, params: SearchMarketsParams): Promise<SearchMarketsResult> {
  const words = queryWords(params.query);
  if (words.length === 0) throw usageError('search words must hold at least one letter or digit');
  const status = params.status ?? 'active';
  const query: Record<string, string | number | boolean> = {
    q: params.query.trim(),
    limit_per_type: EVENTS_PER_SEARCH,
    search_tags: false,
    search_profiles: false,
  };
  // Gamma leaves closed markets out of search unless asked to keep them.
  if (status !== 'active') query.keep_closed_markets = 1;
  if (status === 'active') query.events_status = 'active';
  const body = obj(await c.gamma.get('/public-search', { query }));
  if (!body || (body.events !== null && body.events !== undefined && !Array.isArray(body.events))) {
    throw new PmtError('Api', 'Polymarket Gamma answered GET /public-search without a list of events');
  }
  const events = (body.events as unknown[] | null | undefined) ?? [];
  rememberEvents(c, events);
  const titles: Record<string, string> = {};
  const scored = [];
  const seen = new Set<string>();
  for (const raw of events) {
    const e = obj(raw);
    const slug = typeof e?.slug === 'string' ? e.slug : null;
    const title = typeof e?.title === 'string' ? e.title : undefined;
    if (slug && title) titles[slug] = title;
    for (const m of eventMarkets(raw)) {
      if (!matchesStatus(m, status) || seen.has(m.ticker)) continue;
      seen.add(m.ticker);
      scored.push({ market: m, score: marketScore(words, m, title) });
    }
  }
  const markets = rank(scored).slice(0, params.limit ?? Number.MAX_SAFE_INTEGER);
  const used = new Set(markets.map((m) => m.event_ticker));
  return { markets, event_titles: Object.fromEntries(Object.entries(titles).filter(([k]) => used.has(k))) };
}
