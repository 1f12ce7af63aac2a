/**
 * A create whose answer is lost: the order is never sent twice, and the trader learns whether it
 * exists (looked up by its client_order_id).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../src/errors.js';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { createsOnWire, KEY_ID, kalshiAdapter, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';
import { failure } from '../../helpers/failure.js';
import { lookupDelays, lookupWindowMs } from '../../../src/exchanges/kalshi/order-reconcile.js';

let d: TradingDouble;
let k: KalshiExchange;
const CREATE = /^\/portfolio\/events\/orders$/;

useTradingDouble({}, (double, adapter) => {
  d = double;
  k = adapter;
});

const req: CreateOrderRequest = orderReq({ asset_id: MARKETS.cent, outcome: 'no', side: 'buy', price: 0.35, size: 4, order_type: 'gtc' });

/**
 * `fn` with an environment variable set: the HTTP layer reads these when a client is built, the
 * lookup window when a create's outcome is unknown (so a promise keeps it set until it settles).
 */
function withProcessEnv<T>(name: string, value: string, fn: () => T): T {
  const old = process.env[name];
  process.env[name] = value;
  const restore = () => {
    if (old === undefined) delete process.env[name];
    else process.env[name] = old;
  };
  let out: T;
  try {
    out = fn();
  } catch (e) {
    restore();
    throw e;
  }
  if (out instanceof Promise) return out.finally(restore) as T;
  restore();
  return out;
}

function exchangeOrders() {
  return d.orders.portfolio.list(KEY_ID, {});
}

function lookups() {
  return d.double.requests.filter((r) => r.method === 'GET' && r.path === '/portfolio/orders');
}

describe('the order landed but the answer was lost', () => {
  it('connection reset after Kalshi handled it → the existing order is returned, sent once', async () => {
    d.double.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: CREATE });
    const o = await k.createOrder(req);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    const placed = exchangeOrders();
    expect(placed).toHaveLength(1);
    expect(o).toMatchObject({ id: placed[0]!.id, market_ticker: MARKETS.cent, outcome: 'No', side: 'buy', price: 0.35, size: 4, filled: 0, status: 'open' });
    // Found by the client_order_id it was sent with, among all statuses, on its ticker.
    const look = lookups()[0]!;
    expect(look.query.get('ticker')).toBe(MARKETS.cent);
    expect(look.query.get('status')).toBeNull();
    expect(Number(look.query.get('min_ts'))).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(placed[0]!.clientOrderId).toBe(createsOnWire(d)[0]!.client_order_id);
  });

  it('a timeout after Kalshi handled it → found, sent once', async () => {
    const slow = withProcessEnv('PMT_HTTP_TIMEOUT_MS', '700', () => kalshiAdapter(d));
    d.orders.seedBook(MARKETS.cent, { bids: [['0.70', '1']] });
    d.double.inject({ kind: 'stall-after-handling', ms: 5000 }, { method: 'POST', path: CREATE });
    const o = await slow.createOrder(req);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    // It partly filled (NO buy at 0.35 = YES ask at 0.65 against the 0.70 bid) before the line went quiet.
    expect([o.status, o.filled, o.size, o.outcome, o.side]).toEqual(['partially_filled', 1, 4, 'No', 'buy']);
  });

  it('an unreadable 201 → found, not resent', async () => {
    d.double.inject({ kind: 'truncated' }, { method: 'POST', path: CREATE });
    const o = await k.createOrder(req);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(o.id).toBe(exchangeOrders()[0]!.id);
  });

  it('an IOC that filled and left the book is still found (every status is searched)', async () => {
    d.orders.seedBook(MARKETS.cent, { bids: [['0.70', '10']] });
    d.double.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: CREATE });
    const o = await k.createOrder({ ...req, order_type: 'ioc' });
    expect([o.status, o.filled]).toEqual(['filled', 4]);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
  });
});

