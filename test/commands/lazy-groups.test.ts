/**
 * The groups `pmt --help` lists without building them (program.ts LAZY_GROUPS) must list what
 * building them gives: the same subcommands in the same order, and the same help text for the
 * whole program whether a group is built or not.
 */
import { describe, expect, it } from 'vitest';
import { buildProgram, LAZY_GROUPS } from '../../src/program.js';

describe('lazily built groups', () => {
  it('each group names the subcommands its module registers, in order', async () => {
    const full = await buildProgram();
    for (const g of LAZY_GROUPS) {
      const cmd = full.commands.find((c) => c.name() === g.name);
      expect(cmd, g.name).toBeDefined();
      expect(cmd!.commands.map((c) => c.name()), g.name).toEqual([...g.subcommands]);
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
    const built = p.commands.filter((c) => c.commands.length > 0).map((c) => c.name());
    expect(built).toEqual(['book']);
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
