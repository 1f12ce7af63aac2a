/**
 * The market models of the interface document (unified-interface.md: Market, Outcome, Event,
 * Series, SettlementSource, MarketLineage, and fetch_markets' page), snake_case as they go on the
 * wire. One TypeBox definition per model gives the TypeScript type (`Static`), the JSON Schema
 * serve validates with and publishes, and the tests' field lists. `--json`, `--ndjson` and
 * `pmt serve` print exactly these shapes: every field present, `null` where nullable and unknown,
 * nothing extra; the key order printed is the adapters' (each builds its objects in this order).
 *
 * Everything outside serve and the tests imports these as types only (`import type`), so TypeBox
 * is never loaded by the CLI's start-up or its commands.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EXCHANGE_IDS } from './exchange-ids.js';
import { MARKET_STATUSES, MARKET_TYPES } from './enums.js';
import { DateTime, Model, Nullable, Num, Probability, Str, StringEnum } from './kit.js';

export const OutcomeSchema = Model('Outcome', 'One outcome of a market', {
  label: Str('Outcome label: Yes, No, or a categorical option name'),
  price: Nullable(Probability(), 'Current price as a probability in [0, 1]; null when not yet quoted'),
  token_id: Nullable(Str(), 'Polymarket conditional-token id (decimal uint256 string); null on Kalshi'),
});
export type Outcome = Static<typeof OutcomeSchema>;

export const MarketSchema = Model('Market', 'A market on one exchange', {
  exchange: StringEnum(EXCHANGE_IDS, 'Source exchange'),
  market_type: StringEnum(MARKET_TYPES, 'Outcome shape'),
  unified_id: Str('`<exchange>:<ticker>`, e.g. kalshi:KXBTCD-25APR1517'),
  status: StringEnum(MARKET_STATUSES, 'Lifecycle state'),
  ticker: Str('Kalshi market ticker or Polymarket market slug'),
  title: Str('Human-readable title'),
  volume: Num('Lifetime trading volume in USD'),
  best_ask: Nullable(Probability(), 'Best ask, YES probability in [0, 1]'),
  best_bid: Nullable(Probability(), 'Best bid, YES probability in [0, 1]'),
  last_trade_price: Nullable(Probability(), 'Last trade price, YES probability in [0, 1]'),
  close_time: Nullable(DateTime(), 'Market close time (UTC)'),
  open_time: Nullable(DateTime(), 'Market open time (UTC)'),
  created_at: Nullable(DateTime(), 'Market creation time (UTC)'),
  settlement_time: Nullable(DateTime(), 'Settlement time (UTC); null until the market resolves'),
  condition_id: Nullable(Str(), 'Polymarket condition id; null on Kalshi'),
  event_ticker: Nullable(Str(), 'Kalshi event ticker or Polymarket event slug'),
  min_order_size: Nullable(Num(), 'Minimum order size in contracts'),
  neg_risk: Nullable(Type.Boolean(), 'Polymarket neg-risk flag; null on Kalshi'),
  neg_risk_market_id: Nullable(Str(), 'Polymarket neg-risk market id; null on Kalshi'),
  numeric_id: Nullable(Str(), 'Polymarket numeric Gamma id; null on Kalshi'),
  outcomes: Type.Array(OutcomeSchema, { description: 'Ordered outcomes; a binary market has Yes and No' }),
  result: Nullable(Str(), 'Winning outcome label after settlement'),
  rules: Nullable(Str(), 'Resolution rules in plain text'),
  tick_size: Nullable(Num(), 'Minimum price increment in dollars, e.g. 0.01'),
  volume_24h: Nullable(Num(), '24-hour volume in USD'),
});
export type Market = Static<typeof MarketSchema>;

export const EventSchema = Model('Event', 'A group of related markets', {
  ticker: Str('Kalshi event ticker or Polymarket event slug'),
  title: Str('Human-readable title'),
  category: Nullable(Str()),
  description: Nullable(Str()),
  start_ts: Nullable(DateTime(), 'Event start time'),
  end_ts: Nullable(DateTime(), 'Event end time'),
  last_updated_ts: Nullable(DateTime(), 'Last upstream update time'),
  market_tickers: Type.Array(Str()),
  mutually_exclusive: Nullable(Type.Boolean()),
  numeric_id: Nullable(Str(), 'Polymarket numeric event id; null on Kalshi'),
  open_interest: Nullable(Num(), 'Open interest in USD'),
  series_ticker: Nullable(Str()),
  status: Nullable(Str(), 'Upstream lifecycle string (free-form)'),
  volume: Nullable(Num(), 'Lifetime volume in USD'),
});
export type Event = Static<typeof EventSchema>;

export const SettlementSourceSchema = Model('SettlementSource', 'A resolution source', {
  name: Nullable(Str()),
  url: Nullable(Str()),
});
export type SettlementSource = Static<typeof SettlementSourceSchema>;

export const SeriesSchema = Model('Series', 'A recurring family of events', {
  ticker: Str(),
  title: Str(),
  category: Nullable(Str()),
  fee_type: Nullable(Str()),
  frequency: Nullable(Str()),
  last_updated_ts: Nullable(DateTime(), 'Last upstream update time'),
  numeric_id: Nullable(Str(), 'Polymarket numeric series id; null on Kalshi'),
  settlement_sources: Type.Array(SettlementSourceSchema),
  tags: Type.Array(Str()),
  volume: Nullable(Num(), 'Lifetime volume in USD across the series'),
});
export type Series = Static<typeof SeriesSchema>;

export const MarketLineageSchema = Model('MarketLineage', 'A market with its parent event and series', {
  market: MarketSchema,
  event: Nullable(EventSchema, 'Parent event; null if the market is standalone or the parent is missing upstream'),
  series: Nullable(SeriesSchema, 'Parent series; null if the event is standalone or the parent is missing upstream'),
});
export type MarketLineage = Static<typeof MarketLineageSchema>;

/** One page of fetch_markets. `cursor` is null when there is no further page. */
export const MarketsPageSchema = Model('MarketsPage', 'One page of fetch_markets', {
  markets: Type.Array(MarketSchema),
  cursor: Nullable(Str(), 'Opaque cursor for the next page; null on the last page'),
});
export type MarketsPage = Static<typeof MarketsPageSchema>;
