/**
 * Client-side pacing: with the default rates, `--all` paging and cancel-all fan-out stay inside
 * each exchange's documented limits, judged from the arrival times the doubles logged. Only
 * upper bounds on rate are asserted: a slow machine can only make them easier to meet.
 *
 * Documented limits (upstream-mapping §9.1): Kalshi Basic tier 20 reads/s and 10 writes/s in
 * request-equivalents of 10 tokens (a batch cancel costs 2 tokens per order); Gamma /events 500
 * per 10 s, listing endpoints combined 900 per 10 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KALSHI_READS_PER_SECOND, KALSHI_WRITES_PER_SECOND } from '../../src/exchanges/kalshi/client.js';
import { CANCEL_BATCH_SIZE } from '../../src/exchanges/kalshi/order-cancel.js';
import { CLOB_PER_SECOND, GAMMA_PER_SECOND } from '../../src/exchanges/polymarket/client.js';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import type { RecordedRequest } from '../upstream/server.js';
import { KEY_ID, kalshiAdapter, MARKETS, addStandardMarkets, startTradingDouble, type TradingDouble } from '../exchanges/kalshi/orders-harness.js';

/** Most requests that arrived within any window of `ms`. */
export function maxInWindow(times: number[], ms: number): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[i]! - t[j]! >= ms) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

/**
 * Replay arrivals against a token bucket (full at the start, `capacity` tokens, refilled at
 * `perSecond`); returns the lowest level reached. Negative means the exchange would have 429ed.
 */
export function lowestBucketLevel(arrivals: Array<{ at: number; cost: number }>, perSecond: number, capacity: number): number {
  const a = [...arrivals].sort((x, y) => x.at - y.at);
  let level = capacity;
  let low = capacity;
  let last = a[0]?.at ?? 0;
  for (const { at, cost } of a) {
    level = Math.min(capacity, level + ((at - last) / 1000) * perSecond);
    last = at;
    level -= cost;
    low = Math.min(low, level);
  }
  return low;
}

const times = (reqs: RecordedRequest[]) => reqs.map((r) => r.at!);

describe('the window helpers', () => {
  it('count arrivals per window and replay a bucket', () => {
    expect(maxInWindow([0, 100, 200, 999, 1000, 1001], 1000)).toBe(5);
    expect(maxInWindow([0, 1000, 2000], 1000)).toBe(1);
    expect(lowestBucketLevel([{ at: 0, cost: 60 }, { at: 100, cost: 60 }], 100, 100)).toBeCloseTo(-10);
    expect(lowestBucketLevel([{ at: 0, cost: 60 }, { at: 1000, cost: 60 }], 100, 100)).toBe(40);
  });
});

describe('the configured rates are inside the documented limits', () => {
  it('Kalshi Basic tier; Gamma /events; CLOB ledger endpoints', () => {
    expect(KALSHI_READS_PER_SECOND).toBeLessThanOrEqual(20);
    expect(KALSHI_WRITES_PER_SECOND).toBeLessThanOrEqual(10);
    expect(GAMMA_PER_SECOND * 10).toBeLessThanOrEqual(500);
    expect(CLOB_PER_SECOND * 10).toBeLessThanOrEqual(900);
    // A cancel batch (2 tokens per order) must fit the Basic write bucket (10 × 10 tokens).
    expect(CANCEL_BATCH_SIZE * 2).toBeLessThanOrEqual(KALSHI_WRITES_PER_SECOND * 10);
  });
});

