/** `pmt book show <asset> [--depth N]`: fetch_orderbook as a ladder, TSV, or the Orderbook model. */
import { bookStats } from '../../analytics/book.js';
import type { Context } from '../../context.js';
import { fetchOrderbook, serviceTs } from '../../ops/book.js';
import { Formatter } from '../../render/format.js';
import { depthForRows, ladder, printLadder } from '../../render/views/book.js';
import { cliInput } from '../input.js';

interface Opts {
  depth?: string;
  outcome?: string;
  cents?: boolean;
}

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  const q = cliInput(ctx, 'fetch_orderbook', opts, args) as { asset_id: string; exchange?: never; outcome?: string; depth?: number };
  const { depth } = q;
  const { asset, book, result } = await fetchOrderbook(ctx, q);
  // --json is the Orderbook, with --depth's N best levels per side (contract, "Books").
  if (ctx.json || ctx.ndjson) return ctx.io.json(result);
  const f = new Formatter(ctx.io, { cents: opts.cents });
  // On a terminal the ladder fits the screen; piped, every level goes to the script.
  const shown = depth ?? (ctx.io.isTTY ? depthForRows(ctx.io.rows) : undefined);
  await printLadder(ctx.io, f, book, bookStats(book, serviceTs(ctx)), ladder(book, shown), { exchange: asset.exchange, asset_id: book.asset_id, outcome: asset.outcome });
}
