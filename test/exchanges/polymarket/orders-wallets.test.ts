import { recoverTypedDataAddress } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { exitCodeFor, PmtError } from '../../../src/errors.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { typedData } from '../../upstream/polymarket/clob-orders.js';
import { adapterFor, addressOf, catalogMarket, FUNDER, KEYS, sent, startTrading, type CatalogPick } from './trading-fixture.js';
import { failure } from '../../helpers/failure.js';

let env: Awaited<ReturnType<typeof startTrading>>;
let plain: string;
let negRisk: string;
let catalogNeg: CatalogPick;
const carol = addressOf(KEYS.carol);

beforeAll(async () => {
  env = await startTrading();
  ({ yes: plain } = catalogMarket(env.d, { tick: '0.01', negRisk: false }));
  catalogNeg = catalogMarket(env.d, { tick: '0.001', negRisk: true });
  // A neg-risk market Gamma does not list (found through the CLOB), with categorical labels.
  [negRisk] = env.t.addMarket({ tickSize: '0.001', minSize: 5, negRisk: true, outcomes: ['Trump', 'Not Trump'] }) as [string, string];
});
afterAll(async () => env.d.close());
beforeEach(() => {
  env.clob.resetLog();
  env.t.wallets.clear();
  env.t.fund(carol, 0);
  env.t.fund(FUNDER, 0);
  env.t.setPosition(FUNDER, plain, 0);
  env.t.clearOrders();
});

const req = (o: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({ asset_id: plain, outcome: 'yes', side: 'buy', price: 0.52, size: 10, order_type: 'gtc', ...o });
const lastPosted = () => JSON.parse(sent(env.clob, 'POST', /^\/order$/).at(-1)!.body) as { order: Record<string, unknown> };

async function recoverWith(order: Record<string, unknown>, neg: boolean): Promise<string> {
  return (await recoverTypedDataAddress({ ...typedData(order, neg), signature: order.signature as `0x${string}` })).toLowerCase();
}

describe('exchange contract by the token\'s neg-risk flag', () => {
  test('a neg-risk token is signed for the Neg-risk CTF Exchange (and only that one recovers the signer)', async () => {
    env.t.fund(carol, 100);
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol });
    const o = await ex.createOrder(req({ asset_id: negRisk, outcome: { label: 'trump' }, price: 0.123, size: 10 }));
    expect(o).toMatchObject({ outcome: 'Trump', status: 'open' });
    const { order } = lastPosted();
    expect(await recoverWith(order, true)).toBe(carol.toLowerCase());
    expect(await recoverWith(order, false)).not.toBe(carol.toLowerCase());
  });

  test('a catalogue neg-risk token (found through Gamma) is routed the same way', async () => {
    env.t.fund(carol, 100);
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol });
    await ex.createOrder(req({ asset_id: catalogNeg.no, outcome: 'no', price: 0.123, size: 10 }));
    const { order } = lastPosted();
    expect(await recoverWith(order, true)).toBe(carol.toLowerCase());
    const a = await ex.describeAsset(catalogNeg.no);
    expect(a).toMatchObject({ book_outcome: 'No', neg_risk: true, tick_size: 0.001, min_order_size: catalogNeg.minSize });
    expect(a.market.ticker).toBe(catalogNeg.slug);
  });

  test('a normal token is signed for the CTF Exchange', async () => {
    env.t.fund(carol, 100);
    await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol }).ex.createOrder(req());
    const { order } = lastPosted();
    expect(await recoverWith(order, false)).toBe(carol.toLowerCase());
    expect(await recoverWith(order, true)).not.toBe(carol.toLowerCase());
  });

  test('describeAsset reports tick, minimum, neg-risk and the token\'s outcome, fresh', async () => {
    const a = await adapterFor(env.d, {}).ex.describeAsset(negRisk);
    expect(a).toMatchObject({ exchange: 'polymarket', asset_id: negRisk, book_outcome: 'Trump', outcomes: ['Trump'], tick_size: 0.001, min_order_size: 5, neg_risk: true });
    expect(a.market.outcomes.map((x) => x.label)).toEqual(['Trump', 'Not Trump']);
    expect(a.market.condition_id).toBe(env.t.token(negRisk)!.conditionId);
  });
});

describe('signature types', () => {
  test.each([
    ['proxy', 1 as const],
    ['gnosis-safe', 2 as const],
  ])('%s: maker is the funder, signer the EOA, type %i; the funder pays', async (type, code) => {
    env.t.linkWallet(carol, FUNDER, code);
    env.t.fund(FUNDER, 100);
    env.t.seed(plain, 'SELL', 0.5, 10);
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol, POLYMARKET_FUNDER: FUNDER, POLYMARKET_SIGNATURE_TYPE: type });
    const o = await ex.createOrder(req({ price: 0.5, size: 10 }));
    expect(o).toMatchObject({ status: 'filled', filled: 10 });
    const { order } = lastPosted();
    expect(String(order.maker).toLowerCase()).toBe(FUNDER);
    expect(order.signer).toBe(carol);
    expect(order.signatureType).toBe(code);
    expect(env.t.engine.balanceOf(FUNDER).toFixed()).toBe('95');
    expect(env.t.engine.positionOf(FUNDER, plain).toFixed()).toBe('10');
    // L2 headers carry the signer EOA, not the funder.
    expect(sent(env.clob, 'POST', /^\/order$/).at(-1)!.headers['poly_address']).toBe(carol);
  });

  test('a funder without an explicit type is treated as gnosis-safe', async () => {
    env.t.linkWallet(carol, FUNDER, 2);
    env.t.fund(FUNDER, 100);
    await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol, POLYMARKET_FUNDER: FUNDER }).ex.createOrder(req());
    expect(lastPosted().order.signatureType).toBe(2);
  });

  test('the wrong wallet type is refused as an invalid signature, with a hint about the setup', async () => {
    env.t.linkWallet(carol, FUNDER, 1);
    env.t.fund(FUNDER, 100);
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol, POLYMARKET_FUNDER: FUNDER, POLYMARKET_SIGNATURE_TYPE: 'gnosis-safe' });
    const e = await failure(ex.createOrder(req()));
    expect(e).toBeInstanceOf(PmtError);
    expect(e.kind).toBe('Api');
    expect(exitCodeFor(e)).toBe(1);
    expect(e.message).toMatch(/invalid signature/);
    expect(e.hint).toMatch(/signature type/);
  });

  test('money in the EOA but orders for the funder: InsufficientFunds pointing at the funder', async () => {
    env.t.linkWallet(carol, FUNDER, 1);
    env.t.fund(carol, 1000);
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol, POLYMARKET_FUNDER: FUNDER, POLYMARKET_SIGNATURE_TYPE: 'proxy' });
    const e = await failure(ex.createOrder(req()));
    expect(e.kind).toBe('InsufficientFunds');
    expect(e.hint).toMatch(/funder/);
  });

  test('eoa with a funder is a Config error before any request', async () => {
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol, POLYMARKET_FUNDER: FUNDER, POLYMARKET_SIGNATURE_TYPE: 'eoa' });
    const e = await failure(ex.createOrder(req()));
    expect(e.kind).toBe('Config');
    expect(env.clob.requests).toHaveLength(0);
  });
});
