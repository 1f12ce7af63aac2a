/** The Kalshi trade API v2 double: markets, books, orders and the portfolio behind real RSA-PSS auth checks. */
import { Router, UpstreamDouble } from '../server.js';
import { KALSHI_PREFIX, KalshiAuth } from './auth.js';
import { createKalshiMarkets, type KalshiMarketsOptions } from './markets-routes.js';
import { createKalshiBooks } from './book-routes.js';
import { createKalshiOrders } from './orders-routes.js';
import { createKalshiPortfolioRoutes } from './portfolio-routes.js';
import { createKalshiStream } from './stream-routes.js';

export function createKalshiDouble(opts: KalshiMarketsOptions = {}) {
  const auth = new KalshiAuth();
  const markets = createKalshiMarkets(opts);
  const books = createKalshiBooks(auth, markets);
  const orders = createKalshiOrders(auth, markets, books);
  const portfolio = createKalshiPortfolioRoutes(auth, markets, orders.portfolio, orders.market);
  const router = new Router();
  // Markets added by order tests (addMarket) are served ahead of the catalogue; others fall through.
  orders.registerMarkets(router, { passThrough: true });
  // Ahead of the markets double, whose /markets/{ticker} would answer /markets/trades.
  portfolio.register(router);
  markets.register(router);
  books.register(router);
  orders.register(router);
  const double = new UpstreamDouble('kalshi', router, KALSHI_PREFIX);
  const stream = createKalshiStream(auth, books);
  stream.attach(double);
  // The order engine drives the stream: a resting order is a delta, a fill a public trade.
  orders.onPlaced((p) => {
    if (!books.book(p.ticker)) return; // no book to stream (and none to invent for the REST double)
    const yes = Number(p.price);
    if (p.resting > 0) stream.delta(p.ticker, p.side === 'bid' ? 'yes' : 'no', p.side === 'bid' ? yes : Math.round((1 - yes) * 1e4) / 1e4, p.resting);
    if (p.filled > 0) stream.trade(p.ticker, p.avgPrice ?? yes, p.filled, p.side === 'bid' ? 'yes' : 'no');
  });
  // The private channels: the order as placed or cancelled (user_orders), then each new fill.
  let fillsSeen = orders.portfolio.ledger.fills.length;
  const flushFills = () => {
    const all = orders.portfolio.ledger.fills;
    for (const f of all.slice(fillsSeen)) stream.userFill(f);
    fillsSeen = all.length;
  };
  orders.onPlaced((p) => {
    if (p.order) stream.userOrder(p.order);
    flushFills();
  });
  orders.onCancelled((o) => stream.userOrder(o));
  return { double, auth, markets, books, orders, portfolio, stream };
}
export type KalshiDouble = ReturnType<typeof createKalshiDouble>;
