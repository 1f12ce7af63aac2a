// Placeholder: the Kalshi orderbook double lands here.
import type { Router } from '../server.js';
import type { KalshiAuth } from './auth.js';
import type { KalshiMarkets } from './markets-routes.js';

export function createKalshiBooks(_auth: KalshiAuth, _markets: KalshiMarkets) {
  return {
    register(_router: Router): void {},
  };
}
export type KalshiBooks = ReturnType<typeof createKalshiBooks>;
