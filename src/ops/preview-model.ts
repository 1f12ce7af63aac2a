/** The order preview as data: what ops compute before an order is sent, and views render. */
import type { Decimal } from '../decimal.js';
import type { ExchangeId } from '../exchanges/registry.js';
import type { OrderSide, OrderType } from '../exchanges/types.js';

/** A pre-trade check the preview reports (all pass by the time a preview is shown). */
export interface Check {
  name: 'price' | 'tick' | 'size' | 'min_size' | 'outcome' | 'market_status' | 'book' | 'funds' | 'position';
  ok: boolean;
  detail: string;
}

/**
 * The preview's fee estimate in dollars, from the exchange's published schedule. An amount the
 * schedule cannot establish is null and `reason` says why; the order is never blocked on it.
 */
export interface FeeEstimate {
  /** Fee on the contracts that would fill now (they take liquidity). */
  taker: Decimal | null;
  /** Fee on the contracts that would rest, charged only if and when they fill (they make liquidity). */
  maker: Decimal | null;
  /** taker + maker; null when either is unknown. */
  total: Decimal | null;
  /** Contracts counted as taker and as maker. */
  taker_size: Decimal;
  maker_size: Decimal;
  /** The formula and inputs the amounts come from, in words. */
  basis: string;
  /** Why an amount is null; null when all are known. */
  reason: string | null;
  /** The exchange's fee inputs as read; null when they could not be read. */
  schedule: Record<string, string | number | boolean | null> | null;
}

export interface OrderPreview {
  exchange: ExchangeId;
  environment: string;
  asset_id: string;
  market: { unified_id: string; title: string; status: string };
  side: OrderSide;
  order_type: OrderType;
  /** Outcome traded, as the exchange labels it. */
  outcome: string;
  /** Outcome the asset's book prices (Kalshi `Yes`; Polymarket the token's own). */
  book_outcome: string;
  /** The other outcome of a two-outcome market; null otherwise. */
  complement: string | null;
  /** The limit on the asset's own book (what is sent): Kalshi NO at p is the YES price 1 − p. */
  book_price: Decimal;
  /** Limit on the traded outcome's scale (what the trader pays or receives per contract). */
  outcome_price: Decimal;
  size: Decimal;
  /** price × size on the outcome's scale: cost of a buy, proceeds of a sell. */
  notional: Decimal;
  /** A buy pays $1 per contract if its outcome wins. */
  max_payout: Decimal | null;
  /** The order's side on the asset's own book: a Kalshi NO buy is a YES sell (an ask). */
  book_side: OrderSide;
  /** Best bid and ask of the traded outcome's book. */
  best_bid: number | null;
  best_ask: number | null;
  /** Contracts that would fill at once at or better than the limit (outcome scale avg). */
  fill_now: { filled: Decimal; avg: Decimal | null; resting: Decimal } | null;
  /** Market-order impact at this size on the side the order takes (outcome scale avg). */
  impact: { avg_price: Decimal | null; fill_pct: number; slippage_bps: number | null; mid: number | null } | null;
  book_time: string | null;
  /** Age of the book snapshot in whole seconds at preview time; null when unknown. */
  book_age_s: number | null;
  /** Estimated trading fees of this order. */
  fee: FeeEstimate;
  checks: Check[];
  warnings: string[];
}
