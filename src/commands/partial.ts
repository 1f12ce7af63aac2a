/**
 * Partial results across exchanges (cli-contract: a failure of one exchange is never silently
 * dropped): the rows of the exchanges that answered are printed, each failure goes to stderr as
 * its error object (one line; `{kind, message}` under --json/--ndjson), and the exit code is the
 * first failure's. Nothing answered: the first failure is thrown as it is.
 */
import type { Context } from '../context.js';
import { exitCodeFor, toPmtError } from '../errors.js';
import type { ExchangeId } from '../exchanges/types.js';
import { safeLine } from '../safe-text.js';

export interface Settled<T> {
  ok: Array<{ exchange: ExchangeId; value: T }>;
  failed: Array<{ exchange: ExchangeId; error: unknown }>;
}

/** Run one call per exchange in parallel and keep what answered. */
export async function acrossExchanges<T>(ids: ExchangeId[], call: (id: ExchangeId) => Promise<T>): Promise<Settled<T>> {
  const settled = await Promise.allSettled(ids.map(call));
  const out: Settled<T> = { ok: [], failed: [] };
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') out.ok.push({ exchange: ids[i]!, value: s.value });
    else out.failed.push({ exchange: ids[i]!, error: s.reason });
  });
  if (out.ok.length === 0 && out.failed.length > 0) throw out.failed[0]!.error;
  return out;
}

/** Report the failures of a partial result on stderr; the command exits with the first's code. */
export function reportFailures(ctx: Context, failed: Settled<unknown>['failed']): void {
  for (const { exchange, error } of failed) {
    const e = toPmtError(error);
    const message = safeLine(e.message.toLowerCase().includes(exchange) ? e.message : `${exchange}: ${e.message}`);
    if (ctx.json || ctx.ndjson) ctx.io.err(JSON.stringify({ kind: e.kind, message }));
    else ctx.io.err(`error: ${message} [${e.kind}] (the other exchange's results are shown)`);
  }
  if (failed.length > 0) ctx.exitCode = exitCodeFor(toPmtError(failed[0]!.error));
}
