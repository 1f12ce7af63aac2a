/**
 * Order-version negotiation end to end against the CLOB double, which names its version at
 * `GET /version`, verifies each version under its own domain and refuses the wrong one with
 * `order_version_mismatch` as the real CLOB does.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { exitCodeFor, PmtError } from '../../../src/errors.js';
import { VERSION_CACHE_FILE, VERSION_CACHE_TTL_MS } from '../../../src/exchanges/polymarket/order-version.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { recoverOrderSigner } from '../../upstream/polymarket/clob-versions.js';
import { adapterFor, addressOf, KEYS, sent, startTrading } from './trading-fixture.js';

let env: Awaited<ReturnType<typeof startTrading>>;
let plain: string;
let neg: string;
const carol = addressOf(KEYS.carol).toLowerCase();
const CREDS = { POLYMARKET_PRIVATE_KEY: KEYS.carol };

beforeAll(async () => {
  env = await startTrading();
  [plain] = env.t.addMarket({ tickSize: '0.01' }) as [string];
  [neg] = env.t.addMarket({ tickSize: '0.001', negRisk: true }) as [string];
});
afterAll(async () => env.d.close());
beforeEach(() => {
  env.clob.resetLog();
  env.clob.clearFaults();
  env.t.orderVersion = 2;
  env.t.fund(carol, 1000);
  env.t.clearOrders();
});

const req = (o: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({ asset_id: plain, outcome: 'yes', side: 'buy', price: 0.52, size: 10, order_type: 'gtc', ...o });
const posts = () => sent(env.clob, 'POST', /^\/order$/).map((r) => JSON.parse(r.body) as { order: Record<string, unknown>; postOnly: boolean });
const versionAsks = () => sent(env.clob, 'GET', /^\/version$/).length;

describe('a version switch mid-session', () => {
  test('V2 → V3: the next order is refused once, /version is asked again, and a V3 order is placed', async () => {
    const { ex, log } = adapterFor(env.d, CREDS);
    const first = await ex.createOrder(req());
    expect(first.status).toBe('open');
    expect(await recoverOrderSigner(posts()[0]!.order, false, 2)).toBe(carol);
    expect(versionAsks()).toBe(1);

    env.t.orderVersion = 3; // Polymarket switches while pmt (serve, a script) keeps running.
    env.clob.resetLog();
    const second = await ex.createOrder(req({ asset_id: neg, price: 0.555, size: 12.35 }));
    expect(second.status).toBe('open');
    const [refused, placed] = posts();
    expect(posts()).toHaveLength(2);
    expect(await recoverOrderSigner(refused!.order, true, 2)).toBe(carol);
    expect(await recoverOrderSigner(placed!.order, true, 3)).toBe(carol);
    expect(versionAsks()).toBe(1);
    expect(second.id).not.toBe(first.id);
    expect(log.join('\n')).toMatch(/order_version_mismatch; the CLOB now takes version 3/);

    // And the order after that is signed V3 at once (one POST, no further /version).
    env.clob.resetLog();
    await ex.createOrder(req());
    expect(posts()).toHaveLength(1);
    expect(await recoverOrderSigner(posts()[0]!.order, false, 3)).toBe(carol);
    expect(versionAsks()).toBe(0);
  });

  test('V2 → V1: a V1 order with taker, nonce and the market\'s fee rate signed in', async () => {
    const { ex } = adapterFor(env.d, CREDS);
    await ex.createOrder(req());
    env.t.orderVersion = 1;
    const cond = env.t.token(plain)!.conditionId;
    env.t.setFees(cond, { baseFee: 30 });
    env.clob.resetLog();
    const o = await ex.createOrder(req({ side: 'buy', price: 0.4, size: 5 }));
    expect(o.status).toBe('open');
    const v1 = posts()[1]!.order;
    expect(v1).toMatchObject({ taker: '0x0000000000000000000000000000000000000000', nonce: '0', feeRateBps: '30', expiration: '0' });
    expect(v1).not.toHaveProperty('timestamp');
    expect(await recoverOrderSigner(v1, false, 1)).toBe(carol);
    env.t.setFees(cond, { baseFee: 0 });
  });

  test('an unknown version at start: NotSupported naming it, and no order is sent', async () => {
    env.t.orderVersion = 4;
    const { ex } = adapterFor(env.d, CREDS);
    const e = (await ex.createOrder(req()).catch((x) => x)) as PmtError;
    expect(e).toBeInstanceOf(PmtError);
    expect(e.kind).toBe('NotSupported');
    expect(exitCodeFor(e)).toBe(10);
    expect(e.message).toMatch(/order version 4, which this pmt cannot sign \(it signs versions 1, 2, 3\)/);
    expect(posts()).toHaveLength(0);
  });

  test('a switch to an unknown version mid-session: one refused order, then NotSupported (never a guess)', async () => {
    const { ex } = adapterFor(env.d, CREDS);
    await ex.createOrder(req());
    env.t.orderVersion = 7;
    env.clob.resetLog();
    const e = (await ex.createOrder(req()).catch((x) => x)) as PmtError;
    expect(e.kind).toBe('NotSupported');
    expect(e.message).toContain('version 7');
    expect(posts()).toHaveLength(1);
  });

  test('an ambiguous send is never re-signed: the same bytes are re-sent, then "unknown" with the hash', async () => {
    const { ex } = adapterFor(env.d, CREDS);
    await ex.createOrder(req());
    env.t.orderVersion = 3;
    env.clob.resetLog();
    env.clob.inject({ kind: 'reset' }, { method: 'POST', path: /^\/order$/, times: 1 });
    const e = (await ex.createOrder(req()).catch((x) => x)) as PmtError;
    expect(e.kind).toBe('NetworkError');
    expect(e.message).toMatch(/could not confirm whether Polymarket received order 0x[0-9a-f]{64}/);
    const bodies = sent(env.clob, 'POST', /^\/order$/).map((r) => r.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
  });
});

describe('the version cache in the config directory', () => {
  test('a fresh answer is reused by the next run; a stale one is asked again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pmt-version-'));
    let now = Date.now();
    await adapterFor(env.d, CREDS, () => now, { cacheDir: dir }).ex.createOrder(req());
    expect(versionAsks()).toBe(1);
    const file = JSON.parse(readFileSync(join(dir, VERSION_CACHE_FILE), 'utf8')) as Record<string, { version: number }>;
    expect(file[env.d.env.PMT_POLYMARKET_CLOB_URL!]!.version).toBe(2);

    env.clob.resetLog();
    await adapterFor(env.d, CREDS, () => now, { cacheDir: dir }).ex.createOrder(req());
    expect(versionAsks()).toBe(0);

    now += VERSION_CACHE_TTL_MS + 1;
    await adapterFor(env.d, CREDS, () => now, { cacheDir: dir }).ex.createOrder(req());
    expect(versionAsks()).toBe(1);
  });

  test('a stale file after a switch costs one refusal, and the file learns the new version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pmt-version-'));
    writeFileSync(join(dir, VERSION_CACHE_FILE), JSON.stringify({ [env.d.env.PMT_POLYMARKET_CLOB_URL!]: { version: 2, at: Date.now() } }));
    env.t.orderVersion = 3;
    const o = await adapterFor(env.d, CREDS, Date.now, { cacheDir: dir }).ex.createOrder(req());
    expect(o.status).toBe('open');
    expect(posts()).toHaveLength(2);
    const file = JSON.parse(readFileSync(join(dir, VERSION_CACHE_FILE), 'utf8')) as Record<string, { version: number }>;
    expect(file[env.d.env.PMT_POLYMARKET_CLOB_URL!]!.version).toBe(3);
  });
});
