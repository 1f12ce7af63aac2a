/**
 * The Polymarket adapter (exchange B): per-concern modules bound to one client. Markets (Gamma):
 * markets.ts; book (CLOB): book.ts; orders (CLOB, signed): orders.ts; fees: fees.ts; one order's cancel (and amend's refusal):
 * order-single.ts; balance and positions: portfolio.ts; fills: fills.ts; the tape (Data API):
 * trades.ts; candles: history.ts.
 */
import type { AdapterConfig } from '../../context.js';
import { Adapter } from '../adapter.js';
import type { Capabilities } from '../exchange.js';
import { PolymarketClient } from './client.js';
import * as markets from './markets.js';
import * as book from './book.js';
import * as orders from './orders.js';
import * as fees from './fees.js';
import * as single from './order-single.js';
import * as portfolio from './portfolio.js';
import * as fills from './fills.js';
import * as trades from './trades.js';
import * as history from './history.js';
import * as funds from './funds-check.js';

const has: Capabilities = {
  fetchMarkets: { supported: true, auth: false },
  fetchMarketLineage: { supported: true, auth: false },
  fetchOrderbook: { supported: true, auth: false },
  fetchOrder: { supported: true, auth: true },
  fetchOpenOrders: { supported: true, auth: true },
  createOrder: { supported: true, auth: true },
  cancelAllOrders: { supported: true, auth: true },
  cancelOrder: { supported: true, auth: true },
  // A signed CLOB order cannot be changed: cancel and re-create.
  amendOrder: { supported: false, auth: true },
  fetchBalance: { supported: true, auth: true },
  fetchPositions: { supported: true, auth: true },
  fetchFills: { supported: true, auth: true },
  fetchTrades: { supported: true, auth: false },
  fetchPriceHistory: { supported: true, auth: false },
};

export type PolymarketExchange = Adapter<'polymarket', PolymarketClient>;

export function createPolymarket(cfg: AdapterConfig): PolymarketExchange {
  // Each operation is exported by exactly one of these modules (the types check every signature).
  return new Adapter('polymarket', has, 'production', new PolymarketClient(cfg), { ...markets, ...book, ...orders, ...fees, ...single, ...portfolio, ...fills, ...trades, ...history, ...funds });
}
