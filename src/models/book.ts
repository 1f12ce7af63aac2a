/**
 * The book models of the interface document: Orderbook and its levels, and the statistics and
 * impact computed from one (see market.ts for how a definition serves the type, serve's schema
 * and the tests).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Model, Nullable, Num, Str } from './kit.js';

export const LevelSchema = Model('Level', 'One price level', {
  price: Num('Price as a probability'),
  size: Num('Contracts'),
});
export type Level = Static<typeof LevelSchema>;

export const OrderbookSchema = Model('Orderbook', 'Full-depth level-2 orderbook of one asset', {
  asset_id: Str('Kalshi market ticker or Polymarket conditional-token id'),
  asks: Type.Array(LevelSchema, { description: 'Ascending by price' }),
  bids: Type.Array(LevelSchema, { description: 'Descending by price' }),
  hash: Nullable(Str(), 'Polymarket book hash; null on Kalshi'),
  last_update_id: Nullable(Type.Integer({ minimum: 0 }), 'Monotonic upstream sequence id; null when not provided'),
  timestamp: DateTime('Upstream snapshot time (UTC)'),
});
export type Orderbook = Static<typeof OrderbookSchema>;

export const OrderbookStatsSchema = Model('OrderbookStats', 'Snapshot statistics of one book', {
  asset_id: Str(),
  ask_depth: Num('Total resting ask size in contracts'),
  bid_depth: Num('Total resting bid size in contracts'),
  service_ts: DateTime('When the service served the response (UTC)'),
  best_ask: Nullable(Num(), 'Best ask; null when there are no asks'),
  best_bid: Nullable(Num(), 'Best bid; null when there are no bids'),
  exchange_ts: Nullable(DateTime(), 'Upstream snapshot time (UTC)'),
  imbalance: Nullable(Type.Number({ minimum: -1, maximum: 1 }), 'Top-10 imbalance in [-1, 1]; positive is bid-heavy'),
  mid: Nullable(Num(), 'Mid price'),
  spread_bps: Nullable(Num(), 'Spread in basis points of mid'),
  weighted_mid: Nullable(Num(), 'Size-weighted mid of the top-10 levels'),
});
export type OrderbookStats = Static<typeof OrderbookStatsSchema>;

export const OrderbookImpactSchema = Model('OrderbookImpact', 'Slippage of a market order of one size, each side', {
  asset_id: Str(),
  size: Num('Requested size in contracts'),
  buy_fill_pct: Type.Number({ minimum: 0, maximum: 100, description: 'Buy-side fill percentage in [0, 100]' }),
  sell_fill_pct: Type.Number({ minimum: 0, maximum: 100, description: 'Sell-side fill percentage in [0, 100]' }),
  service_ts: DateTime('When the service served the response (UTC)'),
  buy_avg_price: Nullable(Num(), 'Average fill price hitting asks'),
  sell_avg_price: Nullable(Num(), 'Average fill price hitting bids'),
  buy_slippage_bps: Nullable(Num(), 'Buy-side slippage versus mid, bps'),
  sell_slippage_bps: Nullable(Num(), 'Sell-side slippage versus mid, bps'),
  mid: Nullable(Num(), 'Mid price'),
  exchange_ts: Nullable(DateTime(), 'Upstream snapshot time (UTC)'),
});
export type OrderbookImpact = Static<typeof OrderbookImpactSchema>;
