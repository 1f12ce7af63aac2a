/**
 * The Polymarket US adapter: per-concern modules bound to one client. Markets, search, lineage
 * and asset rules: markets.ts; the book: book.ts; candles: history.ts; orders (signed, auth.ts):
 * orders.ts; balance, positions, fills: portfolio.ts; book watch (the signed markets socket, or the
 * public book polled): stream.ts; order watch (the signed private socket): user-stream.ts.
 */
import type { AdapterConfig } from '../config.js';
import { Adapter } from '../adapter.js';
import { polymarketUs as manifest } from './manifest.js';
import { PolymarketUsClient } from './client.js';
import * as markets from './markets.js';
import * as book from './book.js';
import * as history from './history.js';
import * as fees from './fees.js';
import * as orders from './orders.js';
import * as portfolio from './portfolio.js';
import { watchBook } from './stream.js';
import { watchOrders } from './user-stream.js';

export type PolymarketUsExchange = Adapter<'polymarket-us', PolymarketUsClient>;

export function createPolymarketUs(cfg: AdapterConfig): PolymarketUsExchange {
  const { fetchMarkets, fetchMarketLineage, searchMarkets, fetchEventTitles, resolveAsset, resolveMarketAssets, describeAsset } = markets;
  return new Adapter('polymarket-us', manifest.capabilities, cfg.environment ?? 'production', new PolymarketUsClient(cfg), {
    fetchMarkets,
    fetchMarketLineage,
    searchMarkets,
    fetchEventTitles,
    resolveAsset,
    resolveMarketAssets,
    describeAsset,
    fetchOrderbook: book.fetchOrderbook,
    fetchPriceHistory: history.fetchPriceHistory,
    watchBook,
    watchOrders,
    fetchFeeSchedule: fees.fetchFeeSchedule,
    estimateFees: fees.estimateFees,
    ...orders,
    ...portfolio,
  });
}
