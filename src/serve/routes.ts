/**
 * The REST surface as data: one entry per interface operation with its path, request schema
 * (query or body), response model and the error statuses it can answer with. The server registers
 * these with fastify (which validates requests against them) and the OpenAPI document is built
 * from the same entries.
 */
import { EXCHANGE_IDS, MARKET_STATUS_FILTERS, ORDER_SIDES, ORDER_TYPES } from '../exchanges/types.js';
import { DAY_ROUTES } from './day-routes.js';
import { ServeError } from './errors.js';
import * as ops from './ops.js';
import type { Services } from './ops.js';
import { MarketLineage, MarketsPage, Order, OrderList, Orderbook, OrderbookImpact, OrderbookStats, type JsonSchema } from './schemas.js';

export type Tag = 'Markets' | 'Orders' | 'Orderbook' | 'Account' | 'Server';

/** What a handler returns: the body, plus headers when the body alone cannot say everything. */
export interface Outcome {
  body: unknown;
  headers?: Record<string, string>;
}

export interface RouteDef {
  method: 'GET' | 'POST';
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  querystring?: JsonSchema;
  body?: JsonSchema;
  response: JsonSchema;
  /** Error statuses this route documents besides 400/401 (which every route can answer). */
  errors: number[];
  handler(svc: Services, input: { query: never; body: never }): Promise<Outcome>;
}

export const MAX_ID = 200;
const id = (description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: MAX_ID, description });
const exchange: JsonSchema = {
  type: 'string',
  enum: [...EXCHANGE_IDS],
  description: 'Exchange to use, needed only where an id alone cannot tell (a native ticker that could be either)',
};
const assetId = id('Kalshi market ticker, Polymarket conditional-token id (a long decimal), or a unified market id (`kalshi:TICKER`, `polymarket:slug`)');
const outcomeQuery = id('When `asset_id` is a Polymarket market: the outcome whose token to use (default: the first outcome)');

function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

const bookQuery = object({ asset_id: assetId, exchange, outcome: outcomeQuery }, ['asset_id']);
const upstream = [429, 500, 501, 502];
const json = (body: unknown): Outcome => ({ body });

