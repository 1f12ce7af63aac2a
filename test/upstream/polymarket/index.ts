/** Polymarket doubles: Gamma (metadata) and the CLOB (books, L1/L2 auth, EIP-712 orders). */
import { Router, UpstreamDouble } from '../server.js';
import { createGamma, type GammaOptions } from './gamma-routes.js';
import { createClobBooks } from './book-routes.js';
import { createClobTrading } from './trading-routes.js';

export function createPolymarketDoubles(opts: GammaOptions = {}) {
  const gamma = createGamma(opts);
  const books = createClobBooks(gamma);
  const trading = createClobTrading(gamma, books);
  const gammaRouter = new Router();
  gamma.register(gammaRouter);
  const clobRouter = new Router();
  books.register(clobRouter);
  trading.register(clobRouter);
  return {
    gammaDouble: new UpstreamDouble('polymarket-gamma', gammaRouter),
    clobDouble: new UpstreamDouble('polymarket-clob', clobRouter),
    gamma,
    books,
    trading,
  };
}
export type PolymarketDoubles = ReturnType<typeof createPolymarketDoubles>;
