/**
 * Concurrency and graceful shutdown, proven with gates rather than timings: requests held inside
 * the adapter at the same moment show they are served concurrently; a request held while the
 * server closes shows in-flight work finishes and new connections are refused.
 */
import { describe, expect, it } from 'vitest';
import { startApp } from './helpers.js';

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

describe('concurrency', () => {
  it('serves 16 requests at the same time (all are inside the adapter before any answers)', async () => {
    const s = await startApp();
    try {
      const g = gate();
      s.exchanges.kalshi.gate = g.promise;
      const pending = Array.from({ length: 16 }, () => s.call('/v1/orderbook/fetch_orderbook?asset_id=KXTEST-26'));
      // Would never resolve if requests were handled one after another.
      await s.exchanges.kalshi.whenInflight(16);
      g.open();
      const results = await Promise.all(pending);
      expect(results.map((r) => r.status)).toEqual(Array(16).fill(200));
    } finally {
      await s.app.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish and refuses new connections while closing', async () => {
    const s = await startApp();
    const g = gate();
    s.exchanges.kalshi.gate = g.promise;
    const inflight = s.call('/v1/orderbook/fetch_orderbook?asset_id=KXTEST-26');
    await s.exchanges.kalshi.whenInflight(1);
    let closed = false;
    const closing = s.app.close().then(() => (closed = true));
    await new Promise((r) => setImmediate(r));
    await expect(fetch(`${s.url}/v1/openapi.json`)).rejects.toThrow();
    expect(closed).toBe(false);
    g.open();
    const r = await inflight;
    expect(r.status).toBe(200);
    expect(r.json.asset_id).toBe('KXTEST-26');
    await closing;
    expect(closed).toBe(true);
  });
});
