/**
 * Glue between Commander and the per-verb run functions: builds the per-run Context from the
 * global options and hands the verb its positional arguments and options.
 */
import type { Command } from 'commander';
import type { Context, GlobalOptions } from '../context.js';
import { splitIds } from '../split-ids.js';
import { PmtError, usageError } from '../errors.js';

export type VerbRun<O> = (ctx: Context, opts: O, args: string[]) => Promise<void>;

/** Commander action → VerbRun. Global options (`--json`, `--exchange`, …) reach the Context. */
export function action<O>(run: VerbRun<O>) {
  return async (...params: unknown[]): Promise<void> => {
    const cmd = params[params.length - 1] as Command;
    const all = trimPasted(cmd.optsWithGlobals()) as GlobalOptions & O;
    // One output format: a script asking for both would get neither document nor lines.
    if (all.json && all.ndjson) throw usageError('--json and --ndjson cannot be combined (one JSON document, or one object per line)');
    // Loaded when a verb runs, not when the command tree is built: --help and completion never need it.
    const { Context } = await import('../context.js');
    const ctx = new Context({ globals: all });
    // `profile` verbs name profiles themselves (and `add` creates one); everything else must
    // name one that exists.
    if (cmd.parent?.name() !== 'profile') await ctx.checkNamedProfile();
    // A variadic last argument (`markets search <words...>`) takes every remaining word.
    const variadic = cmd.registeredArguments.some((a) => a.variadic);
    const args = trimPasted(variadic ? (cmd.args ?? []) : (cmd.args ?? []).slice(0, cmd.registeredArguments.length));
    try {
      await run(ctx, all, args as string[]);
    } catch (e) {
      throw await withCaseHint(e, [...args, ...Object.values(all).filter((v): v is string => typeof v === 'string')]);
    }
  };
}

/**
 * A market that was not found under a lower-case Kalshi-looking id: say tickers are upper case
 * (more useful than any generic hint the adapter gave, which is replaced).
 */
async function withCaseHint(e: unknown, values: unknown[]): Promise<unknown> {
  if (!(e instanceof PmtError) || e.kind !== 'MarketNotFound') return e;
  // Loaded on this failure only: the id rules pull in every exchange's manifest, which the
  // command tree (and `pmt --help`) has no use for.
  const { caseHint } = await import('../exchanges/ids.js');
  for (const v of values) {
    const hint = typeof v === 'string' ? caseHint(v) : undefined;
    if (hint) return new PmtError(e.kind, e.message, { hint, status: e.status, cause: e.cause });
  }
  return e;
}

/**
 * Values pasted on the command line often bring plain spaces around them (`--asset " KX-1 "`):
 * those go, here, for every argument and flag value. Anything else around a value (a tab, a
 * no-break or zero-width space) is left for validation to refuse, since it may hide another id.
 * `pmt serve` takes its input elsewhere and stays strict.
 */
const KEEP_AS_GIVEN = new Set(['token']);

export function trimPasted<T>(v: T): T {
  if (typeof v === 'string') return v.replace(/^ +| +$/g, '') as T;
  if (Array.isArray(v)) return v.map(trimPasted) as T;
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    // A secret is taken exactly as given: a blank token must stay blank to be refused.
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, KEEP_AS_GIVEN.has(k) ? x : trimPasted(x)])) as T;
  }
  return v;
}

/** Collects a repeatable flag (`--ticker A --ticker B`, also comma-separated; see splitIds). */
export function collect(value: string, previous: string[] = []): string[] {
  return previous.concat(splitIds(value));
}
