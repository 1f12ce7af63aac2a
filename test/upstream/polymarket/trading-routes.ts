// Placeholder: the Polymarket CLOB trading double (L1/L2 auth, signed orders, balances) lands here.
import type { Router } from '../server.js';
import type { Gamma } from './gamma-routes.js';
import type { ClobBooks } from './book-routes.js';

export function createClobTrading(_gamma: Gamma, _books: ClobBooks) {
  return {
    register(_router: Router): void {},
  };
}
export type ClobTrading = ReturnType<typeof createClobTrading>;
