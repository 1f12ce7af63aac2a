/**
 * `pmt approvals [check]`: for the configured wallet, each spender's pUSD (ERC-20) allowance and
 * CTF (ERC-1155) operator approval; `--json`: `[{spender, name, token, standard, ok, allowance}]`.
 * `pmt approvals set`: sends only what is missing, after a preview and a confirmation (off a
 * terminal only with --yes); a second run finds nothing to send.
 */
import type { Context } from '../../context.js';
import { cancelledError, usageError } from '../../errors.js';
import { approvalsCheck, executeAction, prepareApprovals } from '../../ops/onchain.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { planLines, printApprovals, sentLines } from '../../render/views/onchain.js';
import { cliInput } from '../input.js';

export async function runCheck(ctx: Context, _opts: unknown = {}, _args: string[] = []): Promise<void> {
  const { rows } = await approvalsCheck(ctx, cliInput(ctx, 'fetch_approvals', {}));
  if (ctx.json || ctx.ndjson) return ctx.io.json(rows);
  await printApprovals(ctx.io, rows);
  const missing = rows.filter((r) => !r.ok).length;
  if (ctx.io.isTTY) ctx.io.err(missing ? `\n${missing} approval${missing === 1 ? '' : 's'} missing: pmt approvals set` : '\nall approvals are set');
}

export async function runSet(ctx: Context, opts: { yes?: boolean }, _args: string[] = [], deps: { prompter?: Prompter } = {}): Promise<void> {
  if (!opts.yes && !ctx.io.canPrompt) throw usageError('not on a terminal: add --yes to send the approvals without a confirmation; nothing was sent');
  const a = await prepareApprovals(ctx, { exchange: ctx.exchangeFlag() });
  const say = (s: string) => (ctx.json ? (opts.yes ? undefined : ctx.io.err(s)) : ctx.io.err(s));
  if (a.plan.calls.length === 0) {
    say('all approvals are already set: nothing to send');
    if (ctx.json) ctx.io.json({ sent: [], approvals: a.rows });
    return;
  }
  say(`${a.plan.calls.length} approval transaction${a.plan.calls.length === 1 ? '' : 's'} to send:`);
  for (const l of planLines(a.plan)) say(l);
  if (!opts.yes) {
    const pr = deps.prompter ?? terminalPrompter(ctx.io, { toStderr: ctx.json });
    if (!(await pr.confirm({ message: `Send ${a.plan.calls.length} approval transaction(s)?`, default: false }))) throw cancelledError('no approval was sent: declined at the confirmation');
  }
  const sent = await executeAction(ctx, a);
  if (ctx.json) return ctx.io.json({ sent: sent.map((s) => ({ what: s.call.what, hash: s.hash, status: s.status, block: s.block })) });
  for (const l of sentLines(sent)) ctx.io.out(l);
}
