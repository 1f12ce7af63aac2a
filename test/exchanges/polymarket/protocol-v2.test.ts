/**
 * Polymarket Protocol V2 markets (docs.polymarket.com/protocol-v2-migration; the API migration
 * page /migrate/polymarket-v2/api-integrations): the outcome id comes from the field the Gamma
 * market's `version` names (`positionIds` for "v2", `clobTokenIds` for "v1" or none, even when both
 * are present), and a V2 market's orders are signed for ExchangeV3 (domain "3") — byte for byte as
 * the official `@polymarket/clob-client-v2` signs them (fixtures/official-v2-market-orders.json) and
 * accepted end to end by the CLOB double, which recovers V2 positions under ExchangeV3 only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { PolymarketCredentials } from '../../../src/exchanges/polymarket/credentials.js';
import { Decimal } from '../../../src/decimal.js';
import { orderAmounts } from '../../../src/exchanges/polymarket/amounts.js';
import { parseMarket } from '../../../src/exchanges/polymarket/parse.js';
import { conditionalAssetType, orderVersionFor, protocolOf } from '../../../src/exchanges/polymarket/protocol.js';
import { orderBody, signOrder } from '../../../src/exchanges/polymarket/sign-order.js';
import { buildWallet } from '../../../src/exchanges/polymarket/wallet.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { recoverOrderSigner } from '../../upstream/polymarket/clob-versions.js';
import { adapterFor, addressOf, KEYS, sent, startTrading } from './trading-fixture.js';

const POS = ['755628523515574437047200361729489104557184642579088239595725042698697812736', '755628523515574437047200361729489104557184642579088239595725042698697812737'];
const CTF = ['71321045679252212594626385532706912750332728571942532289631379312455583992563', '52114319501245915516055106046884209969926127482827954674443846427813813222426'];
const gammaMarket = (o: Record<string, unknown>) => ({ id: '9', slug: 'm', question: 'Q?', outcomes: '["Yes","No"]', outcomePrices: '["0.5","0.5"]', ...o });

describe('the outcome id by the market\'s version', () => {
  test('"v2" → positionIds, even when legacy clobTokenIds are present', () => {
    const m = parseMarket(gammaMarket({ version: 'v2', positionIds: POS, clobTokenIds: JSON.stringify(CTF) }))!;
    expect(m.outcomes.map((o) => o.token_id)).toEqual(POS);
    expect(protocolOf(m)).toBe('v2');
  });
  test('"v2" with only positionIds (the market pmt used to refuse), also when sent as JSON text', () => {
    expect(parseMarket(gammaMarket({ version: 'v2', positionIds: POS }))!.outcomes.map((o) => o.token_id)).toEqual(POS);
    expect(parseMarket(gammaMarket({ version: 'v2', positionIds: JSON.stringify(POS) }))!.outcomes.map((o) => o.token_id)).toEqual(POS);
  });
  test('"v1" or no version → clobTokenIds, even when positionIds are present', () => {
    for (const version of ['v1', undefined]) {
      const m = parseMarket(gammaMarket({ version, positionIds: POS, clobTokenIds: JSON.stringify(CTF) }))!;
      expect(m.outcomes.map((o) => o.token_id)).toEqual(CTF);
      expect(protocolOf(m)).toBe('v1');
    }
  });
  test('a version pmt does not know gives no tradable ids', () => {
    expect(parseMarket(gammaMarket({ version: 'v9', positionIds: POS, clobTokenIds: JSON.stringify(CTF) }))!.outcomes.map((o) => o.token_id)).toEqual([null, null]);
  });
  test('orders: ExchangeV3 (version 3) for V2 whatever the CLOB default; balances CONDITIONAL-V2', () => {
    expect(orderVersionFor('v2', 2)).toBe(3);
    expect(orderVersionFor('v1', 2)).toBe(2);
    expect(conditionalAssetType('v2')).toBe('CONDITIONAL-V2');
    expect(conditionalAssetType('v1')).toBe('CONDITIONAL');
  });
});

interface Case { name: string; version: 2 | 3; tokenId: string; side: 'BUY' | 'SELL'; price: string; size: string; tick: string; expiration: number | null; orderType: string; postOnly: boolean; exchange: string; hash: string; signature: string; body: string }
const F = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/official-v2-market-orders.json'), 'utf8')) as { privateKey: string; nowMs: number; salt: number; owner: string; cases: Case[] };

describe('V2-market orders match the official client byte for byte', () => {
  test.each(F.cases.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
    const s = <T>(value: T) => ({ value, source: 'env' as const, origin: 'test' });
    const w = await buildWallet({ privateKey: s(F.privateKey), signatureType: s('eoa') } as unknown as PolymarketCredentials);
    const version = orderVersionFor(c.version === 3 ? 'v2' : 'v1', 2);
    const amounts = orderAmounts(c.side, Decimal.from(c.price), Decimal.from(c.size), Decimal.from(c.tick));
    const built = await signOrder(w, version, { tokenId: c.tokenId, amounts, negRisk: false, nowMs: F.nowMs, salt: F.salt, expiration: c.expiration ?? undefined });
    expect(built.exchange).toBe(c.exchange);
    expect(built.order.signature).toBe(c.signature);
    expect(built.hash).toBe(c.hash);
    expect(JSON.stringify(orderBody(built.order, F.owner, c.orderType, c.postOnly))).toBe(c.body);
  });
});

describe('a V2 market trades through ExchangeV3 against the doubles', () => {
  let env: Awaited<ReturnType<typeof startTrading>>;
  let only: ReturnType<typeof env.d.polymarket.gamma.addV2Market>;
  let both: ReturnType<typeof env.d.polymarket.gamma.addV2Market>;
  const carol = addressOf(KEYS.carol).toLowerCase();
  const CREDS = { POLYMARKET_PRIVATE_KEY: KEYS.carol };
  const req = (asset: string, o: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({ asset_id: asset, outcome: 'yes', side: 'buy', price: 0.52, size: 10, order_type: 'gtc', ...o });
  const posts = () => sent(env.clob, 'POST', /^\/order$/).map((r) => JSON.parse(r.body) as { order: Record<string, unknown> });

  beforeAll(async () => {
    env = await startTrading();
    only = env.d.polymarket.gamma.addV2Market({ label: 'only-positions' });
    both = env.d.polymarket.gamma.addV2Market({ label: 'both-ids', legacyIds: true, negRisk: true, tickSize: '0.001' });
  });
  afterAll(async () => env.d.close());
  beforeEach(() => {
    env.clob.resetLog();
    env.t.orderVersion = 2;
    env.t.fund(carol, 1000);
    env.t.clearOrders();
  });

  test('a market with only positionIds: described, previewed and placed, signed for ExchangeV3 while the CLOB default is V2', async () => {
    const { ex } = adapterFor(env.d, CREDS);
    const info = await ex.describeAsset(only.positionIds[0]);
    expect(info.market.ticker).toBe(only.slug);
    expect(info.book_outcome).toBe('Yes');
    const preview = (await ex.previewOrder(req(only.positionIds[0]))) as { body: { order: Record<string, unknown> } };
    expect(preview.body.order.tokenId).toBe(only.positionIds[0]);
    expect('timestamp' in preview.body.order).toBe(true);
    const placed = await ex.createOrder(req(only.positionIds[0]));
    expect(placed.status).toBe('open');
    const [o] = posts();
    expect(posts()).toHaveLength(1);
    expect(o!.order.tokenId).toBe(only.positionIds[0]);
    expect(await recoverOrderSigner(o!.order, false, 3)).toBe(carol);
    expect(await recoverOrderSigner(o!.order, false, 2)).not.toBe(carol);
  });

  test('a market with both id fields: the position id trades (neg-risk too: ExchangeV3 is one contract); the legacy CTF id is not its trading id', async () => {
    const { ex } = adapterFor(env.d, CREDS);
    const m = await ex.fetchMarkets({ market_tickers: [both.slug] });
    expect(m.markets[0]!.outcomes.map((x) => x.token_id)).toEqual(both.positionIds);
    const placed = await ex.createOrder(req(both.positionIds[1], { outcome: 'no', price: 0.455 }));
    expect(placed.status).toBe('open');
    expect(await recoverOrderSigner(posts()[0]!.order, true, 3)).toBe(carol);
    await expect(ex.describeAsset(both.clobTokenIds![0])).rejects.toMatchObject({ kind: 'MarketNotFound' });
  });

  test('a CTF market next to it still signs for the CLOB\'s version (V2 domain)', async () => {
    const [plain] = env.t.addMarket({ tickSize: '0.01' }) as [string];
    const { ex } = adapterFor(env.d, CREDS);
    await ex.createOrder(req(plain));
    expect(await recoverOrderSigner(posts()[0]!.order, false, 2)).toBe(carol);
  });
});
