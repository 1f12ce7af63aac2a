/**
 * Your orders and fills, live (`pmt order watch`): each adapter subscribes to its exchange's
 * authenticated push channel (Polymarket's user channel, Kalshi's `user_orders` and `fill`,
 * Polymarket US's private socket's order updates) and
 * reports what happens to the account's orders as OrderEvents. Push, not polling: nothing is
 * asked of REST while watching. Prices are those of the outcome beside them (the contract).
 */
import type { ExchangeId } from './types.js';
import type { StreamState } from './stream.js';

export interface OrderEvent {
  exchange: ExchangeId;
  /** `order`: the order was placed, changed, filled or cancelled; `fill`: an execution of it. */
  kind: 'order' | 'fill';
  order_id: string;
  /** Kalshi market ticker or Polymarket condition id. */
  market_ticker: string | null;
  /** Kalshi market ticker or Polymarket token id. */
  asset_id: string | null;
  outcome: string | null;
  side: 'buy' | 'sell' | null;
  /** Limit price (order) or execution price (fill) of `outcome`. */
  price: number | null;
  /** Order: its size; fill: the contracts executed. */
  size: number | null;
  /** Order: contracts filled so far; fill: null. */
  filled: number | null;
  /** Order: `open`, `filled`, `cancelled` (or the exchange's word when another); fill: the exchange's settlement state, else null. */
  status: string | null;
  /** Fill: whether the account took liquidity; null when not said. */
  is_taker: boolean | null;
  /** Fill id (trade id); null for order events. */
  fill_id: string | null;
  exchange_ts: string;
  local_ts_ms: number;
}

export interface WatchOrdersOptions {
  onEvent: (e: OrderEvent) => void;
  onState?: (s: StreamState, detail?: string) => void;
  onFatal?: (e: Error) => void;
}

export interface OrderStream {
  close(): void;
}
