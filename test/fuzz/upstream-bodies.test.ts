/**
 * Adapters fed arbitrary upstream answers over real HTTP: every operation either returns a
 * well-formed result or fails with a PmtError (a kind, an exit code), never a TypeError or a
 * RangeError from deep inside a parser. The double answers every route with the generated status
 * and body, whatever was asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PmtError } from '../../src/errors.js';
import { PolymarketClient } from '../../src/exchanges/polymarket/client.js';
import { fetchMarket, fetchMarketByToken, fetchMarketLineage, fetchMarkets } from '../../src/exchanges/polymarket/markets.js';
import type { KalshiExchange } from '../../src/exchanges/kalshi/index.js';
import { Router, UpstreamDouble, type Reply } from '../upstream/server.js';
import { KALSHI_PREFIX, makeKalshiKey } from '../upstream/kalshi/auth.js';
import { kalshiAdapter, type TradingDouble } from '../exchanges/kalshi/orders-harness.js';
import { createPolymarket, type PolymarketExchange } from '../../src/exchanges/polymarket/index.js';
import { resolveCredentials } from '../../src/credentials.js';
import { expectWellFormedMarket, expectWellFormedOrder } from './shapes.js';
import { orderReq } from '../helpers/order-request.js';

process.env.PMT_RETRY_ATTEMPTS = '1';
process.env.PMT_HTTP_TIMEOUT_MS = '2000';

let reply: Reply = { json: null };
const any = () => reply;
const router = new Router();
for (const m of ['GET', 'POST', 'DELETE']) router.on(m, '/:a', any).on(m, '/:a/:b', any).on(m, '/:a/:b/:c', any).on(m, '/:a/:b/:c/:d', any);
const gammaDouble = new UpstreamDouble('junk-gamma', router);
const kalshiDouble = new UpstreamDouble('junk-kalshi', router, KALSHI_PREFIX);

let poly: PolymarketClient;
let kalshi: KalshiExchange;
let polyTrading: PolymarketExchange;
beforeAll(async () => {
  await Promise.all([gammaDouble.start(), kalshiDouble.start()]);
  poly = new PolymarketClient({
    env: { PMT_POLYMARKET_RATE: '100000' },
    urls: { kalshi: 'http://127.0.0.1:9', gamma: gammaDouble.url, clob: gammaDouble.url },
    environment: 'custom',
    credentials: () => Promise.reject(new Error('none')),
    now: Date.now,
  });
  kalshi = kalshiAdapter({ double: kalshiDouble, key: makeKalshiKey() } as unknown as TradingDouble);
  const env = {
    PMT_POLYMARKET_RATE: '100000',
    POLYMARKET_PRIVATE_KEY: '0x' + '7e'.repeat(32),
    POLYMARKET_API_KEY: '11111111-2222-4333-8444-555555555555',
    POLYMARKET_API_SECRET: Buffer.alloc(32, 7).toString('base64url') + '=',
    POLYMARKET_API_PASSPHRASE: 'ab'.repeat(32),
  };
  polyTrading = createPolymarket({
    env,
    urls: { kalshi: 'http://127.0.0.1:9', gamma: gammaDouble.url, clob: gammaDouble.url },
    environment: 'custom',
    credentials: async () => resolveCredentials({ env, profile: undefined, profileName: null }),
    now: Date.now,
  });
});
afterAll(() => Promise.all([gammaDouble.close(), kalshiDouble.close()]));

const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom('1e400', 'NaN', '-0', '0.5', '2025-01-01T00:00:00Z', '[]', '["Yes","No"]', '', 'resting'));
const junk = fc.oneof(scalar, fc.jsonValue({ maxDepth: 3 }), fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }));
/** A record under one of the keys the adapters look for, with junk or junk lists inside. */
function shaped(keys: string[]) {
  return fc.oneof(
    junk,
    fc.record({ [keys[0]!]: fc.oneof(junk, fc.array(fc.oneof(junk, fc.dictionary(fc.constantFrom(...keys.slice(1)), scalar)), { maxLength: 3 })) }),
    fc.dictionary(fc.constantFrom(...keys), fc.oneof(junk, fc.array(fc.dictionary(fc.constantFrom(...keys.slice(1)), scalar), { maxLength: 3 })), { maxKeys: keys.length }),
  );
}
const status = fc.constantFrom(200, 200, 200, 201, 400, 401, 403, 404, 409, 422, 500);
function replies(keys: string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(status, shaped(keys)).map(([s, j]): Reply => ({ status: s, body: JSON.stringify(j) ?? 'null' })) },
    { weight: 1, arbitrary: fc.tuple(status, fc.string({ maxLength: 60 })).map(([s, b]): Reply => ({ status: s, body: b })) },
  );
}

/** Run an operation under one reply: a well-formed value or a PmtError, nothing else. */
async function outcome<T>(r: Reply, op: () => Promise<T>, check: (v: T) => void): Promise<void> {
  reply = r;
  let value: T;
  try {
    value = await op();
  } catch (e) {
    if (!(e instanceof PmtError)) throw new Error(`not a PmtError: ${String((e as Error)?.stack ?? e)}`);
    expect(e.message).not.toMatch(/\n/);
    return;
  }
  check(value);
}

const RUNS = 60;
const GAMMA_KEYS = ['events', 'slug', 'markets', 'question', 'outcomes', 'outcomePrices', 'clobTokenIds', 'series', 'next_cursor', 'closed', 'active', 'id'];

