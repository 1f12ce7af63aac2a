/**
 * The unified models of the interface document, snake_case as they go on the wire. `--json`,
 * `--ndjson` and `pmt serve` print exactly these shapes: every documented field present, `null`
 * where nullable and unknown, nothing extra.
 */

export { EXCHANGE_IDS, type ExchangeId } from './registry.js';
import type { ExchangeId } from './registry.js';

export const MARKET_STATUSES = ['active', 'closed', 'resolved'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];
export const MARKET_STATUS_FILTERS = ['active', 'closed', 'resolved', 'all'] as const;
export type MarketStatusFilter = (typeof MARKET_STATUS_FILTERS)[number];
export type MarketType = 'binary' | 'categorical' | 'scalar';

export interface Outcome {
  /** Outcome label: `Yes`, `No`, or a categorical option name. */
  label: string;
  /** Current price as a probability in [0, 1]; null when not yet quoted. */
  price: number | null;
  /** Polymarket conditional-token id (decimal uint256 string); null on Kalshi. */
  token_id: string | null;
}

export interface Market {
  /** `kalshi` or `polymarket`. */
  exchange: ExchangeId;
  market_type: MarketType;
  /** `<exchange>:<ticker>`, e.g. `kalshi:KXBTCD-25APR1517`. */
  unified_id: string;
  status: MarketStatus;
  /** Kalshi market ticker, or Polymarket market slug. */
  ticker: string;
  title: string;
  /** Lifetime trading volume in USD. */
  volume: number;
  /** Best ask, YES probability in [0, 1]. */
  best_ask: number | null;
  /** Best bid, YES probability in [0, 1]. */
  best_bid: number | null;
  /** Last trade price, YES probability in [0, 1]. */
  last_trade_price: number | null;
  /** ISO 8601 UTC. */
  close_time: string | null;
  open_time: string | null;
  created_at: string | null;
  /** Null until the market resolves. */
  settlement_time: string | null;
  /** Polymarket only; null on Kalshi. */
  condition_id: string | null;
  /** Kalshi event ticker or Polymarket event slug. */
  event_ticker: string | null;
  /** Minimum order size in contracts. */
  min_order_size: number | null;
  /** Polymarket only; null on Kalshi. */
  neg_risk: boolean | null;
  /** Polymarket only; null on Kalshi. */
  neg_risk_market_id: string | null;
  /** Polymarket numeric Gamma id; null on Kalshi. */
  numeric_id: string | null;
  /** Ordered outcomes; binary markets have Yes and No. */
  outcomes: Outcome[];
  /** Winning outcome label after settlement. */
  result: string | null;
  rules: string | null;
  /** Minimum price increment in dollars, e.g. 0.01. */
  tick_size: number | null;
  /** 24-hour volume in USD. */
  volume_24h: number | null;
}

export interface Event {
  ticker: string;
  title: string;
  category: string | null;
  description: string | null;
  start_ts: string | null;
  end_ts: string | null;
  last_updated_ts: string | null;
  market_tickers: string[];
  mutually_exclusive: boolean | null;
  numeric_id: string | null;
  /** Open interest in USD. */
  open_interest: number | null;
  series_ticker: string | null;
  /** Upstream lifecycle string, free-form. */
  status: string | null;
  volume: number | null;
}

export interface SettlementSource {
  name: string | null;
  url: string | null;
}

export interface Series {
  ticker: string;
  title: string;
  category: string | null;
  fee_type: string | null;
  frequency: string | null;
  last_updated_ts: string | null;
  numeric_id: string | null;
  settlement_sources: SettlementSource[];
  tags: string[];
  volume: number | null;
}

export interface MarketLineage {
  market: Market;
  event: Event | null;
  series: Series | null;
}

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_TYPES = ['gtc', 'ioc', 'fok'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATUSES = ['pending', 'open', 'filled', 'partially_filled', 'cancelled', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface Order {
  /** Exchange order id: Kalshi UUID, Polymarket `0x` + 64 hex. */
  id: string;
  market_ticker: string;
  /** Outcome label as published (Yes, No, or a categorical label). */
  outcome: string;
  side: OrderSide;
  /** Limit price in (0, 1) on the scale of the asset's own book (contract: prices and outcomes). */
  price: number;
  /** Contracts. */
  size: number;
  /** Cumulative filled contracts. */
  filled: number;
  status: OrderStatus;
  created_at: string;
  /** Per-contract fee in dollars; null on Polymarket and on unfilled orders. */
  fee: number | null;
  updated_at: string | null;
}

export interface Level {
  price: number;
  size: number;
}

export interface Orderbook {
  /** Kalshi market ticker or Polymarket token id. */
  asset_id: string;
  /** Ascending by price. */
  asks: Level[];
  /** Descending by price. */
  bids: Level[];
  /** Polymarket book hash; null on Kalshi. */
  hash: string | null;
  last_update_id: number | null;
  /** Upstream snapshot time, ISO 8601 UTC. */
  timestamp: string;
}

export interface OrderbookStats {
  asset_id: string;
  ask_depth: number;
  bid_depth: number;
  service_ts: string;
  best_ask: number | null;
  best_bid: number | null;
  exchange_ts: string | null;
  imbalance: number | null;
  mid: number | null;
  spread_bps: number | null;
  weighted_mid: number | null;
}

export interface OrderbookImpact {
  asset_id: string;
  size: number;
  buy_fill_pct: number;
  sell_fill_pct: number;
  service_ts: string;
  buy_avg_price: number | null;
  sell_avg_price: number | null;
  buy_slippage_bps: number | null;
  sell_slippage_bps: number | null;
  mid: number | null;
  exchange_ts: string | null;
}

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

/** One page of fetch_markets. `cursor` is null when there is no further page. */
export interface MarketsPage {
  markets: Market[];
  cursor: string | null;
}

/** The outcome of create_order: `yes`, `no`, or a label of a categorical market. */
export type OutcomeSpec = 'yes' | 'no' | { label: string };

export interface CreateOrderRequest {
  asset_id: string;
  outcome: OutcomeSpec;
  side: OrderSide;
  price: number;
  size: number;
  order_type: OrderType;
  /**
   * Rest on the book or not at all (Kalshi `post_only`, Polymarket `postOnly`); gtc only. pmt
   * refuses one that would cross the current book before sending it. Default false.
   */
  post_only?: boolean;
}
