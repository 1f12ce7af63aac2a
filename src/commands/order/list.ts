/**
 * `pmt order list [--asset A]`: fetch_open_orders on the asset's exchange, on --exchange, or on
 * every exchange with credentials (ops/orders.ts). An exchange that fails is never silently
 * dropped: the others' orders are printed, then its error, and the exit code is that error's.
 */
import type { Context } from '../../context.js';
import { failureOf } from '../../ops/fanout.js';
import { fetchOpenOrders, nameMarkets } from '../../ops/orders.js';
import { Formatter } from '../../render/format.js';
import { printOrders } from '../../render/views/orders.js';
import { cliInput } from '../input.js';

interface Opts {
  asset?: string;
}

export async function run(ctx: Context, opts: Opts, _args: string[] = []): Promise<void> {
  const { ids, assetId, orders, failed } = await fetchOpenOrders(ctx, cliInput(ctx, 'fetch_open_orders', opts));
  if (ctx.ndjson) {
    for (const o of orders) if (!ctx.io.ndjson(o.order)) await ctx.io.drain();
  } else if (ctx.json) ctx.io.json(orders.map((o) => o.order));
  else if (orders.length === 0) {
    if (ctx.io.isTTY && failed.length === 0) ctx.io.err(`no open orders on ${ids.join(' or ')}${assetId ? ` for ${assetId}` : ''}`);
  } else await printOrders(ctx.io, new Formatter(ctx.io), ctx.io.isTTY ? await nameMarkets(ctx, orders) : orders);
  if (failed.length) throw failureOf(failed);
}
