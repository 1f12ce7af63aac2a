/**
 * "The same key returns the same order, never a second one" across a restart of `pmt serve`:
 * the key outlives the process in the config directory, and a repeat is answered from the
 * exchange by the ids the order left under, on Polymarket (whose order hash is new at every
 * signing) as on Kalshi. An order the exchange cannot show is "status unknown", not a re-send.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import type { Doubles } from '../upstream/doubles.js';
import { TOKEN } from './helpers.js';
import { startServe } from './process.js';
import { startTradingEnv } from './trading-env.js';

const K = 'KXIDEM-26DEC31-A';
let d: Doubles;
let m: CatalogPick;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  let base: Record<string, string>;
  ({ d, m, dir, env: base } = await startTradingEnv(K));
  env = { ...base, PMT_SERVE_TOKEN: TOKEN };
});
afterAll(() => d?.close());

const polyPosts = () => d.polymarket.clobDouble.requests.filter((q) => q.method === 'POST' && q.path === '/order').length;
const kalshiPosts = () => d.kalshi.double.requests.filter((q) => q.method === 'POST' && q.path === '/portfolio/events/orders').length;

describe('Idempotency-Key across a restart of pmt serve', () => {
  it('Polymarket and Kalshi: the repeat after a restart returns the first order and sends nothing', async () => {
    const poly = { asset_id: m.yes, side: 'buy', price: 0.1, size: 5 };
    const kalshi = { asset_id: K, side: 'buy', price: 0.3, size: 3 };
    const first = await startServe([], env);
    const p1 = await first.call('/v1/orders/create_order', { body: poly, headers: { 'idempotency-key': 'restart-poly-1' } });
    const k1 = await first.call('/v1/orders/create_order', { body: kalshi, headers: { 'idempotency-key': 'restart-kalshi-1' } });
    expect([p1.status, k1.status], p1.text + k1.text).toEqual([200, 200]);
    expect(await first.stop()).toBe(0);
    expect(existsSync(join(dir, 'idempotency.jsonl'))).toBe(true);

    const [pp, kp] = [polyPosts(), kalshiPosts()];
    const second = await startServe([], env);
    try {
      const p2 = await second.call('/v1/orders/create_order', { body: poly, headers: { 'idempotency-key': 'restart-poly-1' } });
      const k2 = await second.call('/v1/orders/create_order', { body: kalshi, headers: { 'idempotency-key': 'restart-kalshi-1' } });
      expect([p2.status, k2.status], p2.text + k2.text).toEqual([200, 200]);
      expect(p2.json.id).toBe(p1.json.id);
      expect(k2.json.id).toBe(k1.json.id);
      expect([polyPosts() - pp, kalshiPosts() - kp]).toEqual([0, 0]);
      // The same key for another order is still refused.
      const other = await second.call('/v1/orders/create_order', { body: { ...poly, price: 0.11 }, headers: { 'idempotency-key': 'restart-poly-1' } });
      expect([other.status, other.json.kind]).toEqual([400, 'Api']);
      // A key never seen sends as usual.
      const p3 = await second.call('/v1/orders/create_order', { body: poly, headers: { 'idempotency-key': 'restart-poly-2' } });
      expect(p3.status, p3.text).toBe(200);
      expect(p3.json.id).not.toBe(p1.json.id);
      expect(polyPosts() - pp).toBe(1);
    } finally {
      await second.stop();
    }
  });

  it('a send whose outcome was unknown and that the exchange never got: after a restart still "status unknown" (502), nothing sent', async () => {
    const poly = { asset_id: m.yes, side: 'buy', price: 0.12, size: 5 };
    const quick = { ...env, PMT_RETRY_BASE_MS: '2', PMT_LOOKUP_WINDOW_MS: '300' };
    const first = await startServe([], quick);
    // The connection drops as the order is sent: it never reaches the exchange.
    d.polymarket.clobDouble.inject({ kind: 'reset' }, { method: 'POST', path: /^\/order$/, times: 1000 });
    const p1 = await first.call('/v1/orders/create_order', { body: poly, headers: { 'idempotency-key': 'restart-poly-lost' } });
    expect([p1.status, p1.json.kind], p1.text).toEqual([502, 'NetworkError']);
    await first.stop();
    d.polymarket.clobDouble.clearFaults();
    const pp = polyPosts();
    const second = await startServe([], quick);
    try {
      const p2 = await second.call('/v1/orders/create_order', { body: poly, headers: { 'idempotency-key': 'restart-poly-lost' } });
      expect([p2.status, p2.json.kind], p2.text).toEqual([502, 'NetworkError']);
      expect(p2.json.message).toMatch(/status unknown, so no second order is sent/);
      expect(polyPosts()).toBe(pp);
    } finally {
      await second.stop();
    }
  });
});
