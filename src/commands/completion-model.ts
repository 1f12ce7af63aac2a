/**
 * The command tree as completion data: for every command path its subcommands, options (with
 * whether they take a value, their allowed values, whether the value is a file) and positional
 * arguments with their allowed values. An operation's options, arguments and summary come from
 * its declaration in the operation table (ops/table.ts); pmt's own commands (profiles, risk,
 * serve, …) and the tree's shape from the Commander tree. The shell generators in
 * completion-script.ts only format this.
 */
import type { Argument, Command, Option } from 'commander';
import { argumentsOf, flagsOf as tableFlags, longFlag, operationAt, type OperationDecl, type Param } from '../ops/table.js';
import { dynamicKind, type DynamicKind } from './complete-values.js';

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
  /** Values known only at run time: the script asks `pmt __complete <kind>`. */
  dynamic?: DynamicKind;
}

export interface ArgSpec {
  name: string;
  choices?: string[];
  /** Values known only at run time: the script asks `pmt __complete <kind>`. */
  dynamic?: DynamicKind;
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

const VALUE_RE = /[<[]([^>\]]+)[>\]]/;

function spec(o: { short?: string; long?: string; flags: string; description: string; takesValue: boolean; choices?: readonly string[]; repeatable: boolean; dynamic?: DynamicKind }): OptSpec {
  const valueName = VALUE_RE.exec(o.flags)?.[1];
  return {
    short: o.short ? safe(o.short, 'flag') : undefined,
    long: o.long ? safe(o.long, 'flag') : undefined,
    description: o.description,
    takesValue: o.takesValue,
    valueName,
    choices: o.choices?.map((c) => safe(c, 'choice')),
    file: o.takesValue && /^(file|path|dir)$/i.test(valueName ?? ''),
    repeatable: o.repeatable,
    dynamic: o.dynamic,
  };
}

/** A Commander option (pmt's own commands, the global options, -h/--help). */
function optSpec(o: Option): OptSpec {
  const takesValue = Boolean(o.required || o.optional);
  // A custom parser that is not a choices check accumulates values (see action.ts `collect`).
  const repeatable = takesValue && Boolean(o.parseArg) && !o.argChoices;
  return spec({ short: o.short, long: o.long, flags: o.flags, description: o.description ?? '', takesValue, choices: o.argChoices, repeatable, dynamic: dynamicKind(o) });
}

/** An operation's option, as the table declares it. */
function paramSpec(p: Param): OptSpec {
  const flags = p.cli!;
  const short = /^-\w(?=[, ]|$)/.exec(flags)?.[0];
  return spec({ short, long: longFlag(p), flags, description: p.help ?? '', takesValue: VALUE_RE.test(flags), choices: p.choices, repeatable: Boolean(p.repeatable), dynamic: p.complete });
}

function argSpec(a: Argument): ArgSpec {
  return { name: safe(a.name(), 'argument'), choices: a.argChoices?.map((c) => safe(c, 'choice')), dynamic: dynamicKind(a) };
}

/** An operation's positional argument, as the table declares it (`<words...>` is "words"). */
function paramArgSpec(p: Param): ArgSpec {
  return { name: safe(p.cli!.replace(/^[<[]|(\.\.\.)?[>\]]$/g, ''), 'argument'), choices: p.choices?.map((c) => safe(c, 'choice')), dynamic: p.complete };
}

/** What completion offers for an operation's command: its own flags and arguments, from the table. */
export function operationSpec(o: OperationDecl): Pick<CmdSpec, 'options' | 'args'> {
  return { options: tableFlags(o).map(paramSpec), args: argumentsOf(o).map(paramArgSpec) };
}

/** The same read from a built Commander command (the table test holds the two equal). */
export function commanderSpec(cmd: Command): Pick<CmdSpec, 'options' | 'args'> {
  return { options: cmd.options.filter((o) => !o.hidden).map(optSpec), args: cmd.registeredArguments.map(argSpec) };
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
  const helpOpt = help.visibleOptions(cmd).filter((o) => o.long === '--help').map(optSpec);
  const op = operationAt(path.join(' '));
  const own = op ? operationSpec(op) : commanderSpec(cmd);
  return {
    path,
    name: cmd.name(),
    summary: op ? op.summary : firstLine(cmd.summary() || cmd.description()),
    subcommands: subSpecs,
    options: path.length === 0 ? helpOpt : [...own.options, ...helpOpt],
    args: own.args,
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

/** Where a command line stands: the command reached, its positional words and its flags' values. */
export interface LineState {
  spec: CmdSpec;
  positionals: string[];
  /** The last value given to each value-taking flag, by long (else short) flag. */
  values: Map<string, string>;
}

/**
 * Walk the words after the binary as the parser would: subcommands extend the path, a flag that
 * takes a value takes the next word (`--flag value`, `--flag=value`, and bash's split
 * `--flag = value`), anything else is positional; after `--` every word is positional.
 */
export function lineState(model: CompletionModel, words: string[]): LineState {
  let spec = model.root;
  const positionals: string[] = [];
  const values = new Map<string, string>();
  let rest = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!rest && w === '--') {
      rest = true;
      continue;
    }
    if (!rest && w.startsWith('-') && w.length > 1) {
      const eq = w.indexOf('=');
      const flag = eq > 0 ? w.slice(0, eq) : w;
      const o = optionsAt(model, spec).find((x) => x.long === flag || x.short === flag);
      if (!o?.takesValue) continue;
      const key = (o.long ?? o.short)!;
      if (eq > 0) values.set(key, w.slice(eq + 1));
      else {
        if (words[i + 1] === '=') i++;
        if (i + 1 < words.length) values.set(key, words[++i]!);
      }
      continue;
    }
    const sub = positionals.length === 0 ? spec.subcommands.find((c) => c.name === w && c.name !== 'help') : undefined;
    if (sub) spec = sub;
    else positionals.push(w);
  }
  return { spec, positionals, values };
}
