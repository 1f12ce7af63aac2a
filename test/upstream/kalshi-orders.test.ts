/**
 * The Kalshi portfolio double on its own, spoken to with hand-signed requests: it must check
 * signatures as Kalshi does and behave like the exchange (validation, matching, cash, paging,
 * batched cancel), or the adapter tests built on it prove nothing.
 */
import { constants, createPrivateKey, sign } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKalshiDouble, type KalshiDouble } from './kalshi/index.js';
import { KALSHI_PREFIX, makeKalshiKey, type KalshiKeyPair } from './kalshi/auth.js';
import { TAPERED_RANGES } from './kalshi/market-fixtures.js';

let k: KalshiDouble;
let alice: KalshiKeyPair;
let bob: KalshiKeyPair;
let carol: KalshiKeyPair;
let impostor: KalshiKeyPair;

beforeAll(async () => {
  k = createKalshiDouble();
  await k.double.start();
  alice = makeKalshiKey('aaaaaaaa-0000-4000-8000-000000000001');
  bob = makeKalshiKey('bbbbbbbb-0000-4000-8000-000000000002');
  // Key generation takes seconds: all done before any request, so no keep-alive socket idles out mid-test.
  carol = makeKalshiKey('cccccccc-0000-4000-8000-000000000003');
  impostor = makeKalshiKey(alice.keyId);
  k.auth.register(alice.keyId, alice.publicKey);
  k.auth.register(bob.keyId, bob.publicKey);
  k.orders.addMarket({ ticker: 'KXD-A' });
  k.orders.addMarket({ ticker: 'KXD-W', fractional: false });
  k.orders.addMarket({ ticker: 'KXD-T', price_ranges: TAPERED_RANGES });
  k.orders.addMarket({ ticker: 'KXD-X', status: 'settled' });
});
afterAll(() => k.double.close());
beforeEach(() => {
  k.orders.reset();
  k.auth.clockOffsetMs = 0;
});

interface CallOpts {
  key?: KalshiKeyPair | null;
  body?: unknown;
  rawBody?: string;
  ts?: number;
  signPath?: string;
}

/** A request signed the way Kalshi documents: RSA-PSS(SHA-256) over ts + METHOD + full path. */
async function call(method: string, pathAndQuery: string, o: CallOpts = {}) {
  const key = o.key === undefined ? alice : o.key;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) {
    const ts = String(o.ts ?? Date.now());
    const path = o.signPath ?? KALSHI_PREFIX + pathAndQuery.split('?')[0];
    const sig = sign('sha256', Buffer.from(ts + method + path), {
      key: createPrivateKey(key.privatePem),
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: constants.RSA_PSS_SALTLEN_DIGEST,
    });
    Object.assign(headers, { 'KALSHI-ACCESS-KEY': key.keyId, 'KALSHI-ACCESS-TIMESTAMP': ts, 'KALSHI-ACCESS-SIGNATURE': sig.toString('base64') });
  }
  const body = o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
  const res = await fetch(k.double.url + pathAndQuery, { method, headers, body });
  return { status: res.status, json: (await res.json()) as Record<string, any>, date: res.headers.get('date') };
}

let seq = 0;
const order = (over: Record<string, unknown> = {}) => ({
  ticker: 'KXD-A',
  client_order_id: `coid-${++seq}`,
  side: 'bid',
  count: '2.00',
  price: '0.4000',
  time_in_force: 'good_till_canceled',
  self_trade_prevention_type: 'taker_at_cross',
  ...over,
});
const create = (over: Record<string, unknown> = {}, o: CallOpts = {}) => call('POST', '/portfolio/events/orders', { body: order(over), ...o });

describe('signatures, as Kalshi checks them', () => {
  it('accepts a correct signature; the query string is not signed', async () => {
    expect((await call('GET', '/portfolio/orders?limit=5&status=resting')).status).toBe(200);
  });

  it.each([
    ['no headers', { key: null }, /authentication required/],
    ['a signature over another path', { signPath: `${KALSHI_PREFIX}/portfolio/balance` }, /invalid signature/],
    ['a signature without the /trade-api/v2 prefix', { signPath: '/portfolio/orders' }, /invalid signature/],
    ['a stale timestamp', { ts: Date.now() - 120_000 }, /timestamp expired/],
  ] as const)('refuses %s with 401', async (_n, o, msg) => {
    const r = await call('GET', '/portfolio/orders', o as CallOpts);
    expect(r.status).toBe(401);
    expect(r.json.error.message).toMatch(msg);
  });

  it('refuses a key it does not know, and the wrong private key for a known id', async () => {
    expect((await call('GET', '/portfolio/balance', { key: carol })).json.error.message).toBe('invalid API key');
    expect((await call('GET', '/portfolio/balance', { key: impostor })).status).toBe(401);
  });

  it('guards every portfolio route', async () => {
    for (const [m, p] of [['POST', '/portfolio/events/orders'], ['GET', '/portfolio/orders/x'], ['DELETE', '/portfolio/events/orders/batched'], ['GET', '/portfolio/balance']]) {
      expect((await call(m!, p!, { key: null, body: m === 'GET' ? undefined : {} })).status).toBe(401);
    }
  });
});

