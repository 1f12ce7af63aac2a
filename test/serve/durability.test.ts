/**
 * Issue 28, reproduced with real `pmt serve` processes against the doubles: after a create has
 * left, the answer is the order or "unknown", and an Idempotency-Key is freed only by a refusal:
 *
 * 1. a full disk (a file-size limit) that takes the journal's intent but not its result;
 * 2. a Polymarket 500 after the CLOB stored the order;
 * 3. an "unknown" create whose order shows up later: a repeated key and fetch_order by
 *    client_order_id find it (before: "unknown" for 24 h, and no route settled it);
 * 5. two servers on one config directory and one key: one order.
 */
import { readFileSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import { tempConfigDir } from '../helpers/cli.js';
import type { Doubles } from '../upstream/doubles.js';
import { TOKEN } from './helpers.js';
import { startServe } from './process.js';
import { startTradingEnv } from './trading-env.js';

let d: Doubles;
let m: CatalogPick;
let env: Record<string, string>;

beforeAll(async () => {
  let base: Record<string, string>;
  ({ d, m, env: base } = await startTradingEnv('KXDUR-26DEC31-A'));
  env = { ...base, PMT_SERVE_TOKEN: TOKEN, PMT_RETRY_BASE_MS: '2', PMT_LOOKUP_WINDOW_MS: '300' };
});
afterAll(() => d?.close());
beforeEach(() => d.polymarket.clobDouble.clearFaults());

const polyPosts = () => d.polymarket.clobDouble.requests.filter((q) => q.method === 'POST' && q.path === '/order').length;
/** A config directory of its own (holding the Kalshi key the environment points at). */
const freshDir = () => {
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'k.pem'), readFileSync(env.KALSHI_PRIVATE_KEY_PATH!), { mode: 0o600 });
  return { ...env, PMT_CONFIG_DIR: dir, KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem') };
};
const poly = (price: number) => ({ asset_id: m.yes, side: 'buy', price, size: 5 });

