/** `pmt markets search <words...>`: search over both exchanges or --exchange (ops/search.ts). */
import type { Context } from '../../context.js';
import { MARKET_STATUS_FILTERS } from '../../exchanges/types.js';
import { failureOf } from '../../ops/fanout.js';
import { MAX_SEARCH_LIMIT, searchMarkets } from '../../ops/search.js';
import { Formatter } from '../../render/format.js';
import { printMarkets } from '../../render/views/markets.js';
import { parseEnum, parseInteger } from '../../validate.js';

interface Opts {
  status?: string;
  limit?: string;
}

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  const words = args.join(' ').trim();
  const status = parseEnum('--status', opts.status ?? 'active', MARKET_STATUS_FILTERS);
  const limit = opts.limit === undefined ? undefined : parseInteger('--limit', opts.limit, 1, MAX_SEARCH_LIMIT);
  const r = await searchMarkets(ctx, { query: words, status, limit, exchange: ctx.exchangeFlag() });
  if (ctx.ndjson) {
    if (!ctx.io.ndjsonLines(r.markets)) await ctx.io.drain();
  } else if (ctx.json) ctx.io.json({ markets: r.markets, cursor: null });
  else if (r.markets.length === 0) {
    if (ctx.io.isTTY && r.failed.length === 0) ctx.io.err(`no ${status === 'all' ? '' : status + ' '}markets match "${words}"${status === 'active' ? ' (try --status all)' : ''}`);
  } else await printMarkets(ctx.io, new Formatter(ctx.io), r.markets, r.event_titles);
  if (r.failed.length) throw failureOf(r.failed);
}
