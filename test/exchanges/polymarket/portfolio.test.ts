/**
 * Polymarket balance, positions, fills, the tape, single cancel, amend's refusal and price
 * history over real HTTP against the doubles: the CLOB double's engine produces the fills and
 * positions, the Data API double reports them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { exitCodeFor } from '../../../src/errors.js';
import { Decimal } from '../../../src/decimal.js';
import { polymarketTakerFee } from '../../../src/exchanges/polymarket/fee-estimate.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder, amendReq } from '../../helpers/order-request.js';
import { failure } from '../../helpers/failure.js';
import { adapterFor, addressOf, catalogMarket, FUNDER, KEYS, sent, startTrading, type CatalogPick } from './trading-fixture.js';

let env: Awaited<ReturnType<typeof startTrading>>;
let m: CatalogPick;
const alice = addressOf(KEYS.alice);
const trader = () => adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.alice }).ex;

beforeAll(async () => {
  env = await startTrading();
  m = catalogMarket(env.d, { tick: '0.01', negRisk: false });
});
afterAll(async () => env.d.close());
beforeEach(async () => {
  env.t.clearOrders();
  const e = env.t.engine;
  e.positions.clear();
  e.costs.clear();
  e.trades.length = 0;
  e.allowances.clear();
  env.t.fund(alice, 1000);
  env.d.resetLogs();
});

const req = (o: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({ asset_id: m.yes, outcome: 'yes', side: 'buy', price: 0.52, size: 10, order_type: 'gtc', ...o });

describe('fetchBalance', () => {
  test('6-decimal collateral as dollars, exactly, with the allowance state and the account', async () => {
    env.t.fund(alice, '1234.567891');
    const b = await trader().fetchBalance();
    // No holdings: Data API v2 /v2/value answers 0 (it used to be null: pmt did not read it).
    expect(b).toEqual({ balance: { USDC: 1234.567891 }, portfolio_value: 0, allowance: 'unlimited', account: alice });
    expect(sent(env.d.polymarket.dataDouble, 'GET', /^\/v2\/value$/)[0]!.query.get('user')).toBe(alice);
    const [r] = sent(env.clob, 'GET', /^\/balance-allowance$/);
    expect([r!.query.get('asset_type'), r!.query.get('signature_type')]).toEqual(['COLLATERAL', '0']);
    expect(r!.headers.poly_api_key).toBeTruthy();
  });

  test('a limited allowance is reported in dollars; a fill moves the balance', async () => {
    env.d.polymarket.account.setAllowance(alice, 25.5);
    env.t.seed(m.yes, 'SELL', 0.5, 10);
    await trader().createOrder(req({ price: 0.5, size: 10 }));
    expect(await trader().fetchBalance()).toMatchObject({ balance: { USDC: 995 }, allowance: 25.5 });
  });

  test('a proxy wallet is read under its signature type: the funder\'s cash', async () => {
    env.t.linkWallet(alice, FUNDER, 1);
    env.t.fund(FUNDER, 77);
    const ex = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.alice, POLYMARKET_FUNDER: FUNDER, POLYMARKET_SIGNATURE_TYPE: 'proxy' }).ex;
    const b = await ex.fetchBalance();
    expect([b.balance, b.account?.toLowerCase()]).toEqual([{ USDC: 77 }, FUNDER]);
    expect(sent(env.clob, 'GET', /^\/balance-allowance$/)[0]!.query.get('signature_type')).toBe('1');
  });

  test('no credentials is Config (exit 9) before any request', async () => {
    const e = await failure(adapterFor(env.d, {}).ex.fetchBalance());
    expect([e.kind, exitCodeFor(e)]).toEqual(['Config', 9]);
    expect(sent(env.clob, 'GET', /balance/)).toHaveLength(0);
  });

  test('wrong API credentials are Authentication (exit 3)', async () => {
    const ex = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.alice, POLYMARKET_API_KEY: '00000000-0000-4000-8000-000000000000', POLYMARKET_API_SECRET: Buffer.from('x'.repeat(32)).toString('base64url'), POLYMARKET_API_PASSPHRASE: 'p' }).ex;
    const e = await failure(ex.fetchBalance());
    expect([e.kind, exitCodeFor(e)]).toEqual(['Authentication', 3]);
  });
});

describe('Data API v2 positions: the documented response', () => {
  test('the example of docs.polymarket.com/api-reference/data-api/overview reads as a Position and a next cursor', async () => {
    const { v2Page, parseDataPosition } = await import('../../../src/exchanges/polymarket/portfolio.js');
    const documented = {
      data: [{
        proxy_wallet: '0x983eedfbd75803602e4a6e6ea9aab6dc6b9c6748',
        condition_id: '0xd9b06e2fd9ddb7ab61c9e3d5d8e074c555802478bbf75145804ff709a4246f79',
        token_id: '31974447302330162086995746309500877260929998201718217388109724292047967921664',
        outcome: 'Yes', title: 'Will ŠK Slovan Bratislava win on 2026-08-19?', status: 'REDEEMABLE',
        current_size: 86780.64, avg_price: 0.5203, entry_cost_usdc: 45159.4653, current_value: 0.0, realized_pnl: -1082.5533, unrealized_pnl: -45159.4653,
      }],
      pagination: { limit: 1, offset: 0, has_more: true, next_cursor: 'eyJkYXRhIjp7InR5cGUiOiJwb3NpdGlvbnMi' },
    };
    const page = v2Page(documented, 'GET /v2/positions');
    expect(page.next).toBe('eyJkYXRhIjp7InR5cGUiOiJwb3NpdGlvbnMi');
    // No slug in the trimmed example: the condition id names the market; the mark is value / size.
    expect(page.rows.map((r) => parseDataPosition(r))).toEqual([{ market_ticker: '0xd9b06e2fd9ddb7ab61c9e3d5d8e074c555802478bbf75145804ff709a4246f79', outcome: 'Yes', size: 86780.64, average_price: 0.5203, current_price: 0 }]);
    expect(v2Page({ data: null }, 'x')).toEqual({ rows: [], next: null });
    expect(() => v2Page([], 'GET /v2/positions')).toThrow(/without the v2 \{data, pagination\} envelope/);
  });
});

describe('Data API v2 positions: cursor paging and statuses', () => {
  const row = (i: number, o: Record<string, unknown> = {}) => ({
    proxy_wallet: alice.toLowerCase(), condition_id: `0x${i.toString(16).padStart(64, '0')}`, token_id: String(10n ** 70n + BigInt(i)),
    outcome: 'Yes', title: `Market ${i}`, slug: `market-${i}`, status: 'OPEN', current_size: 2, avg_price: 0.4, current_value: 1,
    entry_cost_usdc: 0.8, realized_pnl: 0, unrealized_pnl: 0.2, redeemable: false, mergeable: false, ...o,
  });

  test('a book of 10,600 positions is read whole by following next_cursor (v1 offsets stop at 10,000)', async () => {
    const user = addressOf(KEYS.bob);
    env.d.polymarket.data.seedPositions(user, Array.from({ length: 10_600 }, (_, i) => row(i, { proxy_wallet: user.toLowerCase() })));
    const ps = await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob }).ex.fetchPositions();
    expect(ps).toHaveLength(10_600);
    expect(new Set(ps.map((p) => p.market_ticker)).size).toBe(10_600);
    expect(ps[10_599]).toEqual({ market_ticker: 'market-10599', outcome: 'Yes', size: 2, average_price: 0.4, current_price: 0.5 });
    const asks = sent(env.d.polymarket.dataDouble, 'GET', /^\/v2\/positions$/);
    expect(asks).toHaveLength(22); // 500 a page
    expect(asks.every((r) => !r.query.has('offset') && r.query.get('user') === user && r.query.get('status') === 'OPEN')).toBe(true);
    expect(asks.slice(1).every((r) => r.query.get('cursor'))).toBe(true);
  });

  test('--status redeemable, mergeable, closed ask for that status; closed rows hold nothing and are still listed', async () => {
    const user = addressOf(KEYS.carol);
    env.d.polymarket.data.seedPositions(user, [
      row(1, { proxy_wallet: user.toLowerCase(), redeemable: true, slug: 'won' }),
      row(2, { proxy_wallet: user.toLowerCase(), mergeable: true, slug: 'pair' }),
      row(3, { proxy_wallet: user.toLowerCase(), status: 'CLOSED', current_size: 0, current_value: 0, realized_pnl: 1.5, slug: 'done' }),
    ]);
    const ex = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol }).ex;
    expect((await ex.fetchPositions()).map((p) => p.market_ticker)).toEqual(['won', 'pair']);
    expect((await ex.fetchPositions(undefined, { status: 'redeemable' })).map((p) => p.market_ticker)).toEqual(['won']);
    expect((await ex.fetchPositions(undefined, { status: 'mergeable' })).map((p) => p.market_ticker)).toEqual(['pair']);
    expect(await ex.fetchPositions(undefined, { status: 'closed' })).toEqual([{ market_ticker: 'done', outcome: 'Yes', size: 0, average_price: 0.4, current_price: null }]);
    expect(sent(env.d.polymarket.dataDouble, 'GET', /^\/v2\/positions$/).map((r) => r.query.get('status'))).toEqual(['OPEN', 'REDEEMABLE', 'MERGEABLE', 'CLOSED']);
  });
});

describe('positions and fills from the engine', () => {
  test('buy → position (Data API, by the signer) and the taker fill; sell → it shrinks', async () => {
    env.t.seed(m.yes, 'SELL', 0.5, 4);
    env.t.seed(m.yes, 'SELL', 0.56, 6);
    env.t.seed(m.yes, 'BUY', 0.45, 5);
    const o = await trader().createOrder(req({ price: 0.56, size: 10 }));
    let ps = await trader().fetchPositions();
    // (4 × 0.50 + 6 × 0.56) / 10 = 0.536; mark = best bid 0.45.
    expect(ps).toEqual([{ market_ticker: m.slug, outcome: 'Yes', size: 10, average_price: 0.536, current_price: 0.45 }]);
    expect(sent(env.d.polymarket.dataDouble, 'GET', /^\/v2\/positions$/)[0]!.query.get('user')).toBe(alice);
    // Holdings at the mark: 10 × 0.45.
    expect((await trader().fetchBalance()).portfolio_value).toBe(4.5);
    const f = await trader().fetchFills();
    expect(f.fills.map((x) => [x.order_id, x.market_ticker, x.outcome, x.side, x.price, x.size, x.is_taker, x.fee])).toEqual([
      [o.id, m.slug, 'Yes', 'buy', 0.56, 6, true, 0],
      [o.id, m.slug, 'Yes', 'buy', 0.5, 4, true, 0],
    ]);
    expect(f.cursor).toBeNull();
    await trader().createOrder(req({ side: 'sell', price: 0.45, size: 5 }));
    ps = await trader().fetchPositions(`polymarket:${m.slug}`);
    expect(ps.map((p) => [p.size, p.average_price])).toEqual([[5, 0.536]]);
    expect(sent(env.d.polymarket.dataDouble, 'GET', /^\/v2\/positions$/).at(-1)!.query.get('condition')).toBe(m.conditionId);
  });

  test('a resting order filled by someone else is a maker fill of ours, priced at our price', async () => {
    const o = await trader().createOrder(req({ asset_id: m.no, outcome: { label: 'No' }, price: 0.3, size: 10 }));
    env.t.fill(o.id, 4);
    const [f] = (await trader().fetchFills()).fills;
    expect(f).toMatchObject({ order_id: o.id, outcome: 'No', side: 'buy', price: 0.3, size: 4, is_taker: false });
    expect(await trader().fetchPositions()).toEqual([{ market_ticker: m.slug, outcome: 'No', size: 4, average_price: 0.3, current_price: 0.3 }]);
  });

  test('a taker fee as Polymarket defines it (and the preview computes it): size × rate × p × (1 − p)', async () => {
    env.t.setFees(m.conditionId, { baseFee: 200 });
    env.t.seed(m.yes, 'SELL', 0.8, 10);
    await trader().createOrder(req({ price: 0.8, size: 10 }));
    // 10 × 0.02 × 0.8 × 0.2 = 0.032 (not 0.02 × min(0.8, 0.2) × 10 = 0.04).
    expect((await trader().fetchFills()).fills[0]!.fee).toBe(0.032);
    env.t.setFees(m.conditionId, { baseFee: 0 });
  });

  test('at 0.50 the fill fee is the preview\'s, not twice it', async () => {
    env.t.setFees(m.conditionId, { baseFee: 200 });
    env.t.seed(m.yes, 'SELL', 0.5, 10);
    await trader().createOrder(req({ price: 0.5, size: 10 }));
    const fill = (await trader().fetchFills()).fills.find((f) => f.price === 0.5)!;
    // 10 × 0.02 × 0.5 × 0.5 = 0.05, the same formula as the preview's taker estimate at that rate.
    expect(fill.fee).toBe(0.05);
    expect(polymarketTakerFee(Decimal.from('0.02'), [{ price: Decimal.from('0.5'), size: Decimal.from(10) }]).toNumber()).toBe(fill.fee);
    env.t.setFees(m.conditionId, { baseFee: 0 });
  });

  test('fills page with --limit across and inside CLOB pages', async () => {
    env.d.polymarket.account.state.tradesPageSize = 2;
    try {
      for (const p of [0.5, 0.51, 0.52]) env.t.seed(m.yes, 'SELL', p, 5);
      await trader().createOrder(req({ price: 0.52, size: 15 }));
      const a = await trader().fetchFills({ limit: 1 });
      expect(a.fills.map((f) => f.price)).toEqual([0.52]);
      const b = await trader().fetchFills({ limit: 2, cursor: a.cursor! });
      expect(b.fills.map((f) => f.price)).toEqual([0.51, 0.5]);
      expect(b.cursor).toBeNull();
      expect((await failure(trader().fetchFills({ cursor: 'nope' }))).usage).toBe(true);
    } finally {
      env.d.polymarket.account.state.tradesPageSize = 100;
    }
  });
});

describe('fetchTrades (Data API tape)', () => {
  test('the market\'s public trades newest first, each token\'s own price and outcome, paged by offset', async () => {
    const t0 = 1_763_000_000;
    env.d.polymarket.data.seedTrades(m.yes, [{ price: 0.41, size: 3, ts: t0 }, { price: 0.43, size: 2, ts: t0 + 60, side: 'SELL' }]);
    env.d.polymarket.data.seedTrades(m.no, [{ price: 0.55, size: 1, ts: t0 + 120 }]);
    const p1 = await trader().fetchTrades(m.slug, { limit: 2 });
    expect(p1.trades.map((t) => [t.price, t.size, t.outcome, t.aggressor_side, t.yes_price, t.no_price])).toEqual([
      [0.55, 1, 'No', 'buy', 0.45, 0.55],
      [0.43, 2, 'Yes', 'sell', 0.43, 0.57],
    ]);
    expect(p1.trades[0]!.exchange_ts).toBe(new Date((t0 + 120) * 1000).toISOString());
    expect(p1.trades[0]!.taker_address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(p1.cursor).toBe('2');
    const p2 = await trader().fetchTrades(m.yes, { limit: 2, cursor: p1.cursor! });
    expect([p2.trades.map((t) => t.price), p2.cursor]).toEqual([[0.41], null]);
    const q = sent(env.d.polymarket.dataDouble, 'GET', /^\/trades$/)[0]!.query;
    expect([q.get('market'), q.get('limit'), q.get('offset')]).toEqual([m.conditionId, '2', '0']);
  });
});

describe('cancelOrder and amendOrder', () => {
  test('cancels just that order with DELETE /order; the other stays open', async () => {
    const a = await trader().createOrder(req({ price: 0.3 }));
    const b = await trader().createOrder(req({ price: 0.31 }));
    const c = await trader().cancelOrder(a.id);
    expect([c.id, c.status]).toEqual([a.id, 'cancelled']);
    expect(JSON.parse(sent(env.clob, 'DELETE', /^\/order$/)[0]!.body)).toEqual({ orderID: a.id });
    expect((await trader().fetchOpenOrders()).map((o) => o.id)).toEqual([b.id]);
  });

  test('an unknown order is OrderNotFound (exit 6); a malformed id is exit 2 before any request', async () => {
    const e = await failure(trader().cancelOrder(`0x${'ab'.repeat(32)}`));
    expect([e.kind, exitCodeFor(e)]).toEqual(['OrderNotFound', 6]);
    env.d.resetLogs();
    expect(exitCodeFor(await failure(trader().cancelOrder('0x12')))).toBe(2);
    expect(sent(env.clob, 'DELETE', /./)).toHaveLength(0);
  });

  test('a filled order is not cancelled: the reason and its state', async () => {
    env.t.seed(m.yes, 'SELL', 0.5, 10);
    const o = await trader().createOrder(req({ price: 0.5, size: 10 }));
    expect((await failure(trader().cancelOrder(o.id))).message).toMatch(/matched.*filled/i);
  });

  test('amend is NotSupported (exit 10) and says how to do it by hand', async () => {
    const e = await failure(trader().amendOrder(`0x${'ab'.repeat(32)}`, amendReq({ price: 0.4 })));
    expect([e.kind, exitCodeFor(e)]).toEqual(['NotSupported', 10]);
    expect(e.hint).toMatch(/pmt order cancel .* then `pmt order create/);
    expect(trader().has.amendOrder.supported).toBe(false);
  });
});

describe('fetchPriceHistory', () => {
  test('candles from /prices-history points, grouped by the interval; a slug reads its first outcome', async () => {
    const h = Math.floor(Date.UTC(2026, 10, 20, 10) / 1000);
    env.d.polymarket.account.seedHistory(m.yes, [
      { t: h + 60, p: 0.4 }, { t: h + 1200, p: 0.46 }, { t: h + 2400, p: 0.38 }, { t: h + 3000, p: 0.41 }, { t: h + 7300, p: 0.5 },
    ]);
    const cs = await trader().fetchPriceHistory(`polymarket:${m.slug}`, { interval: '1h', start_ts: h, end_ts: h + 4 * 3600 });
    expect(cs).toEqual([
      { start: new Date(h * 1000).toISOString(), open: 0.4, high: 0.46, low: 0.38, close: 0.41, volume: null },
      { start: new Date((h + 7200) * 1000).toISOString(), open: 0.5, high: 0.5, low: 0.5, close: 0.5, volume: null },
    ]);
    const q = sent(env.clob, 'GET', /^\/prices-history$/)[0]!.query;
    expect([q.get('market'), q.get('startTs'), q.get('fidelity')]).toEqual([m.yes, String(h), '5']);
  });
});
