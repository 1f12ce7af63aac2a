/**
 * Shared by the Kalshi adapter tests: the interface's field lists, a KalshiClient pointed at a
 * double, and the expected ticker sets computed straight from the double's wire catalogue with
 * the reference's status table (independent of the parser under test).
 */
import type { AdapterConfig } from '../../../src/exchanges/config.js';
import { KalshiClient } from '../../../src/exchanges/kalshi/client.js';
import type { MarketStatusFilter } from '../../../src/exchanges/types.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createKalshiDouble, type KalshiDouble } from '../../upstream/kalshi/index.js';

/** The interface's Market fields, in its order. */
export const MARKET_KEYS = [
  'exchange', 'market_type', 'unified_id', 'status', 'ticker', 'title', 'volume', 'best_ask', 'best_bid',
  'last_trade_price', 'close_time', 'open_time', 'created_at', 'settlement_time', 'condition_id', 'event_ticker',
  'min_order_size', 'neg_risk', 'neg_risk_market_id', 'numeric_id', 'outcomes', 'result', 'rules', 'tick_size', 'volume_24h',
];
export const EVENT_KEYS = [
  'ticker', 'title', 'category', 'description', 'start_ts', 'end_ts', 'last_updated_ts', 'market_tickers',
  'mutually_exclusive', 'numeric_id', 'open_interest', 'series_ticker', 'status', 'volume',
];
export const SERIES_KEYS = ['ticker', 'title', 'category', 'fee_type', 'frequency', 'last_updated_ts', 'numeric_id', 'settlement_sources', 'tags', 'volume'];

export function clientFor(url: string, log?: (line: string) => void): KalshiClient {
  const cfg: AdapterConfig = {
    env: { PMT_KALSHI_RATE: '1000' },
    urls: { kalshi: url, gamma: 'http://127.0.0.1:9', clob: 'http://127.0.0.1:9' },
    environment: 'custom',
    log,
    credentials: async () => ({ profileName: null, kalshi: null, polymarket: null, kalshiDemo: null }),
    now: Date.now,
  };
  return new KalshiClient(cfg);
}

/** Upstream status → unified, per upstream-mapping §2.1 (missing → active). */
const UNIFIED: Record<string, string> = {
  active: 'active', determined: 'resolved', finalized: 'resolved',
  initialized: 'closed', inactive: 'closed', closed: 'closed', disputed: 'closed', amended: 'closed',
};

/** Tickers a filter must return (optionally within one series), straight from the wire catalogue. */
export function expectedTickers(k: KalshiDouble, filter: MarketStatusFilter, series?: string): Set<string> {
  const events = k.markets.catalog.events;
  const pick = (list: Array<Record<string, unknown>>) =>
    list
      .filter((w) => filter === 'all' || (typeof w.status === 'string' ? UNIFIED[w.status] : 'active') === filter)
      .filter((w) => !series || events.get(String(w.event_ticker))?.series === series)
      .map((w) => String(w.ticker));
  return new Set([...pick(k.markets.allLive()), ...pick(k.markets.allHistorical())]);
}

/**
 * A market-data double of `markets` markets for a test file and a client on it, its request log
 * and faults cleared before each test; `ready` receives them once it is up.
 */
export function useMarketsDouble(markets: number, ready: (k: KalshiDouble, c: KalshiClient) => void): void {
  let k: KalshiDouble | undefined;
  beforeAll(async () => {
    k = createKalshiDouble({ markets });
    await k.double.start();
    ready(k, clientFor(k.double.url));
  });
  afterAll(() => k?.double.close());
  beforeEach(() => {
    k!.double.resetLog();
    k!.double.clearFaults();
  });
}
