/** `pmt markets list`: fetch_markets over one or every exchange, one page or --all (ops/markets.ts). */
import { wrapCommand } from '../../render/width.js';
import type { Context } from '../../context.js';
import type { Market, MarketStatusFilter } from '../../exchanges/types.js';
import { failureOf, type ExchangeFailure } from '../../ops/fanout.js';
import { eventTitlesFor } from '../../ops/event-titles.js';
import { checkAll, fetchMarkets, fetchMarketsSorted, iterateAllMarkets, seriesScope, type MarketsQuery, type MissingTicker } from '../../ops/markets.js';
import { Formatter } from '../../render/format.js';
import { printMarkets } from '../../render/views/markets.js';
import type { MarketSort } from '../../ops/market-sort.js';
import { cliInput } from '../input.js';

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

export async function run(ctx: Context, opts: Opts, _args: string[] = []): Promise<void> {
  const { all: every, sort, ...q } = cliInput(ctx, 'fetch_markets', opts) as MarketsQuery & { all?: boolean; sort?: MarketSort };
  if (q.series_ticker !== undefined) {
    // The rule is the op's (serve's series_ticker answers alike); the note is for people.
    const { note } = seriesScope(ctx, q.exchange);
    if (note && !ctx.json && !ctx.ndjson) ctx.io.err(note);
  }
  if (every) checkAll(q);
  if (sort) return sorted(ctx, q, sort, Boolean(every));
  // Ticker lookups are one request per exchange: --all has nothing more to follow.
  if (every && !q.market_tickers?.length) return all(ctx, q);

  const r = await fetchMarkets(ctx, q, { explain: true });
  if (!ctx.json && !ctx.ndjson) notes(ctx, r.missing);
  // The next-page hint repeats the query: a cursor only continues the listing it came from.
  const again = [
    ctx.globals.exchange ? `--exchange ${ctx.globals.exchange}` : '',
    q.status !== 'active' ? `--status ${q.status}` : '',
    q.series_ticker ? `--series ${q.series_ticker}` : '',
    q.limit !== undefined ? `--limit ${q.limit}` : '',
  ].filter(Boolean);
  await emit(ctx, r.markets, r.cursor, q.status, again);
  failed(r.failed);
}

async function all(ctx: Context, q: MarketsQuery): Promise<void> {
  const collected: Market[] = [];
  const failures: ExchangeFailure[] = [];
  const progress = ctx.io.stderrIsTTY && !ctx.json && !ctx.ndjson ? (await import('../../render/progress.js')).progressLine(ctx.io) : undefined;
  const pager = iterateAllMarkets(ctx, q, {
    onPage: (s) => progress?.update(`fetching markets: ${s.pages} page${s.pages === 1 ? '' : 's'}, ${s.markets.toLocaleString('en-US')} markets`),
    onFailure: (f) => failures.push(f),
  });
  try {
    for await (const page of pager) {
      if (ctx.ndjson) {
        if (!ctx.io.ndjsonLines(page)) await ctx.io.drain();
      } else collected.push(...page);
    }
  } finally {
    progress?.done();
  }
  if (!ctx.ndjson) {
    if (ctx.json) ctx.io.json({ markets: collected, cursor: null });
    else if (collected.length === 0) noMarkets(ctx);
    else await table(ctx, collected, q.status);
  }
  failed(failures);
}

/** `--sort` (ops/markets.ts): the page, or every market with --all, in the order asked. */
async function sorted(ctx: Context, q: MarketsQuery, sort: MarketSort, every: boolean): Promise<void> {
  const r = await fetchMarketsSorted(ctx, q, sort, every);
  if (!ctx.json && !ctx.ndjson) notes(ctx, r.missing);
  const again = [ctx.globals.exchange ? `--exchange ${ctx.globals.exchange}` : '', q.status !== 'active' ? `--status ${q.status}` : '', q.limit !== undefined ? `--limit ${q.limit}` : '', `--sort ${sort}`].filter(Boolean);
  await emit(ctx, r.markets, r.cursor, q.status, again);
  failed(r.failed);
}

/** Rows that answered are out; each exchange that failed is reported, and the exit code is the first's. */
function failed(failures: ExchangeFailure[]): void {
  if (failures.length) throw failureOf(failures);
}

async function emit(ctx: Context, markets: Market[], cursor: string | null, status: MarketStatusFilter | undefined, again: string[] = []): Promise<void> {
  if (ctx.ndjson) {
    if (!ctx.io.ndjsonLines(markets)) await ctx.io.drain();
    return;
  }
  if (ctx.json) return ctx.io.json({ markets, cursor });
  if (markets.length === 0) noMarkets(ctx);
  else await table(ctx, markets, status);
  // The cursor is data a person needs to continue: on stderr so stdout stays rows only.
  if (cursor) ctx.io.err(ctx.io.isTTY ? wrapCommand(`next page: pmt markets list ${[...again, `--cursor ${cursor}`].join(' ')}`, ctx.io.columns) : `next page: pmt markets list ${[...again, `--cursor ${cursor}`].join(' ')}`);
}

/**
 * The table for people; where the rows mix events, generic titles ("Option A") get their event's
 * title beside them (piped rows keep the market's own title, and never wait for event titles).
 */
async function table(ctx: Context, markets: Market[], status: MarketStatusFilter | undefined): Promise<void> {
  const titles = ctx.io.isTTY ? await eventTitlesFor(ctx, markets, status) : {};
  await printMarkets(ctx.io, new Formatter(ctx.io), markets, titles);
}

function noMarkets(ctx: Context): void {
  if (ctx.io.isTTY) ctx.io.err('no markets match');
}

/** Tickers that did not come back: under another status, or nowhere. */
function notes(ctx: Context, missing: MissingTicker[]): void {
  for (const { ticker, elsewhere: m } of missing) {
    ctx.io.err(m ? `note: ${m.unified_id} is ${m.status}; add --status ${m.status} or --status all to see it` : `note: no market "${ticker}"`);
  }
}
