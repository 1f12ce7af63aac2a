/**
 * A Kalshi double composed like test/upstream/kalshi/index.ts, with order-entry fixtures served
 * first, plus a Kalshi adapter pointed at it with a registered key: real HTTP, real signatures.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AdapterConfig } from '../../../src/exchanges/config.js';
import type { ResolvedCredentials } from '../../../src/credentials.js';
import { createKalshi, type KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import { Router, UpstreamDouble } from '../../upstream/server.js';
import { KALSHI_PREFIX, KalshiAuth, makeKalshiKey, type KalshiKeyPair } from '../../upstream/kalshi/auth.js';
import { createKalshiMarkets } from '../../upstream/kalshi/markets-routes.js';
import { createKalshiBooks } from '../../upstream/kalshi/book-routes.js';
import { createKalshiOrders } from '../../upstream/kalshi/orders-routes.js';
import { TAPERED_RANGES } from '../../upstream/kalshi/market-fixtures.js';

export const KEY_ID = 'a1b2c3d4-0000-4000-8000-0000000000k1';

export async function startTradingDouble() {
  const auth = new KalshiAuth();
  const markets = createKalshiMarkets();
  const books = createKalshiBooks(auth, markets);
  const orders = createKalshiOrders(auth, markets, books);
  const router = new Router();
  orders.registerMarkets(router);
  markets.register(router);
  books.register(router);
  orders.register(router);
  const double = await new UpstreamDouble('kalshi', router, KALSHI_PREFIX).start();
  const key = makeKalshiKey(KEY_ID);
  auth.register(key.keyId, key.publicKey);
  // Made up front: RSA key generation takes seconds, long enough for idle keep-alive sockets to
  // be closed by the server under a test's feet.
  const stranger = makeKalshiKey('ffffffff-0000-4000-8000-000000000000');
  const impostor = makeKalshiKey(KEY_ID);
  return { double, auth, orders, books, key, /** A key Kalshi does not know. */ stranger, /** The right key id with the wrong private key. */ impostor };
}
export type TradingDouble = Awaited<ReturnType<typeof startTradingDouble>>;

export function credentialsFor(key: KalshiKeyPair | null, keyId = key?.keyId ?? ''): ResolvedCredentials {
  return {
    profileName: null,
    polymarket: null,
    kalshiDemo: null,
    kalshi: key
      ? {
          apiKeyId: { value: keyId, source: 'env', origin: 'KALSHI_API_KEY_ID' },
          privateKeyPem: { value: key.privatePem, source: 'env', origin: 'KALSHI_PRIVATE_KEY' },
        }
      : null,
  };
}

/** An adapter on the double; `log` collects the --verbose lines. */
export function kalshiAdapter(
  d: TradingDouble,
  opts: { key?: KalshiKeyPair | null; keyId?: string; env?: Record<string, string>; log?: string[] } = {},
): KalshiExchange {
  const key = opts.key === undefined ? d.key : opts.key;
  const cfg: AdapterConfig = {
    env: { PMT_KALSHI_RATE: '1000', PMT_KALSHI_WRITE_RATE: '1000', ...opts.env },
    urls: { kalshi: d.double.url, gamma: 'http://127.0.0.1:9', clob: 'http://127.0.0.1:9' },
    environment: 'custom',
    log: opts.log ? (l) => opts.log!.push(l) : undefined,
    credentials: async () => credentialsFor(key, opts.keyId),
    now: Date.now,
  };
  return createKalshi(cfg);
}

export const MARKETS = {
  cent: 'KXTEST-25DEC31-A',
  whole: 'KXWHOLE-25DEC31-B',
  tapered: 'KXTAPER-25DEC31-C',
  closed: 'KXSHUT-25DEC31-D',
} as const;

/** The standard fixtures: a one-cent fractional market, a whole-contract one, a tapered one, a closed one. */
export function addStandardMarkets(d: TradingDouble): void {
  d.orders.addMarket({ ticker: MARKETS.cent });
  d.orders.addMarket({ ticker: MARKETS.whole, fractional: false });
  d.orders.addMarket({ ticker: MARKETS.tapered, price_ranges: TAPERED_RANGES });
  d.orders.addMarket({ ticker: MARKETS.closed, status: 'closed' });
}

/** The create bodies the double received over the wire (POST /portfolio/events/orders). */
export function createsOnWire(d: TradingDouble): Array<Record<string, unknown>> {
  return d.double.requests
    .filter((r) => r.method === 'POST' && r.path === '/portfolio/events/orders')
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);
}

/**
 * One trading double and adapter for a test file (standard markets added), reset before each
 * test: request log, faults, orders, clock skew, revoked keys, and the balance when given.
 * `ready` receives them once they are up.
 */
export function useTradingDouble(opts: { balance?: number }, ready: (d: TradingDouble, k: KalshiExchange) => void): void {
  let d: TradingDouble | undefined;
  beforeAll(async () => {
    d = await startTradingDouble();
    addStandardMarkets(d);
    ready(d, kalshiAdapter(d));
  });
  afterAll(() => d?.double.close());
  beforeEach(() => {
    d!.double.resetLog();
    d!.double.clearFaults();
    d!.orders.reset();
    d!.auth.clockOffsetMs = 0;
    d!.auth.revoked.clear();
    if (opts.balance !== undefined) d!.orders.setBalance(KEY_ID, opts.balance);
  });
}
