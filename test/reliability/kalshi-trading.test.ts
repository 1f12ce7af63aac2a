/**
 * The Kalshi trading adapter under injected faults, against the portfolio double that verifies
 * RSA-PSS signatures: every fault on order entry ends with at most one order on the exchange and
 * exactly one POST, and the trader is told whether it exists; reads retry; cancel-all accounts
 * for every order; revoked keys and clock skew are named.
 */
import { describe, expect, it } from 'vitest';
import { exitCodeFor, type ErrorKind } from '../../src/errors.js';
import type { KalshiExchange } from '../../src/exchanges/kalshi/index.js';
import { CANCEL_BATCH_SIZE } from '../../src/exchanges/kalshi/order-cancel.js';
import type { CreateOrderRequest } from '../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../helpers/order-request.js';
import type { Fault } from '../upstream/server.js';
import { KEY_ID, kalshiAdapter, MARKETS, type TradingDouble, useTradingDouble } from '../exchanges/kalshi/orders-harness.js';
import { failure } from './harness.js';

// Read by every HttpClient at construction: fast backoff, short timeouts.
process.env.PMT_RETRY_BASE_MS = '2';
process.env.PMT_HTTP_TIMEOUT_MS = '400';
// Lookups after an ambiguous create: 250 + 500 + 50 ms (three looks), past the 400 ms timeout.
process.env.PMT_LOOKUP_WINDOW_MS = '800';

let d: TradingDouble;
let k: KalshiExchange;
const CREATE = /^\/portfolio\/events\/orders$/;
const LIST = /^\/portfolio\/orders$/;
const ONE = /^\/portfolio\/orders\/[^/]+$/;
const BATCH = /^\/portfolio\/events\/orders\/batched$/;

useTradingDouble({ balance: 100_000 }, (double, adapter) => {
  d = double;
  k = adapter;
});

const req: CreateOrderRequest = orderReq({ asset_id: MARKETS.cent, outcome: 'yes', side: 'buy', price: 0.42, size: 3, order_type: 'gtc' });
const placed = () => d.orders.portfolio.list(KEY_ID, {});
const INTERNAL = '{"error":{"code":"internal_error","message":"internal error"}}';
const CHALLENGE = '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>cloudflare</body></html>';

interface CreateCase {
  name: string;
  fault: Fault;
  /** 'placed': the order is returned; otherwise the error kind. */
  outcome: 'placed' | ErrorKind;
  /** The exchange holds this many orders afterwards (never more than one). */
  orders: 0 | 1;
  /** pmt looked the order up by client_order_id before reporting. */
  lookedUp: boolean;
  message?: RegExp;
}

/** One fault on the create POST; the lookups that follow (if any) work. */
export const CREATE_FAULTS: CreateCase[] = [
  { name: '429', fault: { kind: 'status', status: 429 }, outcome: 'RateLimited', orders: 0, lookedUp: false },
  { name: '429 with Retry-After', fault: { kind: 'status', status: 429, headers: { 'retry-after': '2' } }, outcome: 'RateLimited', orders: 0, lookedUp: false },
  { name: '500', fault: { kind: 'status', status: 500, body: INTERNAL }, outcome: 'NetworkError', orders: 0, lookedUp: true, message: /^order status unknown/ },
  { name: '502', fault: { kind: 'status', status: 502 }, outcome: 'NetworkError', orders: 0, lookedUp: true, message: /^order status unknown/ },
  { name: '503', fault: { kind: 'status', status: 503 }, outcome: 'NetworkError', orders: 0, lookedUp: true, message: /^order status unknown/ },
  { name: '504', fault: { kind: 'status', status: 504 }, outcome: 'NetworkError', orders: 0, lookedUp: true, message: /^order status unknown/ },
  { name: 'HTML 503 challenge', fault: { kind: 'html', status: 503, body: CHALLENGE }, outcome: 'NetworkError', orders: 0, lookedUp: true, message: /^order status unknown/ },
  { name: 'HTML 403 block page', fault: { kind: 'html', status: 403 }, outcome: 'Api', orders: 0, lookedUp: false, message: /block page/ },
  { name: 'reset before Kalshi handled it', fault: { kind: 'reset' }, outcome: 'NetworkError', orders: 0, lookedUp: true, message: /^order status unknown/ },
  { name: 'stall before Kalshi handled it', fault: { kind: 'stall', ms: 3000 }, outcome: 'NetworkError', orders: 0, lookedUp: true, message: /^order status unknown: .*timed out/ },
  { name: 'malformed 200 (not handled)', fault: { kind: 'malformed' }, outcome: 'NetworkError', orders: 0, lookedUp: true, message: /^order status unknown/ },
  { name: 'reset after Kalshi handled it', fault: { kind: 'reset-after-handling' }, outcome: 'placed', orders: 1, lookedUp: true },
  { name: 'stall after Kalshi handled it', fault: { kind: 'stall-after-handling', ms: 3000 }, outcome: 'placed', orders: 1, lookedUp: true },
  { name: 'answer cut short', fault: { kind: 'cut' }, outcome: 'placed', orders: 1, lookedUp: true },
  { name: 'answer stalls half-way', fault: { kind: 'stall-body', ms: 3000 }, outcome: 'placed', orders: 1, lookedUp: true },
  { name: 'answer truncated', fault: { kind: 'truncated' }, outcome: 'placed', orders: 1, lookedUp: true },
];

