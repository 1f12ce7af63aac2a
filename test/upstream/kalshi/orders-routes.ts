// Placeholder: the Kalshi portfolio/orders double lands here.
import type { Router } from '../server.js';
import type { KalshiAuth } from './auth.js';
import type { KalshiMarkets } from './markets-routes.js';
import type { KalshiBooks } from './book-routes.js';

export function createKalshiOrders(_auth: KalshiAuth, _markets: KalshiMarkets, _books: KalshiBooks) {
  return {
    register(_router: Router): void {},
  };
}
export type KalshiOrders = ReturnType<typeof createKalshiOrders>;
