/**
 * The Kalshi V2 create-order request (`POST /portfolio/events/orders`), built from a checked
 * order. Pure.
 *
 * Outcome/side/price mapping (contract, "Prices and outcomes"): a price is always the price of
 * the outcome it stands beside, so `--outcome no --price 0.30` buys NO at 0.30. Kalshi V2 quotes
 * one YES book, `bid` = buy YES, `ask` = sell YES; buying NO at q is the same position as selling
 * YES at 1 − q. So NO orders move to the other book side AND are sent at 1 − q, exactly
 * (Decimal), as the reference implementation does:
 *
 * | outcome | side | V2 side | V2 price | what the trader gets |
 * |---------|------|---------|----------|----------------------|
 * | yes     | buy  | bid     | p        | buys YES at p        |
 * | yes     | sell | ask     | p        | sells YES at p       |
 * | no      | buy  | ask     | 1 − p    | buys NO at p         |
 * | no      | sell | bid     | 1 − p    | sells NO at p        |
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
  /** GTD: unix seconds at which the resting order expires (with good_till_canceled). */
  expiration_time?: number;
  /** Only reduce the position held; Kalshi caps the count by it. */
  reduce_only?: true;
  /** The order group it joins (`--group`); sent only when given. */
  order_group_id?: string;
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
  more: { expiresAt?: number; reduceOnly?: boolean; orderGroupId?: string } = {},
): CreateOrderV2Body {
  return {
    ticker,
    client_order_id: clientOrderId,
    side: bookSideFor(checked.outcome, side),
    count: formatCount(checked.count),
    price: formatPrice(checked.yesPrice),
    time_in_force: TIME_IN_FORCE[orderType],
    self_trade_prevention_type: 'taker_at_cross',
    ...(postOnly ? { post_only: true as const } : {}),
    // GTD: good_till_canceled with expiration_time (unix seconds), as CreateOrderV2Request says.
    ...(more.expiresAt !== undefined ? { expiration_time: more.expiresAt } : {}),
    ...(more.reduceOnly ? { reduce_only: true as const } : {}),
    ...(more.orderGroupId ? { order_group_id: more.orderGroupId } : {}),
  };
}
