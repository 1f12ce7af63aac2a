/**
 * The fixed value lists of the models (enums of the interface document). Plain constants, no
 * TypeBox: the adapters, ops and commands use them at run time, and the model definitions
 * (market.ts, order.ts) turn them into schema enums.
 */
export const MARKET_TYPES = ['binary', 'categorical', 'scalar'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];
export const MARKET_STATUSES = ['active', 'closed', 'resolved'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];
export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_STATUSES = ['pending', 'open', 'filled', 'partially_filled', 'cancelled', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The interface document's nine error kinds plus the contract's `RiskLimit` (exit 11, serve 403). */
export const ERROR_KINDS = [
  'Authentication',
  'InsufficientFunds',
  'MarketNotFound',
  'OrderNotFound',
  'RateLimited',
  'NetworkError',
  'Api',
  'Config',
  'NotSupported',
  'RiskLimit',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];
/** `pmt positions --status`: the lifecycle filter (Polymarket Data API v2 `status`); `open` is the default. */
export const POSITION_STATUSES = ['open', 'redeemable', 'mergeable', 'closed'] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];
