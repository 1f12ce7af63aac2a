/**
 * Polymarket orders the official client can place and pmt could not: POLY_1271 deposit wallets,
 * post-only, and USD amounts with the tick's own precision; and the CLOB's precision refusal
 * turned into a readable error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PmtError } from '../../../src/errors.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { recoverOrderSigner } from '../../upstream/polymarket/clob-versions.js';
import { failure } from '../../helpers/failure.js';
import { adapterFor, addressOf, FUNDER, KEYS, sent, startTrading } from './trading-fixture.js';

let env: Awaited<ReturnType<typeof startTrading>>;
let plain: string;
let fine: string;
const carol = addressOf(KEYS.carol).toLowerCase();
const EOA = { POLYMARKET_PRIVATE_KEY: KEYS.carol };
const DEPOSIT = { POLYMARKET_PRIVATE_KEY: KEYS.carol, POLYMARKET_FUNDER: FUNDER, POLYMARKET_SIGNATURE_TYPE: 'poly-1271' };

beforeAll(async () => {
  env = await startTrading();
  [plain] = env.t.addMarket({ tickSize: '0.01' }) as [string];
  [fine] = env.t.addMarket({ tickSize: '0.001' }) as [string];
});
afterAll(async () => env.d.close());
beforeEach(() => {
  env.clob.resetLog();
  env.clob.clearFaults();
  env.t.orderVersion = 2;
  env.t.wallets.clear();
  env.t.fund(carol, 1000);
  env.t.fund(FUNDER, 1000);
  env.t.clearOrders();
});

const req = (o: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({ asset_id: plain, outcome: 'yes', side: 'buy', price: 0.52, size: 10, order_type: 'gtc', ...o });
/** A usage error (refused before sending) from a promise. */
async function refused(p: Promise<unknown>): Promise<PmtError> {
  const e = await failure(p);
  expect([e.kind, e.usage]).toEqual(['Api', true]);
  return e;
}
/** The token's book as the CLOB double serves it at `GET /book` (tick and neg-risk kept). */
function book(tokenId: string, bids: Array<[number, number]>, asks: Array<[number, number]>) {
  const t = env.t.token(tokenId)!;
  env.d.polymarket.books.setBook(tokenId, { market: t.conditionId, tickSize: t.tickSize, negRisk: t.negRisk, minOrderSize: String(t.minSize), bids, asks });
}
const posts = () => sent(env.clob, 'POST', /^\/order$/).map((r) => JSON.parse(r.body) as { order: Record<string, unknown>; postOnly: boolean });

describe('POLY_1271 smart-contract deposit wallets', () => {
  test.each([2, 3])('V%i: maker and signer are the wallet, and the signature recovers to the key that controls it', async (version) => {
    env.t.orderVersion = version;
    env.t.linkWallet(carol, FUNDER, 3);
    const o = await adapterFor(env.d, DEPOSIT).ex.createOrder(req());
    expect(o.status).toBe('open');
    const { order } = posts()[0]!;
    expect([String(order.maker).toLowerCase(), String(order.signer).toLowerCase(), order.signatureType]).toEqual([FUNDER, FUNDER, 3]);
    expect(await recoverOrderSigner(order, false, version as 2 | 3)).toBe(carol);
  });

  test('a wallet the key does not control is refused by the exchange', async () => {
    const e = (await adapterFor(env.d, DEPOSIT).ex.createOrder(req()).catch((x) => x)) as PmtError;
    expect(e).toBeInstanceOf(PmtError);
    expect(e.message).toMatch(/signer address has to be the address of the API KEY/);
  });

  test('the exchange on V1: NotSupported, nothing sent', async () => {
    env.t.orderVersion = 1;
    env.t.linkWallet(carol, FUNDER, 3);
    const e = (await adapterFor(env.d, DEPOSIT).ex.createOrder(req()).catch((x) => x)) as PmtError;
    expect(e.kind).toBe('NotSupported');
    expect(posts()).toHaveLength(0);
  });
});

