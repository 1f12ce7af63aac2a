/** `pmt book stats <asset>`: fetch_orderbook_stats (top of book, mid, spread, imbalance, depth). */
import type { Context } from '../../context.js';
import { fetchOrderbookStats } from '../../ops/book.js';
import { Formatter } from '../../render/format.js';
import { printStats } from '../../render/views/book.js';
import { cliInput } from '../input.js';

interface Opts {
  outcome?: string;
  cents?: boolean;
}

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  const { asset, book, result: stats } = await fetchOrderbookStats(ctx, cliInput(ctx, 'fetch_orderbook_stats', opts, args));
  if (ctx.json || ctx.ndjson) return ctx.io.json(stats);
  await printStats(ctx.io, new Formatter(ctx.io, { cents: opts.cents }), stats, { exchange: asset.exchange, asset_id: book.asset_id, outcome: asset.outcome });
}
