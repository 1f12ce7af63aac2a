/** Polymarket doubles: Gamma (metadata), the CLOB (books, L1/L2 auth, EIP-712 orders, balances,
 * the caller's trades, price history) and the Data API (positions, the public tape). */
import { Router, UpstreamDouble } from '../server.js';
import { createGamma, type GammaOptions } from './gamma-routes.js';
import { createClobBooks } from './book-routes.js';
import { createClobTrading } from './trading-routes.js';
import { createClobAccount } from './account-routes.js';
import { createDataApi } from './data-api.js';
import { createPolymarketUserStream } from './user-stream-routes.js';
import { createPolymarketStream } from './stream-routes.js';

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
  const clobDouble = new UpstreamDouble('polymarket-clob', clobRouter);
  const stream = createPolymarketStream(books);
  stream.attach(clobDouble);
  const userStream = createPolymarketUserStream({ auth: trading.auth, trades: trading.engine.trades, token: trading.token });
  userStream.attach(clobDouble);
  trading.onChange((o, type) => userStream.orderChanged(o, type));
  // The order engine drives the stream: what rests is a price_change, what fills a trade.
  trading.onPlaced((o) => {
    // Only tokens the book double knows have a book to stream (creating one would shadow the
    // trading double's answers for engine-only tokens).
    if (!books.book(o.tokenId)) return;
    const price = o.price.toFixed();
    const resting = o.status === 'LIVE' ? o.size.minus(o.matched).toNumber() : 0;
    const side = o.side;
    if (resting > 0) stream.priceChange(o.tokenId, side, price, String(Math.round((stream.sizeAt(o.tokenId, side, price) + resting) * 1e6) / 1e6));
    if (o.matched.gt(0)) stream.trade(o.tokenId, price, o.matched.toFixed(), side);
  });
  return {
    gammaDouble: new UpstreamDouble('polymarket-gamma', gammaRouter),
    clobDouble,
    dataDouble: new UpstreamDouble('polymarket-data', dataRouter),
    account,
    data,
    gamma,
    books,
    trading,
    stream,
    userStream,
  };
}
export type PolymarketDoubles = ReturnType<typeof createPolymarketDoubles>;
