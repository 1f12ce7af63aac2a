/** `pmt markets list`: fetch_markets over one or both exchanges, one page or --all. */
import type { Context } from '../../context.js';
import { PmtError } from '../../errors.js';
import { fetchMarketsAcross, iterateMarkets } from '../../exchanges/all.js';
import { SERIES_EXCHANGES } from '../../exchanges/ids.js';
import { EXCHANGE_IDS, MARKET_STATUS_FILTERS, type ExchangeId, type FetchMarketsParams, type Market } from '../../exchanges/types.js';
import { Formatter } from '../../render/format.js';
import { printMarkets } from '../../render/views/markets.js';
import { parseCursor, parseEnum, parseId, parseInteger } from '../../validate.js';
import { MARKET_SORTS, sortMarkets } from './sort.js';
import { acrossExchanges, reportFailures } from '../partial.js';

interface Opts {
  status?: string;
  limit?: string;
  cursor?: string;
  event?: string;
  series?: string;
  ticker?: string[];
  all?: boolean;
  sort?: string;
}

export const DEFAULT_LIMIT = 100;
const CAPS: Record<ExchangeId, number> = { kalshi: 1000, polymarket: 500 };

export async function run(ctx: Context, opts: Opts, _args: string[] = []): Promise<void> {
  const status = parseEnum('--status', opts.status ?? 'active', MARKET_STATUS_FILTERS);
  const sort = opts.sort === undefined ? undefined : parseEnum('--sort', opts.sort, MARKET_SORTS);
  const sorted = (ms: Market[]) => (sort ? sortMarkets(ms, sort) : ms);
  const only = ctx.exchangeFlag();
  // A page of 0 markets is never what anyone wants, and with --all it would never advance.
  const limit = opts.limit === undefined ? undefined : parseInteger('--limit', opts.limit, 1, 1_000_000);
  const cursor = opts.cursor === undefined ? undefined : parseCursor(opts.cursor);
  const event = opts.event === undefined ? undefined : parseId('--event', opts.event);
  const series = opts.series === undefined ? undefined : parseId('--series', opts.series);
  if (opts.all && cursor) throw new PmtError('Api', '--all and --cursor cannot be combined', { usage: true });

  // Tickers may be unified ids ("kalshi:X"): they pick their exchange.
  const tickers = (opts.ticker ?? []).map((t) => parseId('--ticker', t));
  let ids: ExchangeId[] = only ? [only] : [...EXCHANGE_IDS];
  if (series !== undefined) ids = seriesExchanges(ctx, ids, only);
  const byExchange = new Map<ExchangeId, string[]>();
  for (const t of tickers) {
    const m = /^(kalshi|polymarket):(.+)$/i.exec(t);
    const ex = m ? (m[1]!.toLowerCase() as ExchangeId) : undefined;
    if (ex && only && ex !== only) throw new PmtError('Api', `--ticker ${t} is not on --exchange ${only}`, { usage: true });
    for (const id of ex ? [ex] : ids) byExchange.set(id, [...(byExchange.get(id) ?? []), m ? m[2]! : t]);
  }
  if (tickers.length) ids = ids.filter((id) => byExchange.has(id));

  const base: FetchMarketsParams = {
    status,
    event_ticker: event,
    series_ticker: series,
  };
  const paramsFor = (id: ExchangeId, all: boolean): FetchMarketsParams => ({
    ...base,
    // --all without --limit pages at the exchange's cap: fewest round trips.
    limit: limit === undefined ? (all ? CAPS[id] : DEFAULT_LIMIT) : Math.min(limit, CAPS[id]),
    market_tickers: byExchange.get(id),
  });

  const exchange = (id: ExchangeId) => ctx.exchange(id);
  if (tickers.length) {
    // Ticker lookups: one request per exchange, then say which tickers did not come back.
    const { ok, failed } = await acrossExchanges(ids, async (id) => (await exchange(id)).fetchMarkets(paramsFor(id, false)));
    const markets = ok.flatMap((p) => p.value.markets);
    await reportMissing(ctx, ok.map((p) => p.exchange), byExchange, markets, status);
    await emit(ctx, sorted(markets), null);
    return reportFailures(ctx, failed);
  }

  if (opts.all) {
    const collected: Market[] = [];
    const progress = ctx.io.stderrIsTTY && !ctx.json && !ctx.ndjson ? (await import('../../render/progress.js')).progressLine(ctx.io) : undefined;
    try {
      const pager = iterateMarkets(
        exchange,
        ids,
        base,
        (id) => paramsFor(id, true).limit,
        (s) => progress?.update(`fetching markets: ${s.pages} page${s.pages === 1 ? '' : 's'}, ${s.markets.toLocaleString('en-US')} markets`),
      );
      for await (const page of pager) {
        // Sorted output cannot stream: every market must be in before the first is known.
        if (ctx.ndjson && !sort) {
          if (!ctx.io.ndjsonLines(page)) await ctx.io.drain();
        } else collected.push(...page);
      }
    } finally {
      progress?.done();
    }
    if (ctx.ndjson && !sort) return;
    return emit(ctx, sorted(collected), null);
  }

  // One exchange down: the other's rows, its failure on stderr, its exit code (partial results).
  const failures: Array<{ exchange: ExchangeId; error: unknown }> = [];
  const page = await fetchMarketsAcross(exchange, ids, { ...base, cursor }, (id) => paramsFor(id, false).limit, failures);
  // The next-page hint repeats the query: a cursor only continues the listing it came from.
  const again = [
    ctx.globals.exchange ? `--exchange ${ctx.globals.exchange}` : '',
    status !== 'active' ? `--status ${status}` : '',
    series ? `--series ${series}` : '',
    limit !== undefined ? `--limit ${limit}` : '',
  ].filter(Boolean);
  if (sort) again.push(`--sort ${sort}`);
  await emit(ctx, sorted(page.markets), page.cursor, again);
  reportFailures(ctx, failures);
}

