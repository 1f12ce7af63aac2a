/**
 * Shared by the Kalshi adapter tests: the interface's field lists (from the model definitions), a KalshiClient pointed at a
 * double, and the expected ticker sets computed straight from the double's wire catalogue with
 * the reference's status table (independent of the parser under test).
 */
import type { AdapterConfig } from '../../../src/exchanges/config.js';
import { KalshiClient } from '../../../src/exchanges/kalshi/client.js';
import type { MarketStatusFilter } from '../../../src/exchanges/types.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createKalshiDouble, type KalshiDouble } from '../../upstream/kalshi/index.js';
import { EventSchema, MarketSchema, SeriesSchema } from '../../../src/models/market.js';
import { fieldsOf } from '../../helpers/models.js';

/** The interface's Market, Event and Series fields, in its order (the Kalshi adapter builds them in it). */
export const MARKET_KEYS = fieldsOf(MarketSchema);
export const EVENT_KEYS = fieldsOf(EventSchema);
export const SERIES_KEYS = fieldsOf(SeriesSchema);

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
