/**
 * search: markets found by words on every exchange (or one), merged and ranked by one rule
 * (exchanges/search-rank.ts), at most `limit` in all. An exchange that fails is reported beside
 * the others' markets (fanOut/settle); every exchange failing is the call's failure.
 */
import { usageError } from '../errors.js';
import { EXCHANGE_IDS, type ExchangeId } from '../exchanges/registry.js';
import { marketScore, queryWords, rankAcross } from '../exchanges/search-rank.js';
import type { Market, MarketStatusFilter } from '../exchanges/types.js';
import { capable, requireCapability } from './capabilities.js';
import { fanOut, settle, type ExchangeFailure } from './fanout.js';
import type { Services } from './services.js';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from './params.js';

export { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT };

export interface SearchQuery {
  query: string;
  status?: MarketStatusFilter;
  limit?: number;
  exchange?: ExchangeId;
}

export interface SearchResult {
  markets: Market[];
  /** Event titles by event ticker, for views that put them beside generic market titles. */
  event_titles: Record<string, string>;
  failed: ExchangeFailure[];
}

export async function searchMarkets(svc: Services, q: SearchQuery): Promise<SearchResult> {
  const words = q.query.trim();
  if (queryWords(words).length === 0) throw usageError('search needs words to look for (letters or digits), e.g. "fed rates"');
  if (words.length > 200) throw usageError(`search words are too long (${words.length} characters, at most 200)`);
  const status = q.status ?? 'active';
  const limit = q.limit ?? DEFAULT_SEARCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) throw usageError(`limit must be between 1 and ${MAX_SEARCH_LIMIT} (got ${limit})`);
  if (q.exchange) requireCapability(q.exchange, 'searchMarkets');
  const ids = q.exchange ? [q.exchange] : capable(svc, EXCHANGE_IDS, 'searchMarkets');
  const r = settle(await fanOut(ids, async (id) => (await svc.exchange(id)).searchMarkets({ query: words, status, limit })));
  const titles: Record<string, string> = {};
  for (const x of r.ok) Object.assign(titles, x.value.event_titles);
  const w = queryWords(words);
  const all = r.ok.flatMap((x) => x.value.markets.map((m) => ({ exchange: x.exchange as string, market: m, score: marketScore(w, m, m.event_ticker ? titles[m.event_ticker] : undefined) })));
  const markets = rankAcross(all, ids).slice(0, limit);
  return { markets, event_titles: titles, failed: r.failed };
}
