/**
 * What npm ships is what runs: the packed tarball, installed offline into an empty prefix, pulls
 * no dependency (dist/ bundles every library), and from there `pmt --version`, `markets list`,
 * `book show` and `serve` work against the doubles. Build first (`npm run build`).
 */
import { execa } from 'execa';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, tempConfigDir } from '../helpers/cli.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TOKEN = '123456789012345678901234567890123456789012345678901234567890001';

let d: Doubles;
let prefix: string;
let bin: string;
beforeAll(async () => {
  d = await startDoubles();
  const work = mkdtempSync(join(tmpdir(), 'pmt-pack-'));
  const npmEnv = { ...process.env, npm_config_cache: join(work, 'cache'), npm_config_update_notifier: 'false' };
  const packed = await execa('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT, env: npmEnv });
  const tgz = join(work, packed.stdout.trim().split('\n').pop()!);
  prefix = join(work, 'prefix');
  await execa('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', prefix, tgz], { cwd: work, env: npmEnv });
  bin = join(prefix, 'node_modules', '.bin', 'pmt');
}, 180_000);
afterAll(() => d?.close());

const env = (extra: Record<string, string> = {}) => cleanEnv({ ...d.env, PMT_CONFIG_DIR: tempConfigDir(), ...extra });
const run = (args: string[]) => execa(bin, args, { env: env(), extendEnv: false, reject: false, cwd: prefix });

describe('the installed tarball', () => {
  it('pulls nothing but pmt itself', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(readdirSync(join(prefix, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['pmt']);
  });

  it('pmt --version', async () => {
    const r = await run(['--version']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('markets list and book show', async () => {
    const list = await run(['markets', 'list', '--limit', '2', '--json']);
    expect(list.exitCode, list.stderr).toBe(0);
    // --limit 2 on each of the three exchanges.
    expect((JSON.parse(list.stdout) as { markets: unknown[] }).markets.length).toBe(6);
    const book = await run(['book', 'show', TOKEN, '--json']);
    expect(book.exitCode, book.stderr).toBe(0);
    expect(JSON.parse(book.stdout).asset_id).toBe(TOKEN);
  });

  it('serve answers an authorised request', async () => {
    const secret = 'tarball-test-token-0123456789abcdef';
    const proc = execa(bin, ['serve', '--port', '0'], { env: env({ PMT_SERVE_TOKEN: secret }), extendEnv: false, reject: false, stdin: 'ignore' });
    try {
      let err = '';
      const url = await new Promise<string>((ok, fail) => {
        proc.stderr!.on('data', (b: Buffer) => {
          err += b.toString();
          const m = /listening on (http:\/\/\S+)\/v1 /.exec(err);
          if (m) ok(m[1]!);
        });
        void proc.then(() => fail(new Error(`serve exited: ${err}`)));
      });
      const res = await fetch(`${url}/v1/orderbook/fetch_orderbook_stats?asset_id=${TOKEN}`, { headers: { authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { asset_id: string }).asset_id).toBe(TOKEN);
    } finally {
      proc.kill('SIGTERM');
      await proc;
    }
  });
});
