/**
 * The Exchange interface every adapter implements, and capabilities as data (ccxt's `has`).
 * Commands and `pmt serve` talk only to this; upstream names stay inside `exchanges/<id>/`.
 */
import type { PositionStatus } from '../models/enums.js';
import type {
  AmendRequest,
  CreateOrderRequest,
  ExchangeId,
  FetchMarketsParams,
  Market,
  MarketLineage,
  MarketsPage,
  MarketStatusFilter,
  SearchMarketsParams,
  SearchMarketsResult,
  Order,
  Orderbook,
} from './types.js';
import type {
  BalanceDetail,
  Candle,
  FetchFillsParams,
  FetchTradesParams,
  FillsPage,
  Position,
  PriceHistoryParams,
  TradesPage,
} from '../models/portfolio.js';
import type { BookStream, WatchBookOptions } from './stream.js';
import type { OrderStream, WatchOrdersOptions } from './order-stream.js';

import type { FeeAmounts, FeeLegs } from './fees.js';
import type { Capabilities } from './manifest.js';
export { OPERATIONS, type Capabilities, type Capability, type Operation } from './manifest.js';

/** What order entry needs to know about one orderable asset before anything is signed. */
export interface AssetInfo {
  exchange: ExchangeId;
  /** Kalshi market ticker or Polymarket token id. */
  asset_id: string;
  /** The market the asset belongs to. */
  market: Market;
  /** Label of the outcome this asset's book prices: `Yes` on Kalshi, the token's outcome on Polymarket. */
  book_outcome: string;
  /** Outcome labels valid for this asset. */
  outcomes: string[];
  /** Price grid in dollars (a tiered grid: its finest step). */
  tick_size: number;
  /**
   * A tiered grid (Kalshi's `price_ranges`): each range's start, end and step, dollar strings on
   * the book outcome's scale; the preview and the prompt validate and suggest per range. Absent:
   * one tick everywhere.
   */
  price_ranges?: Array<{ start: string; end: string; step: string }>;
  /** Minimum order size in contracts. */
  min_order_size: number;
  /** Polymarket neg-risk routing; null on Kalshi. */
  neg_risk: boolean | null;
}

/**
 * What an exchange publishes about the fees one asset's trades pay: the inputs of the preview's
 * fee estimate, read fresh for each order. Amounts are computed from these by the order preview.
 */
export type FeeSchedule = KalshiFeeSchedule | PolymarketFeeSchedule | PolymarketUsFeeSchedule;

/** Kalshi: the series' fee structure (`GET /series/{series_ticker}`). */
export interface KalshiFeeSchedule {
  exchange: 'kalshi';
  /** Series ticker the market belongs to, e.g. `KXTEST`. */
  series: string;
  /** `quadratic`, `quadratic_with_maker_fees` or `flat` (kept as sent, so a new kind is seen as unknown). */
  fee_type: string;
  /** The series' `fee_multiplier`, e.g. 1 or 0.5; null when not sent. */
  fee_multiplier: number | null;
}

/** Polymarket: the CLOB's fee rate for the token and, where the CLOB has it, the market's fee curve. */
export interface PolymarketFeeSchedule {
  exchange: 'polymarket';
  /** `GET /fee-rate?token_id=` → `base_fee`, basis points; null when that read failed. */
  base_fee_bps: number | null;
  /** `GET /clob-markets/{condition_id}` → `fd.r`, the fee-curve rate (0.04 = 4%); null when not given. */
  rate: number | null;
  /** `fd.e`, the fee-curve exponent; null when not given. */
  exponent: number | null;
  /** `fd.to`, whether only takers pay; null when not given. */
  taker_only: boolean | null;
}

/** Polymarket US: the fee coefficients of its published schedule (Θ × C × p × (1 − p)), the taker's as the market sends it. */
export interface PolymarketUsFeeSchedule {
  exchange: 'polymarket-us';
  /** Taker Θ: the market's `feeCoefficient` (e.g. "0.0695"), else the schedule's exchange-wide one. */
  taker_theta: string;
  /** Maker Θ, negative: a rebate ("-0.0125"). */
  maker_theta: string;
  /** Where `taker_theta` came from: the market, or the published schedule (the market sent none). */
  source: 'market' | 'schedule';
}