describe('create_order: one fault on the POST → sent once, at most one order, the trader told which', () => {
  it.each(CREATE_FAULTS)('$name → $outcome', async (c) => {
    d.double.inject(c.fault, { method: 'POST', path: CREATE });
    const result = await k.createOrder(req).then(
      (o) => ({ ok: true as const, o }),
      (e: unknown) => ({ ok: false as const, e }),
    );
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(placed()).toHaveLength(c.orders);
    expect(d.double.count(LIST, 'GET') > 0).toBe(c.lookedUp);
    if (c.outcome === 'placed') {
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.o.id).toBe(placed()[0]!.id);
    } else {
      const e = await failure(result.ok ? Promise.resolve() : Promise.reject(result.e));
      expect(e.kind).toBe(c.outcome);
      if (c.message) expect(e.message).toMatch(c.message);
      // A lookup that finds nothing proves nothing: "unknown", never "not placed".
      if (c.lookedUp) {
        expect(e.ambiguous).toBe(true);
        expect(e.message).not.toMatch(/not placed/i);
        expect(e.message).toMatch(/pmt order get --client-id [0-9a-f-]{36}/);
      }
    }
  });

  it('POST faulted and every lookup faulted → unknown, exit 8, never resent', async () => {
    d.double.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: CREATE });
    d.double.inject({ kind: 'status', status: 502 }, { method: 'GET', path: LIST, times: 1000 });
    const e = await failure(k.createOrder(req));
    expect([e.kind, exitCodeFor(e), e.ambiguous]).toEqual(['NetworkError', 8, true]);
    expect(e.message).toMatch(/^order status unknown: .*looking it up failed too/);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(placed()).toHaveLength(1);
    // Each of the 3 lookups is a read, retried 4 times.
    expect(d.double.count(LIST, 'GET')).toBe(12);
  });

  it('a lookup that fails once then works still finds the order', async () => {
    d.double.inject({ kind: 'stall-after-handling', ms: 3000 }, { method: 'POST', path: CREATE });
    d.double.inject({ kind: 'reset' }, { method: 'GET', path: LIST, times: 2 });
    const o = await k.createOrder(req);
    expect(o.id).toBe(placed()[0]!.id);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
  });

  it('twenty creates in a row, each with a fault after handling → twenty orders, twenty POSTs, no duplicate', async () => {
    const faults: Fault[] = [{ kind: 'reset-after-handling' }, { kind: 'cut' }, { kind: 'truncated' }, { kind: 'reset-after-handling' }];
    for (let i = 0; i < 20; i++) {
      d.double.inject(faults[i % faults.length]!, { method: 'POST', path: CREATE });
      await k.createOrder(orderReq({ ...req, price: ((30 + i) / 100).toFixed(2) }));
    }
    expect(d.double.count(CREATE, 'POST')).toBe(20);
    const ids = placed().map((o) => o.clientOrderId);
    expect(new Set(ids).size).toBe(20);
  });
});

describe('reads retry transient faults', () => {
  const transient: Array<[string, Fault]> = [
    ['429', { kind: 'status', status: 429 }],
    ['503', { kind: 'status', status: 503 }],
    ['reset', { kind: 'reset' }],
    ['stall', { kind: 'stall', ms: 3000 }],
    ['cut body', { kind: 'cut' }],
  ];
  it.each(transient)('fetch_order through two %s faults', async (_n, fault) => {
    const o = d.orders.seedOrder(KEY_ID, { ticker: MARKETS.cent, price: '0.40', count: '5' });
    d.double.inject(fault, { method: 'GET', path: ONE, times: 2 });
    expect((await k.fetchOrder(o.id)).id).toBe(o.id);
    expect(d.double.count(ONE, 'GET')).toBe(3);
  });

  it.each(transient)('fetch_open_orders: %s on the second page is retried, nothing lost or doubled', async (_n, fault) => {
    for (let i = 0; i < 1500; i++) d.orders.seedOrder(KEY_ID, { ticker: MARKETS.cent, price: '0.40', count: '1', createdMs: Date.now() - 100_000 + i });
    let seen = 0;
    d.double.inject(fault, { method: 'GET', path: { test: (p: string) => LIST.test(p) && ++seen >= 2 } as RegExp, times: 1 });
    const orders = await k.fetchOpenOrders();
    expect(orders).toHaveLength(1500);
    expect(new Set(orders.map((o) => o.id)).size).toBe(1500);
    expect(d.double.count(LIST, 'GET')).toBe(3);
  });

  it.each([
    ['503 persists', 'Api', { kind: 'status', status: 503 } as Fault],
    ['429 persists', 'RateLimited', { kind: 'status', status: 429 } as Fault],
    ['resets persist', 'NetworkError', { kind: 'reset' } as Fault],
  ])('fetch_open_orders when %s → %s after 4 requests', async (_n, kind, fault) => {
    d.double.inject(fault, { method: 'GET', path: LIST, times: 100 });
    const e = await failure(k.fetchOpenOrders());
    expect(e.kind).toBe(kind);
    expect(d.double.count(LIST, 'GET')).toBe(4);
  });
});