describe('Polymarket market data under arbitrary Gamma answers', () => {
  it('fetch_markets (catalogue, slugs, event)', async () => {
    await fc.assert(
      fc.asyncProperty(replies(GAMMA_KEYS), fc.constantFrom('catalogue', 'slugs', 'event'), async (r, mode) => {
        const params = mode === 'catalogue' ? { limit: 5 } : mode === 'slugs' ? { market_tickers: ['a-b', 'c-d'], status: 'all' as const } : { event_ticker: 'ev' };
        await outcome(r, () => fetchMarkets(poly, params), (page) => {
          for (const m of page.markets) expectWellFormedMarket(m);
          expect(page.cursor === null || typeof page.cursor === 'string').toBe(true);
        });
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('lineage and single-market lookups', async () => {
    await fc.assert(
      fc.asyncProperty(replies(GAMMA_KEYS), fc.constantFrom('slug', 'id', 'token', 'lineage'), async (r, mode) => {
        if (mode === 'lineage') {
          await outcome(r, () => fetchMarketLineage(poly, 'a-market'), (l) => expectWellFormedMarket(l.market));
        } else {
          const id = mode === 'slug' ? 'a-market' : mode === 'id' ? '12345' : '1234567890123456789012345';
          await outcome(r, () => (mode === 'token' ? fetchMarketByToken(poly, id) : fetchMarket(poly, id)), expectWellFormedMarket);
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });
});

const KALSHI_KEYS = ['orders', 'order', 'market', 'cursor', 'order_id', 'status', 'yes_price_dollars', 'fill_count_fp', 'remaining_count_fp', 'initial_count_fp', 'created_time', 'balance', 'error', 'price_ranges'];

describe('Kalshi trading under arbitrary answers', () => {
  it('fetch_order, fetch_open_orders, check_auth, describe_asset', async () => {
    await fc.assert(
      fc.asyncProperty(replies(KALSHI_KEYS), fc.constantFrom('get', 'list', 'auth', 'asset'), async (r, op) => {
        if (op === 'get') await outcome(r, () => kalshi.fetchOrder('0b3c2a1e-0000-4000-8000-000000000001'), expectWellFormedOrder);
        if (op === 'list') await outcome(r, () => kalshi.fetchOpenOrders(), (os) => os.forEach(expectWellFormedOrder));
        if (op === 'auth') await outcome(r, () => kalshi.checkAuth(), (a) => expect(typeof a.ok).toBe('boolean'));
        if (op === 'asset') await outcome(r, () => kalshi.describeAsset('KXTEST-25DEC31-A'), (a) => expect(Number.isFinite(a.tick_size)).toBe(true));
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('market data: fetch_markets (catalogue, tickers, event) and lineage', async () => {
    const keys = ['markets', 'market', 'event', 'series', 'cursor', 'ticker', 'event_ticker', 'series_ticker', 'status', 'yes_bid_dollars', 'volume_fp', 'close_time', 'yes_sub_title'];
    await fc.assert(
      fc.asyncProperty(replies(keys), fc.constantFrom('catalogue', 'tickers', 'event', 'lineage', 'all'), async (r, mode) => {
        if (mode === 'lineage') return outcome(r, () => kalshi.fetchMarketLineage('KXA-1'), (l) => expectWellFormedMarket(l.market));
        const params = mode === 'catalogue' ? { limit: 5 } : mode === 'all' ? { limit: 5, status: 'all' as const } : mode === 'tickers' ? { market_tickers: ['KXA-1', 'KXB-2'] } : { event_ticker: 'KXEV' };
        await outcome(r, () => kalshi.fetchMarkets(params), (page) => {
          for (const m of page.markets) expectWellFormedMarket(m);
          expect(page.cursor === null || typeof page.cursor === 'string').toBe(true);
        });
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('cancel-all: a CancelResult or a PmtError', async () => {
    await fc.assert(
      fc.asyncProperty(replies(KALSHI_KEYS), async (r) => {
        await outcome(r, () => kalshi.cancelAllOrders(), (res) => {
          res.cancelled.forEach(expectWellFormedOrder);
          for (const f of res.failed) expect(typeof f.id === 'string' && typeof f.reason === 'string').toBe(true);
        });
      }),
      { numRuns: RUNS },
    );
  });
});

const CLOB_KEYS = ['data', 'next_cursor', 'id', 'status', 'market', 'asset_id', 'side', 'price', 'original_size', 'size_matched', 'outcome', 'created_at', 'canceled', 'not_canceled', 'orderID', 'success', 'errorMsg', 'minimum_tick_size', 'neg_risk', 'error'];

describe('Polymarket trading under arbitrary CLOB answers', () => {
  const TOKEN = '71321045679252212594626385532706912750332728571942532289631379312455583992563';
  it('fetch_order, fetch_open_orders, cancel-all, describe_asset, create (all of it junk)', async () => {
    await fc.assert(
      fc.asyncProperty(replies([...CLOB_KEYS, ...GAMMA_KEYS]), fc.constantFrom('get', 'list', 'cancel', 'asset', 'create'), async (r, op) => {
        if (op === 'get') await outcome(r, () => polyTrading.fetchOrder('0x' + 'ab'.repeat(32)), expectWellFormedOrder);
        if (op === 'list') await outcome(r, () => polyTrading.fetchOpenOrders(), (os) => os.forEach(expectWellFormedOrder));
        if (op === 'cancel') await outcome(r, () => polyTrading.cancelAllOrders(), (res) => res.cancelled.forEach(expectWellFormedOrder));
        if (op === 'asset') await outcome(r, () => polyTrading.describeAsset(TOKEN), (a) => expect(typeof a.asset_id).toBe('string'));
        if (op === 'create') await outcome(r, () => polyTrading.createOrder(orderReq({ asset_id: TOKEN, outcome: 'yes', side: 'buy', price: 0.5, size: 10, order_type: 'gtc' })), expectWellFormedOrder);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
