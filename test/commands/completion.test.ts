/**
 * Completion scripts: the checked-in files equal what the tree generates (drift), each script is
 * valid for its shell, and completing real command lines offers the right words.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCommands, buildProgram } from '../../src/program.js';
import { completionScript, SHELLS, type Shell } from '../../src/commands/completion-script.js';
import { subcommandsOf } from '../../src/ops/table.js';
import { runPmt } from '../helpers/cli.js';
import { bashDriver } from '../helpers/completion.js';

const ROOT = resolve(import.meta.dirname, '../..');
const checkedIn = (shell: Shell) => readFileSync(join(ROOT, 'completions', `pmt.${shell}`), 'utf8');
const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
const tmp = mkdtempSync(join(tmpdir(), 'pmt-completion-'));

describe('completion drift', () => {
  it.each(SHELLS)('completions/pmt.%s equals what the built binary generates', async (shell) => {
    const r = await runPmt(['completion', shell]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout, `completions/pmt.${shell} is stale: npm run build && node scripts/gen-completions.mjs`).toBe(checkedIn(shell));
  });

  it.each(SHELLS)('the %s script is a pure function of the source tree', async (shell) => {
    const a = completionScript(await buildProgram(), shell);
    expect(completionScript(await buildProgram(), shell)).toBe(a);
    expect(a, `completions/pmt.${shell} is stale: npm run build && node scripts/gen-completions.mjs`).toBe(checkedIn(shell));
  });

  it('every command, flag and allowed value of the tree is in every script', async () => {
    const program = await buildProgram();
    for (const shell of SHELLS) {
      const script = checkedIn(shell);
      for (const cmd of allCommands(program)) {
        expect(script, `${shell}: command ${cmd.name()}`).toContain(cmd.name());
        for (const o of cmd.options) {
          expect(script, `${shell}: ${o.flags}`).toContain(shell === 'fish' ? `-l ${o.long!.slice(2)}` : o.long!);
          for (const c of o.argChoices ?? []) expect(script, `${shell}: ${o.long} ${c}`).toContain(c);
        }
        for (const a of cmd.registeredArguments) for (const c of a.argChoices ?? []) expect(script).toContain(c);
      }
    }
  });

  it('rejects a name a script could not carry safely', async () => {
    const program = await buildProgram();
    program.command('evil$(reboot)');
    expect(() => completionScript(program, 'bash')).toThrow(/cannot take unquoted/);
  });
});

describe('scripts are valid for their shell', () => {
  it('bash -n', () => {
    const r = spawnSync('bash', ['-n', join(ROOT, 'completions/pmt.bash')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('zsh -n', (ctx) => {
    if (!has('zsh')) return ctx.skip('zsh is not installed: install zsh to check completions/pmt.zsh');
    const r = spawnSync('zsh', ['-n', join(ROOT, 'completions/pmt.zsh')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('fish --no-execute', (ctx) => {
    if (!has('fish')) return ctx.skip('fish is not installed: install fish to check completions/pmt.fish');
    const r = spawnSync('fish', ['--no-execute', join(ROOT, 'completions/pmt.fish')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

/** Words offered by the bash script for a command line; the last word is being completed. */
function bashComplete(words: string[]): string[] {
  const driver = bashDriver(tmp);
  const out = execFileSync('bash', [driver, ...words], { encoding: 'utf8', cwd: tmp });
  return out.split('\n').filter(Boolean);
}

describe('bash completes real command lines', () => {
  it.each<[string[], string[]]>([
    [['pmt', ''], ['markets', 'book', 'order', 'balance', 'positions', 'fills', 'trades', 'risk', 'kill', 'profile', 'serve', 'mcp', 'completion', 'exchanges', 'approvals', 'position', 'settlements', 'doctor', 'version', 'help']],
    [['pmt', 'ma'], ['markets']],
    // A group's subcommands are its operations' (the table), then pmt's own.
    [['pmt', 'markets', ''], [...subcommandsOf('markets'), 'help']],
    [['pmt', 'order', 'c'], [...subcommandsOf('order'), 'group'].filter((c) => c.startsWith('c'))],
    [['pmt', 'markets', 'list', '--status', ''], ['active', 'closed', 'resolved', 'all']],
    [['pmt', 'markets', 'list', '--status', 'r'], ['resolved']],
    // bash splits --status=value at "=".
    [['pmt', 'markets', 'list', '--status', '=', 'cl'], ['closed']],
    [['pmt', 'order', 'create', '--type', ''], ['gtc', 'ioc', 'fok']],
    [['pmt', 'order', 'create', '--side', ''], ['buy', 'sell']],
    [['pmt', 'profile', 'add', 'me', '--polymarket-signature-type', 'g'], ['gnosis-safe']],
    [['pmt', '--exchange', ''], ['kalshi', 'polymarket', 'polymarket-us']],
    // A global flag and its value before the command do not confuse the path.
    [['pmt', '--exchange', 'kalshi', 'markets', 'l'], ['list', 'lineage']],
    [['pmt', 'book', 'show', 'KXBTCD-25APR1517', '--exchange', 'p'], ['polymarket', 'polymarket-us']],
    [['pmt', 'completion', ''], ['bash', 'zsh', 'fish']],
    [['pmt', 'help', 'p'], ['positions', 'profile', 'position']],
    [['pmt', 'exchanges', '--c'], ['--check']],
    [['pmt', 'order', 'cancel-all', '--y'], ['--yes']],
  ])('%j', (words, expected) => {
    expect(bashComplete(words)).toEqual(expected);
  });

  it('offers the flags of a command that takes nothing else', () => {
    const got = bashComplete(['pmt', 'markets', 'list', '']);
    expect(got).toEqual(expect.arrayContaining(['--status', '--limit', '--all', '--json', '--exchange']));
    expect(got).not.toContain('--check');
  });

  it('completes file names for a key path', () => {
    writeFileSync(join(tmp, 'kalshi-key.pem'), 'x');
    expect(bashComplete(['pmt', 'profile', 'add', 'me', '--kalshi-private-key-path', 'kalshi-'])).toEqual(['kalshi-key.pem']);
  });
});

describe('fish completes real command lines', () => {
  const fishComplete = (line: string) =>
    execFileSync('fish', ['-N', '-c', `source ${join(ROOT, 'completions/pmt.fish')}; complete -C ${JSON.stringify(line)}`], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: tmp },
    })
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[0]);

  it('offers subcommands, flag values and positional choices', (ctx) => {
    if (!has('fish')) return ctx.skip('fish is not installed');
    expect(fishComplete('pmt markets ')).toEqual(expect.arrayContaining(['list', 'lineage']));
    expect(fishComplete('pmt markets list --status ').sort()).toEqual(['active', 'all', 'closed', 'resolved']);
    expect(fishComplete('pmt --exchange kalshi order ').sort()).toEqual(['amend', 'cancel', 'cancel-all', 'create', 'get', 'help', 'journal', 'list']);
    expect(fishComplete('pmt completion ').sort()).toEqual(['bash', 'fish', 'zsh']);
    expect(fishComplete('pmt order create --type=').sort()).toEqual(['--type=fok', '--type=gtc', '--type=ioc']);
  });
});
