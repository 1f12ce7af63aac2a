/** The Kalshi V1 wire shapes of the portfolio double's state. */
import { Decimal } from '../../../src/decimal.js';
import type { PortfolioOrder } from './portfolio.js';

const fp = (d: Decimal) => d.toFixed(2);
const usd = (d: Decimal) => d.toFixed(Math.max(4, d.places()));
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The `Order` object of kalshi-typescript 3.30.0 (models/order.ts): every required field,
 * `_dollars` and `_fp` strings, the canonical direction (`outcome_side`: the outcome the order is
 * long, `book_side`: bid ≡ yes, ask ≡ no), the shard (`exchange_index`) and, unless
 * `canonicalOnly`, the deprecated `side`/`action`.
 */
export function toV1Order(o: PortfolioOrder, opts: { canonicalOnly?: boolean } = {}): Record<string, unknown> {
  const longYes = (o.v1Side === 'yes') === (o.v1Action === 'buy');
  return {
    order_id: o.id,
    user_id: `user-${o.keyId.slice(0, 8)}`,
    client_order_id: o.clientOrderId,
    ticker: o.ticker,
    ...(opts.canonicalOnly ? {} : { side: o.v1Side, action: o.v1Action }),
    outcome_side: longYes ? 'yes' : 'no',
    book_side: longYes ? 'bid' : 'ask',
    exchange_index: o.exchangeIndex,
    type: 'limit',
    status: o.status,
    yes_price_dollars: usd(o.yesPrice),
    no_price_dollars: usd(Decimal.ONE.minus(o.yesPrice)),
    fill_count_fp: fp(o.filled),
    remaining_count_fp: fp(o.remaining),
    initial_count_fp: fp(o.initial),
    taker_fill_cost_dollars: usd(o.takerCost),
    maker_fill_cost_dollars: usd(Decimal.ZERO),
    taker_fees_dollars: usd(o.takerFees),
    maker_fees_dollars: usd(Decimal.ZERO),
    expiration_time: null,
    created_time: iso(o.createdMs),
    ...(o.updatedMs === null ? {} : { last_update_time: iso(o.updatedMs) }),
    self_trade_prevention_type: o.stp,
    order_group_id: null,
    cancel_order_on_pause: false,
  };
}
