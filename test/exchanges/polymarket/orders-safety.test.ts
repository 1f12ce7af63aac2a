import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { exitCodeFor } from '../../../src/errors.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { adapterFor, addressOf, catalogMarket, FUNDER, KEYS, sent, startTrading } from './trading-fixture.js';
import { failure } from '../../helpers/failure.js';

let env: Awaited<ReturnType<typeof startTrading>>;
let yes: string;
let no: string;
const bob = addressOf(KEYS.bob);
let before = new Set<string>();
/** Orders the CLOB double holds for bob that were created during the current test. */
const newOrders = () => env.t.ordersOf(bob).filter((o) => !before.has(o.id));

beforeAll(async () => {
  env = await startTrading();
  ({ yes, no } = catalogMarket(env.d, { tick: '0.01', negRisk: false }));
});
afterAll(async () => env.d.close());
beforeEach(async () => {
  env.clob.clearFaults();
  await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob }).ex.cancelAllOrders();
  env.t.clearHouse();
  env.t.fund(bob, 100);
  before = new Set(env.t.ordersOf(bob).map((o) => o.id));
  env.clob.resetLog();
});

const req = (o: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({ asset_id: yes, outcome: 'yes', side: 'buy', price: 0.52, size: 10, order_type: 'gtc', ...o });
const trader = () => adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob }).ex;

const ordersPosted = () => sent(env.clob, 'POST', /^\/order$/);
const authRequests = () => env.clob.requests.filter((r) => r.path.startsWith('/auth/'));

describe('rejected before anything is signed or sent', () => {
  test.each([
    ['an off-grid price', { price: 0.523 }, /tick grid of 0.01 \(nearest valid: 0.52 or 0.53\)/],
    ['a size below the minimum', { size: 4 }, /minimum order size of 5 shares/],
    ['a price outside the tick range', { price: 0.995 }, /nearest valid: 0.99/],
    ['the other outcome', { outcome: 'no' as const }, new RegExp(`use its token as the asset: ${'\\d+'}`)],
    ['an immediate buy with a fine USD amount', { price: 0.57, size: 19.99, order_type: 'fok' as const }, /nearest valid sizes: 19 or 20/],
  ])('%s', async (_name, over, re) => {
    const e = await failure(trader().createOrder(req(over)));
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toMatch(re);
    expect(ordersPosted()).toHaveLength(0);
    expect(authRequests()).toHaveLength(0);
    expect(newOrders()).toHaveLength(0);
  });

  test('the wrong outcome names the right token', async () => {
    const e = await failure(trader().createOrder(req({ outcome: 'no' })));
    expect(e.message).toContain(no);
  });

  test('missing credentials: Config and not a single request', async () => {
    const e = await failure(adapterFor(env.d, {}).ex.createOrder(req()));
    expect(e.kind).toBe('Config');
    expect(exitCodeFor(e)).toBe(9);
    expect(env.clob.requests).toHaveLength(0);
  });

  test('a malformed key: Config, never echoed, not a single request', async () => {
    const e = await failure(adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: '0xdeadbeefcafe' }).ex.createOrder(req()));
    expect(e.kind).toBe('Config');
    expect(`${e.message} ${e.hint}`).not.toContain('deadbeefcafe');
    expect(env.clob.requests).toHaveLength(0);
  });
});

describe('exchange refusals', () => {
  test('not enough balance is InsufficientFunds (exit 4) with a wallet hint', async () => {
    env.t.fund(bob, 5);
    const e = await failure(trader().createOrder(req({ size: 10, price: 0.52 })));
    expect(e.kind).toBe('InsufficientFunds');
    expect(exitCodeFor(e)).toBe(4);
    expect(e.hint).toMatch(/funder/i);
    expect(e.hint).toMatch(/signature type/i);
  });

  test('resting buys commit collateral: a second order beyond the balance is refused', async () => {
    env.t.fund(bob, 6);
    await trader().createOrder(req({ size: 10, price: 0.5 }));
    const e = await failure(trader().createOrder(req({ size: 5, price: 0.5 })));
    expect(e.kind).toBe('InsufficientFunds');
  });

  test('cancel-only mode: Api with a hint, sent once', async () => {
    env.clob.inject({ kind: 'status', status: 503, body: '{"error":"Trading is currently cancel-only. New orders are not accepted, but cancels are allowed."}' }, { method: 'POST', path: /^\/order$/ });
    const e = await failure(trader().createOrder(req()));
    expect(e.kind).toBe('Api');
    expect(e.hint).toMatch(/cancel-only/);
    expect(ordersPosted()).toHaveLength(1);
  });

  test('order_version_mismatch says the protocol changed', async () => {
    env.clob.inject({ kind: 'status', status: 400, body: '{"error":"order_version_mismatch"}' }, { method: 'POST', path: /^\/order$/ });
    const e = await failure(trader().createOrder(req()));
    expect(e.message).toMatch(/order_version_mismatch/);
    expect(e.hint).toMatch(/update pmt/);
  });
});

