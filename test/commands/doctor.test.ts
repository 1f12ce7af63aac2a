/**
 * `pmt doctor` per exchange against the loopback doubles: `--json` `{exchange: [{check, ok,
 * detail, fix}]}`, exit 0 when nothing blocks trading, else 9 (Config) naming what failed. The
 * on-chain checks themselves run against a real local EVM in test/chain/onchain.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';

let d: Doubles;
let kalshiEnv: Record<string, string>;
let rpc: Server;
let rpcUrl = '';

beforeAll(async () => {
  d = await startDoubles();
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'kalshi.pem'), key.privatePem, { mode: 0o600 });
  kalshiEnv = { ...d.env, PMT_CONFIG_DIR: dir, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'kalshi.pem') };
  // A JSON-RPC endpoint on Ethereum mainnet (chain id 1), not Polygon.
  rpc = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(body) as { id: number }).id, result: '0x1' }));
    });
  });
  await new Promise<void>((r) => rpc.listen(0, '127.0.0.1', r));
  rpcUrl = `http://127.0.0.1:${(rpc.address() as { port: number }).port}`;
});
afterAll(async () => {
  await d.close();
  await new Promise<void>((r) => rpc.close(() => r()));
});

type Check = { check: string; ok: boolean; detail: string; fix: string | null };

describe('pmt doctor', () => {
  it('a working Kalshi key: every check ok, exit 0', async () => {
    const r = await runPmt(['doctor', '--exchange', 'kalshi', '--json'], { env: kalshiEnv });
    expect(r.exitCode, r.stderr).toBe(0);
    const checks = JSON.parse(r.stdout).kalshi as Check[];
    expect(checks.map((c) => c.check)).toEqual(expect.arrayContaining(['credentials', 'environment', 'auth', 'clock', 'key', 'rate tier', 'funds']));
    expect(checks.every((c) => c.ok && c.fix === null)).toBe(true);
    expect(checks.find((c) => c.check === 'key')?.detail).toMatch(/^RSA \d+-bit private key from KALSHI_PRIVATE_KEY_PATH/);
    expect(checks.find((c) => c.check === 'rate tier')?.detail).toBe('basic tier: reads 200/s, writes 100/s (tokens; most requests cost 10)');
  });

  it('a key Kalshi does not know: auth fails, exit 9 naming it', async () => {
    const r = await runPmt(['doctor', '--exchange', 'kalshi', '--json'], { env: { ...kalshiEnv, KALSHI_API_KEY_ID: 'ffffffff-0000-4000-8000-000000000000' } });
    expect(r.exitCode).toBe(9);
    const auth = (JSON.parse(r.stdout).kalshi as Check[]).find((c) => c.check === 'auth')!;
    expect(auth.ok).toBe(false);
    expect(auth.fix).toBeTruthy();
    expect(r.stderr).toContain('Kalshi auth');
  });

  it('no credentials for the exchange: the credentials check fails with the fix', async () => {
    const r = await runPmt(['doctor', '--exchange', 'polymarket', '--json'], { env: { ...d.env, PMT_CONFIG_DIR: tempConfigDir() } });
    expect(r.exitCode).toBe(9);
    const checks = JSON.parse(r.stdout).polymarket as Check[];
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ check: 'credentials', ok: false });
  });

  it('Polymarket with an RPC on another chain: the rpc check names the chain id, exit 9', async () => {
    const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    const r = await runPmt(['doctor', '--exchange', 'polymarket', '--json'], { env: { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), POLYMARKET_PRIVATE_KEY: key, PMT_POLYGON_RPC_URL: rpcUrl } });
    expect(r.exitCode, r.stderr).toBe(9);
    const checks = JSON.parse(r.stdout).polymarket as Check[];
    expect(checks.find((c) => c.check === 'auth')?.ok).toBe(true);
    const c = checks.find((x) => x.check === 'rpc')!;
    expect(c.ok).toBe(false);
    expect(c.detail).toContain('chain id 1,');
    expect(c.fix).toContain('PMT_POLYGON_RPC_URL');
  });
});
