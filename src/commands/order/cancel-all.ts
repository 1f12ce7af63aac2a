/**
 * `pmt order cancel-all [--asset A]`: list what is open, confirm (on a terminal; --yes skips it;
 * elsewhere --yes is required), cancel, and report exactly which orders were and were not
 * cancelled.
 *
 * Scope: the asset's exchange with --asset, --exchange when given, else every exchange with
 * credentials. With both exchanges configured the list shows both, grouped, and the confirmation
 * names the count per exchange; a script passing --yes has asked for everything.
 *
 * Outcome: `--json` prints the cancelled orders (`[Order]`). Orders an exchange refused to
 * cancel are reported on stderr, one line each, and the command fails with kind `Api` (exit 1),
 * since the user asked for all of them to be gone. An exchange whose cancel call failed outright
 * is reported after the others have been cancelled, with that error's own kind and exit code.
 */
import type { Context } from '../../context.js';
import { cancelledError, PmtError, usageError } from '../../errors.js';
import { failureOf } from '../../ops/fanout.js';
import { accountScope, cancelAllOrders, listOpenOrders } from '../../ops/orders.js';
import { Formatter } from '../../render/format.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { cancelSummary, printOrders } from '../../render/views/orders.js';
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
  const { ids, assetId } = scoped;
  // The list shown is the list confirmed. An exchange whose list fails (unreachable) is left out
  // and said so; the others are still cancelled (the contract's partial results): stdout holds
  // what was cancelled, stderr each unreachable exchange's error, and the exit code is the first's.
  const listed = await listOpenOrders(ctx, scoped);
  const unreachable = listed.failed;
  const down = new Set(unreachable.map((u) => u.exchange));
  const open = listed.orders;
  const f = new Formatter(ctx.io);
  const up = ids.filter((id) => !down.has(id));
  const scope = `${up.join(' and ')}${assetId ? ` for ${assetId}` : ''}`;
  // People see the list on stdout; piped it goes to stderr so stdout stays data. Under --json
  // stderr holds only error objects, so the list is not shown (unless a terminal confirms it).
  const say = (s: string) => (ctx.json ? (opts.yes ? undefined : ctx.io.err(s)) : !ctx.io.isTTY ? ctx.io.err(s) : ctx.io.out(s));
  if (!ctx.json) for (const u of unreachable) ctx.io.err(`note: ${u.exchange} could not be reached (${u.error.message}): its orders are not listed and will not be cancelled`);
  if (open.length === 0) {
    if (ctx.json) ctx.io.json([]);
    else say(`no open orders on ${scope}: nothing to cancel`);
    if (unreachable.length) throw failureOf(unreachable);
    return;
  }
  const counts = up.map((exchange) => ({ exchange, count: open.filter((o) => o.exchange === exchange).length }));
  say(`${cancelSummary(counts)} will be cancelled:`);
  if (ctx.json || !ctx.io.isTTY) for (const o of open) say(`  ${o.exchange}  ${o.order.id}  ${o.order.market_ticker}  ${o.order.side} ${o.order.size} ${o.order.outcome} @ ${o.order.price}`);
  else await printOrders(ctx.io, f, open);

  if (!opts.yes) {
    const pr = deps.prompter ?? terminalPrompter(ctx.io, { toStderr: ctx.json });
    const ok = await pr.confirm({ message: `Cancel ${cancelSummary(counts)}?`, default: false });
    if (!ok) throw cancelledError('nothing was cancelled: declined at the confirmation');
  }

  // Exchange by exchange (ops), so a failure on one never hides what happened on the other.
  const empty = new Set([...counts.filter((c) => c.count === 0).map((c) => c.exchange), ...down]);
  const { cancelled, refused, broken } = await cancelAllOrders(ctx, scoped, empty);

  const shown = new Set(open.map((o) => o.order.id));
  const extra = cancelled.filter((c) => !shown.has(c.order.id));
  if (ctx.json) ctx.io.json(cancelled.map((c) => c.order));
  else if (cancelled.length) {
    say(`cancelled ${cancelled.length} order${cancelled.length === 1 ? '' : 's'}:`);
    if (ctx.io.isTTY) await printOrders(ctx.io, f, cancelled);
    else for (const c of cancelled) ctx.io.out([c.exchange, c.order.id, c.order.status].join('\t'));
  }
  if (!ctx.json) {
    if (extra.length) ctx.io.err(`note: ${extra.length} of them were placed after the list was shown: ${extra.map((c) => c.order.id).join(', ')}`);
    for (const r of refused) ctx.io.err(`not cancelled: ${r.exchange} ${r.id}: ${r.reason}`);
    for (const b of broken) ctx.io.err(`not cancelled: every ${b.exchange} order (${b.error.kind}: ${b.error.message})`);
  }

  if (unreachable.length) throw failureOf([...unreachable, ...broken.map((b) => ({ exchange: b.exchange, error: b.error }))]);
  if (broken.length) {
    const first = broken[0]!;
    throw new PmtError(first.error.kind, `cancel-all failed on ${broken.map((b) => b.exchange).join(' and ')}: ${first.error.message}`, {
      hint: first.error.hint ?? 'run `pmt order list` to see what is still open',
      status: first.error.status,
      retryAfter: first.error.retryAfter,
    });
  }
  if (refused.length) {
    // The reasons are in the message itself: under --json the error object is all stderr holds.
    throw new PmtError('Api', `${refused.length} order${refused.length === 1 ? ' was' : 's were'} not cancelled (${refused.map((r) => `${r.exchange} ${r.id}: ${r.reason}`).join('; ')})`, {
      hint: 'run `pmt order list` to see what is still open',
    });
  }
}