describe('create validation', () => {
  it.each([
    ['missing ticker', { ticker: undefined }, 400, 'missing_parameters'],
    ['missing client_order_id', { client_order_id: undefined }, 400, 'missing_parameters'],
    ['a yes/no side', { side: 'yes' }, 400, 'invalid_order'],
    ['a count with 3 decimals', { count: '1.234' }, 400, 'invalid_order'],
    ['an integer count', { count: 2 }, 400, 'invalid_order'],
    ['an off-grid price', { price: '0.4050' }, 400, 'invalid_order'],
    ['price 1', { price: '1.0000' }, 400, 'invalid_order'],
    ['a bad time in force', { time_in_force: 'gtc' }, 400, 'invalid_order'],
    ['a fractional count on a whole-contract market', { ticker: 'KXD-W', count: '1.50' }, 400, 'invalid_order'],
    ['an unknown ticker', { ticker: 'KXD-NOPE' }, 404, 'market_not_found'],
    ['a settled market', { ticker: 'KXD-X' }, 400, 'market_closed'],
  ] as const)('rejects %s', async (_n, over, status, code) => {
    const r = await create(over as Record<string, unknown>);
    expect([r.status, r.json.error?.code]).toEqual([status, code]);
    expect(k.orders.portfolio.list(alice.keyId, {})).toHaveLength(0);
  });

  it('takes tail prices on a tiered grid, refuses them on the middle tier', async () => {
    expect((await create({ ticker: 'KXD-T', price: '0.0550' })).status).toBe(201);
    expect((await create({ ticker: 'KXD-T', price: '0.5550' })).status).toBe(400);
  });

  it('an unparseable body is a flat 400', async () => {
    const r = await call('POST', '/portfolio/events/orders', { rawBody: '{"ticker":' });
    expect([r.status, r.json.code]).toEqual([400, 'bad_request']);
  });

  it('a reused client_order_id is a 409 and places nothing', async () => {
    const body = order();
    expect((await call('POST', '/portfolio/events/orders', { body })).status).toBe(201);
    const again = await call('POST', '/portfolio/events/orders', { body });
    expect([again.status, again.json.error.code]).toEqual([409, 'order_already_exists']);
    expect(k.orders.portfolio.list(alice.keyId, {})).toHaveLength(1);
  });
});

describe('matching and cash', () => {
  it('a bid takes the cheapest asks first at their prices; the rest rests', async () => {
    k.orders.seedBook('KXD-A', { asks: [['0.45', '2'], ['0.41', '3'], ['0.60', '9']] });
    const r = await create({ count: '10.00', price: '0.4500' });
    expect(r.status).toBe(201);
    // ⌈0.07 × (3×0.41×0.59 + 2×0.45×0.55)⌉ = ⌈0.085449⌉ = 0.09
    expect(r.json).toEqual({ order_id: expect.any(String), client_order_id: expect.any(String), fill_count: '5.00', remaining_count: '5.00', average_fill_price: '0.4260', average_fee_paid: '0.0180' });
    expect(k.orders.portfolio.books.get('KXD-A')!.asks.map((l) => [l.price.toFixed(), l.size.toFixed()])).toEqual([['0.6', '9']]);
    // 1000 − fills 2.13 − fee 0.09 − 5 × 0.45 held for the resting rest.
    expect((await call('GET', '/portfolio/balance')).json.balance).toBe(99553);
  });

  it('an ask (sell YES ≡ buy NO) takes bids priced at or above it and holds 1 − p', async () => {
    k.orders.seedBook('KXD-A', { bids: [['0.50', '1'], ['0.39', '5']] });
    const r = await create({ side: 'ask', count: '3.00', price: '0.4000', time_in_force: 'immediate_or_cancel' });
    expect([r.json.fill_count, r.json.remaining_count]).toEqual(['1.00', '0.00']);
    const [o] = (await call('GET', '/portfolio/orders')).json.orders;
    expect([o.status, o.side, o.action, o.initial_count_fp, o.fill_count_fp, o.remaining_count_fp]).toEqual(['canceled', 'yes', 'sell', '3.00', '1.00', '0.00']);
  });

  it('FOK leaves the book alone when it cannot fill completely', async () => {
    k.orders.seedBook('KXD-A', { asks: [['0.40', '1']] });
    const r = await create({ time_in_force: 'fill_or_kill' });
    expect([r.json.fill_count, r.json.remaining_count, r.json.average_fee_paid]).toEqual(['0.00', '0.00', undefined]);
    expect(k.orders.portfolio.books.get('KXD-A')!.asks[0]!.size.toFixed()).toBe('1');
  });

  it('refuses an order the cash cannot cover: insufficient_balance', async () => {
    k.orders.setBalance(alice.keyId, '0.80');
    const r = await create({ count: '2.00', price: '0.4000' });
    expect([r.status, r.json.error.code]).toEqual([400, 'insufficient_balance']);
  });

  it('keeps each key to its own cash and orders', async () => {
    k.orders.setBalance(bob.keyId, 5);
    const mine = await create();
    expect((await call('GET', `/portfolio/orders/${mine.json.order_id}`, { key: bob })).status).toBe(404);
    expect((await call('GET', '/portfolio/orders', { key: bob })).json.orders).toEqual([]);
    const bal = await call('GET', '/portfolio/balance', { key: bob });
    expect(bal.json).toEqual({ balance: 500, balance_dollars: '5.0000', portfolio_value: 0, updated_ts: expect.any(Number) });
    expect(bal.date).toBeTruthy();
  });
});

