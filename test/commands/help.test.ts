/**
 * Help for people: every command's --help (rendered in process; the binary's compared for a few) has a summary, its
 * flags with allowed values and defaults, and real examples; bare `pmt` is a short overview;
 * a mistyped command suggests the closest one in one line.
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { allCommands, buildProgram } from '../../src/program.js';
import { commandPath, HELP } from '../../src/commands/help-text.js';
import { runPmt } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';

const program = await buildProgram();
const commands: Command[] = [program, ...allCommands(program)];
const pathOf = (c: Command) => commandPath(c);

/**
 * `pmt <path> --help` as the binary prints it when piped (width 80, no colour), rendered in
 * process from the tree the binary builds for that command line: the text of every command is
 * checked here without a process each; a few are compared byte for byte with the binary below.
 */
async function helpText(path: string): Promise<string> {
  const args = path ? path.split(' ') : [];
  const built = await buildProgram([...args, '--help']);
  let cmd: Command = built;
  for (const name of args) cmd = cmd.commands.find((c) => c.name() === name)!;
  let out = '';
  cmd.configureOutput({ writeOut: (s) => (out += s), getOutHelpWidth: () => 80, getOutHasColors: () => false });
  cmd.outputHelp();
  return out;
}

describe('pmt <command> --help', () => {
  it.each(['', 'markets list', 'order create', 'book', 'trades'])('the binary prints what the tree renders in process: pmt %s --help', async (path) => {
    const r = await runPmt([...(path ? path.split(' ') : []), '--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(await helpText(path));
  });

  it.each(commands.map((c) => [pathOf(c) || '(pmt)', c] as const))('%s', async (_name, cmd) => {
    const path = pathOf(cmd);
    const out = await helpText(path);
    // Help wraps at the terminal's width: compare flag texts with whitespace folded.
    const flat = out.replace(/\s+/g, ' ');
    expect(out).toMatch(new RegExp(`^Usage: pmt${path ? ' ' + path : ''} `));
    // A description right under the usage line.
    expect(out.split('\n')[2]!.length).toBeGreaterThan(10);
    // Every flag, with its allowed values and default.
    for (const o of cmd.options) {
      // Hidden flags exist only to be refused with a hint (secrets as flag values).
      if (o.hidden) {
        expect(out, o.flags).not.toContain(o.flags + ' ');
        continue;
      }
      expect(out).toContain(o.flags);
      if (o.argChoices) expect(flat).toContain(`choices: ${o.argChoices.map((c) => JSON.stringify(c)).join(', ')}`);
      if (o.defaultValue !== undefined && typeof o.defaultValue !== 'boolean') expect(flat).toContain(`default: ${JSON.stringify(o.defaultValue)}`);
    }
    for (const a of cmd.registeredArguments) {
      if (a.argChoices) expect(flat).toContain(`choices: ${a.argChoices.map((c) => JSON.stringify(c)).join(', ')}`);
    }
    // Global flags are listed on every subcommand's help too.
    if (path) expect(out).toMatch(/Global Options:[\s\S]*--json/);
    // Two or three examples, each a pmt command line.
    const examples = out.slice(out.indexOf('\nExamples:\n')).split('\n').filter((l) => /^ {2}(\w+=\S+ )?pmt\b/.test(l));
    expect(out).toContain('\nExamples:\n');
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(examples.length).toBeLessThanOrEqual(3);
    // Each subcommand is listed with its one-line summary.
    for (const sub of cmd.commands) expect(flat).toContain(sub.summary());
  });
});

describe('help data', () => {
  it('every command has a summary and 2-3 examples, and nothing else is described', () => {
    const paths = commands.map(pathOf).sort();
    expect(Object.keys(HELP).sort()).toEqual(paths);
    for (const p of paths) {
      const h = HELP[p]!;
      expect(h.summary.length, p).toBeGreaterThan(5);
      expect(h.summary, p).not.toContain('\n');
      expect(h.examples.length, p).toBeGreaterThanOrEqual(2);
      expect(h.examples.length, p).toBeLessThanOrEqual(3);
    }
  });

  /** Walk an example against the tree: known commands, known flags, allowed values. */
  function check(line: string): void {
    const words = line.split(/\s+/);
    while (/^[A-Z_]+=/.test(words[0]!)) words.shift();
    expect(words.shift(), line).toBe('pmt');
    let cmd: Command = program;
    let positional = 0;
    const globals = program.options;
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (w === '|' || w === '>') break;
      if (w.startsWith('-')) {
        const [flag, inline] = w.split('=');
        const opt = [...cmd.options, ...globals].find((o) => o.long === flag || o.short === flag);
        expect(opt, `${line}: ${flag} is not a flag of "${pathOf(cmd)}"`).toBeDefined();
        if (opt!.required || opt!.optional) {
          const value = inline ?? words[++i];
          expect(value, `${line}: ${flag} needs a value`).toBeDefined();
          if (opt!.argChoices) expect(opt!.argChoices, line).toContain(value);
        }
        continue;
      }
      const sub = positional === 0 ? cmd.commands.find((c) => c.name() === w) : undefined;
      if (sub) cmd = sub;
      else {
        // A variadic last argument (`markets search <words...>`) takes every remaining word.
        const last = cmd.registeredArguments[cmd.registeredArguments.length - 1];
        const arg = cmd.registeredArguments[positional] ?? (last?.variadic ? last : undefined);
        expect(arg, `${line}: unexpected argument "${w}" for "${pathOf(cmd)}"`).toBeDefined();
        if (arg!.argChoices) expect(arg!.argChoices).toContain(w);
        positional++;
      }
    }
    expect(cmd.commands.length, `${line}: stops at a group`).toBe(0);
    const required = cmd.registeredArguments.filter((a) => a.required).length;
    expect(positional, `${line}: missing arguments`).toBeGreaterThanOrEqual(required);
  }

  it('every example only uses commands, flags and values that exist', () => {
    for (const h of Object.values(HELP)) for (const e of h.examples) check(e.cmd);
  });

  it('the check catches a wrong example', () => {
    expect(() => check('pmt markets list --stat active')).toThrow();
    expect(() => check('pmt order create --type day')).toThrow();
    expect(() => check('pmt markets')).toThrow();
  });
});

describe('pmt with no arguments', () => {
  it('prints a short overview: every command, first steps, where to get help', async () => {
    const r = await runInProcess([]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    // One screen: 24 lines, plus one per top-level command added since (approvals, position, settlements, doctor; risk, kill, mcp).
    expect(lines.length).toBeLessThanOrEqual(31);
    for (const c of program.commands) expect(r.stdout).toMatch(new RegExp(`^  ${c.name()} +\\S`, 'm'));
    // Groups list their subcommands.
    expect(r.stdout).toMatch(/^ {2}markets +.*list, search, lineage/m);
    expect(r.stdout).toMatch(/^ {2}order +.*create, cancel-all, cancel, amend, get, journal, watch, list, group/m);
    expect(r.stdout).toContain('pmt <command> --help');
    expect(r.stdout).not.toMatch(/\u001b/);
  });

  it('a group without a subcommand prints its help on stdout', async () => {
    const r = await runInProcess(['order']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: pmt order /);
    expect(r.stdout).toContain('cancel-all');
  });
});

describe('mistakes', () => {
  it.each([
    [['markt'], "unknown command 'markt' (Did you mean markets?)"],
    [['markets', 'lst'], "unknown command 'lst' (Did you mean list?)"],
    [['exchange'], "unknown command 'exchange' (Did you mean exchanges?)"],
    [['markets', 'list', '--statu', 'active'], "unknown option '--statu' (Did you mean --status?)"],
    // Asking for help about a command that does not exist.
    [['help', 'markt'], "unknown command 'markt' (Did you mean markets?)"],
    [['markt', '--help'], "unknown command 'markt' (Did you mean markets?)"],
    [['order', 'help', 'cancelall'], "unknown command 'cancelall' (Did you mean cancel-all?)"],
    [['--exchange', 'kalshi', 'book', 'shwo', '-h'], "unknown command 'shwo' (Did you mean show?)"],
    [['help', 'zzzzzz'], "unknown command 'zzzzzz'"],
  ])('pmt %j suggests the closest in one line, exit 2', async (args, message) => {
    const r = await runInProcess(args);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: ${message}\n`);
  });

  it('help for a real command still works every way it can be asked', async () => {
    for (const args of [['help', 'markets'], ['markets', '--help'], ['markets', 'help', 'list'], ['--exchange', 'kalshi', 'help', 'order']]) {
      const r = await runInProcess(args);
      expect(r.exitCode, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(/^Usage: pmt (markets|order)/);
    }
  });

  it('with --json the suggestion is in the error object', async () => {
    const r = await runInProcess(['--json', 'markt']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({ kind: 'Api', message: "unknown command 'markt' (Did you mean markets?)" });
  });

  it('a bad allowed value names the allowed ones', async () => {
    const r = await runInProcess(['markets', 'list', '--status', 'open']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^error: .*--status.*Allowed choices are active, closed, resolved, all/);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('the error is red on a terminal (forced), plain when piped or with NO_COLOR / --no-color', async () => {
    const red = await runPmt(['markt'], { env: { PMT_FORCE_TTY: '80', FORCE_COLOR: '1' } });
    expect(red.stderr).toMatch(/^\u001b\[31merror\u001b\[39m: unknown command 'markt'/);
    const tty = await runPmt(['markt'], { env: { PMT_FORCE_TTY: '80' } });
    expect(tty.stderr).toMatch(/^\u001b\[31merror/);
    for (const env of [{}, { PMT_FORCE_TTY: '80', NO_COLOR: '1' }, { PMT_FORCE_TTY: '80', TERM: 'dumb' }]) {
      const r = await runPmt(['markt'], { env });
      expect(r.stderr, JSON.stringify(env)).toMatch(/^error: /);
    }
    const flag = await runPmt(['--no-color', 'markt'], { env: { PMT_FORCE_TTY: '80', FORCE_COLOR: '1' } });
    expect(flag.stderr).toMatch(/^error: /);
  });
});
