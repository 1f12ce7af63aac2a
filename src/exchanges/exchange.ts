/**
 * The Exchange interface every adapter implements, and capabilities as data (ccxt's `has`).
 * Commands and `pmt serve` talk only to this; upstream names stay inside `exchanges/<id>/`.
 */
import type {
  CreateOrderRequest,
  ExchangeId,
  FetchMarketsParams,
  Market,
  MarketLineage,
  MarketsPage,
  SearchMarketsParams,
  SearchMarketsResult,
  Order,
  Orderbook,
} from './types.js';
import type { BookStream, WatchBookOptions } from './stream.js';

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
  /** Price grid in dollars. */
  tick_size: number;
  /** Minimum order size in contracts. */
  min_order_size: number;
  /** Polymarket neg-risk routing; null on Kalshi. */
  neg_risk: boolean | null;
}

/**
 * What an exchange publishes about the fees one asset's trades pay: the inputs of the preview's
 * fee estimate, read fresh for each order. Amounts are computed from these by the order preview.
 */
export type FeeSchedule = KalshiFeeSchedule | PolymarketFeeSchedule;

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

/** Server-side view of an account check (`pmt exchanges --check`). */
export interface AuthCheck {
  ok: boolean;
  /** Local clock minus the exchange's clock, in ms, when the exchange reports its time. */
  clock_skew_ms: number | null;
  detail: string;
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
  /** `production` or `demo` (Kalshi), `production` (Polymarket). */
  readonly environment: string;

  fetchMarkets(params: FetchMarketsParams): Promise<MarketsPage>;
  /** Markets whose title, event or series matches words, best first (public reads). */
  searchMarkets(params: SearchMarketsParams): Promise<SearchMarketsResult>;
  fetchMarketLineage(ticker: string): Promise<MarketLineage>;
  fetchOrderbook(assetId: string): Promise<Orderbook>;
  fetchOrder(orderId: string): Promise<Order>;
  fetchOpenOrders(assetId?: string): Promise<Order[]>;
  /** Orders are validated (tick, minimum, outcome) before anything is signed or sent. */
  createOrder(req: CreateOrderRequest, opts?: CreateOrderOptions): Promise<Order>;
  cancelAllOrders(assetId?: string): Promise<CancelResult>;

  /** Market metadata for an orderable asset (tick, minimum size, outcomes). */
  describeAsset(assetId: string): Promise<AssetInfo>;
  /** Resolve a unified market id or native ticker (+ outcome) to an orderable asset id. */
  resolveAsset(input: string, outcome?: string): Promise<string>;
  /** The exact upstream request create_order would send, without sending it (`--dry-run`). */
  previewOrder(req: CreateOrderRequest): Promise<{ method: string; url: string; body: unknown }>;
  /**
   * The fee inputs for an asset described by `describeAsset` (public reads only). Failures reject;
   * the order preview turns them into "fee unknown" and never blocks an order on them.
   */
  fetchFeeSchedule(info: AssetInfo): Promise<FeeSchedule>;
  /** One authenticated request: are the credentials present and accepted? */
  checkAuth(): Promise<AuthCheck>;
  /**
   * The live book of an asset over the exchange's WebSocket, on the scale of `opts.outcome`
   * (BookUpdate events). Input errors throw at once; connection failures that no reconnect can
   * fix arrive through `opts.onFatal`.
   */
  watchBook(assetId: string, opts: WatchBookOptions): BookStream;
}

export interface CreateOrderOptions {
  /** Called with the upstream payload right before it is sent (for logs and tests). */
  onPayload?: (payload: unknown) => void;
}

