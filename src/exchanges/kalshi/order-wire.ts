/**
 * The Kalshi V2 create-order request (`POST /portfolio/events/orders`), built from a checked
 * order. Pure.
 *
 * Outcome/side/price mapping. The contract fixes every price as the YES probability on the
 * market's YES-priced book; `--outcome no` at price p trades NO at 1 − p. Kalshi V2 quotes one
 * YES book with `bid` = buy YES and `ask` = sell YES, and selling YES at p is the same position
 * as buying NO at 1 − p. So the wire price is ALWAYS p, never mirrored; only the book side moves:
 *
 * | outcome | side | V2 side | V2 price | what the trader gets            |
 * |---------|------|---------|----------|---------------------------------|
 * | yes     | buy  | bid     | p        | buys YES at p                   |
 * | yes     | sell | ask     | p        | sells YES at p                  |
 * | no      | buy  | ask     | p        | buys NO at 1 − p (≡ sell YES p) |
 * | no      | sell | bid     | p        | sells NO at 1 − p (≡ buy YES p) |
 *
 * (openpx instead read p as the NO price for `no` and sent 1 − p; pmt follows the contract.)
 */
import type { Decimal } from '../../decimal.js';
import type { OrderSide, OrderType } from '../types.js';
import type { CheckedOrder } from './order-rules.js';

export type BookSide = 'bid' | 'ask';

export function bookSideFor(outcome: 'yes' | 'no', side: OrderSide): BookSide {
  const buysYes = (outcome === 'yes') === (side === 'buy');
  return buysYes ? 'bid' : 'ask';
}

export const TIME_IN_FORCE: Record<OrderType, 'good_till_canceled' | 'immediate_or_cancel' | 'fill_or_kill'> = {
  gtc: 'good_till_canceled',
  ioc: 'immediate_or_cancel',
  fok: 'fill_or_kill',
};

/** `CreateOrderV2Request`, with only the fields pmt sends. */
export interface CreateOrderV2Body {
  ticker: string;
  client_order_id: string;
  side: BookSide;
  /** FixedPointCount, 2 decimals ("10.00"). */
  count: string;
  /** FixedPointDollars, 4 decimals ("0.5600"; more only if the market's grid is finer). */
  price: string;
  time_in_force: (typeof TIME_IN_FORCE)[OrderType];
  /** Cancel our own taker order rather than trade with ourselves. */
  self_trade_prevention_type: 'taker_at_cross';
  /** Rest or nothing; sent only when asked for (the default body stays as it was). */
  post_only?: true;
}

export function formatCount(count: Decimal): string {
  return count.toFixed(2);
}

export function formatPrice(price: Decimal): string {
  return price.toFixed(Math.max(4, price.places()));
}

export function createOrderBody(
  ticker: string,
  checked: CheckedOrder,
  side: OrderSide,
  orderType: OrderType,
  clientOrderId: string,
  postOnly = false,
): CreateOrderV2Body {
  return {
    ticker,
    client_order_id: clientOrderId,
    side: bookSideFor(checked.outcome, side),
    count: formatCount(checked.count),
    price: formatPrice(checked.price),
    time_in_force: TIME_IN_FORCE[orderType],
    self_trade_prevention_type: 'taker_at_cross',
    ...(postOnly ? { post_only: true as const } : {}),
  };
}