describe('issue 28: never twice', () => {
  it('item 1: the journal takes the intent but not the result (disk full): the order is the answer, and its key stays taken', async () => {
    const e = freshDir();
    const dir = e.PMT_CONFIG_DIR;
    // Measure one create's journal lines, then fill the journal so the next intent fits under the
    // limit and its result does not.
    const probe = await startServe([], e);
    const first = await probe.call('/v1/orders/create_order', { body: poly(0.13), headers: { 'idempotency-key': 'dur-probe' } });
    expect(first.status, first.text).toBe(200);
    await probe.stop();
    const lines = readFileSync(join(dir, 'orders.jsonl'), 'utf8').split('\n').filter(Boolean);
    const intentLen = lines[0]!.length + 1;
    const limit = 64 * 1024;
    const size = statSync(join(dir, 'orders.jsonl')).size;
    // The next intent ends exactly at the limit: its result gets EFBIG ("disk full") at once.
    const pad = limit - intentLen - size;
    appendFileSync(join(dir, 'orders.jsonl'), ' '.repeat(pad - 1) + '\n');

    const posts = polyPosts();
    const s = await startServe([], e, { fileSizeLimitKiB: 64 });
    try {
      const a = await s.call('/v1/orders/create_order', { body: poly(0.14), headers: { 'idempotency-key': 'dur-full-disk' } });
      // Before: 500 Config "cannot write the order journal …; the order was not sent", key freed.
      expect(a.status, a.text).toBe(200);
      const again = await s.call('/v1/orders/create_order', { body: poly(0.14), headers: { 'idempotency-key': 'dur-full-disk' } });
      expect([again.status, again.json.id]).toEqual([200, a.json.id]);
      expect(polyPosts() - posts).toBe(1);
      // The intent is on disk, whole; the result did not fit and left no partial line.
      const journal = readFileSync(join(dir, 'orders.jsonl'), 'utf8');
      expect(journal.endsWith('\n')).toBe(true);
      const last = JSON.parse(journal.trimEnd().split('\n').pop()!);
      expect([last.event, last.order_hash]).toEqual(['intent', a.json.id]);
    } finally {
      await s.stop();
    }
  });

  it('item 2: a Polymarket 500 after the CLOB stored the order is answered with the order; the repeat too, one POST', async () => {
    const s = await startServe([], freshDir());
    try {
      const posts = polyPosts();
      d.polymarket.clobDouble.inject({ kind: 'status-after-handling', status: 500, body: '{"error":"could not run the execution"}' }, { method: 'POST', path: /^\/order$/, times: 1 });
      const a = await s.call('/v1/orders/create_order', { body: poly(0.15), headers: { 'idempotency-key': 'dur-500' } });
      // Before: 502 Api (the 500 taken as a verdict), the key freed, and the repeat placed a second order.
      expect(a.status, a.text).toBe(200);
      const again = await s.call('/v1/orders/create_order', { body: poly(0.15), headers: { 'idempotency-key': 'dur-500' } });
      expect([again.status, again.json.id]).toEqual([200, a.json.id]);
      expect(polyPosts() - posts).toBe(1);
    } finally {
      await s.stop();
    }
  });

  it('item 3: an "unknown" create (502 NetworkError) is settled by the repeat and by fetch_order?client_order_id; after a restart the answer names the hash', async () => {
    const e = freshDir();
    const s = await startServe([], e);
    let hash = '';
    try {
      const posts = polyPosts();
      // The order lands, its answer is lost, and every lookup fails: "unknown".
      d.polymarket.clobDouble.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: /^\/order$/, times: 1 });
      d.polymarket.clobDouble.inject({ kind: 'status', status: 502 }, { method: 'GET', path: /^\/data\/order\//, times: 1000 });
      const a = await s.call('/v1/orders/create_order', { body: poly(0.16), headers: { 'idempotency-key': 'dur-unknown' } });
      expect([a.status, a.json.kind], a.text).toEqual([502, 'NetworkError']);
      hash = /0x[0-9a-f]{64}/.exec(a.json.message)![0];
      // While the exchange still cannot be asked, the repeat stays "unknown", and sends nothing.
      const still = await s.call('/v1/orders/create_order', { body: poly(0.16), headers: { 'idempotency-key': 'dur-unknown' } });
      expect([still.status, still.json.kind]).toEqual([502, 'NetworkError']);
      d.polymarket.clobDouble.clearFaults();
      // Before: the first answer again, for 24 h.
      const again = await s.call('/v1/orders/create_order', { body: poly(0.16), headers: { 'idempotency-key': 'dur-unknown' } });
      expect([again.status, again.json.id], again.text).toEqual([200, hash]);
      // Before: 400, unknown query parameter "client_order_id".
      const byId = await s.call(`/v1/orders/fetch_order?client_order_id=${hash}`);
      expect([byId.status, byId.json.id], byId.text).toEqual([200, hash]);
      expect(polyPosts() - posts).toBe(1);
      const neither = await s.call('/v1/orders/fetch_order');
      expect([neither.status, neither.json.message]).toEqual([400, expect.stringContaining('"order_id" is required')]);
    } finally {
      await s.stop();
    }

    // After a restart, a key whose order the exchange does not show: still unknown, and the hash is named.
    const lost = await startServe([], e);
    try {
      d.polymarket.clobDouble.inject({ kind: 'reset' }, { method: 'POST', path: /^\/order$/, times: 1000 });
      const b = await lost.call('/v1/orders/create_order', { body: poly(0.17), headers: { 'idempotency-key': 'dur-lost' } });
      expect([b.status, b.json.kind]).toEqual([502, 'NetworkError']);
    } finally {
      await lost.stop();
    }
    d.polymarket.clobDouble.clearFaults();
    const restarted = await startServe([], e);
    try {
      const posts = polyPosts();
      const c = await restarted.call('/v1/orders/create_order', { body: poly(0.17), headers: { 'idempotency-key': 'dur-lost' } });
      expect([c.status, c.json.kind]).toEqual([502, 'NetworkError']);
      expect(c.json.message).toMatch(/status unknown, so no second order is sent; settle it with `pmt order get --client-id 0x[0-9a-f]{64}` or GET \/v1\/orders\/fetch_order\?client_order_id=0x[0-9a-f]{64}/);
      expect(polyPosts()).toBe(posts);
    } finally {
      await restarted.stop();
    }
  });

  it('item 5: two servers on one config directory, one key at once: one order', async () => {
    const e = freshDir();
    const [a, b] = await Promise.all([startServe([], e), startServe([], e)]);
    try {
      const posts = polyPosts();
      // The CLOB answers slowly, so both requests are in flight together.
      d.polymarket.clobDouble.inject({ kind: 'delay', ms: 1500 }, { method: 'POST', path: /^\/order$/, times: 2 });
      const [x, y] = await Promise.all([
        a.call('/v1/orders/create_order', { body: poly(0.18), headers: { 'idempotency-key': 'dur-two-servers' } }),
        b.call('/v1/orders/create_order', { body: poly(0.18), headers: { 'idempotency-key': 'dur-two-servers' } }),
      ]);
      expect([x.status, y.status], x.text + y.text).toEqual([200, 200]);
      expect(y.json.id).toBe(x.json.id);
      // Before: two POSTs, two orders (each server checked the file before the other recorded).
      expect(polyPosts() - posts).toBe(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
