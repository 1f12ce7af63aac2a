/**
 * The Polymarket adapter (exchange B): per-concern modules bound to one client. Markets (Gamma):
 * markets.ts; book (CLOB): book.ts; orders (CLOB, signed): orders.ts; fees: fees.ts.
 */
import type { AdapterConfig } from '../../context.js';
import { Adapter } from '../adapter.js';
import type { Capabilities } from '../exchange.js';
import { PolymarketClient } from './client.js';
import * as markets from './markets.js';
import * as book from './book.js';
import * as orders from './orders.js';
import * as fees from './fees.js';
import * as search from './search.js';

const has: Capabilities = {
  fetchMarkets: { supported: true, auth: false },
  fetchMarketLineage: { supported: true, auth: false },
  fetchOrderbook: { supported: true, auth: false },
  fetchOrder: { supported: true, auth: true },
  fetchOpenOrders: { supported: true, auth: true },
  createOrder: { supported: true, auth: true },
  cancelAllOrders: { supported: true, auth: true },
};

export type PolymarketExchange = Adapter<'polymarket', PolymarketClient>;

export function createPolymarket(cfg: AdapterConfig): PolymarketExchange {
  // Each operation is exported by exactly one of these modules (the types check every signature).
  return new Adapter('polymarket', has, 'production', new PolymarketClient(cfg), { ...markets, ...search, ...book, ...orders, ...fees });
}
