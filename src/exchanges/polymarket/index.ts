/**
 * The Polymarket adapter (exchange B): per-concern modules bound to one client. Markets (Gamma):
 * markets.ts; book (CLOB): book.ts; orders (CLOB, signed): orders.ts; fees: fees.ts; one order's cancel (and amend's refusal):
 * order-single.ts; balance and positions: portfolio.ts; fills: fills.ts; the tape (Data API):
 * trades.ts; candles: history.ts.
 */
import type { AdapterConfig } from '../config.js';
import { Adapter } from '../adapter.js';
import { polymarket as manifest } from './manifest.js';
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
import * as search from './search.js';
import * as stream from './stream.js';
import * as userStream from './user-stream.js';

export type PolymarketExchange = Adapter<'polymarket', PolymarketClient>;

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
