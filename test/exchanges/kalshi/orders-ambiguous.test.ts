/**
 * A create whose answer is lost: the order is never sent twice, and the trader learns whether it
 * exists (looked up by its client_order_id).
 */
import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../src/errors.js';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { createsOnWire, KEY_ID, kalshiAdapter, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';
import { failure } from '../../helpers/failure.js';

let d: TradingDouble;
let k: KalshiExchange;
const CREATE = /^\/portfolio\/events\/orders$/;

useTradingDouble({}, (double, adapter) => {
  d = double;
  k = adapter;
});

const req: CreateOrderRequest = { asset_id: MARKETS.cent, outcome: 'no', side: 'buy', price: 0.35, size: 4, order_type: 'gtc' };

/** The HTTP layer reads these from process.env when a client is built. */
function withProcessEnv<T>(name: string, value: string, fn: () => T): T {
  const old = process.env[name];
  process.env[name] = value;
  try {
    return fn();
  } finally {
    if (old === undefined) delete process.env[name];
    else process.env[name] = old;
  }
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
    d.orders.seedBook(MARKETS.cent, { bids: [['0.40', '1']] });
    d.double.inject({ kind: 'stall-after-handling', ms: 5000 }, { method: 'POST', path: CREATE });
    const o = await slow.createOrder(req);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    // It partly filled (NO buy = YES ask at 0.35 against the 0.40 bid) before the line went quiet.
    expect([o.status, o.filled, o.size, o.outcome, o.side]).toEqual(['partially_filled', 1, 4, 'No', 'buy']);
  });

  it('an unreadable 201 → found, not resent', async () => {
    d.double.inject({ kind: 'truncated' }, { method: 'POST', path: CREATE });
    const o = await k.createOrder(req);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(o.id).toBe(exchangeOrders()[0]!.id);
  });

  it('an IOC that filled and left the book is still found (every status is searched)', async () => {
    d.orders.seedBook(MARKETS.cent, { bids: [['0.40', '10']] });
    d.double.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: CREATE });
    const o = await k.createOrder({ ...req, order_type: 'ioc' });
    expect([o.status, o.filled]).toEqual(['filled', 4]);
    expect(d.double.count(CREATE, 'POST')).toBe(1);
  });
});

describe('the order did not land', () => {
  it('connection reset before Kalshi handled it → NOT placed, said clearly, sent once', async () => {
    d.double.inject({ kind: 'reset' }, { method: 'POST', path: CREATE });
    const e = await failure(k.createOrder(req));
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(exchangeOrders()).toHaveLength(0);
    expect([e.kind, exitCodeFor(e), e.ambiguous]).toEqual(['NetworkError', 8, false]);
    expect(e.message).toMatch(/^the order was NOT placed: .*connection reset/);
    expect(e.message).toContain(String(createsOnWire(d)[0]!.client_order_id));
    expect(e.hint).toMatch(/safe to send the order again/);
    expect(lookups().length).toBeGreaterThanOrEqual(2);
  });

  it('a 500 from the create → looked up, not resent, NOT placed', async () => {
    d.double.inject({ kind: 'status', status: 500, body: '{"error":{"code":"internal_error","message":"internal error"}}' }, { method: 'POST', path: CREATE });
    const e = await failure(k.createOrder(req));
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(e.message).toMatch(/NOT placed/);
  });

  it('when the lookup fails too → MAY have been placed, with what to check', async () => {
    d.double.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: CREATE });
    d.double.inject({ kind: 'status', status: 503, body: '{"error":{"code":"unavailable","message":"down"}}' }, { method: 'GET', path: /^\/portfolio\/orders$/, times: 1000 });
    const fast = withProcessEnv('PMT_RETRY_BASE_MS', '1', () => kalshiAdapter(d));
    const e = await failure(fast.createOrder(req));
    expect(d.double.count(CREATE, 'POST')).toBe(1);
    expect(exchangeOrders()).toHaveLength(1);
    expect([e.kind, e.ambiguous]).toEqual(['NetworkError', true]);
    expect(e.message).toMatch(/^the order MAY have been placed/);
    expect(e.hint).toContain(`pmt order list --asset ${MARKETS.cent}`);
  });
});