describe('the exchange is late: the answer is "placed" or "unknown", never "not placed"', () => {
  it('a create Kalshi accepts 5 s late while the timeout is 2 s → found (placed), sent once', async () => {
    const slow = withProcessEnv('PMT_HTTP_TIMEOUT_MS', '2000', () => kalshiAdapter(d));
    d.double.inject({ kind: 'delay', ms: 5000 }, { method: 'POST', path: CREATE });
    const o = await slow.createOrder(req);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(exchangeOrders()).toHaveLength(1);
    expect(o).toMatchObject({ id: exchangeOrders()[0]!.id, outcome: 'No', side: 'buy', price: 0.35, size: 4 });
    // It kept looking past its own 2 s timeout, with backoff.
    expect(lookups().length).toBeGreaterThanOrEqual(3);
  }, 20_000);

  it('re-sending under the same client order id leaves exactly one order', async () => {
    const slow = withProcessEnv('PMT_HTTP_TIMEOUT_MS', '300', () => kalshiAdapter(d));
    // Held well past pmt's lookup window (300 ms timeout + 800 ms of lookups): pmt must say
    // "unknown", never "not placed".
    d.double.inject({ kind: 'delay', ms: 2500 }, { method: 'POST', path: CREATE });
    const e = await withProcessEnv('PMT_LOOKUP_WINDOW_MS', '800', () => failure(slow.createOrder(req)));
    expect([e.kind, exitCodeFor(e), e.ambiguous]).toEqual(['NetworkError', 8, true]);
    expect(e.message).toMatch(/^order status unknown: /);
    expect(e.message).not.toMatch(/not placed/i);
    const id = String(createsOnWire(d)[0]!.client_order_id);
    expect(e.message).toContain(id);
    expect(e.message).toContain(`pmt order get --client-id ${id}`);
    expect(e.hint).toContain(`--client-order-id ${id}`);
    // The exchange processes it after all.
    for (let i = 0; i < 100 && exchangeOrders().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(exchangeOrders()).toHaveLength(1);
    // The re-send with that id is refused as a duplicate (409) and pmt shows the order it holds.
    const again = await k.createOrder(req, { clientOrderId: id });
    expect(d.double.count(CREATE, 'POST')).toBe(2);
    expect(exchangeOrders()).toHaveLength(1);
    expect(again).toMatchObject({ id: exchangeOrders()[0]!.id, outcome: 'No', side: 'buy', price: 0.35 });
    // And the order is found by that id.
    const byId = await k.fetchOrderByClientId(id, { asset_id: MARKETS.cent });
    expect(byId.id).toBe(exchangeOrders()[0]!.id);
  }, 20_000);

  it('a client order id Kalshi has never seen is sent as given', async () => {
    const o = await k.createOrder(req, { clientOrderId: 'my-retry-1' });
    expect(createsOnWire(d)[0]!.client_order_id).toBe('my-retry-1');
    expect(exchangeOrders()).toHaveLength(1);
    expect((await k.fetchOrderByClientId('my-retry-1')).id).toBe(o.id);
    expect((await failure(k.fetchOrderByClientId('never-sent'))).kind).toBe('OrderNotFound');
  });
});

describe('the order did not land', () => {
  // The lookups after an unknown outcome: 250 + 500 + 50 ms (three looks) rather than the 3 s
  // floor; the floor and the wait past a 2 s timeout are the cases above and the schedule below.
  beforeAll(() => {
    process.env.PMT_LOOKUP_WINDOW_MS = '800';
  });
  afterAll(() => {
    delete process.env.PMT_LOOKUP_WINDOW_MS;
  });

  it('connection reset before Kalshi handled it → "unknown" (a lookup proves nothing), sent once', async () => {
    const fast = withProcessEnv('PMT_HTTP_TIMEOUT_MS', '300', () => kalshiAdapter(d));
    d.double.inject({ kind: 'reset' }, { method: 'POST', path: CREATE });
    const e = await failure(fast.createOrder(req));
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(exchangeOrders()).toHaveLength(0);
    expect([e.kind, exitCodeFor(e), e.ambiguous]).toEqual(['NetworkError', 8, true]);
    expect(e.message).toMatch(/^order status unknown: .*connection reset/);
    expect(e.message).toContain(String(createsOnWire(d)[0]!.client_order_id));
    expect(e.message).toContain('pmt order get --client-id');
    expect(e.hint).not.toMatch(/safe to send/);
    expect(lookups().length).toBeGreaterThanOrEqual(3);
  }, 15_000);

  it('a 500 from the create → looked up, not resent, unknown', async () => {
    const fast = withProcessEnv('PMT_HTTP_TIMEOUT_MS', '300', () => kalshiAdapter(d));
    d.double.inject({ kind: 'status', status: 500, body: '{"error":{"code":"internal_error","message":"internal error"}}' }, { method: 'POST', path: CREATE });
    const e = await failure(fast.createOrder(req));
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(e.message).toMatch(/^order status unknown/);
  }, 15_000);

  it('a 4xx naming the reason is the only "not placed"', async () => {
    const e = await failure(k.createOrder(orderReq({ ...req, size: 1e9 })));
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(e.kind).not.toBe('NetworkError');
    expect(e.ambiguous).toBe(false);
    expect(e.message).toMatch(/Kalshi/);
    expect(lookups()).toHaveLength(0);
  });

  it('when the lookup fails too → unknown, with the settling command', async () => {
    d.double.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: CREATE });
    d.double.inject({ kind: 'status', status: 503, body: '{"error":{"code":"unavailable","message":"down"}}' }, { method: 'GET', path: /^\/portfolio\/orders$/, times: 1000 });
    const fast = withProcessEnv('PMT_RETRY_BASE_MS', '1', () => withProcessEnv('PMT_HTTP_TIMEOUT_MS', '300', () => kalshiAdapter(d)));
    const e = await failure(fast.createOrder(req));
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(exchangeOrders()).toHaveLength(1);
    expect([e.kind, e.ambiguous]).toEqual(['NetworkError', true]);
    expect(e.message).toMatch(/^order status unknown: .*looking it up failed too/);
    expect(e.message).toContain('pmt order get --client-id');
  }, 20_000);
});

describe('lookup schedule', () => {
  it('waits longer than the request timeout, with backoff, bounded', () => {
    expect(lookupWindowMs(2000)).toBe(4000);
    expect(lookupWindowMs(100)).toBe(3000);
    expect(lookupWindowMs(60_000)).toBe(30_000);
    expect(lookupWindowMs(400, { PMT_LOOKUP_WINDOW_MS: '800' })).toBe(800);
    expect(lookupWindowMs(2000, { PMT_LOOKUP_WINDOW_MS: '800' })).toBe(2250);
    expect(lookupDelays(4000)).toEqual([250, 500, 1000, 2000, 250]);
    expect(lookupDelays(4000).reduce((a, b) => a + b, 0)).toBe(4000);
  });
});
