/** `pmt markets search <words...>`: search over both exchanges or --exchange (ops/search.ts). */
import type { Context } from '../../context.js';
import type { ExchangeId, MarketStatusFilter } from '../../exchanges/types.js';
import { failureOf } from '../../ops/fanout.js';
import { searchMarkets } from '../../ops/search.js';
import { Formatter } from '../../render/format.js';
import { printMarkets } from '../../render/views/markets.js';
import { cliInput } from '../input.js';

interface Opts {
  status?: string;
  limit?: string;
}

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  const q = cliInput(ctx, 'search_markets', opts, args) as { query: string; status: MarketStatusFilter; limit?: number; exchange?: ExchangeId };
  const { query: words, status } = q;
  const r = await searchMarkets(ctx, q);
  if (ctx.ndjson) {
    if (!ctx.io.ndjsonLines(r.markets)) await ctx.io.drain();
  } else if (ctx.json) ctx.io.json({ markets: r.markets, cursor: null });
  else if (r.markets.length === 0) {
    if (ctx.io.isTTY && r.failed.length === 0) ctx.io.err(`no ${status === 'all' ? '' : status + ' '}markets match "${words}"${status === 'active' ? ' (try --status all)' : ''}`);
  } else await printMarkets(ctx.io, new Formatter(ctx.io), r.markets, r.event_titles);
  if (r.failed.length) throw failureOf(r.failed);
}
