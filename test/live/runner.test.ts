/**
 * The live smoke suite's runner, from the default test run: without PMT_LIVE it is one line and
 * exit 0; with PMT_LIVE=1 but no network, one line and exit 0; pointed at the doubles (with the
 * doubles' demo credentials and a small market-channel WebSocket here), it runs green. The suite
 * itself (test/live/smoke.live.ts) is never part of the default run.
 */
import { execa } from 'execa';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';

const SCRIPT = resolve(import.meta.dirname, '../../scripts/test-live.mjs');
const bare = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
const run = (env: Record<string, string>) => execa(process.execPath, [SCRIPT], { env, extendEnv: false, reject: false, timeout: 240_000 });

describe('npm run test:live', () => {
  it('without PMT_LIVE: one line saying so, exit 0', async () => {
    const r = await run(bare);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('live smoke suite skipped: PMT_LIVE is not set (run `PMT_LIVE=1 npm run test:live`; read-only, it never places an order)');
    expect(r.stderr).toBe('');
  });

  it('with PMT_LIVE=1 and no network: one line, exit 0', async () => {
    const closed = 'http://127.0.0.1:9';
    const r = await run({ ...bare, PMT_LIVE: '1', PMT_KALSHI_API_URL: closed, PMT_POLYMARKET_GAMMA_URL: closed, PMT_POLYMARKET_CLOB_URL: closed, PMT_LIVE_PROBE_MS: '1500' });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(1);
    expect(r.stdout).toMatch(/^live smoke suite skipped: network unreachable/);
  });
});

describe('against the doubles', () => {
  let d: Doubles;
  let wss: WebSocketServer;
  const env: Record<string, string> = { ...bare, PMT_LIVE: '1' };

  beforeAll(async () => {
    d = await startDoubles();
    const key = makeKalshiKey();
    d.kalshi.auth.register(key.keyId, key.publicKey);
    const dir = mkdtempSync(join(tmpdir(), 'pmt-live-'));
    writeFileSync(join(dir, 'k.pem'), key.privatePem, { mode: 0o600 });
    const pk = `0x${'d4'.repeat(32)}`;
    d.polymarket.trading.fund(privateKeyToAccount(pk as `0x${string}`).address, 100);
    // A Protocol V2 market (the newest), for the check that pmt trades it by its positionIds.
    d.polymarket.gamma.addV2Market({ label: 'live-smoke', legacyIds: true });
    // The public market channel's first answer, as Polymarket sends it: a `book` per token.
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/ws/market' });
    wss.on('connection', (ws) => ws.on('message', (raw) => {
      const sub = JSON.parse(String(raw)) as { assets_ids: string[] };
      ws.send(JSON.stringify(sub.assets_ids.map((asset_id) => ({ event_type: 'book', asset_id, market: '0x', bids: [], asks: [], timestamp: String(Date.now()), hash: '' }))));
    }));
    await new Promise((r) => wss.once('listening', r));
    Object.assign(env, d.env, {
      PMT_CONFIG_DIR: dir,
      PMT_POLYMARKET_WS_URL: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws`,
      KALSHI_API_KEY_ID: key.keyId,
      KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem'),
      POLYMARKET_PRIVATE_KEY: pk,
    });
  });
  afterAll(async () => {
    wss?.close();
    await d?.close();
  });

  it('runs green: markets, lineage, books, stats, /version, both WebSockets, the account reads; no order', async () => {
    const r = await run(env);
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    // Every check runs against the doubles now that they speak both WebSocket protocols: none skipped.
    expect(r.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/Tests\s+15 passed \(15\)/);
    expect(d.polymarket.clobDouble.requests.filter((q) => q.method !== 'GET' && !q.path.startsWith('/auth/'))).toEqual([]);
    expect(d.kalshi.double.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  }, 240_000);
});
