/**
 * Completion of what pmt knows only at run time (`pmt __complete`): profile names from the store
 * and the outcome labels of the market on the line. Bash for real: the checked-in script sourced,
 * COMP_WORDS set, `_pmt` called, with the built binary as `pmt` on PATH, a temp profile store and
 * the upstream doubles. The line walk directly; fish for real when it is installed (zsh: see
 * test/pty/completion-zsh.test.ts).
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/program.js';
import { joinColons, marketOf } from '../../src/commands/complete.js';
import { completionModel, lineState } from '../../src/commands/completion-model.js';
import { PMT_BIN, runPmt } from '../helpers/cli.js';
import { bashDriver } from '../helpers/completion.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'pmt-complete-'));
const SECRET = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';

/** A profile store with two profiles (one holding a secret) in its own 0700 directory. */
function store(): string {
  const dir = join(tmp, `cfg-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(dir, { mode: 0o700 });
  const profiles = { work: { kalshi: { api_key_id: 'k-1', demo: true } }, 'demo.2': { polymarket: { private_key: SECRET } } };
  writeFileSync(join(dir, 'profiles.json'), JSON.stringify({ active: 'work', profiles }), { mode: 0o600 });
  return dir;
}

// `pmt` on PATH is the built binary, as after `npm link`.
const bin = join(tmp, 'bin');
mkdirSync(bin);
symlinkSync(PMT_BIN, join(bin, 'pmt'));
const PATH = `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`;

let d: Doubles;
let cfg: string;
let categorical: { slug: string; labels: string[] };
beforeAll(async () => {
  d = await startDoubles({ polymarket: { events: 40 } });
  cfg = store();
  const m = d.polymarket.gamma.catalog.markets.find((x) => x.wire.closed !== true && JSON.parse(String(x.wire.outcomes)).length > 2)!;
  categorical = { slug: m.slug, labels: JSON.parse(String(m.wire.outcomes)) as string[] };
});
afterAll(() => d?.close());

const env = (extra: Record<string, string> = {}) => ({ PATH, HOME: tmp, PMT_CONFIG_DIR: cfg, ...d.env, ...extra });

/**
 * Words the bash script offers for a command line (the last word is being completed). Async: the
 * doubles answering pmt live in this process.
 */
async function bash(words: string[], extra: Record<string, string> = {}): Promise<{ words: string[]; stderr: string; ms: number }> {
  const driver = bashDriver(tmp);
  const t0 = Date.now();
  const r = await run('bash', [driver, ...words], { encoding: 'utf8', cwd: tmp, env: env(extra) });
  return { words: r.stdout.split('\n').filter(Boolean), stderr: r.stderr, ms: Date.now() - t0 };
}

const escaped = (label: string) => label.replace(/ /g, '\\ ');

const model = completionModel(await buildProgram());

describe('the command line as __complete reads it', () => {
  it.each<[string[], string | undefined, Record<string, string>]>([
    [['book', 'show', 'polymarket:x', '--outcome'], 'polymarket:x', {}],
    // bash splits `polymarket:x` at the colon.
    [['book', 'show', 'polymarket', ':', 'x', '--outcome'], 'polymarket:x', {}],
    [['--exchange', 'polymarket', 'book', 'show', '--depth', '5', 'slug-a'], 'slug-a', { '--exchange': 'polymarket', '--depth': '5' }],
    [['book', 'stats', '--outcome', 'Yes', 'KX-1'], 'KX-1', { '--outcome': 'Yes' }],
    [['order', 'create', '--asset=slug-b', '--side', 'buy'], 'slug-b', { '--side': 'buy' }],
    // bash splits `--asset=slug-c` into three words.
    [['order', 'create', '--asset', '=', 'slug-c', '--profile', 'work'], 'slug-c', { '--profile': 'work' }],
    [['markets', 'history', 'kalshi:KX-2', '--interval', '1d'], 'kalshi:KX-2', { '--interval': '1d' }],
    [['order', 'create', '--side', 'buy'], undefined, {}],
    [['book', 'show'], undefined, {}],
  ])('%j', (words, market, values) => {
    const st = lineState(model, joinColons(words));
    expect(marketOf(st)).toBe(market);
    for (const [k, v] of Object.entries(values)) expect(st.values.get(k)).toBe(v);
  });
});

describe('pmt __complete profiles', () => {
  it('prints the stored names that start with the word, never a secret, and nothing else', async () => {
    const all = await runPmt(['__complete', 'profiles', ''], { env: { PMT_CONFIG_DIR: cfg } });
    expect(all).toMatchObject({ exitCode: 0, stdout: 'demo.2\nwork\n', stderr: '' });
    expect((await runPmt(['__complete', 'profiles', 'markets', 'list', '--profile', 'W'], { env: { PMT_CONFIG_DIR: cfg } })).stdout).toBe('work\n');
    expect((await runPmt(['__complete', 'profiles', '--profile=d'], { env: { PMT_CONFIG_DIR: cfg } })).stdout).toBe('demo.2\n');
    expect(all.stdout + all.stderr).not.toContain(SECRET.slice(4, 20));
  });

  it('no store, or a broken one: nothing, and no error', async () => {
    const empty = mkdtempSync(join(tmp, 'none-'));
    expect(await runPmt(['__complete', 'profiles', ''], { env: { PMT_CONFIG_DIR: empty } })).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    writeFileSync(join(empty, 'profiles.json'), '{"profiles": {"a": ');
    expect(await runPmt(['__complete', 'profiles', ''], { env: { PMT_CONFIG_DIR: empty } })).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    expect(await runPmt(['__complete', 'no-such-kind', ''])).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });
});

describe('bash completes profile names and outcomes', () => {
  it('--profile and the profile verbs offer the stored names', async () => {
    expect((await bash(['pmt', '--profile', ''])).words).toEqual(['demo.2', 'work']);
    expect((await bash(['pmt', 'markets', 'list', '--profile', 'w'])).words).toEqual(['work']);
    expect((await bash(['pmt', 'markets', 'list', '--profile', '=', 'd'])).words).toEqual(['demo.2']);
    expect((await bash(['pmt', 'profile', 'use', ''])).words).toEqual(['demo.2', 'work']);
    expect((await bash(['pmt', 'profile', 'remove', 'de'])).words).toEqual(['demo.2']);
    // `profile add` names a new profile: nothing to offer but its flags.
    expect((await bash(['pmt', 'profile', 'add', ''])).words).not.toContain('work');
    expect((await bash(['pmt', 'profile', 'use', '--'])).words).toContain('--json');
  });

  it('--outcome offers Yes and No, and a categorical market its own labels (quoted for the shell)', async () => {
    const { slug, labels } = categorical;
    // Readline splits `polymarket:<slug>` at the colon, as COMP_WORDBREAKS says.
    const all = await bash(['pmt', 'book', 'show', 'polymarket', ':', slug, '--outcome', '']);
    expect(all.words).toEqual([...labels.map(escaped), 'Yes', 'No']);
    expect(all.stderr).toBe('');
    const first = labels[0]!;
    expect((await bash(['pmt', '--exchange', 'polymarket', 'order', 'create', '--asset', slug, '--side', 'buy', '--outcome', first.slice(0, 3).toLowerCase()])).words).toEqual([escaped(first)]);
    expect((await bash(['pmt', 'markets', 'history', 'polymarket', ':', slug, '--outcome', '=', first.slice(0, 2)])).words).toEqual([escaped(first)]);
    // Kalshi's books are Yes or No: no request is needed for that.
    d.resetLogs();
    expect((await bash(['pmt', 'book', 'stats', 'KXTEST-25Q4-CONTRACT', '--outcome', 'n'])).words).toEqual(['No']);
    expect(d.kalshi.double.count()).toBe(0);
    // No market on the line yet: Yes and No.
    expect((await bash(['pmt', 'order', 'create', '--outcome', ''])).words).toEqual(['Yes', 'No']);
  });

  it("a market's labels are remembered briefly in the config directory", async () => {
    const own = store();
    const line = ['pmt', 'book', 'show', 'polymarket', ':', categorical.slug, '--outcome', ''];
    d.resetLogs();
    const first = await bash(line, { PMT_CONFIG_DIR: own });
    const asked = d.polymarket.gammaDouble.count();
    expect(asked).toBeGreaterThan(0);
    expect((await bash(line, { PMT_CONFIG_DIR: own })).words).toEqual(first.words);
    expect(d.polymarket.gammaDouble.count()).toBe(asked);
    expect(existsSync(join(own, 'completion-outcomes.json'))).toBe(true);
    expect(readFileSync(join(own, 'completion-outcomes.json'), 'utf8')).not.toContain(SECRET.slice(4, 20));
  });

  it('an upstream that is down or never answers gives Yes and No, no error, within the deadline', async () => {
    const line = ['pmt', 'book', 'show', 'polymarket:some-market', '--outcome', ''];
    const down = await bash(line, { PMT_POLYMARKET_GAMMA_URL: 'http://127.0.0.1:9', PMT_COMPLETE_CACHE_SECONDS: '0' });
    expect(down).toMatchObject({ words: ['Yes', 'No'], stderr: '' });
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const port = (silent.address() as { port: number }).port;
      const hung = await bash(line, { PMT_POLYMARKET_GAMMA_URL: `http://127.0.0.1:${port}`, PMT_COMPLETE_CACHE_SECONDS: '0' });
      expect(hung).toMatchObject({ words: ['Yes', 'No'], stderr: '' });
      // The read is abandoned at 1.5 s; start-up and bash come on top, far from a hung shell.
      expect(hung.ms).toBeLessThan(6000);
    } finally {
      silent.close();
    }
  });
});

describe('fish completes profile names and outcomes', () => {
  const has = (b: string) => spawnSync('sh', ['-c', `command -v ${b}`]).status === 0;
  const fish = async (line: string) =>
    (await run('fish', ['-N', '-c', `source ${join(ROOT, 'completions/pmt.fish')}; complete -C ${JSON.stringify(line)}`], { encoding: 'utf8', env: { ...env(), PATH: `${PATH}:${process.env.PATH}` } })).stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[0]);

  it('asks pmt for --profile, profile verbs and --outcome', async (ctx) => {
    if (!has('fish')) return ctx.skip('fish is not installed');
    expect(await fish('pmt --profile ')).toEqual(['demo.2', 'work']);
    expect(await fish('pmt profile use w')).toEqual(['work']);
    const { slug, labels } = categorical;
    expect((await fish(`pmt book show polymarket:${slug} --outcome `)).sort()).toEqual([...labels, 'Yes', 'No'].sort());
    expect(await fish(`pmt book show polymarket:${slug} --outcome=${labels[0]!.slice(0, 3)}`)).toEqual([`--outcome=${labels[0]}`]);
  });
});
