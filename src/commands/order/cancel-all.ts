/**
 * `pmt order cancel-all [--asset A]`: list what is open, confirm (on a terminal; --yes skips it;
 * elsewhere --yes is required), cancel, and report exactly which orders were and were not
 * cancelled (render/views/order-cancel.ts).
 *
 * Scope: the asset's exchange with --asset, --exchange when given, else every exchange with
 * credentials. With both exchanges configured the list shows both, grouped, and the confirmation
 * names the count per exchange; a script passing --yes has asked for everything.
 *
 * Outcome: `--json` prints the cancelled orders (`[Order]`). Anything not cancelled fails the
 * command (ops/orders.ts cancelAllFailure): refused orders with kind `Api` (exit 1), an exchange
 * whose cancel call failed outright with that error's own kind, after the others were cancelled.
 */
import type { Context } from '../../context.js';
import { cancelledError, usageError } from '../../errors.js';
import { failureOf } from '../../ops/fanout.js';
import { accountScope, cancelAllFailure, cancelAllOrders, listOpenOrders } from '../../ops/orders.js';
import { Formatter } from '../../render/format.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { cancelSay, printCancelled, printCancelList, unreachableNotes } from '../../render/views/order-cancel.js';
import { cancelSummary } from '../../render/views/orders.js';
import { cliInput } from '../input.js';

interface Opts {
  asset?: string;
  yes?: boolean;
}

export async function run(ctx: Context, opts: Opts, _args: string[] = [], deps: { prompter?: Prompter } = {}): Promise<void> {
  if (!opts.yes && !ctx.io.canPrompt) {
    throw usageError('not on a terminal: add --yes to cancel without a confirmation; nothing was cancelled');
  }
  const { asset_id, exchange } = cliInput(ctx, 'cancel_all_orders', opts) as { asset_id?: string; exchange?: never };
  const scoped = await accountScope(ctx, { asset_id, exchange }, 'cancelAllOrders');
  // The list shown is the list confirmed. An exchange whose list fails (unreachable) is left out
  // and said so; the others are still cancelled (the contract's partial results): stdout holds
  // what was cancelled, stderr each unreachable exchange's error, and the exit code is the first's.
  const { orders: open, failed: unreachable } = await listOpenOrders(ctx, scoped);
  const down = new Set(unreachable.map((u) => u.exchange));
  const up = scoped.ids.filter((id) => !down.has(id));
  const f = new Formatter(ctx.io);
  const say = cancelSay(ctx.io, { json: ctx.json, confirming: !opts.yes });
  if (!ctx.json) unreachableNotes(ctx.io, unreachable);
  if (open.length === 0) {
    if (ctx.json) ctx.io.json([]);
    else say(`no open orders on ${up.join(' and ')}${scoped.assetId ? ` for ${scoped.assetId}` : ''}: nothing to cancel`);
    if (unreachable.length) throw failureOf(unreachable);
    return;
  }
  const counts = up.map((exchange) => ({ exchange, count: open.filter((o) => o.exchange === exchange).length }));
  await printCancelList(ctx.io, f, say, open, counts, ctx.json);
  if (!opts.yes) {
    const pr = deps.prompter ?? terminalPrompter(ctx.io, { toStderr: ctx.json });
    if (!(await pr.confirm({ message: `Cancel ${cancelSummary(counts)}?`, default: false }))) throw cancelledError('nothing was cancelled: declined at the confirmation');
  }
  // Exchange by exchange (ops), so a failure on one never hides what happened on the other.
  const empty = new Set([...counts.filter((c) => c.count === 0).map((c) => c.exchange), ...down]);
  const r = await cancelAllOrders(ctx, scoped, empty);
  if (ctx.json) ctx.io.json(r.cancelled.map((c) => c.order));
  else await printCancelled(ctx.io, f, say, r, new Set(open.map((o) => o.order.id)));
  const failure = cancelAllFailure(unreachable, r);
  if (failure) throw failure;
}
