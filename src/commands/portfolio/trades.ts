/**
 * `pmt trades <market> [--limit N] [--cursor C] [--all]`: the public tape (fetch_trades), newest
 * first, paged like `markets list`; `--ndjson` streams one MarketTrade per line.
 */
import type { Context } from '../../context.js';
import { fetchTrades } from '../../ops/tape.js';
import type { MarketTrade } from '../../models/portfolio.js';
import { wrapCommand } from '../../render/width.js';
import { Formatter } from '../../render/format.js';
import { printTrades } from '../../render/views/tape.js';

interface Opts {
  limit?: string;
  cursor?: string;
  all?: boolean;
}

const MAX_PAGES = 1000;

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  const svc = ctx;
  const f = new Formatter(ctx.io);
  const trades: MarketTrade[] = [];
  let cursor: string | null | undefined = opts.cursor;
  const seen = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await fetchTrades(svc, { market_ticker: args[0], limit: opts.limit, cursor, exchange: ctx.exchangeFlag() });
    if (ctx.ndjson) {
      for (const t of r.trades) if (!ctx.io.ndjson(t)) await ctx.io.drain();
    } else trades.push(...r.trades);
    cursor = r.cursor;
    if (!opts.all || !cursor || seen.has(cursor)) break;
    seen.add(cursor);
  }
  if (ctx.json) return ctx.io.json({ trades, cursor: opts.all ? null : (cursor ?? null) });
  if (ctx.ndjson) return;
  if (trades.length === 0 && ctx.io.isTTY) ctx.io.err('no trades');
  else await printTrades(ctx.io, f, trades);
  if (cursor && !opts.all && ctx.io.isTTY) ctx.io.err(f.c.dim(wrapCommand(`more: pmt trades ${args[0]} --cursor ${cursor}`, ctx.io.columns)));
}
