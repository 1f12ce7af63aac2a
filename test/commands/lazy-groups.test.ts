/**
 * The commands `pmt --help` lists without building them (program.ts LAZY_COMMANDS) must list what
 * building them gives: the same names in the same order, terms, subcommands, and the same help
 * text for the whole program whether a command is built or not.
 */
import { Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, LAZY_COMMANDS } from '../../src/program.js';

describe('lazily built commands', () => {
  it('each entry is what its module registers: names in order, term, subcommands', async () => {
    const full = await buildProgram();
    const help = new Help();
    const listed = LAZY_COMMANDS.flatMap((m) => m.listed);
    expect(full.commands.map((c) => c.name()).filter((n) => n !== 'version')).toEqual(listed.map((l) => l.name));
    for (const l of listed) {
      const cmd = full.commands.find((c) => c.name() === l.name)!;
      expect(help.subcommandTerm(cmd), l.name).toBe(l.term ?? l.name);
      expect(cmd.commands.map((c) => c.name()), l.name).toEqual([...(l.subcommands ?? [])]);
    }
  });

  it('`pmt --help` and the overview read the same with every group built or none', async () => {
    const none = await buildProgram(['--help']);
    const all = await buildProgram();
    expect(none.commands.find((c) => c.name() === 'markets')!.commands).toHaveLength(0);
    expect(none.helpInformation()).toBe(all.helpInformation());
    const { overview } = await import('../../src/commands/overview.js');
    expect(overview(none, '0')).toBe(overview(all, '0'));
  });

  it('a command line builds the groups it names, and only those', async () => {
    const p = await buildProgram(['book', 'stats', 'X']);
    const built = p.commands.filter((c) => c.commands.length > 0 || c.options.length > 0).map((c) => c.name());
    expect(built).toEqual(['book']);
    const trades = await buildProgram(['trades', 'X', '--limit', '5']);
    expect(trades.commands.filter((c) => c.options.length > 0 || c.commands.length > 0).map((c) => c.name())).toEqual(['positions', 'fills', 'trades']);
  });

  it('`pmt --help`, `-h` and `help` print the same text, exit 0 (none of them parses)', async () => {
    const { runPmt } = await import('../helpers/cli.js');
    const [a, b, c] = await Promise.all([runPmt(['--help']), runPmt(['-h']), runPmt(['help'])]);
    expect([a.exitCode, b.exitCode, c.exitCode]).toEqual([0, 0, 0]);
    expect(a.stdout).toContain('Usage: pmt [options] [command]');
    expect(b.stdout).toBe(a.stdout);
    expect(c.stdout).toBe(a.stdout);
  });
});
