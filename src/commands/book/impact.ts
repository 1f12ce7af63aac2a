/** `pmt book impact <asset> --size N`: fetch_orderbook_impact, both sides of a market order. */
import { walkBook } from '../../analytics/book.js';
import type { Context } from '../../context.js';
import { fetchOrderbookImpact } from '../../ops/book.js';
import { Formatter } from '../../render/format.js';
import { printImpact } from '../../render/views/book.js';
import { cliInput } from '../input.js';

interface Opts {
  size?: string;
  outcome?: string;
  cents?: boolean;
}

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  const { asset, book, size, result: impact } = await fetchOrderbookImpact(ctx, cliInput(ctx, 'fetch_orderbook_impact', opts, args));
  if (ctx.json || ctx.ndjson) return ctx.io.json(impact);
  const f = new Formatter(ctx.io, { cents: opts.cents });
  await printImpact(ctx.io, f, impact, { exchange: asset.exchange, asset_id: book.asset_id, outcome: asset.outcome }, walkBook(book.asks, size), walkBook(book.bids, size));
}
