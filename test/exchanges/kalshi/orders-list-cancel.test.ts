import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../src/errors.js';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import { CANCEL_BATCH_SIZE } from '../../../src/exchanges/kalshi/order-cancel.js';
import { KEY_ID, kalshiAdapter, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';
import { failure } from '../../helpers/failure.js';

let d: TradingDouble;
let k: KalshiExchange;
const LIST = /^\/portfolio\/orders$/;
const BATCH = /^\/portfolio\/events\/orders\/batched$/;

useTradingDouble({ balance: 1_000_000 }, (double, adapter) => {
  d = double;
  k = adapter;
});

function seed(n: number, ticker: string = MARKETS.cent, keyId = KEY_ID, t0 = Date.now() - 60_000) {
  return Array.from({ length: n }, (_, i) => d.orders.seedOrder(keyId, { ticker, price: '0.40', count: '5', createdMs: t0 + i }));
}

const INTERNAL = '{"error":{"code":"internal_error","message":"internal error"}}';

/** A path matcher for the fault injector that matches only the n-th request on `re`. */
function nthMatch(re: RegExp, n: number): RegExp {
  let seen = 0;
  return { test: (path: string) => re.test(path) && ++seen === n } as RegExp;
}

describe('get', () => {
  it('fetches one order by id', async () => {
    const [s] = seed(1);
    const o = await k.fetchOrder(s!.id);
    expect(o).toEqual({
      id: s!.id,
      market_ticker: MARKETS.cent,
      outcome: 'Yes',
      side: 'buy',
      price: 0.4,
      size: 5,
      filled: 0,
      status: 'open',
      created_at: new Date(s!.createdMs).toISOString(),
      fee: null,
      updated_at: null,
    });
  });

  it('an unknown id is OrderNotFound (exit 6)', async () => {
    const e = await failure(k.fetchOrder('00000000-0000-4000-8000-000000000000'));
    expect([e.kind, exitCodeFor(e)]).toEqual(['OrderNotFound', 6]);
  });

  it("another key's order is not found", async () => {
    const [s] = seed(1, MARKETS.cent, 'someone-else');
    expect((await failure(k.fetchOrder(s!.id))).kind).toBe('OrderNotFound');
  });
});

describe('list open orders', () => {
  it('reads every page (limit 1000, following the cursor)', async () => {
    seed(2100, MARKETS.cent);
    seed(30, MARKETS.whole);
    const all = await k.fetchOpenOrders();
    expect(all).toHaveLength(2130);
    expect(new Set(all.map((o) => o.id)).size).toBe(2130);
    const pages = d.double.requests.filter((r) => LIST.test(r.path));
    expect(pages.map((r) => [r.query.get('status'), r.query.get('limit'), Boolean(r.query.get('cursor'))])).toEqual([
      ['resting', '1000', false],
      ['resting', '1000', true],
      ['resting', '1000', true],
    ]);
  });

  it('filters by ticker and leaves out orders that are not resting', async () => {
    seed(3, MARKETS.cent);
    const whole = seed(2, MARKETS.whole);
    d.orders.portfolio.cancel(KEY_ID, whole[0]!.id);
    const open = await k.fetchOpenOrders(MARKETS.whole);
    expect(open.map((o) => o.id)).toEqual([whole[1]!.id]);
    expect(d.double.requests.find((r) => LIST.test(r.path))?.query.get('ticker')).toBe(MARKETS.whole);
  });

  it('nothing open → []', async () => {
    expect(await k.fetchOpenOrders()).toEqual([]);
  });
});

describe('cancel all', () => {
  it('nothing to cancel → empty result, no DELETE', async () => {
    expect(await k.cancelAllOrders()).toEqual({ cancelled: [], failed: [] });
    expect(d.double.count(BATCH)).toBe(0);
  });

  it('cancels every resting order in batches of 20, returning full orders', async () => {
    const a = seed(33, MARKETS.cent);
    // Older than every cent order (Kalshi lists newest first), so the first batch is cent only
    // however long seeding the 33 took.
    const b = seed(12, MARKETS.whole, KEY_ID, Date.now() - 120_000);
    const before = d.orders.available(KEY_ID);
    const r = await k.cancelAllOrders();
    expect(r.failed).toEqual([]);
    expect(r.cancelled).toHaveLength(45);
    expect(d.orders.cancelBatches.map((x) => x.length)).toEqual([CANCEL_BATCH_SIZE, CANCEL_BATCH_SIZE, 5]);
    // The wire body is Kalshi's {orders:[{order_id, market_ticker, exchange_index}]} on a DELETE: each routed to its shard.
    const first = d.double.requests.find((x) => BATCH.test(x.path))!;
    expect(first.method).toBe('DELETE');
    expect(JSON.parse(first.body)).toEqual({ orders: d.orders.cancelBatches[0]!.map((order_id) => ({ order_id, market_ticker: MARKETS.cent, exchange_index: 0 })) });
    const byId = new Map(r.cancelled.map((o) => [o.id, o]));
    for (const s of [...a, ...b]) {
      expect(byId.get(s.id)).toMatchObject({ id: s.id, market_ticker: s.ticker, outcome: 'Yes', side: 'buy', price: 0.4, size: 5, filled: 0, status: 'cancelled' });
      expect(byId.get(s.id)?.updated_at).toMatch(/Z$/);
    }
    expect(await k.fetchOpenOrders()).toEqual([]);
    // The collateral the orders held is free again: 45 × 5 × 0.40.
    expect(d.orders.available(KEY_ID)).toBe(before + 90);
  });

  it('per ticker: only that market is touched', async () => {
    seed(3, MARKETS.cent);
    const keep = seed(2, MARKETS.whole);
    const r = await k.cancelAllOrders(MARKETS.cent);
    expect(r.cancelled).toHaveLength(3);
    expect(r.cancelled.every((o) => o.market_ticker === MARKETS.cent)).toBe(true);
    expect((await k.fetchOpenOrders()).map((o) => o.id).sort()).toEqual(keep.map((o) => o.id).sort());
  });

  it('a partly filled order is cancelled with its fills kept', async () => {
    const s = d.orders.seedOrder(KEY_ID, { ticker: MARKETS.cent, price: '0.40', count: '10', filled: '4' });
    const r = await k.cancelAllOrders();
    expect(r.cancelled[0]).toMatchObject({ id: s.id, size: 10, filled: 4, status: 'cancelled' });
  });

  it('orders Kalshi refuses to cancel are reported with the reason', async () => {
    const s = seed(5);
    d.orders.refuseCancel.add(s[2]!.id);
    const r = await k.cancelAllOrders();
    expect(r.cancelled).toHaveLength(4);
    expect(r.failed).toEqual([{ id: s[2]!.id, reason: 'order could not be canceled: the market is paused (cancel_rejected)' }]);
    expect((await k.fetchOpenOrders()).map((o) => o.id)).toEqual([s[2]!.id]);
  });

  it('the first batch failing is thrown: nothing was cancelled', async () => {
    seed(3);
    d.double.inject({ kind: 'status', status: 500, body: INTERNAL }, { method: 'DELETE', path: BATCH });
    const e = await failure(k.cancelAllOrders());
    expect(e.kind).toBe('Api');
    expect(await k.fetchOpenOrders()).toHaveLength(3);
  });

  it('the first batch lost in transit: the error says some orders may be cancelled', async () => {
    seed(3);
    d.double.inject({ kind: 'reset-after-handling' }, { method: 'DELETE', path: BATCH });
    const e = await failure(k.cancelAllOrders());
    expect([e.kind, e.ambiguous]).toEqual(['NetworkError', true]);
    expect(e.message).toMatch(/may or may not have reached Kalshi/);
    expect(e.hint).toMatch(/pmt order list/);
    expect(d.double.count(BATCH)).toBe(1);
  });

  it('a later batch failing keeps what was cancelled and reports the rest', async () => {
    seed(45);
    d.double.inject({ kind: 'status', status: 500, body: INTERNAL }, { method: 'DELETE', path: nthMatch(BATCH, 2) });
    const r = await k.cancelAllOrders();
    expect(r.cancelled).toHaveLength(20);
    expect(r.failed).toHaveLength(25);
    expect(r.failed.slice(0, 20).every((f) => /^the cancel request failed: /.test(f.reason))).toBe(true);
    expect(r.failed.slice(20).every((f) => /^not attempted: /.test(f.reason))).toBe(true);
    expect(await k.fetchOpenOrders()).toHaveLength(25);
  });

  it('429 on the cancel → RateLimited (exit 7)', async () => {
    seed(2);
    d.double.inject({ kind: 'status', status: 429, body: '{"error":{"code":"too_many_requests","message":"too many requests"}}' }, { method: 'DELETE', path: BATCH });
    const e = await failure(k.cancelAllOrders());
    expect([e.kind, exitCodeFor(e)]).toEqual(['RateLimited', 7]);
    expect(d.double.count(BATCH)).toBe(1);
  });

  it('a bad key → Authentication (exit 3), nothing cancelled', async () => {
    seed(2);
    const e = await failure(kalshiAdapter(d, { key: d.stranger }).cancelAllOrders());
    expect([e.kind, exitCodeFor(e)]).toEqual(['Authentication', 3]);
    expect(await k.fetchOpenOrders()).toHaveLength(2);
  });
});
