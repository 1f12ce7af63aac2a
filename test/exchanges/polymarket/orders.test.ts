import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PmtError } from '../../../src/errors.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { adapterFor, addressOf, catalogMarket, KEYS, sent, startTrading } from './trading-fixture.js';

let env: Awaited<ReturnType<typeof startTrading>>;
let yes: string;
let no: string;
let other: string;
const alice = addressOf(KEYS.alice);

beforeAll(async () => {
  env = await startTrading();
  // Catalogue markets: the adapter finds them through Gamma, as in production.
  ({ yes, no } = catalogMarket(env.d, { tick: '0.01', negRisk: false }));
  ({ yes: other } = catalogMarket(env.d, { tick: '0.001', negRisk: false }));
});
afterAll(async () => env.d.close());
beforeEach(async () => {
  env.t.pageSize = 100;
  env.t.clearHouse();
  // Start every test with no open orders for alice and a known balance.
  await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.alice }).ex.cancelAllOrders();
  env.t.fund(alice, 1000);
  env.clob.resetLog();
});

const req = (o: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({ asset_id: yes, outcome: 'yes', side: 'buy', price: 0.52, size: 10, order_type: 'gtc', ...o });
const trader = () => adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.alice }).ex;

describe('create', () => {
  test('a resting GTC buy: signed, accepted, open, with the order hash as id', async () => {
    const ex = trader();
    let payload: unknown;
    const o = await ex.createOrder(req(), { onPayload: (p) => (payload = p) });
    expect(o).toMatchObject({ outcome: 'Yes', side: 'buy', price: 0.52, size: 10, filled: 0, status: 'open', fee: null, updated_at: null });
    expect(o.id).toMatch(/^0x[0-9a-f]{64}$/);
    const stored = env.t.engine.orders.get(o.id)!;
    expect(stored.signer).toBe(alice.toLowerCase());
    expect(stored.status).toBe('LIVE');
    // The wire body, exactly as posted.
    const [post] = sent(env.clob, 'POST', /^\/order$/);
    expect(JSON.parse(post!.body)).toEqual(payload);
    const body = payload as { order: Record<string, unknown>; owner: string; orderType: string; deferExec: boolean };
    expect(body.orderType).toBe('GTC');
    expect(body.deferExec).toBe(false);
    expect(body.owner).toBe(env.t.auth.find(alice, '0')!.apiKey);
    expect(body.order).toMatchObject({ maker: alice, signer: alice, tokenId: yes, makerAmount: '5200000', takerAmount: '10000000', side: 'BUY', signatureType: 0, expiration: '0' });
    expect(typeof body.order.salt).toBe('number');
    expect(body.order.timestamp).toMatch(/^\d{13}$/);
  });

  test('tick size and neg-risk are read fresh for every order', async () => {
    const ex = trader();
    await ex.createOrder(req());
    await ex.createOrder(req({ price: 0.51 }));
    expect(sent(env.clob, 'GET', /^\/tick-size$/)).toHaveLength(2);
    expect(sent(env.clob, 'GET', /^\/neg-risk$/)).toHaveLength(2);
  });

  test('a marketable buy fills at the resting price; balance and position move exactly', async () => {
    env.t.seed(yes, 'SELL', 0.5, 100);
    const o = await trader().createOrder(req({ price: 0.57, size: 19.99 }));
    expect(o).toMatchObject({ status: 'filled', filled: 19.99, size: 19.99, price: 0.57 });
    // 19.99 × 0.50 = 9.995 exactly.
    expect(env.t.engine.balanceOf(alice).toFixed()).toBe('990.005');
    expect(env.t.engine.positionOf(alice, yes).toFixed()).toBe('19.99');
  });

  test('ioc (FAK) fills what it can and kills the rest; with nothing to match it is cancelled', async () => {
    env.t.seed(other, 'SELL', 0.4, 4);
    const ex = trader();
    const o = await ex.createOrder(req({ asset_id: other, price: 0.4, size: 10, order_type: 'ioc' }));
    expect(o).toMatchObject({ status: 'partially_filled', filled: 4, size: 10 });
    expect(JSON.parse(sent(env.clob, 'POST', /^\/order$/)[0]!.body).orderType).toBe('FAK');
    const none = await ex.createOrder(req({ asset_id: other, price: 0.4, size: 10, order_type: 'ioc' }));
    expect(none).toMatchObject({ status: 'cancelled', filled: 0 });
    expect(env.t.engine.positionOf(alice, other).toFixed()).toBe('4');
  });

  test('fok fills completely or not at all', async () => {
    env.t.seed(other, 'SELL', 0.3, 5);
    const ex = trader();
    const killed = await ex.createOrder(req({ asset_id: other, price: 0.3, size: 10, order_type: 'fok' }));
    expect(killed).toMatchObject({ status: 'cancelled', filled: 0 });
    expect(env.t.engine.balanceOf(alice).toFixed()).toBe('1000');
    const done = await ex.createOrder(req({ asset_id: other, price: 0.3, size: 5, order_type: 'fok' }));
    expect(done).toMatchObject({ status: 'filled', filled: 5 });
    expect(env.t.engine.balanceOf(alice).toFixed()).toBe('998.5');
  });

  test('sell from a position', async () => {
    env.t.setPosition(alice, no, 20);
    env.t.seed(no, 'BUY', 0.45, 50);
    const o = await trader().createOrder(req({ asset_id: no, outcome: 'no', side: 'sell', price: 0.45, size: 20 }));
    expect(o).toMatchObject({ outcome: 'No', side: 'sell', status: 'filled', filled: 20 });
    expect(env.t.engine.positionOf(alice, no).toFixed()).toBe('0');
    expect(env.t.engine.balanceOf(alice).toFixed()).toBe('1009');
  });
});

