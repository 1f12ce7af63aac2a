/**
 * Profiles as pmt 0.3.1 wrote and showed them, before the credential fields moved into the
 * manifests: the same `profile add` commands write the same profiles.json, byte for byte, with
 * the same output on stdout and stderr and the same exit codes; a profiles.json as that version
 * wrote it (fixtures/profiles-0.3.1/profiles.json) still loads, and `profile list/show` and
 * `exchanges` answer as they did, masking included. Every step and its recorded answer are in
 * fixtures/profiles-0.3.1/ (steps.json, expected.json); `$DIR` stands for the test's directory,
 * `$PEM` and `$USKEY` for the fixture keys. Recorded with the 0.3.1 build of main before the fields
 * moved, on-chain settings of issue 25 included (PMT_RECORD_PROFILE_COMPAT=1
 * rewrites expected.json; never set it to make a failure go away). One answer changed on purpose
 * since: 0.3.1's `pmt exchanges` looked for a profile's Polymarket US section under its exchange id
 * (`polymarket-us`) instead of its profile key (`polymarket_us`), and so called stored Polymarket US
 * credentials "missing"; it now reports them configured (the four `exchanges` steps on such profiles).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPmt, type RunResult } from '../helpers/cli.js';

const FIX = resolve(import.meta.dirname, 'fixtures/profiles-0.3.1');
const RECORD = process.env.PMT_RECORD_PROFILE_COMPAT === '1';

interface Step {
  args: string[];
  env?: Record<string, string>;
  input?: string;
}
type Answer = RunResult;

const steps = JSON.parse(readFileSync(join(FIX, 'steps.json'), 'utf8')) as Step[];
const PEM = readFileSync(join(FIX, 'kalshi.pem'), 'utf8');
const USKEY = readFileSync(join(FIX, 'us.key'), 'utf8');

/** A fresh directory holding the keys and an (empty) config dir. */
function freshDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'pmt-compat-')));
  copyFileSync(join(FIX, 'kalshi.pem'), join(dir, 'kalshi.pem'));
  copyFileSync(join(FIX, 'us.key'), join(dir, 'us.key'));
  mkdirSync(join(dir, 'cfg'), { mode: 0o700 });
  mkdirSync(join(dir, 'empty'), { mode: 0o700 });
  return dir;
}

const fill = (s: string, dir: string) => s.replaceAll('$DIR', dir).replaceAll('$PEM', PEM).replaceAll('$USKEY', USKEY);
const unfill = (s: string, dir: string) => s.replaceAll(dir, '$DIR');

const reads = (s: Step) => (s.args[0] === 'profile' && (s.args[1] === 'list' || s.args[1] === 'show')) || s.args[0] === 'exchanges';
/** The steps that write the store (add, risk), then the reads, then changes (use, remove) and a last read. */
const firstRead = steps.findIndex(reads);
const readCount = steps.slice(firstRead).findIndex((s) => !reads(s));

/** Every step (or those `only` keeps) in order; `snapshot` gets the store file as it is before the first read. */
async function play(dir: string, only?: (i: number) => boolean, snapshot?: (text: string) => void): Promise<Answer[]> {
  const out: Answer[] = [];
  for (const [i, s] of steps.entries()) {
    if (i === firstRead) snapshot?.(unfill(readFileSync(join(dir, 'cfg/profiles.json'), 'utf8'), dir));
    if (only && !only(i)) continue;
    const env = { PMT_CONFIG_DIR: join(dir, 'cfg'), ...Object.fromEntries(Object.entries(s.env ?? {}).map(([k, v]) => [k, fill(v, dir)])) };
    const r = await runPmt(s.args.map((a) => fill(a, dir)), { env, input: s.input === undefined ? '' : fill(s.input, dir) });
    out.push({ exitCode: r.exitCode, stdout: unfill(r.stdout, dir), stderr: unfill(r.stderr, dir) });
  }
  return out;
}

describe('profiles written by 0.3.1', () => {
  let dir: string;
  let answers: Answer[];
  let written = '';
  beforeAll(async () => {
    dir = freshDir();
    answers = await play(dir, undefined, (text) => (written = text));
    if (RECORD) {
      writeFileSync(join(FIX, 'expected.json'), JSON.stringify(answers, null, 2) + '\n');
      writeFileSync(join(FIX, 'profiles.json'), written);
    }
  }, 120_000);

  it('every step answers as 0.3.1 did: exit code, stdout and stderr, byte for byte', () => {
    const expected = JSON.parse(readFileSync(join(FIX, 'expected.json'), 'utf8')) as Answer[];
    expect(answers.length).toBe(expected.length);
    answers.forEach((a, i) => expect({ step: steps[i]!.args.join(' '), ...a }).toEqual({ step: steps[i]!.args.join(' '), ...expected[i]! }));
  });

  it('profile add and risk set write the profile file exactly as 0.3.1 wrote it', () => {
    expect(written).toBe(readFileSync(join(FIX, 'profiles.json'), 'utf8'));
  });

  it('a profile file as 0.3.1 wrote it loads and reads back the same (list, show, exchanges)', async () => {
    const other = freshDir();
    writeFileSync(join(other, 'cfg/profiles.json'), fill(readFileSync(join(FIX, 'profiles.json'), 'utf8'), other), { mode: 0o600 });
    const expected = JSON.parse(readFileSync(join(FIX, 'expected.json'), 'utf8')) as Answer[];
    expect(firstRead).toBeGreaterThan(steps.findLastIndex((s) => s.args[1] === 'add' || s.args[0] === 'risk'));
    const got = await play(other, (i) => i >= firstRead && i < firstRead + readCount);
    expect(got.length).toBeGreaterThan(10);
    got.forEach((a, i) => expect({ step: steps[firstRead + i]!.args.join(' '), ...a }).toEqual({ step: steps[firstRead + i]!.args.join(' '), ...expected[firstRead + i]! }));
  }, 60_000);
});