describe('never twice: ambiguous sends', () => {
  test('the connection drops after the CLOB stored the order: found by its hash, not re-sent', async () => {
    env.clob.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: /^\/order$/ });
    const o = await trader().createOrder(req());
    expect(o.status).toBe('open');
    expect(newOrders()).toHaveLength(1);
    expect(newOrders()[0]!.id).toBe(o.id);
    expect(ordersPosted()).toHaveLength(1);
    expect(sent(env.clob, 'GET', new RegExp(`^/data/order/${o.id}$`))).toHaveLength(1);
  });

  test('the connection drops before the CLOB saw it: the same signed order is sent again, once', async () => {
    env.clob.inject({ kind: 'reset' }, { method: 'POST', path: /^\/order$/ });
    const o = await trader().createOrder(req());
    expect(newOrders().map((x) => x.id)).toEqual([o.id]);
    const posts = ordersPosted();
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toBe(posts[0]!.body);
  });

  test('a timeout after the order landed: looked up, exactly one order', async () => {
    process.env.PMT_HTTP_TIMEOUT_MS = '400';
    let ex;
    try {
      ex = trader();
    } finally {
      delete process.env.PMT_HTTP_TIMEOUT_MS;
    }
    env.clob.inject({ kind: 'stall-after-handling', ms: 3000 }, { method: 'POST', path: /^\/order$/ });
    const o = await ex.createOrder(req({ price: 0.4 }));
    expect(o.id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(newOrders()).toHaveLength(1);
    expect(ordersPosted()).toHaveLength(1);
  });

  test('a gateway timeout (504) is treated as ambiguous: looked up, then the same order once more', async () => {
    env.clob.inject({ kind: 'html', status: 504, body: '<html><body>504 Gateway Time-out</body></html>' }, { method: 'POST', path: /^\/order$/ });
    const o = await trader().createOrder(req());
    expect(newOrders().map((x) => x.id)).toEqual([o.id]);
    expect(sent(env.clob, 'GET', /^\/data\/order\//)).toHaveLength(1);
    expect(ordersPosted()).toHaveLength(2);
  });

  test('if the lookup itself fails, the answer stays "unknown" and names the hash', async () => {
    env.clob.inject({ kind: 'reset' }, { method: 'POST', path: /^\/order$/ });
    env.clob.inject({ kind: 'status', status: 500 }, { method: 'GET', path: /^\/data\/order\//, times: 10 });
    const e = await failure(trader().createOrder(req()));
    expect(e.kind).toBe('NetworkError');
    expect(e.ambiguous).toBe(true);
    expect(e.message).toMatch(/could not confirm .*0x[0-9a-f]{64}/);
    expect(ordersPosted()).toHaveLength(1);
  });

  test('both sends ambiguous and nothing landed: NetworkError naming the order hash', async () => {
    env.clob.inject({ kind: 'reset' }, { method: 'POST', path: /^\/order$/, times: 2 });
    const e = await failure(trader().createOrder(req()));
    expect(e.kind).toBe('NetworkError');
    expect(e.ambiguous).toBe(true);
    const body = JSON.parse(ordersPosted()[0]!.body) as { order: unknown };
    expect(ordersPosted()).toHaveLength(2);
    expect(e.message).toMatch(/0x[0-9a-f]{64}/);
    expect(e.message).toMatch(/^order status unknown: /);
    expect(e.message).toContain('pmt order get --client-id 0x');
    expect(body.order).toBeTruthy();
    expect(newOrders()).toHaveLength(0);
  });
});

describe('preview', () => {
  test('the exact request, unsigned, with no secret, and nothing sent', async () => {
    const k = env.t.issueKey(bob);
    const { ex } = adapterFor(env.d, {
      POLYMARKET_PRIVATE_KEY: KEYS.bob,
      POLYMARKET_FUNDER: FUNDER,
      POLYMARKET_SIGNATURE_TYPE: 'proxy',
      POLYMARKET_API_KEY: k.apiKey,
      POLYMARKET_API_SECRET: k.secret,
      POLYMARKET_API_PASSPHRASE: k.passphrase,
    });
    const p = await ex.previewOrder(req({ price: 0.57, size: 19.99, order_type: 'ioc', side: 'sell' }));
    expect(p.method).toBe('POST');
    expect(p.url).toBe(`${env.d.env.PMT_POLYMARKET_CLOB_URL}/order`);
    const body = p.body as { order: Record<string, unknown>; owner: string; orderType: string };
    expect(body.orderType).toBe('FAK');
    expect(body.order).toMatchObject({ signer: bob, makerAmount: '19990000', takerAmount: '11394300', side: 'SELL', signatureType: 1 });
    expect(String(body.order.maker).toLowerCase()).toBe(FUNDER);
    expect(body.order.signature).not.toMatch(/^0x/);
    const text = JSON.stringify(p);
    for (const s of [k.secret, k.passphrase, k.apiKey, KEYS.bob.slice(2)]) expect(text).not.toContain(s);
    expect(ordersPosted()).toHaveLength(0);
    expect(authRequests()).toHaveLength(0);
  });

  test('works without credentials (placeholders) and still applies the pre-trade checks', async () => {
    const { ex } = adapterFor(env.d, {});
    const p = await ex.previewOrder(req());
    expect((p.body as { order: { makerAmount: string } }).order.makerAmount).toBe('5200000');
    const e = await failure(ex.previewOrder(req({ price: 0.525 })));
    expect(exitCodeFor(e)).toBe(2);
  });
});
