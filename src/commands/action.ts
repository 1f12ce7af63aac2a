/**
 * Glue between Commander and the per-verb run functions: builds the per-run Context from the
 * global options and hands the verb its positional arguments and options.
 */
import type { Command } from 'commander';
import type { Context, GlobalOptions } from '../context.js';
import { splitIds } from '../split-ids.js';

export type VerbRun<O> = (ctx: Context, opts: O, args: string[]) => Promise<void>;

/** Commander action → VerbRun. Global options (`--json`, `--exchange`, …) reach the Context. */
export function action<O>(run: VerbRun<O>) {
  return async (...params: unknown[]): Promise<void> => {
    const cmd = params[params.length - 1] as Command;
    const all = cmd.optsWithGlobals() as GlobalOptions & O;
    // Loaded when a verb runs, not when the command tree is built: --help and completion never need it.
    const { Context } = await import('../context.js');
    const ctx = new Context({ globals: all });
    const args = (cmd.args ?? []).slice(0, cmd.registeredArguments.length);
    await run(ctx, all, args as string[]);
  };
}

/** Collects a repeatable flag (`--ticker A --ticker B`, also comma-separated; see splitIds). */
export function collect(value: string, previous: string[] = []): string[] {
  return previous.concat(splitIds(value));
}
