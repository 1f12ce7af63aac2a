/**
 * The command tree as completion data: for every command path its subcommands, options (with
 * whether they take a value, their allowed values, whether the value is a file) and positional
 * arguments with their allowed values. A pure function of the Commander tree; the shell
 * generators in completion-script.ts only format this.
 */
import type { Argument, Command, Option } from 'commander';

export interface OptSpec {
  short?: string;
  long?: string;
  description: string;
  takesValue: boolean;
  /** Value name from the flags (`<status>` → "status"). */
  valueName?: string;
  choices?: string[];
  /** The value is a path: complete file names. */
  file: boolean;
  /** May be given more than once (`--ticker A --ticker B`). */
  repeatable: boolean;
}

export interface ArgSpec {
  name: string;
  choices?: string[];
}

export interface CmdSpec {
  /** Names from the root, e.g. ["markets", "list"]; [] for pmt itself. */
  path: string[];
  name: string;
  summary: string;
  subcommands: CmdSpec[];
  /** This command's own options, including -h/--help. */
  options: OptSpec[];
  args: ArgSpec[];
}

export interface CompletionModel {
  bin: string;
  root: CmdSpec;
  /** Options of the root, accepted after any subcommand too. */
  globals: OptSpec[];
}

// What may appear unquoted in a generated script: names, flags and choice values.
const SAFE = /^-{0,2}[A-Za-z0-9][A-Za-z0-9._:+@-]*$/;

function safe(word: string, what: string): string {
  if (!SAFE.test(word)) throw new Error(`completion: ${what} "${word}" has characters a shell script cannot take unquoted`);
  return word;
}

function optSpec(o: Option): OptSpec {
  const valueMatch = /[<[]([^>\]]+)[>\]]/.exec(o.flags);
  const takesValue = Boolean(o.required || o.optional);
  const valueName = valueMatch?.[1];
  return {
    short: o.short ? safe(o.short, 'flag') : undefined,
    long: o.long ? safe(o.long, 'flag') : undefined,
    description: o.description ?? '',
    takesValue,
    valueName,
    choices: o.argChoices?.map((c) => safe(c, 'choice')),
    file: takesValue && /^(file|path|dir)$/i.test(valueName ?? ''),
    // A custom parser that is not a choices check accumulates values (see action.ts `collect`).
    repeatable: takesValue && Boolean(o.parseArg) && !o.argChoices,
  };
}

function argSpec(a: Argument): ArgSpec {
  return { name: safe(a.name(), 'argument'), choices: a.argChoices?.map((c) => safe(c, 'choice')) };
}

function firstLine(s: string): string {
  return (s.split('\n')[0] ?? '').trim();
}

function cmdSpec(cmd: Command, path: string[]): CmdSpec {
  const help = cmd.createHelp();
  const subs = help.visibleCommands(cmd).filter((c) => c.name() !== 'help');
  const subSpecs = subs.map((c) => cmdSpec(c, [...path, safe(c.name(), 'command')]));
  if (subSpecs.length > 0) {
    // Commander's implicit `help [command]` for every command with subcommands.
    subSpecs.push({
      path: [...path, 'help'],
      name: 'help',
      summary: 'show help for a command',
      subcommands: [],
      options: [],
      args: [{ name: 'command', choices: subSpecs.map((s) => s.name) }],
    });
  }
  const helpOpt = help.visibleOptions(cmd).filter((o) => o.long === '--help');
  const own = cmd.options.filter((o) => !o.hidden);
  return {
    path,
    name: cmd.name(),
    summary: firstLine(cmd.summary() || cmd.description()),
    subcommands: subSpecs,
    options: path.length === 0 ? helpOpt.map(optSpec) : [...own, ...helpOpt].map(optSpec),
    args: cmd.registeredArguments.map(argSpec),
  };
}

/** The completion model of a Commander program. */
export function completionModel(program: Command): CompletionModel {
  const root = cmdSpec(program, []);
  const globals = program.options.filter((o) => !o.hidden).map(optSpec);
  return { bin: safe(program.name(), 'program name'), root, globals };
}

/** Every command of the model, depth first, root included. */
export function allSpecs(spec: CmdSpec): CmdSpec[] {
  return [spec, ...spec.subcommands.flatMap(allSpecs)];
}

/** Options accepted at a command: its own, then the globals it does not redefine. */
export function optionsAt(model: CompletionModel, spec: CmdSpec): OptSpec[] {
  const own = spec.options;
  const seen = new Set(own.flatMap((o) => [o.short, o.long]).filter(Boolean));
  return [...own, ...model.globals.filter((g) => !(g.long && seen.has(g.long)) && !(g.short && seen.has(g.short)))];
}

/** The flags of an option as written on a command line (`-y`, `--yes`). */
export function flagsOf(o: OptSpec): string[] {
  return [o.short, o.long].filter((f): f is string => Boolean(f));
}
