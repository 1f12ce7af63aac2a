/**
 * JSON Schemas of the interface's models, written to match `src/exchanges/types.ts` field for
 * field: every field required (present, `null` where nullable), nothing extra. The same objects
 * describe responses to fastify and become `components.schemas` of `/v1/openapi.json`, so the
 * served description cannot drift from what is checked. Keywords are limited to those that mean
 * the same in draft-07 (ajv) and 2020-12 (OpenAPI 3.1).
 */
import { ERROR_KINDS } from '../errors.js';
import { EXCHANGE_IDS, MARKET_STATUSES, ORDER_SIDES, ORDER_STATUSES } from '../exchanges/types.js';

export type JsonSchema = Record<string, unknown>;

const str = (description?: string): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
const num = (description?: string): JsonSchema => ({ type: 'number', ...(description ? { description } : {}) });
const prob = (description: string): JsonSchema => ({ type: 'number', minimum: 0, maximum: 1, description });
const dateTime = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });

/** `T|null` of a simple typed schema, or of a model (by reference). */
export function nullable(s: JsonSchema): JsonSchema {
  if (MODEL_NAMES.has(s)) return { oneOf: [s, { type: 'null' }] };
  const t = s.type;
  if (typeof t !== 'string') throw new Error('nullable() needs a schema with one type');
  return { ...s, type: [t, 'null'] };
}

/** A closed object: all listed properties required, no others. */
function model(properties: Record<string, JsonSchema>, description: string): JsonSchema {
  return { type: 'object', description, properties, required: Object.keys(properties), additionalProperties: false };
}

const MODEL_NAMES = new Map<JsonSchema, string>();
function named<T extends JsonSchema>(name: string, s: T): T {
  MODEL_NAMES.set(s, name);
  return s;
}

export const Outcome = named(
  'Outcome',
  model(
    {
      label: str('Outcome label: Yes, No, or a categorical option name'),
      price: nullable(prob('Current price as a probability in [0, 1]; null when not yet quoted')),
      token_id: nullable(str('Polymarket conditional-token id; null on Kalshi')),
    },
    'One outcome of a market',
  ),
);

export const Market = named(
  'Market',
  model(
    {
      exchange: { type: 'string', enum: [...EXCHANGE_IDS], description: 'Source exchange' },
      market_type: { type: 'string', enum: ['binary', 'categorical', 'scalar'] },
      unified_id: str('`<exchange>:<ticker>`, e.g. kalshi:KXBTCD-25APR1517'),
      status: { type: 'string', enum: [...MARKET_STATUSES] },
      ticker: str('Kalshi market ticker or Polymarket market slug'),
      title: str(),
      volume: num('Lifetime trading volume in USD'),
      best_ask: nullable(prob('Best ask, YES probability')),
      best_bid: nullable(prob('Best bid, YES probability')),
      last_trade_price: nullable(prob('Last trade price, YES probability')),
      close_time: nullable(dateTime('Market close time')),
      open_time: nullable(dateTime('Market open time')),
      created_at: nullable(dateTime('Market creation time')),
      settlement_time: nullable(dateTime('Settlement time; null until the market resolves')),
      condition_id: nullable(str('Polymarket condition id; null on Kalshi')),
      event_ticker: nullable(str('Kalshi event ticker or Polymarket event slug')),
      min_order_size: nullable(num('Minimum order size in contracts')),
      neg_risk: nullable({ type: 'boolean', description: 'Polymarket neg-risk flag; null on Kalshi' }),
      neg_risk_market_id: nullable(str('Polymarket neg-risk market id; null on Kalshi')),
      numeric_id: nullable(str('Polymarket numeric id; null on Kalshi')),
      outcomes: { type: 'array', items: Outcome },
      result: nullable(str('Winning outcome label after settlement')),
      rules: nullable(str('Resolution rules in plain text')),
      tick_size: nullable(num('Minimum price increment in dollars')),
      volume_24h: nullable(num('24-hour volume in USD')),
    },
    'A market on one exchange',
  ),
);

export const Event = named(
  'Event',
  model(
    {
      ticker: str('Kalshi event ticker or Polymarket event slug'),
      title: str(),
      category: nullable(str()),
      description: nullable(str()),
      start_ts: nullable(dateTime('Event start time')),
      end_ts: nullable(dateTime('Event end time')),
      last_updated_ts: nullable(dateTime('Last upstream update time')),
      market_tickers: { type: 'array', items: str() },
      mutually_exclusive: nullable({ type: 'boolean' }),
      numeric_id: nullable(str('Polymarket numeric event id; null on Kalshi')),
      open_interest: nullable(num('Open interest in USD')),
      series_ticker: nullable(str()),
      status: nullable(str('Upstream lifecycle string (free-form)')),
      volume: nullable(num('Lifetime volume in USD')),
    },
    'A group of related markets',
  ),
);

