/**
 * Help served from dist/help/ (rendered at build time by scripts/gen-help.mjs) is byte for byte
 * what Commander prints for the same arguments: every file is compared with the output of a copy
 * of the build without dist/help, which renders it through Commander as before; and the real
 * binary does serve the files when stdout is a pipe.
 */
import { execa } from 'execa';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, PMT_BIN, tempConfigDir } from '../helpers/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const HELP = join(ROOT, 'dist/help');
const files = readdirSync(HELP).filter((f) => f.endsWith('.txt'));
const argsOf = (file: string) => (file === 'pmt.txt' ? [] : file.slice(0, -'.txt'.length).split(' '));

let copy = '';
beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'pmt-nohelp-'));
  cpSync(join(ROOT, 'bin'), join(copy, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true, filter: (src) => !src.startsWith(HELP) });
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const run = (bin: string, args: string[], env: Record<string, string> = {}) =>
  execa(process.execPath, [bin, ...args], { env: cleanEnv({ PMT_CONFIG_DIR: tempConfigDir(), ...env }), extendEnv: false, reject: false, input: '', stripFinalNewline: false });

describe('help from dist/help is what Commander prints', () => {
  it('the build rendered the root, the overview and every top-level command', () => {
    for (const f of ['--help.txt', '-h.txt', 'help.txt', 'pmt.txt', 'markets --help.txt', 'help markets.txt', 'markets.txt', 'book --help.txt', 'balance --help.txt']) expect(files).toContain(f);
    expect(files).not.toContain('balance.txt');
  });

  it('every file, against the same arguments rendered by Commander (a build without dist/help)', async () => {
    const queue = [...files];
    const mismatches: string[] = [];
    const worker = async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        const r = await run(join(copy, 'bin/pmt'), argsOf(f));
        if (r.exitCode !== 0 || r.stderr !== '' || r.stdout !== readFileSync(join(HELP, f), 'utf8')) mismatches.push(`${f}: exit ${r.exitCode}, stderr ${JSON.stringify(r.stderr.slice(0, 80))}`);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(mismatches).toEqual([]);
  });

  it.each([{ args: ['--help'] }, { args: [] }, { args: ['markets'] }, { args: ['help', 'order'] }, { args: ['trades', '-h'] }])('the binary serves the file on a pipe: pmt $args', async ({ args }) => {
    const r = await run(PMT_BIN, args);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(readFileSync(join(HELP, args.length ? `${args.join(' ')}.txt` : 'pmt.txt'), 'utf8'));
  });

  it('a line with anything more is Commander\'s: the built text is not served for it', async () => {
    const r = await run(PMT_BIN, ['--help', '--json']);
    const c = await run(join(copy, 'bin/pmt'), ['--help', '--json']);
    expect(r.stdout).toBe(c.stdout);
    expect(r.exitCode).toBe(c.exitCode);
  });
});
