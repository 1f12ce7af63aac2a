/** Polymarket doubles: Gamma (metadata), the CLOB (books, L1/L2 auth, EIP-712 orders, balances,
 * the caller's trades, price history) and the Data API (positions, the public tape). */
import { Router, UpstreamDouble } from '../server.js';
import { createGamma, type GammaOptions } from './gamma-routes.js';
import { createClobBooks } from './book-routes.js';
import { createClobTrading } from './trading-routes.js';
import { createClobAccount } from './account-routes.js';
import { createDataApi } from './data-api.js';

export function createPolymarketDoubles(opts: GammaOptions = {}) {
  const gamma = createGamma(opts);
  const books = createClobBooks(gamma);
  const trading = createClobTrading(gamma, books);
  const gammaRouter = new Router();
  gamma.register(gammaRouter);
  const account = createClobAccount(trading);
  const data = createDataApi(gamma, trading);
  const clobRouter = new Router();
  books.register(clobRouter);
  trading.register(clobRouter);
  account.register(clobRouter);
  const dataRouter = new Router();
  data.register(dataRouter);
  return {
    gammaDouble: new UpstreamDouble('polymarket-gamma', gammaRouter),
    clobDouble: new UpstreamDouble('polymarket-clob', clobRouter),
    dataDouble: new UpstreamDouble('polymarket-data', dataRouter),
    gamma,
    books,
    trading,
    account,
    data,
  };
}
export type PolymarketDoubles = ReturnType<typeof createPolymarketDoubles>;
