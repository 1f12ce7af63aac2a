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
import { cliInput } from '../input.js';

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
  const { cursor: first, all: every, ...q } = cliInput(ctx, 'fetch_trades', opts, args) as { market_ticker: string; limit?: string; cursor?: string; all?: boolean; exchange?: never };
  let cursor: string | null | undefined = first;
  const seen = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await fetchTrades(svc, { ...q, cursor });
    if (ctx.ndjson) {
      for (const t of r.trades) if (!ctx.io.ndjson(t)) await ctx.io.drain();
    } else trades.push(...r.trades);
    cursor = r.cursor;
    if (!every || !cursor || seen.has(cursor)) break;
    seen.add(cursor);
  }
  if (ctx.json) return ctx.io.json({ trades, cursor: every ? null : (cursor ?? null) });
  if (ctx.ndjson) return;
  if (trades.length === 0 && ctx.io.isTTY) ctx.io.err('no trades');
  else await printTrades(ctx.io, f, trades);
  if (cursor && !every && ctx.io.isTTY) ctx.io.err(f.c.dim(wrapCommand(`more: pmt trades ${q.market_ticker} --cursor ${cursor}`, ctx.io.columns)));
}