/**
 * `--series` filters only the exchanges that have series: without `--exchange` the list is theirs
 * alone (said on stderr for people), and naming another exchange is a usage error, not a silent
 * list of everything.
 */
function seriesExchanges(ctx: Context, ids: ExchangeId[], only: ExchangeId | undefined): ExchangeId[] {
  const names = SERIES_EXCHANGES.join(', ');
  if (only && !SERIES_EXCHANGES.includes(only)) throw new PmtError('Api', `--series is a ${names} filter; ${only} markets have no series`, { usage: true });
  const kept = ids.filter((id) => SERIES_EXCHANGES.includes(id));
  if (!only && !ctx.json && !ctx.ndjson) ctx.io.err(`note: --series is a ${names} filter: listing ${names} only`);
  return kept;
}

async function emit(ctx: Context, markets: Market[], cursor: string | null, again: string[] = []): Promise<void> {
  if (ctx.ndjson) {
    if (!ctx.io.ndjsonLines(markets)) await ctx.io.drain();
    return;
  }
  if (ctx.json) return ctx.io.json({ markets, cursor });
  if (markets.length === 0) noMarkets(ctx);
  else await printMarkets(ctx.io, new Formatter(ctx.io), markets);
  // The cursor is data a person needs to continue: on stderr so stdout stays rows only.
  if (cursor) ctx.io.err(`next page: pmt markets list ${[...again, `--cursor ${cursor}`].join(' ')}`);
}

function noMarkets(ctx: Context): void {
  if (ctx.io.isTTY) ctx.io.err('no markets match');
}

/**
 * Tickers that did not come back: if they exist under another status, say so; if they exist
 * nowhere, that is MarketNotFound.
 */
async function reportMissing(
  ctx: Context,
  ids: ExchangeId[],
  byExchange: Map<ExchangeId, string[]>,
  found: Market[],
  status: string,
): Promise<void> {
  const have = new Set(found.map((m) => m.ticker));
  const wanted = new Set(ids.flatMap((id) => byExchange.get(id) ?? []));
  const missing = [...wanted].filter((t) => !have.has(t));
  if (missing.length === 0) return;
  let elsewhere: Market[] = [];
  if (status !== 'all') {
    const pages = await Promise.all(
      ids.map(async (id) => {
        const mine = (byExchange.get(id) ?? []).filter((t) => missing.includes(t));
        if (mine.length === 0) return [];
        return (await (await ctx.exchange(id)).fetchMarkets({ status: 'all', market_tickers: mine })).markets;
      }),
    );
    elsewhere = pages.flat();
  }
  const other = new Map(elsewhere.map((m) => [m.ticker, m]));
  const nowhere = missing.filter((t) => !other.has(t));
  if (nowhere.length === missing.length && found.length === 0) {
    throw new PmtError('MarketNotFound', `no market ${nowhere.map((t) => `"${t}"`).join(', ')} on ${ids.join(' or ')}`);
  }
  if (!ctx.json && !ctx.ndjson) {
    for (const t of missing) {
      const m = other.get(t);
      ctx.io.err(m ? `note: ${m.unified_id} is ${m.status}; add --status ${m.status} or --status all to see it` : `note: no market "${t}"`);
    }
  }
}
