/**
 * fetch_markets and fetch_market_lineage, once for the CLI and serve: which exchanges a listing
 * spans, each exchange's page cap, ticker lookups (unified ids pick their exchange) and what to say
 * about tickers that did not come back, and the partial results of a listing over several exchanges.
 */
import { PmtError, usageError } from '../errors.js';
import { marketExchange, SERIES_EXCHANGES, splitUnified } from '../exchanges/ids.js';
import { capable, requireCapability } from './capabilities.js';
import { EXCHANGE_IDS, manifestOf, type ExchangeId } from '../exchanges/registry.js';
import type { FetchMarketsParams, Market, MarketLineage, MarketsPage, MarketStatusFilter } from '../exchanges/types.js';
import type { Answer } from './answer.js';
import type { ExchangeFailure } from './fanout.js';
import { fetchMarketsAcross, iterateMarkets } from './markets-across.js';
import { sortMarkets, type MarketSort } from './market-sort.js';
import type { Services } from './services.js';

/** Page size per exchange when none is asked for. */
export const DEFAULT_LIMIT = 100;

export interface MarketsQuery {
  status?: MarketStatusFilter;
  /** Page size per exchange, clamped to each exchange's cap. */
  limit?: number;
  cursor?: string;
  event_ticker?: string;
  series_ticker?: string;
  /** Native tickers/slugs or unified ids (which pick their exchange). */
  market_tickers?: string[];
  /** Only this exchange (else every registered one). */
  exchange?: ExchangeId;
}

/** A ticker that did not come back: it exists under another status (`elsewhere`), or nowhere. */
export interface MissingTicker {
  ticker: string;
  elsewhere: Market | null;
}

export interface MarketsResult {
  markets: Market[];
  cursor: string | null;
  /** Exchanges that failed; their markets are missing (never silently: callers report each). */
  failed: ExchangeFailure[];
  /** Ticker lookups only: tickers that did not come back. */
  missing: MissingTicker[];
}

interface Plan {
  ids: ExchangeId[];
  byExchange: Map<ExchangeId, string[]>;
  base: FetchMarketsParams;
  tickers: boolean;
}

/**
 * `series_ticker` filters only the exchanges that have series: without an exchange named, the
 * listing is theirs alone (`note` says so, for people), and naming another exchange is a usage
 * error, not a silent list of everything. The CLI and serve answer alike.
 */
export function seriesScope(svc: Services, only: ExchangeId | undefined): { only: ExchangeId | undefined; ids: ExchangeId[]; note?: string } {
  const names = SERIES_EXCHANGES.join(', ');
  if (only && !SERIES_EXCHANGES.includes(only)) throw usageError(`${svc.names.series} is a ${names} filter; ${only} markets have no series`);
  if (only) return { only, ids: [only] };
  const ids = capable(svc, SERIES_EXCHANGES, 'fetchMarkets');
  const note = `note: ${svc.names.series} is a ${names} filter: listing ${names} only`;
  return ids.length === 1 ? { only: ids[0], ids, note } : { only: undefined, ids, note };
}

function plan(svc: Services, q: MarketsQuery): Plan {
  if (q.exchange) requireCapability(q.exchange, 'fetchMarkets');
  const scoped = q.series_ticker !== undefined ? seriesScope(svc, q.exchange) : undefined;
  const only = scoped ? scoped.only : q.exchange;
  let ids: ExchangeId[] = scoped ? scoped.ids : only ? [only] : capable(svc, EXCHANGE_IDS, 'fetchMarkets');
  const byExchange = new Map<ExchangeId, string[]>();
  for (const t of q.market_tickers ?? []) {
    const u = splitUnified(t);
    if (u && only && u.exchange !== only) throw usageError(`${svc.names.tickers} ${t} is not on ${svc.names.exchange} ${only}`);
    for (const id of u ? [u.exchange] : ids) byExchange.set(id, [...(byExchange.get(id) ?? []), u ? u.native : t]);
  }
  const tickers = (q.market_tickers ?? []).length > 0;
  if (tickers) ids = ids.filter((id) => byExchange.has(id));
  const base: FetchMarketsParams = { status: q.status ?? 'active', event_ticker: q.event_ticker, series_ticker: q.series_ticker };
  return { ids, byExchange, base, tickers };
}

/** The page size asked of one exchange: the caller's (capped), else the default; `all` pages at the cap. */
function limitFor(q: MarketsQuery, all: boolean) {
  return (id: ExchangeId) => {
    const cap = manifestOf(id).pageCaps.markets;
    return q.limit === undefined ? (all ? cap : DEFAULT_LIMIT) : Math.min(q.limit, cap);
  };
}