describe('post-only', () => {
  test('a buy at or above the best ask is refused before sending, naming the ask and the best price that rests', async () => {
    book(plain, [[0.48, 100], [0.4, 10]], [[0.55, 100], [0.6, 5]]);
    const ex = adapterFor(env.d, EOA).ex;
    const e = await refused(ex.createOrder(req({ price: 0.55, post_only: true })));
    expect(e.message).toContain('post-only buy Yes at 0.55 would cross the book: the best ask is 0.55');
    expect(e.message).toContain('the best price that would rest is 0.54');
    const s = await refused(ex.createOrder(req({ side: 'sell', price: 0.47, post_only: true })));
    expect(s.message).toContain('the best bid is 0.48');
    expect(s.message).toContain('the best price that would rest is 0.49');
    expect(posts()).toHaveLength(0);
  });

  test('the refusal says what taking would cost under the market\'s fee schedule', async () => {
    const cond = env.t.token(plain)!.conditionId;
    env.t.setFees(cond, { baseFee: 0, fd: { r: 0.04, e: 1, to: true } });
    try {
      book(plain, [[0.48, 100]], [[0.55, 100]]);
      const e = await refused(adapterFor(env.d, EOA).ex.createOrder(req({ price: 0.55, post_only: true })));
      // 10 × 0.04 × 0.55 × 0.45 = 0.099
      expect(e.hint).toBe("drop --post-only to take the liquidity (as a taker about $0.099 in fees at this market's rate 0.04; makers pay none), or price it to rest");
    } finally {
      env.t.setFees(cond, { baseFee: 0 });
    }
  });

  test('a post-only order that rests is sent with postOnly: true', async () => {
    book(plain, [], [[0.55, 100]]);
    const o = await adapterFor(env.d, EOA).ex.createOrder(req({ price: 0.54, post_only: true }));
    expect(o.status).toBe('open');
    expect(posts()[0]!.postOnly).toBe(true);
    await adapterFor(env.d, EOA).ex.createOrder(req({ price: 0.54 }));
    expect(posts()[1]!.postOnly).toBe(false);
  });

  test('post-only with ioc/fok is a usage error', async () => {
    const e = await refused(adapterFor(env.d, EOA).ex.createOrder(req({ order_type: 'fok', post_only: true })));
    expect(e.message).toMatch(/post-only orders rest on the book, so they must be gtc/);
  });

  test('a dry run checks it too and previews postOnly in the body', async () => {
    book(plain, [], [[0.5, 100]]);
    const ex = adapterFor(env.d, EOA).ex;
    await refused(ex.previewOrder(req({ price: 0.5, post_only: true })));
    const p = await ex.previewOrder(req({ price: 0.45, post_only: true }));
    expect(p.body).toMatchObject({ deferExec: false, postOnly: true, orderType: 'GTC' });
  });

  test('the double refuses a crossing post-only order as the CLOB does (what the local check saves)', async () => {
    env.t.seed(plain, 'SELL', 0.5, 100);
    book(plain, [], []); // a stale, empty book: pmt cannot see the cross, the exchange can
    const e = await failure(adapterFor(env.d, EOA).ex.createOrder(req({ price: 0.5, post_only: true })));
    expect(e.message).toMatch(/invalid post-only order: order crosses book/);
  });
});

describe('USD amount precision per tick', () => {
  test('BUY 12.35 at 0.555 on a 0.001 tick is signed as the official client does and accepted', async () => {
    const o = await adapterFor(env.d, EOA).ex.createOrder(req({ asset_id: fine, price: 0.555, size: 12.35 }));
    expect(o.status).toBe('open');
    expect(posts()[0]!.order).toMatchObject({ makerAmount: '6854250', takerAmount: '12350000' });
  });

  test('an upstream precision refusal names the rule and the nearest sizes that fit', async () => {
    env.clob.inject(
      { kind: 'status', status: 400, body: JSON.stringify({ error: 'invalid amounts, the buy orders maker amount supports a max accuracy of 4 decimals, taker amount a max of 2 decimals' }) },
      { method: 'POST', path: /^\/order$/, times: 1 },
    );
    const e = (await adapterFor(env.d, EOA).ex.createOrder(req({ asset_id: fine, price: 0.555, size: 12.35 })).catch((x) => x)) as PmtError;
    expect(e.kind).toBe('Api');
    expect(e.message).toBe('Polymarket refused the order: the USD amount of buy 12.35 at 0.555 (6.85425) may have at most 4 decimal places for this order type (nearest sizes that fit: 12.34 or 12.36)');
    expect(e.hint).toContain('max accuracy of 4 decimals');
  });
});
