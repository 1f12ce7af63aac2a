/**
 * `pmt order amend <order_id> [--price P] [--size S] [--yes]`: amend_order (Kalshi). The price is
 * that of the order's own outcome; the size is the new total. On a terminal it shows the change
 * and asks first; elsewhere --yes is required. Polymarket has no amend: NotSupported (exit 10)
 * with the way to do it by hand, before anything is asked.
 */
import type { Context } from '../../context.js';
import { cancelledError, usageError } from '../../errors.js';
import { amendChanges, amendOrder, orderTarget, planAmend } from '../../ops/order-one.js';
import { Formatter } from '../../render/format.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { amendLines, orderLines, printOrders, PREVIEW_HANG } from '../../render/views/orders.js';
import { fitLines } from '../../render/width.js';
import { cliInput } from '../input.js';

interface Opts {
  price?: string;
  size?: string;
  yes?: boolean;
}

export async function run(ctx: Context, opts: Opts, args: string[], deps: { prompter?: Prompter } = {}): Promise<void> {
  const svc = ctx;
  const { yes: _yes, ...body } = cliInput(ctx, 'amend_order', opts, args) as { order_id: string; exchange?: never; price?: string; size?: string; yes?: boolean };
  amendChanges(body);
  if (!opts.yes && !ctx.io.canPrompt) {
    // Still NotSupported first where the exchange has no amend (before credentials, as planAmend).
    await orderTarget(svc, body, 'amendOrder');
    throw usageError('not on a terminal: add --yes to amend without a confirmation; nothing was changed');
  }
  const plan = await planAmend(svc, body);
  const f = new Formatter(ctx.io);
  if (!opts.yes) {
    ctx.io.err(fitLines(ctx.io, amendLines(f, plan), PREVIEW_HANG).join('\n'));
    const o = plan.current.order;
    const what = [opts.price === undefined ? null : `${o.outcome} price ${f.price(o.price)} → ${f.price(plan.price.toNumber())}`, opts.size === undefined ? null : `size ${f.num(o.size)} → ${f.num(plan.size.toNumber())}`].filter(Boolean).join(', ');
    const pr = deps.prompter ?? terminalPrompter(ctx.io, { toStderr: true });
    if (!(await pr.confirm({ message: `Amend this order (${what})?`, default: false }))) throw cancelledError('nothing was changed: declined at the confirmation');
  }
  const o = await amendOrder(svc, body, plan);
  if (ctx.json || ctx.ndjson) return ctx.io.json(o.order);
  if (!ctx.io.isTTY) return printOrders(ctx.io, f, [o]);
  ctx.io.out(orderLines(f, o).join('\n'));
}
