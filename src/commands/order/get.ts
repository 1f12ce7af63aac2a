/**
 * `pmt order get <order_id>`: fetch_order on the exchange the id's shape names (ops/orders.ts).
 * `pmt order get --client-id <id>`: the order sent under that client order id (Kalshi) or with
 * that hash (Polymarket), what settles a create whose outcome was "unknown" (ops/journal.ts).
 */
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { fetchOrderByClientId } from '../../ops/journal.js';
import { fetchOrder } from '../../ops/orders.js';
import { nameMarkets } from '../../ops/orders.js';
import { Formatter } from '../../render/format.js';
import { printOrders, orderLines, ORDER_HANG } from '../../render/views/orders.js';
import { fitLines } from '../../render/width.js';
import { cliInput } from '../input.js';

export async function run(ctx: Context, opts: { clientId?: string }, args: string[]): Promise<void> {
  const { order_id, client_order_id, exchange } = cliInput(ctx, 'fetch_order', opts, args) as { order_id?: string; client_order_id?: string; exchange?: never };
  if (client_order_id !== undefined && order_id !== undefined) throw usageError('give an order id or --client-id, not both');
  if (client_order_id === undefined && order_id === undefined) throw usageError('missing order id (or --client-id <id>)');
  const o = client_order_id !== undefined ? await fetchOrderByClientId(ctx, { client_order_id, exchange }) : await fetchOrder(ctx, { order_id, exchange });
  if (ctx.json || ctx.ndjson) return ctx.io.json(o.order);
  const f = new Formatter(ctx.io);
  if (!ctx.io.isTTY) return printOrders(ctx.io, f, [o]);
  const [named] = await nameMarkets(ctx, [o]);
  ctx.io.out(fitLines(ctx.io, orderLines(f, named!), ORDER_HANG).join('\n'));
}