describe('market lookup', () => {
  test('catalogue tokens are found through Gamma; the order names the market by condition id', async () => {
    env.d.polymarket.gammaDouble.resetLog();
    const o = await trader().createOrder(req());
    expect(env.d.polymarket.gammaDouble.count(/^\/markets$/)).toBeGreaterThan(0);
    expect(sent(env.clob, 'GET', /^\/markets-by-token\//)).toHaveLength(0);
    expect(o.market_ticker).toBe(env.t.token(yes)!.conditionId);
  });

  test('a token Gamma does not list is looked up on the CLOB', async () => {
    const [fresh] = env.t.addMarket({ tickSize: '0.01', minSize: 5, outcomes: ['Over', 'Under'] }) as [string];
    const o = await trader().createOrder(req({ asset_id: fresh, outcome: { label: 'over' }, price: 0.3 }));
    expect(o).toMatchObject({ outcome: 'Over', status: 'open' });
    expect(sent(env.clob, 'GET', /^\/markets-by-token\//)).toHaveLength(1);
  });

  test('a closed market is refused before anything is signed or sent', async () => {
    const g = env.d.polymarket.gamma;
    const closed = [...g.catalog.tokens.values()].find((t) => (g.market(t.slug)?.wire as Record<string, unknown>).closed === true)!;
    const e = await trader().createOrder(req({ asset_id: closed.tokenId, outcome: undefined })).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PmtError);
    expect((e as PmtError).message).toMatch(/is (closed|resolved) and does not take orders/);
    expect(sent(env.clob, 'POST', /^\/order$/)).toHaveLength(0);
  });
});

describe('get and list', () => {
  test('get returns the order; a partial fill shows as partially_filled', async () => {
    const ex = trader();
    const o = await ex.createOrder(req({ size: 10 }));
    env.t.fill(o.id, 3);
    const got = await ex.fetchOrder(o.id);
    expect(got).toMatchObject({ id: o.id, status: 'partially_filled', filled: 3, size: 10, price: 0.52, outcome: 'Yes', side: 'buy' });
    expect(got.market_ticker).toBe(env.t.token(yes)!.conditionId);
  });

  test('an unknown order is OrderNotFound (exit 6)', async () => {
    const e = await trader().fetchOrder(`0x${'9'.repeat(64)}`).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PmtError);
    expect((e as PmtError).kind).toBe('OrderNotFound');
  });

  test('list follows every page (MA== … LTE=) and filters by token', async () => {
    env.t.pageSize = 2;
    const ex = trader();
    const ids: string[] = [];
    for (const p of [0.41, 0.42, 0.43, 0.44]) ids.push((await ex.createOrder(req({ price: p }))).id);
    ids.push((await ex.createOrder(req({ asset_id: other, price: 0.2, size: 5 }))).id);
    env.clob.resetLog();
    const all = await ex.fetchOpenOrders();
    expect(all.map((o) => o.id).sort()).toEqual([...ids].sort());
    expect(sent(env.clob, 'GET', /^\/data\/orders$/).map((r) => r.query.get('next_cursor'))).toEqual(['MA==', 'Mg==', 'NA==']);
    const one = await ex.fetchOpenOrders(other);
    expect(one.map((o) => o.id)).toEqual([ids[4]]);
    expect(one[0]).toMatchObject({ status: 'open', price: 0.2, size: 5 });
  });
});

describe('cancel-all', () => {
  test('all: full snapshots come back cancelled; refusals are reported', async () => {
    const ex = trader();
    const a = await ex.createOrder(req({ price: 0.3 }));
    const b = await ex.createOrder(req({ asset_id: other, price: 0.25, size: 8 }));
    const c = await ex.createOrder(req({ price: 0.31 }));
    env.t.cancelRefusals.set(c.id, 'Order is being matched');
    try {
      const r = await ex.cancelAllOrders();
      expect(r.cancelled.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
      for (const o of r.cancelled) expect(o).toMatchObject({ status: 'cancelled', side: 'buy', outcome: 'Yes' });
      expect(r.cancelled.find((o) => o.id === b.id)).toMatchObject({ price: 0.25, size: 8 });
      expect(r.failed).toEqual([{ id: c.id, reason: 'Order is being matched' }]);
      expect(sent(env.clob, 'DELETE', /^\/cancel-all$/)).toHaveLength(1);
      expect(env.t.engine.orders.get(a.id)!.status).toBe('CANCELED');
    } finally {
      env.t.cancelRefusals.delete(c.id);
    }
  });

  test('one token: only its orders, through /cancel-market-orders', async () => {
    const ex = trader();
    const a = await ex.createOrder(req({ price: 0.3 }));
    const b = await ex.createOrder(req({ asset_id: other, price: 0.25, size: 8 }));
    const r = await ex.cancelAllOrders(other);
    expect(r.cancelled.map((o) => o.id)).toEqual([b.id]);
    expect(r.failed).toEqual([]);
    const [del] = sent(env.clob, 'DELETE', /^\/cancel-market-orders$/);
    expect(JSON.parse(del!.body)).toMatchObject({ asset_id: other });
    expect((await ex.fetchOrder(a.id)).status).toBe('open');
  });

  test('nothing open: nothing cancelled, nothing failed', async () => {
    expect(await trader().cancelAllOrders()).toEqual({ cancelled: [], failed: [] });
  });
});
