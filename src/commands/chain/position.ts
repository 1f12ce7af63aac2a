/**
 * `pmt position split|merge|redeem <market> [--size N]`: preview (what is spent, what is
 * received, the gas), confirm (off a terminal only with --yes), send once, journaled.
 */
import type { Context } from '../../context.js';
import { cancelledError, usageError } from '../../errors.js';
import type { PositionRequest } from '../../exchanges/onchain.js';
import { executeAction, preparePosition } from '../../ops/onchain.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { planLines, sentLines } from '../../render/views/onchain.js';

export async function run(ctx: Context, opts: { size?: string; yes?: boolean; all?: boolean; action: PositionRequest['action'] }, args: string[], deps: { prompter?: Prompter } = {}): Promise<void> {
  if (!opts.yes && !ctx.io.canPrompt) throw usageError(`not on a terminal: add --yes to ${opts.action} without a confirmation; nothing was sent`);
  if (opts.all && args[0]) throw usageError('give a market or --all, not both');
  if (!opts.all && !args[0]) throw usageError(`${opts.action} needs a market (slug, token id or condition id)${opts.action === 'redeem' ? ', or --all' : ''}`);
  const a = await preparePosition(ctx, { action: opts.action, market: args[0] ?? '', all: opts.all, size: opts.action === 'redeem' ? undefined : opts.size, exchange: ctx.exchangeFlag() });
  const say = (s: string) => (ctx.json ? (opts.yes ? undefined : ctx.io.err(s)) : ctx.io.err(s));
  for (const l of planLines(a.plan)) say(l);
  if (!opts.yes) {
    const pr = deps.prompter ?? terminalPrompter(ctx.io, { toStderr: ctx.json });
    if (!(await pr.confirm({ message: `Send this ${opts.action}?`, default: false }))) throw cancelledError(`nothing was sent: declined at the confirmation`);
  }
  const sent = await executeAction(ctx, a);
  if (ctx.json) return ctx.io.json({ sent: sent.map((s) => ({ what: s.call.what, hash: s.hash, status: s.status, block: s.block })), spend: a.plan.spend, receive: a.plan.receive });
  for (const l of sentLines(sent)) ctx.io.out(l);
}
