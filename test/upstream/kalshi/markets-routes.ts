// Placeholder: the Kalshi market-data double (markets, events, series, historical) lands here.
import type { Router } from '../server.js';

export interface KalshiMarketsOptions {
  /** Number of live markets in the generated catalogue. */
  markets?: number;
}

/** Wire-format Kalshi Market object (the upstream shape). */
export type KalshiMarketWire = Record<string, unknown> & { ticker: string };

export function createKalshiMarkets(_opts: KalshiMarketsOptions = {}) {
  return {
    register(_router: Router): void {},
    /** The wire market for a ticker, if the catalogue has it (other doubles use this). */
    market(_ticker: string): KalshiMarketWire | undefined {
      return undefined;
    },
  };
}
export type KalshiMarkets = ReturnType<typeof createKalshiMarkets>;
