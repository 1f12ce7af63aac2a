/**
 * The trader's-day routes of `pmt serve` against the doubles, with one profile holding both
 * exchanges' keys: each answers the same model as the CLI's --json (byte for byte for reads),
 * partial results carry `Pmt-Failures`, refusals have the contract's statuses, and every route
 * is in the OpenAPI document.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { addressOf, catalogMarket, KEYS, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { kalshiWireMarket } from '../upstream/kalshi/market-fixtures.js';
import { TOKEN } from './helpers.js';
import { startServe, type ServeProcess } from './process.js';

const K = 'KXSRVDAY-26DEC31-A';
let d: Doubles;
let m: CatalogPick;
let env: Record<string, string>;
let s: ServeProcess;

beforeAll(async () => {
  d = await startDoubles();
  m = catalogMarket(d, { tick: '0.01', negRisk: false });
  d.polymarket.trading.fund(addressOf(KEYS.alice), 300);
  d.polymarket.trading.seed(m.yes, 'SELL', 0.6, 50);
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  d.kalshi.orders.setBalance(key.keyId, 100);
  const wire = kalshiWireMarket({ ticker: K });
  d.kalshi.orders.addMarket(wire);
  d.kalshi.markets.put(wire);
  d.kalshi.markets.addEvent('KXSRVDAY-26DEC31', 'KXSRVDAY');
  d.kalshi.orders.seedBook(K, { asks: [['0.40', '100']] });
  d.kalshi.orders.portfolio.ledger.seedTrades(K, [{ price: '0.38', count: '2', ms: Date.now() - 7_200_000 }]);
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'k.pem'), key.privatePem, { mode: 0o600 });
  env = { ...d.env, PMT_CONFIG_DIR: dir, POLYMARKET_PRIVATE_KEY: KEYS.alice, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem') };
  s = await startServe([], { ...env, PMT_SERVE_TOKEN: TOKEN });
  // A position and fills on each exchange.
  for (const args of [['--asset', K, '--price', '0.40', '--size', '5'], ['--asset', m.yes, '--price', '0.60', '--size', '5']]) {
    const r = await runInProcess(['order', 'create', ...args, '--side', 'buy', '--yes', '--json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
  }
});
afterAll(async () => {
  const code = await s?.stop();
  expect(s.stderr()).not.toMatch(/does not match its schema/);
  expect(s.stderr()).not.toContain(KEYS.alice.slice(2, 30));
  expect(code).toBe(0);
  await d?.close();
});

const cli = async (...args: string[]) => runInProcess([...args, '--json'], { env });

describe('reads equal the CLI\'s --json', () => {
  const cases: Array<[string, string, string[]]> = [
    ['balance', '/v1/balance/fetch_balance', ['balance']],
    ['positions', '/v1/positions/fetch_positions', ['positions']],
    ['positions of one market', `/v1/positions/fetch_positions?market_ticker=kalshi:${K}`, ['positions', '--market', `kalshi:${K}`]],
    ['closed positions (Polymarket lists them; Kalshi is left out)', '/v1/positions/fetch_positions?status=closed', ['positions', '--status', 'closed']],
    ['fills of one exchange', '/v1/fills/fetch_fills?exchange=polymarket', ['fills', '--exchange', 'polymarket']],
    ['the tape', `/v1/trades/fetch_trades?asset_id=${K}&limit=5`, ['trades', K, '--limit', '5']],
    ['candles', `/v1/markets/fetch_price_history?asset_id=kalshi:${K}&interval=1h&start_ts=${Math.floor(Date.now() / 1000) - 86_400}`, ['markets', 'history', `kalshi:${K}`, '--interval', '1h', '--since', '24h']],
    // Every filter the CLI has a flag for, on both surfaces (issue 22).
    ['balance of one exchange', '/v1/balance/fetch_balance?exchange=kalshi', ['--exchange', 'kalshi', 'balance']],
    ['positions of one exchange', '/v1/positions/fetch_positions?exchange=polymarket', ['--exchange', 'polymarket', 'positions']],
    ['fills of one market, one a page', `/v1/fills/fetch_fills?market_ticker=kalshi:${K}&limit=1`, ['fills', '--market', `kalshi:${K}`, '--limit', '1']],
    ['the tape, its exchange named', `/v1/trades/fetch_trades?asset_id=${K}&exchange=kalshi&limit=5`, ['--exchange', 'kalshi', 'trades', K, '--limit', '5']],
    ['candles, the exchange named', `/v1/markets/fetch_price_history?asset_id=${K}&exchange=kalshi&interval=1d`, ['--exchange', 'kalshi', 'markets', 'history', K, '--interval', '1d']],
  ];
  it.each(cases)('%s', async (_n, path, args) => {
    const [r, c] = await Promise.all([s.call(path), cli(...args)]);
    expect(r.status, r.text).toBe(200);
    expect(c.exitCode, c.stderr).toBe(0);
    expect(r.text + '\n').toBe(c.stdout);
  });

  it('a status an exchange cannot list, asked of it by name: 400 on serve, exit 2 on the CLI, the same message', async () => {
    const [r, c] = await Promise.all([s.call('/v1/positions/fetch_positions?status=redeemable&exchange=kalshi'), runInProcess(['positions', '--status', 'redeemable', '--exchange', 'kalshi'], { env })]);
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('Kalshi positions can only be listed as open (got status redeemable)');
    expect([c.exitCode, c.stderr]).toEqual([2, expect.stringContaining('Kalshi positions can only be listed as open (got status redeemable)')]);
  });

  it('candles of a Polymarket outcome', async () => {
    const same = async (path: string, args: string[]) => {
      const [r, c] = await Promise.all([s.call(path), cli(...args)]);
      expect(r.status, r.text).toBe(200);
      expect(c.exitCode, c.stderr).toBe(0);
      expect(r.text + '\n').toBe(c.stdout);
      return r.json;
    };
    const label = (await cli('markets', 'lineage', `polymarket:${m.slug}`)).stdout.includes('"label":"No"') ? 'No' : 'Yes';
    await same(`/v1/markets/fetch_price_history?asset_id=polymarket:${m.slug}&outcome=${label}&interval=1d`, ['markets', 'history', `polymarket:${m.slug}`, '--outcome', label, '--interval', '1d']);
  });

  it('balance and positions hold both exchanges', async () => {
    expect((await s.call('/v1/balance/fetch_balance')).json).toEqual({ kalshi: { USD: 97.91 }, polymarket: { USDC: 297 } }) // 100 − 5 × 0.40 − fee ⌈0.07 × 5 × 0.4 × 0.6⌉ = 0.09;
    const ps = (await s.call('/v1/positions/fetch_positions')).json;
    expect(ps.map((p: { outcome: string; size: number }) => [p.outcome, p.size])).toEqual([['Yes', 5], ['Yes', 5]]);
  });
});

describe('orders', () => {
  it('cancel_order cancels one order; amend_order changes a Kalshi order; Polymarket amend is 501', async () => {
    const k = JSON.parse((await cli('order', 'create', '--asset', K, '--side', 'buy', '--price', '0.30', '--size', '5', '--yes')).stdout);
    const a = await s.call('/v1/orders/amend_order', { body: { order_id: k.id, price: 0.31 } });
    expect([a.status, a.json.price, a.json.status]).toEqual([200, 0.31, 'open']);
    const c = await s.call('/v1/orders/cancel_order', { body: { order_id: k.id } });
    expect([c.status, c.json.id, c.json.status]).toEqual([200, k.id, 'cancelled']);
    const again = await s.call('/v1/orders/cancel_order', { body: { order_id: k.id } });
    expect([again.status, again.json.kind]).toEqual([502, 'Api']);
    const p = JSON.parse((await cli('order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.30', '--size', '5', '--yes')).stdout);
    const na = await s.call('/v1/orders/amend_order', { body: { order_id: p.id, size: 6 } });
    expect([na.status, na.json.kind]).toEqual([501, 'NotSupported']);
    expect((await s.call('/v1/orders/cancel_order', { body: { order_id: p.id } })).json.status).toBe('cancelled');
    const missing = await s.call('/v1/orders/cancel_order', { body: { order_id: '00000000-0000-4000-8000-000000000000' } });
    expect([missing.status, missing.json.kind]).toEqual([404, 'OrderNotFound']);
    const bad = await s.call('/v1/orders/amend_order', { body: { order_id: k.id } });
    expect([bad.status, bad.json.kind]).toEqual([400, 'Api']);
  });

  it('amend_order of a Kalshi NO order moves the NO price and answers it as placed (issue 21 item 1)', async () => {
    const n = JSON.parse((await cli('order', 'create', '--asset', K, '--outcome', 'no', '--side', 'buy', '--price', '0.30', '--size', '5', '--yes')).stdout);
    const a = await s.call('/v1/orders/amend_order', { body: { order_id: n.id, price: 0.31 } });
    expect(a.status, a.text).toBe(200);
    expect(a.json).toMatchObject({ id: n.id, outcome: 'No', side: 'buy', price: 0.31, status: 'open', filled: 0 });
    expect((await s.call('/v1/orders/cancel_order', { body: { order_id: n.id } })).json).toMatchObject({ outcome: 'No', side: 'buy', price: 0.31, status: 'cancelled' });
  });
});

describe('partial results', () => {
  it('one exchange failing: 200 with the other\'s answer and Pmt-Failures', async () => {
    d.polymarket.dataDouble.inject({ kind: 'status', status: 500, body: '{"error":"down"}' }, { path: /^\/v2\/positions/, times: 10 });
    try {
      const r = await s.call('/v1/positions/fetch_positions');
      expect(r.status, r.text).toBe(200);
      expect(r.json).toHaveLength(1);
      expect(JSON.parse(r.headers.get('pmt-failures')!)).toEqual([{ exchange: 'polymarket', kind: 'Api', message: expect.stringMatching(/Data API .* 500/) }]);
      const c = await cli('positions');
      expect(c.exitCode).toBe(1);
      expect(JSON.parse(c.stdout)).toHaveLength(1);
      expect(JSON.parse(c.stderr.trim().split('\n').at(-1)!).kind).toBe('Api');
    } finally {
      d.polymarket.dataDouble.clearFaults();
    }
  });
});

it('every route is in the OpenAPI document', async () => {
  const doc = (await s.call('/v1/openapi.json')).json;
  for (const [path, method] of [
    ['/v1/orders/cancel_order', 'post'], ['/v1/orders/amend_order', 'post'], ['/v1/balance/fetch_balance', 'get'], ['/v1/positions/fetch_positions', 'get'],
    ['/v1/fills/fetch_fills', 'get'], ['/v1/trades/fetch_trades', 'get'], ['/v1/markets/fetch_price_history', 'get'],
  ]) expect(doc.paths[path!]?.[method!]?.operationId, path).toBeTruthy();
});