describe('cancel-all: every order is reported exactly once, and reports match the exchange', () => {
  const N = CANCEL_BATCH_SIZE * 3;
  function seedN() {
    const t0 = Date.now() - 60_000;
    return Array.from({ length: N }, (_, i) => d.orders.seedOrder(KEY_ID, { ticker: MARKETS.cent, price: '0.40', count: '2', createdMs: t0 + i }));
  }

  const batchFaults: Array<[string, Fault]> = [
    ['500', { kind: 'status', status: 500, body: INTERNAL }],
    ['503', { kind: 'status', status: 503 }],
    ['429', { kind: 'status', status: 429 }],
    ['reset before handling', { kind: 'reset' }],
    ['reset after handling', { kind: 'reset-after-handling' }],
    ['stall after handling', { kind: 'stall-after-handling', ms: 3000 }],
    ['answer cut short', { kind: 'cut' }],
    ['HTML 403', { kind: 'html', status: 403 }],
  ];

  it.each(batchFaults)('the second batch fails with %s', async (_n, fault) => {
    const seeded = seedN();
    let batches = 0;
    d.double.inject(fault, { method: 'DELETE', path: { test: (p: string) => BATCH.test(p) && ++batches === 2 } as RegExp });
    const r = await k.cancelAllOrders();
    const all = seeded.map((o) => o.id).sort();
    const cancelled = r.cancelled.map((o) => o.id);
    const failed = r.failed.map((f) => f.id);
    // Every order exactly once.
    expect([...cancelled, ...failed].sort()).toEqual(all);
    expect(new Set([...cancelled, ...failed]).size).toBe(N);
    // What pmt calls cancelled is cancelled on the exchange.
    for (const id of cancelled) expect(d.orders.portfolio.findOrder(KEY_ID, id)!.status).toBe('canceled');
    // What pmt calls failed without hedging is still resting on the exchange.
    for (const f of r.failed) if (!/may or may not/.test(f.reason)) expect(d.orders.portfolio.findOrder(KEY_ID, f.id)!.status).toBe('resting');
    expect(cancelled).toHaveLength(CANCEL_BATCH_SIZE);
    // No batch is resent, and nothing after the failed batch is attempted.
    expect(d.double.count(BATCH, 'DELETE')).toBe(2);
  });

  it('a listing fault is retried; the cancel then goes through', async () => {
    seedN();
    d.double.inject({ kind: 'status', status: 503 }, { method: 'GET', path: LIST, times: 2 });
    const r = await k.cancelAllOrders();
    expect(r.cancelled).toHaveLength(N);
    expect(r.failed).toEqual([]);
    expect(d.double.count(BATCH, 'DELETE')).toBe(3);
  });

  it('a listing that keeps failing cancels nothing and sends no DELETE', async () => {
    seedN();
    d.double.inject({ kind: 'reset' }, { method: 'GET', path: LIST, times: 100 });
    const e = await failure(k.cancelAllOrders());
    expect(e.kind).toBe('NetworkError');
    expect(d.double.count(BATCH, 'DELETE')).toBe(0);
    expect(placed().every((o) => o.status === 'resting')).toBe(true);
  });
});

describe('expired or revoked keys, clock skew', () => {
  it('a revoked key → Authentication (exit 3) naming revocation; the order is not sent twice', async () => {
    d.auth.revoked.add(KEY_ID);
    const e = await failure(k.createOrder(req));
    expect([e.kind, exitCodeFor(e)]).toEqual(['Authentication', 3]);
    expect(e.message).toMatch(/revoked/);
    expect(e.hint).toMatch(/revoked or has expired.*create a new key/);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(placed()).toHaveLength(0);
  });

  it('a revoked key on a read → Authentication, not retried', async () => {
    d.auth.revoked.add(KEY_ID);
    const e = await failure(k.fetchOpenOrders());
    expect(e.kind).toBe('Authentication');
    expect(d.double.count(LIST, 'GET')).toBe(1);
  });

  it.each([60_000, -60_000])('a clock off by %i ms → Authentication with the clock hint, nothing placed', async (offset) => {
    d.auth.clockOffsetMs = offset;
    const e = await failure(k.createOrder(req));
    expect(e.kind).toBe('Authentication');
    expect(e.hint).toMatch(/clock/);
    expect(placed()).toHaveLength(0);
    const check = await k.checkAuth();
    expect(check.ok).toBe(false);
    expect(check.detail).toMatch(/clock/);
  });

  it('a key Kalshi never issued → Authentication with the key hint, not the clock', async () => {
    const e = await failure(kalshiAdapter(d, { key: d.stranger }).fetchOpenOrders());
    expect(e.kind).toBe('Authentication');
    expect(e.hint).not.toMatch(/clock/);
    expect(e.hint).toMatch(/API key id and private key/);
  });
});
