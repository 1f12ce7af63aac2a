/**
 * `pmt order amend <order_id> [--price P] [--size S] [--yes]`: amend_order (Kalshi). The price is
 * that of the order's own outcome; the size is the new total. On a terminal it shows the change
 * and asks first; elsewhere --yes is required. Polymarket has no amend: NotSupported (exit 10)
 * with the way to do it by hand, before anything is asked.
 */
import type { Context } from '../../context.js';
import { cancelledError, usageError } from '../../errors.js';
import { amendChanges, amendOrder, currentOrder, orderTarget } from '../../ops/order-one.js';
import { Formatter } from '../../render/format.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { orderLines, printOrders } from '../../render/views/orders.js';

interface Opts {
  price?: string;
  size?: string;
  yes?: boolean;
}

export async function run(ctx: Context, opts: Opts, args: string[], deps: { prompter?: Prompter } = {}): Promise<void> {
  const svc = ctx;
  const changes = amendChanges({ order_id: args[0], price: opts.price, size: opts.size });
  // An exchange without amend answers NotSupported, with the hint, before credentials or a question.
  const target = await orderTarget(svc, { order_id: args[0], exchange: ctx.exchangeFlag() }, 'amendOrder');
  if (!opts.yes && !ctx.io.canPrompt) throw usageError('not on a terminal: add --yes to amend without a confirmation; nothing was changed');
  const f = new Formatter(ctx.io);
  if (!opts.yes) {
    const current = await currentOrder(svc, target);
    ctx.io.err(orderLines(f, current).join('\n'));
    const what = [changes.price === undefined ? null : `price → ${f.price(changes.price)}`, changes.size === undefined ? null : `size → ${f.num(changes.size)}`].filter(Boolean).join(', ');
    const pr = deps.prompter ?? terminalPrompter(ctx.io, { toStderr: true });
    if (!(await pr.confirm({ message: `Amend this order (${what})?`, default: false }))) throw cancelledError('nothing was changed: declined at the confirmation');
  }
  const o = await amendOrder(svc, { order_id: target.id, exchange: target.exchange, ...changes });
  if (ctx.json || ctx.ndjson) return ctx.io.json(o.order);
  if (!ctx.io.isTTY) return printOrders(ctx.io, f, [o]);
  ctx.io.out(orderLines(f, o).join('\n'));
}
