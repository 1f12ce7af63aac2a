/**
 * What pmt loads, per path: structural guards for start-up cost (no timings here; `npm run bench`
 * measures those). Runs the built binary with a preload that records every file and Node built-in
 * the process loaded.
 */
import { execa } from 'execa';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Module, { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, PMT_BIN, tempConfigDir } from '../helpers/cli.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';

const ROOT = resolve(import.meta.dirname, '../..');
const PRELOAD = resolve(import.meta.dirname, 'loaded-modules.cjs');

interface Loaded {
  exitCode: number;
  stderr: string;
  /** Files loaded, relative to the repository (dist/cli.cjs, dist/vendor/got.cjs, ...). */
  files: string[];
  builtins: string[];
}

async function loaded(args: string[], env: Record<string, string> = {}): Promise<Loaded> {
  const out = join(mkdtempSync(join(tmpdir(), 'pmt-loaded-')), 'loaded.json');
  const r = await execa(process.execPath, ['--require', PRELOAD, PMT_BIN, ...args], {
    env: cleanEnv({ PMT_CONFIG_DIR: tempConfigDir(), ...env, PMT_TEST_LOADED: out }),
    extendEnv: false,
    reject: false,
    input: '',
  });
  const seen = JSON.parse(readFileSync(out, 'utf8')) as { files: string[]; builtins: string[] };
  return { exitCode: r.exitCode ?? -1, stderr: String(r.stderr), files: seen.files.map((f) => relative(ROOT, f)), builtins: seen.builtins };
}

/**
 * Code a command that never touches the network may load, in bytes: the entry (commander and the
 * command tree) and its shared chunks are about 100 KiB; a command's implementation, a vendored
 * package or everything in one file would be far more.
 */
const START_BUDGET = 200 * 1024;

/** Vendored packages loaded (their entries; shared chunks are named with a hash). */
const vendorEntries = (files: string[]) => files.filter((f) => f.startsWith('dist/vendor/') && !/-[A-Z0-9]{8}\.cjs$/.test(f));

/** Built-ins a command that never touches the network has no business loading. */
const NETWORK_AND_PROCESS = ['child_process', 'http', 'https', 'tls', 'http2', 'zlib', 'dns', 'crypto'];

/**
 * The ES-module internals a plain CommonJS file loads on this Node: none on Node 20; Node 22+
 * loads some of them in its CommonJS loader itself (require(esm)), so only what pmt adds to a
 * bare CommonJS run counts.
 */
function bareCjsBuiltins(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'pmt-bare-'));
  const file = join(dir, 'bare.cjs');
  const out = join(dir, 'loaded.json');
  writeFileSync(file, "'use strict';\n");
  spawnSync(process.execPath, ['--require', PRELOAD, file], { env: { ...process.env, PMT_TEST_LOADED: out }, stdio: 'ignore' });
  const seen = JSON.parse(readFileSync(out, 'utf8')) as { builtins: string[] };
  rmSync(dir, { recursive: true, force: true });
  return seen.builtins;
}

describe('start-up without the network loads only the core bundle', () => {
  let bare: string[] = [];
  beforeAll(() => {
    bare = bareCjsBuiltins();
  });
  for (const args of [['--version'], ['--help'], ['completion', 'bash'], ['__complete', 'profiles', ''], ['markets', 'list', '--help'], ['book', 'stats', '--help']]) {
    it(`pmt ${args.join(' ')}`, async () => {
      const r = await loaded(args);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.files).toContain('dist/cli.cjs');
      // pmt's own entry and the few chunks it needs, nothing vendored, nothing from node_modules.
      expect(r.files.filter((f) => f !== 'bin/pmt' && !/^dist\/[^/]+\.cjs$/.test(f))).toEqual([]);
      expect(r.files.reduce((n, f) => n + statSync(join(ROOT, f)).size, 0)).toBeLessThan(START_BUDGET);
      expect(r.builtins.filter((b) => NETWORK_AND_PROCESS.includes(b))).toEqual([]);
      // A CommonJS entry: no ES module is ever resolved, loaded or run.
      expect(r.builtins.filter((b) => /^internal\/modules\/esm\/(module_job|translators|resolve)$/.test(b) && !bare.includes(b))).toEqual([]);
    });
  }

  it('the version and a completion script are answered by the entry alone (no Commander, no command tree)', async () => {
    for (const args of [['--version'], ['version'], ['completion', 'bash'], ['completion', 'zsh'], ['completion', 'fish']]) {
      const r = await loaded(args);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.files.sort(), args.join(' ')).toEqual(['bin/pmt', 'dist/cli.cjs']);
    }
  });

  it('`pmt --help`, `pmt` and a command\'s help on a pipe are the entry alone (the text the build rendered, dist/help)', async () => {
    for (const args of [['--help'], [], ['markets', '--help'], ['help', 'book'], ['order']]) {
      const r = await loaded(args);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.files.sort(), args.join(' ')).toEqual(['bin/pmt', 'dist/cli.cjs']);
    }
  });

  it('a subcommand\'s help loads the entry, the command tree and its group, nothing more', async () => {
    const r = await loaded(['book', 'stats', '--help']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.files.filter((f) => f !== 'bin/pmt' && f !== 'dist/cli.cjs').map((f) => f.replace(/-[A-Z0-9]{8}\.cjs$/, '')).sort()).toEqual(['dist/book', 'dist/program']);
  });

  it('a group is built only when the command line names it', async () => {
    // esbuild names a group's chunk after its folder: dist/book-<hash>.cjs for commands/book/index.ts.
    const groups = async (args: string[]) =>
      (await loaded(args)).files.map((f) => /^dist\/(markets|book|order|profile)-[A-Z0-9]{8}\.cjs$/.exec(f)?.[1]).filter(Boolean);
    expect(await groups(['book', 'stats', '--help'])).toEqual(['book']);
    expect(await groups(['order', 'create', '--help'])).toEqual(['order']);
    expect(await groups(['markets', 'list', '--limit', 'lots'])).toEqual(['markets']);
    expect(await groups(['--help'])).toEqual([]);
  });

  it('a usage error is reported from the core alone', async () => {
    const r = await loaded(['markets', 'list', '--limit', 'lots']);
    expect(r.exitCode).toBe(2);
    expect(r.files.filter((f) => f.includes('vendor/'))).toEqual([]);
  });
});

