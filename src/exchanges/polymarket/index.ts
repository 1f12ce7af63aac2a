/**
 * The Polymarket adapter (exchange B): per-concern modules bound to one client. Markets (Gamma):
 * markets.ts; book (CLOB): book.ts; orders (CLOB, signed): orders.ts; fees: fees.ts; one order's cancel (and amend's refusal):
 * order-single.ts; balance and positions: portfolio.ts; fills: fills.ts; the tape (Data API):
 * trades.ts; candles: history.ts. What a read of markets and books does not need loads on first use.
 */
import type { AdapterConfig } from '../config.js';
import { Adapter, lazily } from '../adapter.js';
import { polymarket as manifest } from './manifest.js';
import { PolymarketClient } from './client.js';
import * as book from './book.js';
import * as fees from './fees.js';
import * as stream from './stream.js';
import * as userStream from './user-stream.js';

export type PolymarketExchange = Adapter<'polymarket', PolymarketClient>;

type C = PolymarketClient;
const markets = lazily<C, typeof import('./markets.js')>(() => import('./markets.js'), { fetchMarkets: true, fetchMarketLineage: true, fetchEventTitles: true });
const search = lazily<C, typeof import('./search.js')>(() => import('./search.js'), { searchMarkets: true });
const orders = lazily<C, typeof import('./orders.js')>(() => import('./orders.js'), { createOrder: true, fetchOrder: true, fetchOrderByClientId: true, fetchOpenOrders: true, cancelAllOrders: true, previewOrder: true, describeAsset: true, checkAuth: true });
const single = lazily<C, typeof import('./order-single.js')>(() => import('./order-single.js'), { cancelOrder: true });
const portfolio = lazily<C, typeof import('./portfolio.js')>(() => import('./portfolio.js'), { fetchBalance: true, fetchPositions: true });
const fills = lazily<C, typeof import('./fills.js')>(() => import('./fills.js'), { fetchFills: true });
const trades = lazily<C, typeof import('./trades.js')>(() => import('./trades.js'), { fetchTrades: true });
const history = lazily<C, typeof import('./history.js')>(() => import('./history.js'), { fetchPriceHistory: true });
const funds = lazily<C, typeof import('./funds-check.js')>(() => import('./funds-check.js'), { checkFunds: true });

export function createPolymarket(cfg: AdapterConfig): PolymarketExchange {
  // Each operation is exported by exactly one of these modules (the types check every signature).
  return new Adapter('polymarket', manifest.capabilities, cfg.environment ?? 'production', new PolymarketClient(cfg), {
    ...markets,
    ...search,
    ...book,
    ...orders,
    ...fees,
    ...stream,
    watchOrders: userStream.watchOrders,
    ...single,
    ...portfolio,
    ...fills,
    ...trades,
    ...history,
    ...funds,
  });
}
