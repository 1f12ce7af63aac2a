/** `pmt order get <order_id>`: fetch_order on the exchange the id's shape names. */
import type { Context } from '../../context.js';
import { Formatter } from '../../render/format.js';
import { printOrders, orderLines, ORDER_HANG } from '../../render/views/orders.js';
import { fitLines } from '../../render/io.js';
import { resolveOrderExchange } from '../resolve.js';
import { requireCredentials } from './common.js';

export async function run(ctx: Context, _opts: unknown, args: string[]): Promise<void> {
  const { exchange, id } = resolveOrderExchange(ctx, args[0]);
  await requireCredentials(ctx, exchange);
  const order = await (await ctx.exchange(exchange)).fetchOrder(id);
  if (ctx.json || ctx.ndjson) return ctx.io.json(order);
  const f = new Formatter(ctx.io);
  if (!ctx.io.isTTY) return printOrders(ctx.io, f, [{ exchange, order }]);
  ctx.io.out(fitLines(ctx.io, orderLines(f, { exchange, order }), ORDER_HANG).join('\n'));
}