describe('V1 reads', () => {
  it('orders carry every required V1 field as _dollars/_fp strings', async () => {
    const r = await create();
    const { order: o } = (await call('GET', `/portfolio/orders/${r.json.order_id}`)).json;
    for (const f of ['order_id', 'user_id', 'client_order_id', 'ticker', 'side', 'action', 'type', 'status', 'yes_price_dollars', 'no_price_dollars', 'fill_count_fp', 'remaining_count_fp', 'initial_count_fp', 'taker_fees_dollars', 'maker_fees_dollars', 'taker_fill_cost_dollars', 'maker_fill_cost_dollars']) {
      expect(o).toHaveProperty(f);
    }
    expect([o.yes_price_dollars, o.no_price_dollars, o.initial_count_fp, o.status]).toEqual(['0.4000', '0.6000', '2.00', 'resting']);
  });

  it('pages newest first with an opaque cursor; filters; validates limit', async () => {
    for (let i = 0; i < 5; i++) k.orders.seedOrder(alice.keyId, { ticker: 'KXD-A', price: '0.3', count: '1', createdMs: 1_700_000_000_000 + i * 1000 });
    const p1 = await call('GET', '/portfolio/orders?limit=2');
    const p2 = await call('GET', `/portfolio/orders?limit=2&cursor=${p1.json.cursor}`);
    const p3 = await call('GET', `/portfolio/orders?limit=2&cursor=${p2.json.cursor}`);
    expect([p1.json.orders.length, p2.json.orders.length, p3.json.orders.length, p3.json.cursor]).toEqual([2, 2, 1, '']);
    expect(p1.json.orders[0].created_time).toBe(new Date(1_700_000_004_000).toISOString());
    expect((await call('GET', '/portfolio/orders?min_ts=1700000003')).json.orders).toHaveLength(2);
    expect((await call('GET', '/portfolio/orders?status=executed')).json.orders).toHaveLength(0);
    expect((await call('GET', '/portfolio/orders?limit=1001')).status).toBe(400);
    expect((await call('GET', '/portfolio/orders?limit=0')).status).toBe(400);
  });
});

describe('batched cancel', () => {
  it('cancels resting orders and reports per-order errors for the rest', async () => {
    const a = k.orders.seedOrder(alice.keyId, { ticker: 'KXD-A', price: '0.3', count: '4', filled: '1' });
    const done = k.orders.seedOrder(alice.keyId, { ticker: 'KXD-A', price: '0.3', count: '1' });
    k.orders.portfolio.cancel(alice.keyId, done.id);
    const bobs = k.orders.seedOrder(bob.keyId, { ticker: 'KXD-A', price: '0.3', count: '1' });
    const r = await call('DELETE', '/portfolio/events/orders/batched', { body: { orders: [{ order_id: a.id }, { order_id: done.id }, { order_id: bobs.id }, { order_id: 'nope' }] } });
    expect(r.status).toBe(200);
    expect(r.json.orders.map((x: any) => [x.reduced_by, x.error?.code ?? null])).toEqual([
      ['3.00', null],
      ['0.00', 'invalid_order'],
      ['0.00', 'not_found'],
      ['0.00', 'not_found'],
    ]);
    expect(k.orders.portfolio.findOrder(bob.keyId, bobs.id)!.status).toBe('resting');
  });

  it('refuses an empty or oversized batch', async () => {
    expect((await call('DELETE', '/portfolio/events/orders/batched', { body: { orders: [] } })).status).toBe(400);
    k.orders.maxCancelBatch = 2;
    const r = await call('DELETE', '/portfolio/events/orders/batched', { body: { orders: [{ order_id: 'a' }, { order_id: 'b' }, { order_id: 'c' }] } });
    k.orders.maxCancelBatch = 100;
    expect(r.status).toBe(400);
  });
});