describe('pmt markets list --all on Polymarket, default pacing', () => {
  let d: Doubles;
  beforeAll(async () => {
    d = await startDoubles({ polymarket: { events: 60 } });
  });
  afterAll(() => d?.close());

  it(`never sends Gamma more than ${GAMMA_PER_SECOND} requests in any second`, async () => {
    // --limit 1: one page per market, so the run is long enough to measure (well over a hundred requests).
    const r = await runPmt(['--exchange', 'polymarket', 'markets', 'list', '--all', '--limit', '1', '--json'], {
      env: { ...d.env, PMT_CONFIG_DIR: tempConfigDir() },
      timeout: 60_000,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const reqs = d.polymarket.gammaDouble.requests;
    expect(reqs.length).toBeGreaterThan(GAMMA_PER_SECOND + 10);
    const at = times(reqs);
    // Starts are spaced 25 ms apart; arrivals may bunch by a request or two of jitter.
    expect(maxInWindow(at, 1000)).toBeLessThanOrEqual(GAMMA_PER_SECOND + 2);
    expect(maxInWindow(at, 10_000)).toBeLessThanOrEqual(500);
    const span = Math.max(...at) - Math.min(...at);
    expect(((reqs.length - 1) / span) * 1000).toBeLessThanOrEqual(GAMMA_PER_SECOND * 1.05);
    expect((JSON.parse(r.stdout) as { markets: unknown[] }).markets.length).toBe(d.polymarket.gamma.catalog.markets.filter((m) => m.wire.active !== false && m.wire.closed !== true && m.event.active && !m.event.closed).length);
  });
});

describe('pmt markets list --all on Kalshi, default pacing', () => {
  let d: Doubles;
  beforeAll(async () => {
    d = await startDoubles({ kalshi: { markets: 300, historical: 40 }, polymarket: { events: 5 } });
  });
  afterAll(() => d?.close());

  it(`never sends Kalshi more than ${KALSHI_READS_PER_SECOND} requests in any second`, async () => {
    const r = await runPmt(['--exchange', 'kalshi', 'markets', 'list', '--all', '--limit', '5', '--status', 'all', '--json'], {
      env: { ...d.env, PMT_CONFIG_DIR: tempConfigDir() },
      timeout: 60_000,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const reqs = d.kalshi.double.requests;
    expect(reqs.length).toBeGreaterThan(KALSHI_READS_PER_SECOND * 2);
    const at = times(reqs);
    expect(maxInWindow(at, 1000)).toBeLessThanOrEqual(KALSHI_READS_PER_SECOND + 2);
    // Kalshi's read bucket: 20 requests/s of 10 tokens, holding one second's worth.
    expect(lowestBucketLevel(at.map((t) => ({ at: t, cost: 10 })), KALSHI_READS_PER_SECOND * 10, KALSHI_READS_PER_SECOND * 10)).toBeGreaterThanOrEqual(-20);
    const ids = (JSON.parse(r.stdout) as { markets: Array<{ unified_id: string }> }).markets.map((m) => m.unified_id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('Kalshi fan-out, default pacing', () => {
  let d: TradingDouble;
  beforeAll(async () => {
    d = await startTradingDouble();
    addStandardMarkets(d);
  });
  afterAll(() => d.double.close());

  it('cancel-all of 200 orders keeps the write bucket (10 writes/s × 10 tokens) from running dry', async () => {
    d.orders.reset();
    const t0 = Date.now() - 60_000;
    for (let i = 0; i < 200; i++) d.orders.seedOrder(KEY_ID, { ticker: MARKETS.cent, price: '0.40', count: '1', createdMs: t0 + i });
    d.double.resetLog();
    // '' → the adapter's defaults, not the harness's fast test rates.
    const k = kalshiAdapter(d, { env: { PMT_KALSHI_RATE: '', PMT_KALSHI_WRITE_RATE: '' } });
    const r = await k.cancelAllOrders();
    expect(r.cancelled).toHaveLength(200);
    const batches = d.double.requests.filter((q) => q.method === 'DELETE');
    expect(batches).toHaveLength(200 / CANCEL_BATCH_SIZE);
    const cost = (q: RecordedRequest) => 2 * (JSON.parse(q.body) as { orders: unknown[] }).orders.length;
    const perSecond = KALSHI_WRITES_PER_SECOND * 10;
    // A bucket holding one second of refill: the strictest reading of the documented rate.
    expect(lowestBucketLevel(batches.map((q) => ({ at: q.at!, cost: cost(q) })), perSecond, perSecond)).toBeGreaterThanOrEqual(0);
    const tokensIn = (ms: number) => {
      const t = batches.map((q) => ({ at: q.at!, c: cost(q) }));
      return Math.max(...t.map((x) => t.filter((y) => y.at >= x.at && y.at - x.at < ms).reduce((s, y) => s + y.c, 0)));
    };
    // Over any 2 s no more than 2 s of refill plus the bucket.
    expect(tokensIn(2000)).toBeLessThanOrEqual(perSecond * 3);
  });

  it('fifty order reads at once are paced under 20 per second', async () => {
    d.orders.reset();
    const seeded = Array.from({ length: 50 }, () => d.orders.seedOrder(KEY_ID, { ticker: MARKETS.cent, price: '0.40', count: '1' }));
    d.double.resetLog();
    const k = kalshiAdapter(d, { env: { PMT_KALSHI_RATE: '', PMT_KALSHI_WRITE_RATE: '' } });
    const got = await Promise.all(seeded.map((o) => k.fetchOrder(o.id)));
    expect(got.map((o) => o.id)).toEqual(seeded.map((o) => o.id));
    // Once per run the account's limits (the double answers the Basic tier: 20 reads/s), then the reads.
    expect(d.double.requests.filter((r) => r.path === '/account/limits')).toHaveLength(1);
    const at = times(d.double.requests.filter((r) => r.path.startsWith('/portfolio/orders/')));
    expect(at).toHaveLength(50);
    expect(maxInWindow(at, 1000)).toBeLessThanOrEqual(KALSHI_READS_PER_SECOND + 2);
    expect(lowestBucketLevel(at.map((t) => ({ at: t, cost: 10 })), KALSHI_READS_PER_SECOND * 10, KALSHI_READS_PER_SECOND * 10)).toBeGreaterThanOrEqual(-10);
  });
});
