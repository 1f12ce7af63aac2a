/** `pmt order get <order_id>`: fetch_order on the exchange the id's shape names (ops/orders.ts). */
import type { Context } from '../../context.js';
import { fetchOrder } from '../../ops/orders.js';
import { Formatter } from '../../render/format.js';
import { printOrders, orderLines, ORDER_HANG } from '../../render/views/orders.js';
import { fitLines } from '../../render/io.js';

export async function run(ctx: Context, _opts: unknown, args: string[]): Promise<void> {
  const o = await fetchOrder(ctx, { order_id: args[0], exchange: ctx.exchangeFlag() });
  if (ctx.json || ctx.ndjson) return ctx.io.json(o.order);
  const f = new Formatter(ctx.io);
  if (!ctx.io.isTTY) return printOrders(ctx.io, f, [o]);
  ctx.io.out(fitLines(ctx.io, orderLines(f, o), ORDER_HANG).join('\n'));
}
