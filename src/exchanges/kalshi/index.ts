/**
 * The Kalshi adapter (exchange A): per-concern modules bound to one client, so no file grows into
 * a 2,000-line adapter. Markets: markets.ts; book: book.ts; orders: orders.ts; fees: fees.ts; one order's cancel/amend:
 * order-amend.ts; balance, positions, fills: portfolio.ts; the tape: trades.ts; candles: history.ts.
 */
import type { AdapterConfig } from '../config.js';
import { Adapter } from '../adapter.js';
import { kalshi as manifest } from './manifest.js';
import { KalshiClient } from './client.js';
import * as markets from './markets.js';
import * as book from './book.js';
import * as orders from './orders.js';
import * as fees from './fees.js';
import * as amend from './order-amend.js';
import * as groups from './order-groups.js';
import * as portfolio from './portfolio.js';
import * as trades from './trades.js';
import * as history from './history.js';
import * as keyCheck from './key-check.js';
import * as search from './search.js';
import * as stream from './stream.js';
import * as userStream from './user-stream.js';

export type KalshiExchange = Adapter<'kalshi', KalshiClient>;

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
