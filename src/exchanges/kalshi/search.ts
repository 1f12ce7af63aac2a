/**
 * Market search on Kalshi, which has no search endpoint: the event and series titles
 * (event-index.ts, cached briefly on disk) are matched against the words, and the markets of the
 * best events are read fresh (`fetchMarkets` by event), so prices are never stale. Also the event
 * titles a market listing puts beside generic market titles (`fetchEventTitles`).
 */
import { usageError } from '../../errors.js';
import { marketScore, queryWords, rank, textScore, type Scored } from '../search-rank.js';
import type { MarketStatusFilter, SearchMarketsParams, SearchMarketsResult } from '../types.js';
import type { KalshiClient } from './client.js';
import { loadEvents, loadSeries } from './event-index.js';
import { fetchMarkets } from './markets.js';

/** Events whose markets are read for one search: the best-matching ones. */
const MAX_EVENTS_READ = 8;

export async function searchMarkets(c: KalshiClient, params: SearchMarketsParams): Promise<SearchMarketsResult> {
  const words = queryWords(params.query);
  if (words.length === 0) throw usageError('search words must hold at least one letter or digit');
  const status = params.status ?? 'active';
  const limit = params.limit ?? 20;
  const [all, series] = await Promise.all([loadEvents(c, status), loadSeries(c)]);
  const events = all
    .map((e) => ({ e, score: Math.max(textScore(words, e.title), textScore(words, series[e.series] ?? '') - 1) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.e.ticker.localeCompare(b.e.ticker))
    .slice(0, MAX_EVENTS_READ);
  const scored: Scored[] = [];
  const titles: Record<string, string> = {};
  const pages = await Promise.all(events.map(({ e }) => fetchMarkets(c, { event_ticker: e.ticker, status })));
  events.forEach(({ e }, i) => {
    titles[e.ticker] = e.title;
    for (const m of pages[i]!.markets) scored.push({ market: m, score: marketScore(words, m, e.title, series[e.series]) });
  });
  const markets = rank(scored).slice(0, limit);
  const used = new Set(markets.map((m) => m.event_ticker));
  return { markets, event_titles: Object.fromEntries(Object.entries(titles).filter(([k]) => used.has(k))) };
}

/**
 * Titles of these events from the event list of `status` (paged only until they are all found;
 * an event the list does not hold is left out). A page that fails ends the read quietly.
 */
export async function fetchEventTitles(c: KalshiClient, tickers: string[], status: MarketStatusFilter = 'active'): Promise<Record<string, string>> {
  const wanted = new Set(tickers);
  if (wanted.size === 0) return {};
  const have = (events: Array<{ ticker: string }>) => new Set(events.filter((e) => wanted.has(e.ticker)).map((e) => e.ticker)).size === wanted.size;
  const events = await loadEvents(c, status, { enough: have, tolerant: true });
  return Object.fromEntries(events.filter((e) => wanted.has(e.ticker)).map((e) => [e.ticker, e.title]));
}
