/** `pmt book impact <asset> --size N`: fetch_orderbook_impact, both sides of a market order. */
import { bookImpact, MAX_IMPACT_SIZE, walkBook } from '../../analytics/book.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { Formatter } from '../../render/format.js';
import { printImpact } from '../../render/views/book.js';
import { parseSize } from '../../validate.js';
import { resolveBookAsset, serviceTs } from './asset.js';

interface Opts {
  size?: string;
  outcome?: string;
  cents?: boolean;
}

/** --size: > 0, at most 6 decimals (the book's contract grid) and at most MAX_IMPACT_SIZE. */
export function parseImpactSize(input: unknown): number {
  const d = parseSize('--size', input);
  if (d.places() > 6) throw usageError(`--size must have at most 6 decimal places (got ${d.toFixed()})`);
  if (d.gt(MAX_IMPACT_SIZE)) throw usageError(`--size must be at most ${MAX_IMPACT_SIZE} contracts (got ${d.toFixed()})`);
  return d.toNumber();
}

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  const size = parseImpactSize(opts.size);
  const { exchange, adapter, assetId, outcome } = await resolveBookAsset(ctx, args[0], opts.outcome);
  const book = await adapter.fetchOrderbook(assetId, outcome);
  const impact = bookImpact(book, size, serviceTs(ctx));
  if (ctx.json || ctx.ndjson) return ctx.io.json(impact);
  const f = new Formatter(ctx.io, { cents: opts.cents });
  await printImpact(ctx.io, f, impact, { exchange, asset_id: book.asset_id, outcome }, walkBook(book.asks, size), walkBook(book.bids, size));
}
