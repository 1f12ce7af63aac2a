/**
 * `pmt exchanges [--check]`: what each exchange supports (its adapter's `has`), which environment
 * it talks to, and whether credentials are configured; with --check, one signed request per
 * configured exchange reports whether they are accepted and how far the local clock is off.
 *
 * --json prints the ExchangesReport document (render/views/exchanges.ts). A problem with one
 * exchange is reported in its entry, never by failing the whole command; with --check, a failed
 * check still prints the full report and then sets the exit code of its error kind (3 for
 * rejected credentials, 8 for a network failure, …), so `pmt exchanges --check && …` works.
 */
import type { Context } from '../context.js';
import { exitCodeFor } from '../errors.js';
import { EXCHANGE_IDS } from '../exchanges/types.js';
import { printExchanges } from '../render/views/exchanges.js';
import { checkExitKind, exchangesReport } from './exchanges-report.js';

interface Opts {
  check?: boolean;
}

export async function run(ctx: Context, opts: Opts, _args: string[] = []): Promise<void> {
  const only = ctx.exchangeFlag();
  const withCheck = Boolean(opts.check);
  const report = await exchangesReport(ctx, only ? [only] : EXCHANGE_IDS, withCheck);
  if (ctx.json || ctx.ndjson) ctx.io.json(report);
  else {
    await printExchanges(ctx.io, report, withCheck);
    if (!withCheck && ctx.io.isTTY) ctx.io.err('\nVerify the credentials with one signed request each: pmt exchanges --check');
  }
  const failure = checkExitKind(report.exchanges);
  if (failure) process.exitCode = exitCodeFor(failure);
}
