/**
 * The unified models of the interface document, as types: each is defined once in `src/models/`
 * (TypeBox), which gives the type, serve's JSON Schema and the tests' field lists. Re-exported
 * here as types only, with the parameters of the operations and their small value lists, so the
 * adapters, ops and commands import them from one place without loading TypeBox.
 */

export { EXCHANGE_IDS, type ExchangeId } from './registry.js';
export { MARKET_STATUSES, MARKET_TYPES, ORDER_SIDES, ORDER_STATUSES, type MarketStatus, type MarketType, type OrderSide, type OrderStatus } from '../models/enums.js';
export type { Event, Market, MarketLineage, MarketsPage, Outcome, Series, SettlementSource } from '../models/market.js';
export type { Order } from '../models/order.js';
export type { Level, Orderbook, OrderbookImpact, OrderbookStats } from '../models/book.js';
import type { Market } from '../models/market.js';
import type { OrderSide } from '../models/enums.js';
import type { Decimal } from '../decimal.js';

export const MARKET_STATUS_FILTERS = ['active', 'closed', 'resolved', 'all'] as const;
export type MarketStatusFilter = (typeof MARKET_STATUS_FILTERS)[number];
export const ORDER_TYPES = ['gtc', 'ioc', 'fok'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Parameters of fetch_markets. */
export interface FetchMarketsParams {
  status?: MarketStatusFilter;
  limit?: number;
  cursor?: string;
  market_tickers?: string[];
  event_ticker?: string;
  series_ticker?: string;
}

/** A search for markets by words (`pmt markets search`). */
export interface SearchMarketsParams {
  /** The words, as typed; every result's title (or its event's or series') holds at least one. */
  query: string;
  status?: MarketStatusFilter;
  /** At most this many markets from this exchange. */
  limit?: number;
}

/** Markets found by words, with the title of each one's event (event ticker → title). */
export interface SearchMarketsResult {
  markets: Market[];
  /** Event titles by `event_ticker`: a market titled "Option A" means something beside them. */
  event_titles: Record<string, string>;
}

/** The outcome of create_order: `yes`, `no`, or a label of a categorical market. */
export type OutcomeSpec = 'yes' | 'no' | { label: string };

/**
 * An order as ops hand it to an adapter. `price` (the traded outcome's own, what is paid or
 * received per contract) and `size` (contracts) are exact decimals, parsed once from what the
 * caller typed or sent (validate.ts) and never turned into a JS number on the way to the wire:
 * each adapter formats its wire value from them (Kalshi's "0.0700", Polymarket's 6-decimal
 * amounts, Polymarket US's price string).
 */
export interface CreateOrderRequest {
  asset_id: string;
  outcome: OutcomeSpec;
  side: OrderSide;
  price: Decimal;
  size: Decimal;
  order_type: OrderType;
  /**
   * Rest on the book or not at all (Kalshi `post_only`, Polymarket `postOnly`); gtc only. pmt
   * refuses one that would cross the current book before sending it. Default false.
   */
  post_only?: boolean;
  /**
   * GTD: unix seconds at which a resting (gtc) order expires; absent = until cancelled. Checked in
   * ops (ops/expires.ts: the exchange's minimum lead); only exchanges whose manifest has `gtd` get one.
   */
  expires_at?: number;
  /**
   * Reduce only (Kalshi `reduce_only`): the order may only shrink the position held, its count
   * capped by it. Only exchanges whose manifest says `reduceOnly` get one (ops/reduce-only.ts).
   */
  reduce_only?: boolean;
  /** Place into this exchange order group (Kalshi `order_group_id`; `pmt order create --group`). */
  order_group_id?: string;
}
/** amend_order's new terms (at least one): exact decimals, as CreateOrderRequest's. */
export interface AmendRequest {
  /** New limit price of the order's own outcome. */
  price?: Decimal;
  /** New total size in contracts. */
  size?: Decimal;
}
export type { ApprovalRow, ChainPlan, ChainSent, DoctorCheck } from './onchain.js';
