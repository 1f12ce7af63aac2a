/**
 * `pmt kill [--exchange X] [--yes]`: `trading: off` on the profile in use, then every open order
 * cancelled on every exchange (ops/kill.ts). stdout: the cancelled orders (`[Order]` with --json);
 * each exchange that could not be reached, refused a cancel or still shows orders is its error
 * object on stderr, and the exit code is the first one's: 0 only when nothing is left open.
 */
import type { Context } from '../../context.js';
import { cancelledError, usageError } from '../../errors.js';
import { failureOf } from '../../ops/fanout.js';
import { killSwitch } from '../../ops/kill.js';
import { terminalPrompter } from '../../render/prompt.js';
import { cliInput } from '../input.js';

export async function run(ctx: Context, opts: { yes?: boolean }): Promise<void> {
  if (!opts.yes) {
    if (!ctx.io.canPrompt) throw usageError('not on a terminal: add --yes to cancel every open order and turn trading off; nothing was done');
    const ok = await terminalPrompter(ctx.io, { toStderr: ctx.json }).confirm({ message: 'Cancel every open order on every exchange and turn trading off?', default: false });
    if (!ok) throw cancelledError('nothing was cancelled: declined at the confirmation');
  }
  const r = await killSwitch(ctx, cliInput(ctx, 'kill', {}));
  if (ctx.json) ctx.io.json(r.cancelled.map((c) => c.order));
  else {
    for (const c of r.cancelled) ctx.io.out([c.exchange, c.order.id, c.order.market_ticker, c.order.status].join('\t'));
    if (!ctx.io.isTTY || r.cancelled.length === 0) ctx.io.err(`kill: ${r.cancelled.length} order${r.cancelled.length === 1 ? '' : 's'} cancelled; trading is ${r.profile ? `off on profile ${r.profile} (\`pmt risk resume\` turns it on)` : 'not turned off (no profile)'}`);
  }
  if (r.failed.length) throw failureOf(r.failed);
}