/**
 * One page (or, with tickers, one lookup per exchange and no paging). Tickers that did not come
 * back are looked up under every status; none anywhere and nothing found is MarketNotFound.
 * `explain`: also look up the missing ones when others were found (the CLI's notes).
 */
export async function fetchMarkets(svc: Services, q: MarketsQuery, opts: { explain?: boolean } = {}): Promise<MarketsResult> {
  const p = plan(svc, q);
  const limit = limitFor(q, false);
  const get = (id: ExchangeId) => svc.exchange(id);
  if (!p.tickers) {
    const page = await fetchMarketsAcross(get, p.ids, { ...p.base, cursor: q.cursor }, limit);
    return { ...page, missing: [] };
  }
  const pages = await Promise.all(p.ids.map(async (id) => (await get(id)).fetchMarkets({ ...p.base, limit: limit(id), market_tickers: p.byExchange.get(id) })));
  const markets = pages.flatMap((x) => x.markets);
  const have = new Set(markets.map((m) => m.ticker));
  const wanted = [...new Set(p.ids.flatMap((id) => p.byExchange.get(id) ?? []))];
  const missing = wanted.filter((t) => !have.has(t));
  if (missing.length === 0 || (markets.length > 0 && !opts.explain)) return { markets, cursor: null, failed: [], missing: [] };
  let elsewhere: Market[] = [];
  if (p.base.status !== 'all') {
    const found = await Promise.all(
      p.ids.map(async (id) => {
        const mine = (p.byExchange.get(id) ?? []).filter((t) => missing.includes(t));
        if (mine.length === 0) return [];
        return (await (await get(id)).fetchMarkets({ status: 'all', market_tickers: mine })).markets;
      }),
    );
    elsewhere = found.flat();
  }
  const other = new Map(elsewhere.map((m) => [m.ticker, m]));
  const nowhere = missing.filter((t) => !other.has(t));
  if (nowhere.length === missing.length && markets.length === 0) {
    throw new PmtError('MarketNotFound', `no market ${nowhere.map((t) => `"${t}"`).join(', ')} on ${p.ids.join(' or ')}`);
  }
  return { markets, cursor: null, failed: [], missing: missing.map((ticker) => ({ ticker, elsewhere: other.get(ticker) ?? null })) };
}

/**
 * `--sort`: the page (or, with `every`, every market of the listing) in the order asked, with the
 * failures of every page; sorted output cannot stream, so it is collected first.
 */
export async function fetchMarketsSorted(svc: Services, q: MarketsQuery, sort: MarketSort, every: boolean): Promise<MarketsResult> {
  if (every && !q.market_tickers?.length) {
    const markets: Market[] = [];
    const failed: ExchangeFailure[] = [];
    for await (const page of iterateAllMarkets(svc, q, { onFailure: (f) => failed.push(f) })) markets.push(...page);
    return { markets: sortMarkets(markets, sort), cursor: null, failed, missing: [] };
  }
  const r = await fetchMarkets(svc, q, { explain: true });
  return { ...r, markets: sortMarkets(r.markets, sort) };
}

/** What `--all` cannot be combined with; checked before any request. */
export function checkAll(q: MarketsQuery): void {
  if (q.cursor !== undefined) throw usageError('--all and --cursor cannot be combined');
  // A page of 0 never advances, so --all would stop at once having printed nothing.
  if (q.limit === 0) throw usageError('--limit must be at least 1 with --all (or leave it out)');
}

/** Every page to the end (`markets list --all`): pages at each exchange's cap unless a limit is given. */
export function iterateAllMarkets(
  svc: Services,
  q: MarketsQuery,
  hooks: { onPage?: (s: { pages: number; markets: number }) => void; onFailure?: (f: ExchangeFailure) => void } = {},
): AsyncGenerator<Market[]> {
  checkAll(q);
  const p = plan(svc, q);
  return iterateMarkets((id) => svc.exchange(id), p.ids, p.base, limitFor(q, true), hooks.onPage, hooks.onFailure);
}

/** fetch_markets' answer over serve and MCP: one page (the CLI's list adds --all, --sort and notes). */
export async function marketsPage(svc: Services, q: MarketsQuery): Promise<Answer<MarketsPage>> {
  const r = await fetchMarkets(svc, q);
  return { body: { markets: r.markets, cursor: r.cursor }, failed: r.failed };
}

export async function fetchMarketLineage(svc: Services, q: { market_ticker: unknown; exchange?: ExchangeId }): Promise<Answer<MarketLineage>> {
  const { exchange, ticker } = marketExchange(q.market_ticker, q.exchange, { field: svc.names.market, via: svc.names.exchange });
  return { body: await (await svc.exchange(exchange)).fetchMarketLineage(ticker) };
}
