/**
 * `pmt order list [--asset A]`: fetch_open_orders on the asset's exchange, on --exchange, or on
 * every exchange with credentials. One exchange failing leaves the other's orders printed, the
 * failure on stderr and its exit code (never 0): a partial list is never mistaken for all.
 */
import type { Context } from '../../context.js';
import type { ExchangeId } from '../../exchanges/types.js';
import { Formatter } from '../../render/format.js';
import { printOrders, type ExchangeOrder } from '../../render/views/orders.js';
import { targetExchanges } from './common.js';
import { acrossExchanges, reportFailures } from '../partial.js';

interface Opts {
  asset?: string;
}

/** Open orders of each exchange, fetched in parallel; the first failure (in exchange order) wins. */
export async function fetchOpen(ctx: Context, ids: ExchangeId[], asset?: string): Promise<ExchangeOrder[]> {
  const settled = await Promise.allSettled(ids.map(async (id) => (await (await ctx.exchange(id)).fetchOpenOrders(asset)).map((order) => ({ exchange: id, order }))));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : []));
}

export async function run(ctx: Context, opts: Opts, _args: string[] = []): Promise<void> {
  const { ids, asset } = await targetExchanges(ctx, opts.asset);
  const assetId = asset === undefined ? undefined : await (await ctx.exchange(ids[0]!)).resolveAsset(asset);
  const { ok, failed } = await acrossExchanges(ids, async (id) => (await (await ctx.exchange(id)).fetchOpenOrders(assetId)).map((order) => ({ exchange: id, order })));
  const orders = ok.flatMap((r) => r.value);
  try {
    await print(ctx, ok.map((r) => r.exchange), assetId, orders);
  } finally {
    reportFailures(ctx, failed);
  }
}

async function print(ctx: Context, ids: ExchangeId[], assetId: string | undefined, orders: ExchangeOrder[]): Promise<void> {
  if (ctx.ndjson) {
    for (const o of orders) if (!ctx.io.ndjson(o.order)) await ctx.io.drain();
    return;
  }
  if (ctx.json) return ctx.io.json(orders.map((o) => o.order));
  if (orders.length === 0) {
    if (ctx.io.isTTY) ctx.io.err(`no open orders on ${ids.join(' or ')}${assetId ? ` for ${assetId}` : ''}`);
    return;
  }
  await printOrders(ctx.io, new Formatter(ctx.io), orders);
}