/** Server-side view of an account check (`pmt exchanges --check`). */
export interface AuthCheck {
  ok: boolean;
  /** Local clock minus the exchange's clock, in ms, when the exchange reports its time. */
  clock_skew_ms: number | null;
  detail: string;
}

/** `pmt exchanges --check`: can this account trade with what is configured, and if not, the fix. */
export interface FundsCheck {
  ok: boolean;
  /** What was found, one line each, for people (never a secret). */
  lines: string[];
  /** The setting or action that would make it work; null when ok. */
  fix: string | null;
}

/** Cancel-all reports what was and was not cancelled. */
export interface CancelResult {
  cancelled: Order[];
  /** Orders the exchange refused to cancel, with its reason. */
  failed: Array<{ id: string; reason: string }>;
}

export interface Exchange {
  readonly id: ExchangeId;
  readonly has: Capabilities;
  /** `production` or `demo` (Kalshi), `production` (Polymarket); `custom` for any non-default base URL. */
  readonly environment: string;

  fetchMarkets(params: FetchMarketsParams): Promise<MarketsPage>;
  /** Markets whose title, event or series matches words, best first (public reads). */
  searchMarkets(params: SearchMarketsParams): Promise<SearchMarketsResult>;
  /**
   * Titles of these events (event ticker → title), for a list of markets that mixes events, where a
   * market title like "Option A" needs its event's beside it. Public reads, at most one batched or
   * paged read (cached, or already read by the listing); events not found are left out.
   */
  fetchEventTitles(eventTickers: string[], status?: MarketStatusFilter): Promise<Record<string, string>>;
  fetchMarketLineage(ticker: string): Promise<MarketLineage>;
  /**
   * The book of an asset. `outcome` names the side of a binary market to price it on: on Kalshi
   * `no` is the NO book (bids 1 − YES asks, asks 1 − YES bids, best first); omitted, or the
   * asset's own outcome, is the asset's own book (Kalshi YES; a Polymarket token's own).
   */
  fetchOrderbook(assetId: string, outcome?: string): Promise<Orderbook>;
  fetchOrder(orderId: string): Promise<Order>;
  /**
   * An order by the id pmt sent it with: Kalshi's client_order_id, Polymarket's order hash (which
   * is its order id). `hint` narrows the search (the journal knows the asset and the send time).
   * Not found is OrderNotFound.
   */
  fetchOrderByClientId(clientOrderId: string, hint?: ClientIdHint): Promise<Order>;
  fetchOpenOrders(assetId?: string): Promise<Order[]>;
  /** Orders are validated (tick, minimum, outcome) before anything is signed or sent. */
  createOrder(req: CreateOrderRequest, opts?: CreateOrderOptions): Promise<Order>;
  cancelAllOrders(assetId?: string): Promise<CancelResult>;
  /** Cancel one order; resolves to the order as the exchange now holds it (status `cancelled`). */
  cancelOrder(orderId: string): Promise<Order>;
  /** New price (of the order's own outcome) and/or total size; NotSupported where the exchange has no amend. */
  amendOrder(orderId: string, req: AmendRequest): Promise<Order>;
  /**
   * The exchange's order groups (Kalshi: a rolling 15-second contract limit; triggering one
   * cancels its orders and blocks new ones until reset). Create answers the new group, list every
   * group, trigger and reset the group acted on. NotSupported where the exchange has none.
   */
  orderGroups(req: OrderGroupRequest): Promise<OrderGroup[]>;
  /** Cash available to trade, in dollars, with what people also want to see (portfolio value, allowance). */
  fetchBalance(): Promise<BalanceDetail>;
  /** Every open position (all pages), optionally of one market; prices of the outcome held. */
  /** Positions by lifecycle status (`open` when absent; only the statuses the manifest lists reach an adapter). */
  fetchPositions(marketTicker?: string, opts?: { status?: PositionStatus }): Promise<Position[]>;
  /** One page of the caller's fills, newest first. */
  fetchFills(params?: FetchFillsParams): Promise<FillsPage>;
  /** One page of a market's public trades, newest first. */
  fetchTrades(assetId: string, params?: FetchTradesParams): Promise<TradesPage>;
  /** Candles of a market (Kalshi ticker) or token (Polymarket token id), oldest first. */
  fetchPriceHistory(assetId: string, params: PriceHistoryParams): Promise<Candle[]>;

