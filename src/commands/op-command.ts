/**
 * An operation's Commander command, built from its entry in the operation table (ops/table.ts):
 * the description, the positional arguments and the options with their help, choices, defaults,
 * repetition and Tab-time completion, all from the entry's parameters. A group module
 * (commands/<group>/index.ts) only says which verb module runs it.
 */
import { Argument, Option, type Command, type CommandOptions } from 'commander';
import { argumentsOf, flagsOf, operation, type Param } from '../ops/table.js';
import { action, collect, type VerbRun } from './action.js';
import { completedBy } from './complete-values.js';

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
