/**
 * `pmt order cancel <order_id> [--yes]`: cancel_order on the exchange the id's shape names
 * (ops/order-one.ts). On a terminal it shows the order and asks first; elsewhere --yes is required.
 * Prints the order as the exchange now holds it (status cancelled).
 */
import type { Context } from '../../context.js';
import { cancelledError, usageError } from '../../errors.js';
import { cancelOrder, currentOrder, orderTarget } from '../../ops/order-one.js';
import { nameMarkets } from '../../ops/orders.js';
import { Formatter } from '../../render/format.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { orderLines, printOrders } from '../../render/views/orders.js';
import { cliInput } from '../input.js';

interface Opts {
  yes?: boolean;
}

export async function run(ctx: Context, opts: Opts, args: string[], deps: { prompter?: Prompter } = {}): Promise<void> {
  const svc = ctx;
  // Validated (shape, credentials) before anything is asked or sent.
  const { order_id, exchange } = cliInput(ctx, 'cancel_order', opts, args) as { order_id: string; exchange?: never };
  const target = await orderTarget(svc, { order_id, exchange }, 'cancelOrder');
  if (!opts.yes && !ctx.io.canPrompt) throw usageError('not on a terminal: add --yes to cancel without a confirmation; nothing was cancelled');
  const f = new Formatter(ctx.io);
  if (!opts.yes) {
    const [current] = await nameMarkets(svc, [await currentOrder(svc, target)]);
    ctx.io.err(orderLines(f, current!).join('\n'));
    const pr = deps.prompter ?? terminalPrompter(ctx.io, { toStderr: true });
    if (!(await pr.confirm({ message: `Cancel this ${target.exchange} order?`, default: false }))) throw cancelledError('nothing was cancelled: declined at the confirmation');
  }
  const o = await cancelOrder(svc, { order_id: target.id, exchange: target.exchange });
  if (ctx.json || ctx.ndjson) return ctx.io.json(o.order);
  if (!ctx.io.isTTY) return printOrders(ctx.io, f, [o]);
  ctx.io.out(orderLines(f, (await nameMarkets(svc, [o]))[0]!).join('\n'));
}
