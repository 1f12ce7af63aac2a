/** `pmt book stats <asset>`: fetch_orderbook_stats (top of book, mid, spread, imbalance, depth). */
import { bookStats } from '../../analytics/book.js';
import type { Context } from '../../context.js';
import { Formatter } from '../../render/format.js';
import { printStats } from '../../render/views/book.js';
import { resolveBookAsset, serviceTs } from './asset.js';

interface Opts {
  outcome?: string;
  cents?: boolean;
}

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  const { exchange, adapter, assetId, outcome } = await resolveBookAsset(ctx, args[0], opts.outcome);
  const book = await adapter.fetchOrderbook(assetId, outcome);
  const stats = bookStats(book, serviceTs(ctx));
  if (ctx.json || ctx.ndjson) return ctx.io.json(stats);
  await printStats(ctx.io, new Formatter(ctx.io, { cents: opts.cents }), stats, { exchange, asset_id: book.asset_id, outcome });
}
