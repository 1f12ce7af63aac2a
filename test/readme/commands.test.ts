/**
 * Every README command works pasted in order: the shell commands of the README (```sh blocks
 * and `$ ` lines of the tour's output blocks), extracted in order and run in ONE bash on the
 * built tree, so exports and background jobs carry over as they do for a reader. The install and
 * test steps are left out (CI runs them anyway), `pmt` is this tree's bin/pmt on PATH (what
 * `npm link` gives), HOME and /tmp are private temp dirs, and port 18080 a free one.
 * Build first (`npm run build`).
 */
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv } from '../helpers/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Steps a reader runs that CI already covers, or that change the machine beyond this test. */
const SKIP = [/^npm (ci|test|link|run (build|bench))\b/, /^node bench\//];

/** The README's commands in order, continuation lines joined. */
export function readmeCommands(text: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  let pending = '';
  const push = (line: string) => {
    const joined = pending + line;
    if (joined.endsWith('\\')) {
      pending = joined.slice(0, -1) + ' ';
      return;
    }
    pending = '';
    const cmd = joined.trim();
    if (cmd === '' || cmd.startsWith('#') || cmd.includes('<TAB>') || SKIP.some((re) => re.test(cmd))) return;
    out.push(cmd);
  };
  for (const line of text.split('\n')) {
    const f = /^```(\S*)/.exec(line);
    if (f) {
      fence = fence === null ? f[1]! : null;
      continue;
    }
    if (fence === 'sh') push(line);
    else if (fence === '' && (line.startsWith('$ ') || pending)) push(pending ? line : line.slice(2));
  }
  return out;
}

function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

describe('README', () => {
  it('extracts the tour in order', () => {
    const cmds = readmeCommands(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    const at = (re: RegExp) => cmds.findIndex((c) => re.test(c));
    expect(at(/^node \.doubles\/doubles\.js/)).toBeGreaterThanOrEqual(0);
    expect(at(/^node \.doubles/)).toBeLessThan(at(/^pmt markets list/));
    expect(at(/^export PMT_SERVE_TOKEN/)).toBeLessThan(at(/^curl /));
    expect(at(/^kill \$SERVE_PID "\$\(cat \/tmp\/pmt-doubles\.pid\)"/)).toBe(cmds.length - 4);
    // The server takes a free port and the wait for it is bounded (a taken port never hangs the tour).
    expect(at(/^pmt serve --port 0 /)).toBeGreaterThanOrEqual(0);
    expect(cmds.some((c) => /^until /.test(c))).toBe(false);
    expect(cmds.some((c) => /\bsleep [1-9]/.test(c))).toBe(false);
  });

  it('every command runs, pasted in order', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'pmt-readme-'));
    const home = join(tmp, 'home');
    const binDir = join(tmp, 'bin');
    mkdirSync(home);
    mkdirSync(binDir);
    symlinkSync(join(ROOT, 'bin', 'pmt'), join(binDir, 'pmt'));
    const port = String(await freePort());
    const cmds = readmeCommands(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((c) => c.replaceAll('/tmp/', `${tmp}/`).replaceAll('18080', port));
    // Each command checked on its own: the first that fails names itself and stops the run. A
    // live view the reader ends with Ctrl-C (`book watch` without --count, an SSE curl) runs for
    // a few seconds, then is stopped the same way: that stop is its success.
    const live = (c: string) => (/^pmt book watch\b(?!.*--count)/.test(c) || /^curl -sN\b/.test(c)) && !c.endsWith('&');
    const script = cmds
      .map((c) => (live(c) ? `timeout -s INT 4 ${c}; rc=$?; if [ $rc -eq 124 ] || [ $rc -eq 130 ]; then (exit 0); else (exit $rc); fi` : c))
      .map((c, i) => `${c}\nrc=$?; if [ $rc -ne 0 ]; then echo "README command ${i + 1} failed (exit $rc): ${c.replace(/[`$"\\]/g, '\\$&')}" >&2; kill $(jobs -p) 2>/dev/null; exit 1; fi`)
      .join('\n');
    // After the clean-up, no variable the tour set is left (issue 21: three PMT_* URLs were).
    const leftover = `\nleft=$(env | grep -E '^(PMT_(KALSHI|POLYMARKET|SERVE|URL)|KALSHI_|POLYMARKET_|SERVE_PID)' | cut -d= -f1)\nif [ -n "$left" ]; then echo "README left set: $left" >&2; exit 1; fi`;
    writeFileSync(join(tmp, 'readme.sh'), script + leftover);
    const r = await execa('bash', [join(tmp, 'readme.sh')], {
      cwd: ROOT,
      env: cleanEnv({ HOME: home, TMPDIR: tmp, PATH: `${binDir}:${process.env.PATH}`, NO_COLOR: '1' }),
      extendEnv: false,
      reject: false,
      timeout: 120_000,
    }).finally(() => {
      // A run that stopped before the README's stop step leaves the doubles running: stop them.
      try {
        process.kill(Number(readFileSync(join(tmp, 'pmt-doubles.pid'), 'utf8').trim()));
      } catch {
        /* already stopped (the stop step ran) */
      }
    });
    expect(r.stderr, r.stdout.slice(-2000)).not.toMatch(/README command \d+ failed/);
    expect(r.stderr).not.toMatch(/README left set/);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('"asset_id":"KXTEST-25Q4-CONTRACT"');
    // The stop step removed the demo key folder the doubles wrote (they write it under TMPDIR).
    expect(readdirSync(tmp).filter((n) => n.startsWith('pmt-demo-'))).toEqual([]);
  }, 150_000);
});
