/**
 * `pmt markets search <words...>`: markets found by words on both exchanges (or --exchange),
 * merged and ranked by one rule, at most --limit in all. An exchange that fails leaves the
 * other's results printed and its error on stderr (partial results).
 */
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { marketScore, queryWords, rank } from '../../exchanges/search-rank.js';
import { EXCHANGE_IDS, MARKET_STATUS_FILTERS, type Market } from '../../exchanges/types.js';
import { Formatter } from '../../render/format.js';
import { printMarkets } from '../../render/views/markets.js';
import { parseEnum, parseInteger } from '../../validate.js';
import { acrossExchanges, reportFailures } from '../partial.js';

interface Opts {
  status?: string;
  limit?: string;
}

export const DEFAULT_SEARCH_LIMIT = 20;

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  const words = args.join(' ').trim();
  if (queryWords(words).length === 0) throw usageError('markets search needs words to look for, e.g. `pmt markets search fed rates`');
  if (words.length > 200) throw usageError(`search words are too long (${words.length} characters, at most 200)`);
  const status = parseEnum('--status', opts.status ?? 'active', MARKET_STATUS_FILTERS);
  const limit = opts.limit === undefined ? DEFAULT_SEARCH_LIMIT : parseInteger('--limit', opts.limit, 1, 200);
  const only = ctx.exchangeFlag();
  const ids = only ? [only] : [...EXCHANGE_IDS];
  const { ok, failed } = await acrossExchanges(ids, async (id) => (await ctx.exchange(id)).searchMarkets({ query: words, status, limit }));
  const titles: Record<string, string> = {};
  for (const r of ok) Object.assign(titles, r.value.event_titles);
  const q = queryWords(words);
  const all = ok.flatMap((r) => r.value.markets);
  const markets: Market[] = rank(all.map((m) => ({ market: m, score: marketScore(q, m, m.event_ticker ? titles[m.event_ticker] : undefined) }))).slice(0, limit);
  if (ctx.ndjson) {
    if (!ctx.io.ndjsonLines(markets)) await ctx.io.drain();
  } else if (ctx.json) ctx.io.json({ markets, cursor: null });
  else if (markets.length === 0) {
    if (ctx.io.isTTY) ctx.io.err(`no ${status === 'all' ? '' : status + ' '}markets match "${words}"${status === 'active' ? ' (try --status all)' : ''}`);
  } else await printMarkets(ctx.io, new Formatter(ctx.io), markets, titles);
  reportFailures(ctx, failed);
}