/** Every interface operation, in the interface document's order. */
export const ROUTES: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/markets/fetch_markets',
    operationId: 'fetch_markets',
    tag: 'Markets',
    summary: 'List markets, optionally filtered by status, ticker, event or series',
    description:
      'Without `exchange`, both exchanges are listed and `cursor` carries both positions (opaque). ' +
      'With `market_tickers`, only those markets are fetched (no paging; MarketNotFound when none exists).',
    querystring: object({
      cursor: { type: 'string', maxLength: 4096, description: 'Opaque cursor returned by a prior page' },
      event_ticker: id('All markets in this event (Kalshi event ticker or Polymarket event slug)'),
      limit: { type: 'integer', minimum: 0, maximum: 1_000_000, description: 'Page size per exchange (default 100), clamped to 1000 on kalshi and 500 on polymarket' },
      market_tickers: {
        type: 'array',
        maxItems: 100,
        items: { type: 'string', minLength: 1, maxLength: 4096 },
        description: 'Only these markets: repeat the parameter or separate with commas; native tickers/slugs or unified ids',
      },
      series_ticker: id('Only markets in this Kalshi series; ignored on Polymarket'),
      status: { type: 'string', enum: [...MARKET_STATUS_FILTERS], default: 'active', description: 'Lifecycle filter' },
      exchange: { ...exchange, description: 'List one exchange only' },
    }),
    response: MarketsPage,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json(await ops.fetchMarkets(svc, query)),
  },
  {
    method: 'GET',
    path: '/v1/markets/fetch_market_lineage',
    operationId: 'fetch_market_lineage',
    tag: 'Markets',
    summary: 'One market with its parent event and series',
    querystring: object({ market_ticker: id('Unified id (`kalshi:TICKER`, `polymarket:slug`) or native ticker/slug'), exchange }, ['market_ticker']),
    response: MarketLineage,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json(await ops.fetchMarketLineage(svc, query)),
  },
  {
    method: 'GET',
    path: '/v1/orders/fetch_order',
    operationId: 'fetch_order',
    tag: 'Orders',
    summary: 'One order by its id',
    querystring: object({ order_id: id('Kalshi order id (UUID) or Polymarket order id (0x + 64 hex)'), exchange }, ['order_id']),
    response: Order,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json(await ops.fetchOrder(svc, query)),
  },
  {
    method: 'GET',
    path: '/v1/orders/fetch_open_orders',
    operationId: 'fetch_open_orders',
    tag: 'Orders',
    summary: "The caller's open orders, optionally of one asset",
    description: 'Without `asset_id` and `exchange`, the open orders of both exchanges.',
    querystring: object({ asset_id: assetId, exchange }),
    response: OrderList,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json(await ops.fetchOpenOrders(svc, query)),
  },
  {
    method: 'POST',
    path: '/v1/orders/create_order',
    operationId: 'create_order',
    tag: 'Orders',
    summary: 'Submit a limit order',
    description:
      "`price` is on the scale of the asset's own book (what fetch_orderbook shows for `asset_id`). " +
      'Kalshi: `outcome` `no` at price p trades NO at 1 − p. Polymarket: the asset is one outcome token; `outcome` may be omitted and, if given, must name that token. ' +
      'The order is validated (tick size, minimum size, outcome) before it is signed; it is sent once and never retried.',
    body: object(
      {
        asset_id: assetId,
        outcome: {
          description: '`yes`, `no`, or a label (`{"label": "<name>"}` or the string `label: <name>`); default: the outcome of the asset\'s own book',
          oneOf: [
            { type: 'string', minLength: 1, maxLength: MAX_ID },
            { type: 'object', properties: { label: { type: 'string', minLength: 1, maxLength: MAX_ID } }, required: ['label'], additionalProperties: false },
          ],
        },
        price: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'Limit price as a probability in (0, 1)' },
        side: { type: 'string', enum: [...ORDER_SIDES] },
        size: { type: 'number', exclusiveMinimum: 0, description: 'Contracts' },
        order_type: { type: 'string', enum: [...ORDER_TYPES], default: 'gtc', description: 'Time in force' },
        exchange,
      },
      ['asset_id', 'price', 'side', 'size'],
    ),
    response: Order,
    errors: [402, 404, 413, 415, ...upstream],
    handler: async (svc, { body }) => json(await ops.createOrder(svc, body)),
  },
  {
    method: 'POST',
    path: '/v1/orders/cancel_all_orders',
    operationId: 'cancel_all_orders',
    tag: 'Orders',
    summary: "Cancel the caller's open orders, optionally of one asset",
    description:
      'The response holds the orders that were cancelled. If any order could not be cancelled the answer is the error ' +
      'object instead (kind Api, 502, when an exchange refused some orders; the failing call\'s own kind when an exchange ' +
      'failed outright), with the headers `Pmt-Cancelled-Ids` (what was cancelled) and `Pmt-Cancel-Failed-Ids` (what was ' +
      'refused), comma-separated. Without `asset_id` and `exchange`: every exchange the server\'s profile has credentials ' +
      'for. Send `{}` to cancel everything.',
    body: object({ asset_id: assetId, exchange }),
    response: OrderList,
    errors: [404, 413, 415, ...upstream],
    handler: async (svc, { body }) => cancelled(await ops.cancelAllOrders(svc, body)),
  },
  {
    method: 'GET',
    path: '/v1/orderbook/fetch_orderbook',
    operationId: 'fetch_orderbook',
    tag: 'Orderbook',
    summary: 'Full-depth level-2 orderbook of one asset',
    querystring: bookQuery,
    response: Orderbook,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json(await ops.fetchOrderbook(svc, query)),
  },
  {
    method: 'GET',
    path: '/v1/orderbook/fetch_orderbook_stats',
    operationId: 'fetch_orderbook_stats',
    tag: 'Orderbook',
    summary: 'Top of book, mid, spread (bps), size-weighted mid, top-10 imbalance and depth',
    querystring: bookQuery,
    response: OrderbookStats,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json(await ops.fetchOrderbookStats(svc, query)),
  },
  {
    method: 'GET',
    path: '/v1/orderbook/fetch_orderbook_impact',
    operationId: 'fetch_orderbook_impact',
    tag: 'Orderbook',
    summary: 'Average fill price, fill % and slippage (bps) of a market order of `size` contracts, each side',
    querystring: {
      ...bookQuery,
      properties: { ...(bookQuery.properties as object), size: { type: 'number', exclusiveMinimum: 0, description: 'Order size in contracts' } },
      required: ['asset_id', 'size'],
    },
    response: OrderbookImpact,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json(await ops.fetchOrderbookImpact(svc, query)),
  },
  ...DAY_ROUTES,
];

/**
 * All cancelled: the orders. Otherwise, as `pmt order cancel-all` (which fails after printing what
 * it cancelled), the error object: an exchange that failed outright gives its own kind, orders an
 * exchange refused give Api (502). Either way `Pmt-Cancelled-Ids` lists what was cancelled and
 * `Pmt-Cancel-Failed-Ids` what was refused, so a client knows exactly what is still open.
 */
function cancelled(r: ops.CancelOutcome): Outcome {
  if (r.broken.length === 0 && r.refused.length === 0) return { body: r.cancelled };
  const headers: Record<string, string> = {};
  if (r.cancelled.length) headers['Pmt-Cancelled-Ids'] = r.cancelled.map((o) => o.id).join(',');
  if (r.refused.length) headers['Pmt-Cancel-Failed-Ids'] = r.refused.map((f) => f.id).join(',');
  const done = `${r.cancelled.length} order${r.cancelled.length === 1 ? ' was' : 's were'} cancelled`;
  const first = r.broken[0];
  if (first) {
    const where = r.broken.map((b) => b.exchange).join(' and ');
    throw new ServeError(first.error.kind, `cancel_all_orders failed on ${where}: ${first.error.message}; ${done}`, { retryAfter: first.error.retryAfter, status: first.error.status }, headers);
  }
  const refused = r.refused.map((f) => `${f.exchange} ${f.id} (${f.reason})`).join('; ');
  throw new ServeError('Api', `${r.refused.length} order${r.refused.length === 1 ? ' was' : 's were'} not cancelled: ${refused}; ${done}`, {}, headers);
}