  /** Market metadata for an orderable asset (tick, minimum size, outcomes). */
  describeAsset(assetId: string): Promise<AssetInfo>;
  /** Resolve a unified market id or native ticker (+ outcome) to an orderable asset id. */
  resolveAsset(input: string, outcome?: string): Promise<string>;
  /**
   * Every orderable asset of the market `input` names, for scoping order reads and cancels by
   * market (contract: `--asset polymarket:<slug>` covers each outcome's token). Kalshi: the one
   * ticker (its orders on both outcomes); Polymarket: every outcome token of a market id, and
   * just the token for a token id.
   */
  resolveMarketAssets(input: string): Promise<string[]>;
  /** The exact upstream request create_order would send, without sending it (`--dry-run`). */
  previewOrder(req: CreateOrderRequest): Promise<{ method: string; url: string; body: unknown }>;
  /**
   * The fee inputs for an asset described by `describeAsset` (public reads only). Failures reject;
   * the order preview turns them into "fee unknown" and never blocks an order on them.
   */
  fetchFeeSchedule(info: AssetInfo): Promise<FeeSchedule>;
  /** What a schedule read by `fetchFeeSchedule` makes an order's legs cost (pure; the exchange's published formula). */
  estimateFees(schedule: FeeSchedule, legs: FeeLegs): FeeAmounts;
  /** One authenticated request: are the credentials present and accepted? */
  checkAuth(): Promise<AuthCheck>;
  /**
   * Deeper account diagnosis after `checkAuth` (whose result it is given, so nothing is asked
   * twice): Polymarket, which wallet setting finds the funds; Kalshi, whether a refused key
   * belongs to the other environment.
   */
  checkFunds(auth?: AuthCheck): Promise<FundsCheck>;
  /**
   * The live book of an asset over the exchange's WebSocket, on the scale of `opts.outcome`
   * (BookUpdate events). Input errors throw at once; connection failures that no reconnect can
   * fix arrive through `opts.onFatal`.
   */
  watchBook(assetId: string, opts: WatchBookOptions): BookStream;
  /** The account's orders and fills as the exchange pushes them (order-stream.ts); needs credentials. */
  watchOrders(opts: WatchOrdersOptions): OrderStream;
}

export interface CreateOrderOptions {
  /** Called with the upstream payload right before it is sent (for logs and tests). */
  onPayload?: (payload: unknown) => void;
  /**
   * Called synchronously right before the request leaves, with the ids the order can be found by
   * (the local journal writes its intent here, so a killed process still leaves a trace).
   */
  onSend?: (ids: SendIds) => void;
  /**
   * Send under this client order id instead of a fresh one (Kalshi; a re-send after an unknown
   * outcome, which the exchange refuses as a duplicate if the first copy landed). Polymarket:
   * NotSupported (its order hash is the identity; pmt re-sends only the same signed bytes).
   */
  clientOrderId?: string;
  /**
   * The caller's idempotency key (`pmt serve`): an exchange that dedups by client order id sends
   * under an id derived from it (Kalshi), so a repeat is refused there too; others ignore it.
   */
  idempotencyKey?: string;
}

/** What identifies a create before any answer: Kalshi's client_order_id or Polymarket's order hash. */
export type OrderGroupRequest = { action: 'create'; contracts_limit: number } | { action: 'list' } | { action: 'trigger' | 'reset' | 'delete'; id: string };

/** One exchange order group as pmt shows it. */
export interface OrderGroup {
  id: string;
  /** Contracts that may match within the rolling window; null when the exchange does not say. */
  contracts_limit: number | null;
  /** True once triggered (or its limit was hit): its orders are cancelled and new ones refused until reset. */
  triggered: boolean;
}

export interface SendIds {
  client_order_id: string | null;
  order_hash: string | null;
}

export interface ClientIdHint {
  /** The asset the order was placed on. */
  asset_id?: string;
  /** When it was sent (ms since the epoch). */
  since_ms?: number;
}