describe('network commands load only what their requests and output need', () => {
  let d: Doubles;
  beforeAll(async () => {
    d = await startDoubles({ polymarket: { events: 20 } });
  });
  afterAll(() => d?.close());

  it('--json loads no vendored package (reads go out over node:http, got carries writes), no table, no prompt, no profile library, nothing from node_modules', async () => {
    const r = await loaded(['markets', 'list', '--exchange', 'polymarket', '--limit', '2', '--json'], d.env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(vendorEntries(r.files)).toEqual([]);
    expect(r.files.filter((f) => f.includes('node_modules'))).toEqual([]);
    // Neither TLS (the doubles are plain http), nor HTTP/2, nor zlib for an uncompressed answer.
    expect(r.builtins.filter((b) => ['http2', 'https', 'tls', 'zlib'].includes(b))).toEqual([]);
  });

  it('a one-request read verb opens few files: the derived verbs\' runner and what every such verb needs are one pack (dist/verbs.cjs); no perf_hooks for a clock', async () => {
    // Not a blocking spawn: the doubles answer from this process.
    const listed = await execa(process.execPath, [PMT_BIN, 'markets', 'list', '--exchange', 'polymarket', '--limit', '1', '--json'], { env: cleanEnv({ PMT_CONFIG_DIR: tempConfigDir(), ...d.env }), extendEnv: false });
    const token = (JSON.parse(listed.stdout) as { markets: Array<{ outcomes: Array<{ token_id: string | null }> }> }).markets
      .flatMap((m) => m.outcomes)
      .find((o) => o.token_id)!.token_id!;
    const r = await loaded(['book', 'stats', token, '--exchange', 'polymarket', '--json'], d.env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.files).toContain('dist/verbs.cjs');
    expect(r.files.some((f) => /^dist\/op-run-/.test(f))).toBe(false);
    // Every file is a resolution, a stat, a read and a compile wrapper (~0.25 ms each on Node 20).
    expect(r.files.filter((f) => f.startsWith('dist/')).length).toBeLessThanOrEqual(13);
    expect(r.builtins).not.toContain('perf_hooks');
  });

  it("a command on one exchange loads that exchange's adapter pack and no other (a helper shared by ops and one adapter must not pull that adapter's pack into every listing)", async () => {
    const packs = (files: string[]) => files.filter((f) => /^dist\/adapter-/.test(f)).sort();
    const poly = await loaded(['markets', 'list', '--exchange', 'polymarket', '--limit', '1', '--ndjson'], d.env);
    expect(poly.exitCode, poly.stderr).toBe(0);
    expect(packs(poly.files)).toEqual(['dist/adapter-polymarket.cjs']);
    const all = await loaded(['markets', 'list', '--exchange', 'polymarket', '--all', '--ndjson'], d.env);
    expect(all.exitCode, all.stderr).toBe(0);
    expect(packs(all.files)).toEqual(['dist/adapter-polymarket.cjs']);
  });

  it('reading a stored profile is a JSON read, not a conf load', async () => {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify({ active: 'main', profiles: { main: { kalshi: { demo: false } } } }));
    const r = await loaded(['markets', 'list', '--exchange', 'polymarket', '--limit', '2', '--ndjson'], { ...d.env, PMT_CONFIG_DIR: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(vendorEntries(r.files)).toEqual([]);
  });

  it('a table on a terminal loads cli-table3', async () => {
    const r = await loaded(['markets', 'list', '--exchange', 'polymarket', '--limit', '2'], { ...d.env, PMT_FORCE_TTY: '120' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(vendorEntries(r.files).sort()).toEqual(['dist/vendor/cli-table3.cjs']);
  });
});

describe('bundle layout', () => {
  it('no V8 code cache is shipped or read: bytecode nobody can review never runs instead of the JS (issue 15 #8)', () => {
    const list = (dir: string) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.cjs')).map((f) => `${dir}/${f}`);
    const bundles = [...list('dist'), ...list('dist/vendor')];
    expect(bundles).toContain('dist/cli.cjs');
    for (const rel of bundles) expect(existsSync(join(ROOT, `${rel}.cache`)), rel).toBe(false);
    const bin = readFileSync(join(ROOT, 'bin/pmt'), 'utf8');
    expect(bin).not.toMatch(/cachedData|\.cache`/);
  });

  it('a planted code cache for a tampered cli.cjs changes nothing: `pmt --version` runs dist/cli.cjs (issue 15 #8)', () => {
    // The attack: bytecode compiled from a same-length source that prints another version, stored
    // where the old loader looked for it (with the build stamp, when the build leaves one).
    const file = join(ROOT, 'dist/cli.cjs');
    const planted = `${file}.cache`;
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
    const forge = `
      const Module = require('node:module'); const vm = require('node:vm'); const fs = require('node:fs'); const path = require('node:path');
      const file = ${JSON.stringify(file)};
      const src = fs.readFileSync(file, 'utf8');
      const at = src.lastIndexOf('\\n//pmt-build:');
      const stamp = Buffer.from(at < 0 ? '' : src.slice(at));
      const evil = src.replace(${JSON.stringify(version)}, ${JSON.stringify(version.replace(/\d/g, '9'))});
      const script = new vm.Script(Module.wrap(evil), { filename: file });
      const m = { exports: {} };
      script.runInThisContext().call(m.exports, m.exports, Module.createRequire(file), m, file, path.dirname(file));
      m.exports.main(['node', 'pmt', '--version']).then(() => fs.writeFileSync(file + '.cache', Buffer.concat([stamp, script.createCachedData()])));
    `;
    const f = spawnSync(process.execPath, ['-e', forge], { encoding: 'utf8' });
    expect(f.status, f.stderr).toBe(0);
    expect(f.stdout.trim()).toBe(version.replace(/\d/g, '9'));
    try {
      expect(existsSync(planted)).toBe(true);
      const r = spawnSync(process.execPath, [join(ROOT, 'bin/pmt'), '--version'], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      expect(r.stdout.trim()).toBe(version);
    } finally {
      rmSync(planted, { force: true });
    }
  });

  const hasCompileCache = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
  it.runIf(hasCompileCache)("Node 22+: V8's checked compile cache lives in the user's own cache directory (0700), never the shared temporary one", () => {
    const home = mkdtempSync(join(tmpdir(), 'pmt-home-'));
    try {
      const env = { ...cleanEnv(), HOME: home, XDG_CACHE_HOME: '', NODE_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '' } as Record<string, string>;
      for (const k of ['XDG_CACHE_HOME', 'NODE_COMPILE_CACHE', 'NODE_DISABLE_COMPILE_CACHE']) delete env[k];
      const r = spawnSync(process.execPath, [join(ROOT, 'bin/pmt'), '--version'], { encoding: 'utf8', env });
      expect(r.status, r.stderr).toBe(0);
      const dir = join(home, '.cache/pmt/node-compile-cache');
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(readdirSync(dir).some((d) => d.startsWith(`${process.version}-`))).toBe(true);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("a chunk's exports are its own namespace object (one getter per name), not esbuild's __toCommonJS copy whose shared getter no call across chunks could inline", () => {
    const list = (dir: string) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.cjs')).map((f) => join(ROOT, dir, f));
    const files = [...list('dist'), ...list('dist/vendor')];
    const direct = files.filter((f) => readFileSync(f, 'utf8').includes('module.exports=(__defProp('));
    for (const f of files) expect(readFileSync(f, 'utf8'), f).not.toMatch(/module\.exports=__toCommonJS\(/);
    expect(direct.length).toBeGreaterThan(20);
    const cli = createRequire(import.meta.url)(join(ROOT, 'dist/cli.cjs')) as { __esModule?: boolean; main?: unknown };
    expect(cli.__esModule).toBe(true);
    expect(Object.keys(cli)).not.toContain('__esModule');
    expect(typeof cli.main).toBe('function');
    expect(typeof Object.getOwnPropertyDescriptor(cli, 'main')?.get).toBe('function');
  });

  it('the binary is CommonJS (bin/package.json), so no ES module is loaded at start-up', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'bin/package.json'), 'utf8')).type).toBe('commonjs');
  });
});
