// Placeholder: the Kalshi market-data double (markets, events, series, historical) lands here.
import type { Router } from '../server.js';

export interface KalshiMarketsOptions {
  /** Number of live markets in the generated catalogue. */
  markets?: number;
}

export function createKalshiMarkets(_opts: KalshiMarketsOptions = {}) {
  return {
    register(_router: Router): void {},
  };
}
export type KalshiMarkets = ReturnType<typeof createKalshiMarkets>;
