/**
 * The Kalshi adapter (exchange A): per-concern modules bound to one client, so no file grows into
 * a 2,000-line adapter. Markets: markets.ts; book: book.ts; orders: orders.ts; fees: fees.ts; one order's cancel/amend:
 * order-amend.ts; balance, positions, fills: portfolio.ts; the tape: trades.ts; candles: history.ts.
 * What a read of markets and books does not need loads on first use.
 */
import type { AdapterConfig } from '../config.js';
import { Adapter, lazily } from '../adapter.js';
import { kalshi as manifest } from './manifest.js';
import { KalshiClient } from './client.js';
import * as markets from './markets.js';
import * as book from './book.js';
import * as fees from './fees.js';
import * as search from './search.js';
import * as stream from './stream.js';
import * as userStream from './user-stream.js';

export type KalshiExchange = Adapter<'kalshi', KalshiClient>;

type C = KalshiClient;
const orders = lazily<C, typeof import('./orders.js')>(() => import('./orders.js'), { createOrder: true, fetchOrder: true, fetchOrderByClientId: true, fetchOpenOrders: true, cancelAllOrders: true, previewOrder: true, describeAsset: true, checkAuth: true });
const amend = lazily<C, typeof import('./order-amend.js')>(() => import('./order-amend.js'), { cancelOrder: true, amendOrder: true });
const groups = lazily<C, typeof import('./order-groups.js')>(() => import('./order-groups.js'), { orderGroups: true });
const portfolio = lazily<C, typeof import('./portfolio.js')>(() => import('./portfolio.js'), { fetchBalance: true, fetchPositions: true, fetchFills: true });
const trades = lazily<C, typeof import('./trades.js')>(() => import('./trades.js'), { fetchTrades: true });
const history = lazily<C, typeof import('./history.js')>(() => import('./history.js'), { fetchPriceHistory: true });
const keyCheck = lazily<C, typeof import('./key-check.js')>(() => import('./key-check.js'), { checkFunds: true });

export function createKalshi(cfg: AdapterConfig): KalshiExchange {
  // Each operation is exported by exactly one of these modules (the types check every signature).
  return new Adapter('kalshi', manifest.capabilities, cfg.environment ?? 'production', new KalshiClient(cfg), {
    ...markets,
    ...search,
    ...book,
    ...orders,
    ...fees,
    ...stream,
    watchOrders: userStream.watchOrders,
    ...amend,
    ...groups,
    ...portfolio,
    ...trades,
    ...history,
    ...keyCheck,
  });
}
