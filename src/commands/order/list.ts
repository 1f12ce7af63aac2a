/**
 * `pmt order list [--asset A]`: fetch_open_orders on the asset's exchange, on --exchange, or on
 * every exchange with credentials. A failure of one exchange fails the command: a partial list
 * of open orders would be read as "that is all I have", so nothing is silently dropped.
 */
import type { Context } from '../../context.js';
import type { ExchangeId } from '../../exchanges/types.js';
import { Formatter } from '../../render/format.js';
import { printOrders, type ExchangeOrder } from '../../render/views/orders.js';
import { targetExchanges } from './common.js';
import { intentsByOrderId, openJournal, withIntent } from '../../journal.js';
import { configDir } from '../../profiles.js';

interface Opts {
  asset?: string;
}

/**
 * Open orders of each exchange, fetched in parallel; the first failure (in exchange order) wins.
 * `assets` (one exchange) scopes the read to those assets: every outcome token of a market.
 */
export async function fetchOpen(ctx: Context, ids: ExchangeId[], assets?: string[]): Promise<ExchangeOrder[]> {
  const reads = ids.flatMap((id) => (assets ?? [undefined]).map((a) => ({ id, a })));
  const settled = await Promise.allSettled(reads.map(async ({ id, a }) => (await (await ctx.exchange(id)).fetchOpenOrders(a)).map((order) => ({ exchange: id, order }))));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return asPlaced(ctx, settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : [])));
}

/** Orders pmt placed read back with the outcome, side and price they were placed with (journal). */
export function asPlaced(ctx: Context, orders: ExchangeOrder[]): ExchangeOrder[] {
  const intents = intentsByOrderId(openJournal(configDir(ctx.env)).read());
  if (intents.size === 0) return orders;
  return orders.map((o) => ({ exchange: o.exchange, order: withIntent(o.order, intents) }));
}

export async function run(ctx: Context, opts: Opts, _args: string[] = []): Promise<void> {
  const { ids, asset } = await targetExchanges(ctx, opts.asset);
  // A market covers every outcome: both tokens of a Polymarket market, both sides of a Kalshi ticker.
  const assets = asset === undefined ? undefined : await (await ctx.exchange(ids[0]!)).resolveMarketAssets(asset);
  const assetId = assets?.join(', ');
  const orders = await fetchOpen(ctx, ids, assets);
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
