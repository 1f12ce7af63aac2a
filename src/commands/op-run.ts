/**
 * The CLI verb of an operation whose entry names its op and its view (ops/table.ts `run`,
 * `view`): the input read from the command line as the table declares it, the op run, then
 * `--json` prints the answer's body, `--ndjson` a line per element of its `lines` (else the
 * document, as `--json`), and people get the view. Exchanges that failed while others answered
 * are raised after what answered was shown (exit code: the first's); an answer's `verdict`
 * (doctor: trading is blocked) last. Loaded only when such a verb runs.
 */
import type { Context } from '../context.js';
import { failureOf } from '../ops/fanout.js';
import { opOf } from '../ops/modules.js';
import { operation } from '../ops/table.js';
import { viewOf } from '../render/views/modules.js';
import { cliInput } from './input.js';

export async function runOp(ctx: Context, id: string, opts: object, args: string[] = []): Promise<void> {
  const o = operation(id);
  if (!o.run || !o.view) throw new Error(`ops/table.ts: ${id} has no run and view (its verb is a module of its own)`);
  const input = cliInput(ctx, id, opts, args);
  const a = await (await opOf(o.run))(ctx, input);
  if (ctx.ndjson && o.lines) {
    const lines = (o.lines === true ? a.body : (a.body as Record<string, unknown>)[o.lines]) as unknown[];
    if (!ctx.io.ndjsonLines(lines)) await ctx.io.drain();
  } else if (ctx.json || ctx.ndjson) ctx.io.json(a.body);
  else await (await viewOf(o.view))(ctx.io, a, input);
  if (a.failed?.length) throw failureOf(a.failed);
  if (a.verdict) throw a.verdict;
}
