/** Polymarket doubles: Gamma (metadata) and the CLOB (books, L1/L2 auth, EIP-712 orders). */
import { Router, UpstreamDouble } from '../server.js';
import { createGamma, type GammaOptions } from './gamma-routes.js';
import { createClobBooks } from './book-routes.js';
import { createClobTrading } from './trading-routes.js';
import { createPolymarketStream } from './stream-routes.js';

export function createPolymarketDoubles(opts: GammaOptions = {}) {
  const gamma = createGamma(opts);
  const books = createClobBooks(gamma);
  const trading = createClobTrading(gamma, books);
  const gammaRouter = new Router();
  gamma.register(gammaRouter);
  const clobRouter = new Router();
  books.register(clobRouter);
  trading.register(clobRouter);
  const clobDouble = new UpstreamDouble('polymarket-clob', clobRouter);
  const stream = createPolymarketStream(books);
  stream.attach(clobDouble);
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
    gamma,
    books,
    trading,
    stream,
  };
}
export type PolymarketDoubles = ReturnType<typeof createPolymarketDoubles>;
