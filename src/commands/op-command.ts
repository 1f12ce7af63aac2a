/**
 * An operation's Commander command, built from its entry in the operation table (ops/table.ts):
 * the description, the positional arguments and the options with their help, choices, defaults,
 * repetition and Tab-time completion, all from the entry's parameters. An entry with its op and
 * view (`run`, `view`) runs through commands/op-run.ts, any other through its module
 * (commands/verb-modules.ts: prompts, confirmations, pages, a live screen). A group module
 * (commands/<group>/index.ts) adds its group's operations from the table (`addOperations`).
 */
import { Argument, Option, type Command, type CommandOptions } from 'commander';
import { argumentsOf, flagsOf, operation, OPERATIONS_TABLE, type Param } from '../ops/table.js';
import { action, collect, type VerbRun } from './action.js';
import { completedBy } from './complete-values.js';
import { VERB_MODULES } from './verb-modules.js';

/** The Commander option of a parameter (`--limit <n>`, `-y, --yes`). */
export function optionOf(p: Param): Option {
  const o = new Option(p.cli!, p.help);
  if (p.choices) o.choices(p.choices);
  // A boolean flag's absence is false: Commander would print "(default: false)".
  if (typeof p.default === 'string') o.default(p.default);
  if (p.required === true) o.makeOptionMandatory();
  if (p.repeatable) o.argParser(collect);
  return p.complete ? completedBy(o, p.complete) : o;
}

/** The Commander argument of a positional parameter (`<asset>`, `[order_id]`, `<words...>`). */
export function argumentOf(p: Param): Argument {
  const a = new Argument(p.cli!, p.help);
  if (p.choices) a.choices(p.choices);
  return p.complete ? completedBy(a, p.complete) : a;
}

/** The operation `id` as a subcommand of `parent` (its last word of `cli`), running `run`. */
export function addOperation<O>(parent: Command, id: string, run: VerbRun<O>, opts?: CommandOptions): Command {
  const o = operation(id);
  const cmd = parent.command(o.cli.split(' ').at(-1)!, opts).description(o.description);
  for (const a of argumentsOf(o)) cmd.addArgument(argumentOf(a));
  for (const p of flagsOf(o)) cmd.addOption(optionOf(p));
  return cmd.action(action(run));
}

/** The operations of a CLI group in the table's order (`markets` → fetch_markets, search_markets, …). */
export function operationsOf(group: string): string[] {
  return OPERATIONS_TABLE.filter((o) => o.cli.startsWith(`${group} `)).map((o) => o.id);
}

/**
 * The operations `ids` as subcommands of `parent`, in that order: each runs its verb module
 * (commands/verb-modules.ts), else its op and view (commands/op-run.ts, loaded when it runs). An
 * entry with neither is a table error.
 */
export function addOperations(parent: Command, ids: readonly string[], opts: Record<string, CommandOptions> = {}): void {
  for (const id of ids) addOperation(parent, id, (VERB_MODULES[id] as VerbRun<object> | undefined) ?? derivedRun(id), opts[id]);
}

/** The run of an operation whose entry names its op and view. */
export function derivedRun(id: string): VerbRun<object> {
  const o = operation(id);
  if (!o.run || !o.view) throw new Error(`ops/table.ts: ${id} has no view (and run), and commands/verb-modules.ts no module for it`);
  return async (ctx, opts, args) => (await import('./op-run.js')).runOp(ctx, id, opts, args);
}