export const SettlementSource = named('SettlementSource', model({ name: nullable(str()), url: nullable(str()) }, 'A resolution source'));

export const Series = named(
  'Series',
  model(
    {
      ticker: str(),
      title: str(),
      category: nullable(str()),
      fee_type: nullable(str()),
      frequency: nullable(str()),
      last_updated_ts: nullable(dateTime('Last upstream update time')),
      numeric_id: nullable(str('Polymarket numeric series id; null on Kalshi')),
      settlement_sources: { type: 'array', items: SettlementSource },
      tags: { type: 'array', items: str() },
      volume: nullable(num('Lifetime volume in USD across the series')),
    },
    'A recurring family of events',
  ),
);

export const MarketLineage = named(
  'MarketLineage',
  model({ market: Market, event: nullable(Event), series: nullable(Series) }, 'A market with its parent event and series'),
);

export const MarketsPage = named(
  'MarketsPage',
  model(
    {
      markets: { type: 'array', items: Market },
      cursor: nullable(str('Opaque cursor for the next page; null on the last page')),
    },
    'One page of fetch_markets',
  ),
);

export const Order = named(
  'Order',
  model(
    {
      id: str('Exchange order id: Kalshi UUID or Polymarket 0x + 64 hex'),
      market_ticker: str('Market ticker the order belongs to'),
      outcome: str('Outcome label as published (Yes, No, or a categorical label)'),
      side: { type: 'string', enum: [...ORDER_SIDES] },
      price: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: "Limit price on the asset's own book scale" },
      size: num('Order size in contracts'),
      filled: num('Cumulative filled size in contracts'),
      status: { type: 'string', enum: [...ORDER_STATUSES] },
      created_at: dateTime('Creation time (UTC)'),
      fee: nullable(num('Per-contract fee in dollars; null on Polymarket and unfilled orders')),
      updated_at: nullable(dateTime('Last update time (UTC)')),
    },
    'An order',
  ),
);

export const OrderList = { type: 'array', items: Order } as JsonSchema;

export const Level = named('Level', model({ price: num('Price as a probability'), size: num('Contracts') }, 'One price level'));

export const Orderbook = named(
  'Orderbook',
  model(
    {
      asset_id: str('Kalshi market ticker or Polymarket conditional-token id'),
      asks: { type: 'array', items: Level, description: 'Ascending by price' },
      bids: { type: 'array', items: Level, description: 'Descending by price' },
      hash: nullable(str('Polymarket book hash; null on Kalshi')),
      last_update_id: nullable({ type: 'integer', minimum: 0 }),
      timestamp: dateTime('Upstream snapshot time (UTC)'),
    },
    'Full-depth level-2 orderbook of one asset',
  ),
);

export const OrderbookStats = named(
  'OrderbookStats',
  model(
    {
      asset_id: str(),
      ask_depth: num('Total resting ask size in contracts'),
      bid_depth: num('Total resting bid size in contracts'),
      service_ts: dateTime('When the service served the response (UTC)'),
      best_ask: nullable(num('Best ask; null when there are no asks')),
      best_bid: nullable(num('Best bid; null when there are no bids')),
      exchange_ts: nullable(dateTime('Upstream snapshot time (UTC)')),
      imbalance: nullable({ type: 'number', minimum: -1, maximum: 1, description: 'Top-10 imbalance; positive is bid-heavy' }),
      mid: nullable(num('Mid price')),
      spread_bps: nullable(num('Spread in basis points of mid')),
      weighted_mid: nullable(num('Size-weighted mid of the top-10 levels')),
    },
    'Snapshot statistics of one book',
  ),
);

export const OrderbookImpact = named(
  'OrderbookImpact',
  model(
    {
      asset_id: str(),
      size: num('Requested size in contracts'),
      buy_fill_pct: { type: 'number', minimum: 0, maximum: 100 },
      sell_fill_pct: { type: 'number', minimum: 0, maximum: 100 },
      service_ts: dateTime('When the service served the response (UTC)'),
      buy_avg_price: nullable(num('Average fill price hitting asks')),
      sell_avg_price: nullable(num('Average fill price hitting bids')),
      buy_slippage_bps: nullable(num('Buy-side slippage versus mid, bps')),
      sell_slippage_bps: nullable(num('Sell-side slippage versus mid, bps')),
      mid: nullable(num('Mid price')),
      exchange_ts: nullable(dateTime('Upstream snapshot time (UTC)')),
    },
    'Slippage of a market order of one size, each side',
  ),
);

export const ErrorObject = named(
  'Error',
  model({ kind: { type: 'string', enum: [...ERROR_KINDS] }, message: str('What went wrong, in words') }, 'The error object'),
);

/** Name under `components.schemas` of a model schema object, if it is one. */
export function modelName(s: unknown): string | undefined {
  return MODEL_NAMES.get(s as JsonSchema);
}
