/**
 * The REST surface as data: one entry per interface operation with its path, request schema
 * (query or body), response model and the error statuses it can answer with. The server registers
 * these with fastify (which validates requests against them) and the OpenAPI document is built
 * from the same entries.
 */
import { EXCHANGE_IDS, MARKET_STATUS_FILTERS, ORDER_SIDES, ORDER_TYPES, type MarketStatusFilter } from '../exchanges/types.js';
import type { ExchangeId } from '../exchanges/registry.js';
import * as book from '../ops/book.js';
import * as markets from '../ops/markets.js';
import * as orders from '../ops/orders.js';
import { killSwitch } from '../ops/kill.js';
import type { Services } from '../ops/services.js';
import { splitIds } from '../split-ids.js';
import { parseCursor, parseId } from '../validate.js';
import { CHAIN_ROUTES } from './chain-routes.js';
import { DAY_ROUTES } from './day-routes.js';
import { SEARCH_ROUTE } from './search-route.js';
import { ServeError } from './errors.js';
import { partial, type Outcome, type RouteDef, routeOf } from './route-def.js';
import { MarketLineage, MarketsPage, Order, OrderList, Orderbook, OrderbookImpact, OrderbookStats, type JsonSchema } from './schemas.js';

export { FAILURES_HEADER, partial, type Outcome, type RouteDef, type Tag } from './route-def.js';

export const MAX_ID = 200;
const id = (description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: MAX_ID, description });
const exchange: JsonSchema = {
  type: 'string',
  enum: [...EXCHANGE_IDS],
  description: 'Exchange to use, needed only where an id alone cannot tell (a native ticker that could be either)',
};
const assetId = id('Kalshi market ticker, Polymarket conditional-token id (a long decimal), or a unified market id (`kalshi:TICKER`, `polymarket:slug`)');
const outcomeQuery = id('Kalshi: `yes` or `no`, the book priced in that outcome (`no`: bids 1 − YES asks, asks 1 − YES bids; default `yes`). Polymarket market: the outcome whose token to use (default: the first outcome)');

function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

const bookQuery = object({ asset_id: assetId, exchange, outcome: outcomeQuery }, ['asset_id']);
const upstream = [429, 500, 501, 502];
const json = (body: unknown): Outcome => ({ body });

interface MarketsRequest {
  cursor?: string;
  event_ticker?: string;
  limit?: number;
  market_tickers?: string[];
  series_ticker?: string;
  status?: MarketStatusFilter;
  exchange?: ExchangeId;
}

async function fetchMarkets(svc: Services, q: MarketsRequest): Promise<Outcome> {
  const r = await markets.fetchMarkets(svc, {
    status: q.status,
    limit: q.limit,
    exchange: q.exchange,
    cursor: q.cursor === undefined ? undefined : parseCursor(q.cursor),
    event_ticker: q.event_ticker === undefined ? undefined : parseId('event_ticker', q.event_ticker),
    series_ticker: q.series_ticker === undefined ? undefined : parseId('series_ticker', q.series_ticker),
    // Repeated (`?market_tickers=A&market_tickers=B`) or comma-separated (`?market_tickers=A,B`).
    market_tickers: (q.market_tickers ?? []).flatMap(splitIds).map((t) => parseId('market_tickers', t)),
  });
  return partial({ markets: r.markets, cursor: r.cursor }, r.failed);
}

/** Every interface operation, in the interface document's order (search beside the other market reads). */
export const ROUTES: RouteDef[] = [
  {
    ...routeOf('fetch_markets'),
    tag: 'Markets',
    summary: 'List markets, optionally filtered by status, ticker, event or series',
    description:
      'Without `exchange`, both exchanges are listed and `cursor` carries both positions (opaque). ' +
      'With `market_tickers`, only those markets are fetched (no paging; MarketNotFound when none exists). ' +
      'When some exchanges answer and others fail, the answer is 200 with the markets that came back and the header ' +
      '`Pmt-Failures` (a JSON array of `{exchange, kind, message}`, one per failed exchange; the cursor keeps a failed ' +
      "exchange's position, so the next page asks it again); when every exchange fails, the first failure's error object.",
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
      series_ticker: id('Only markets in this series (a Kalshi series ticker): without `exchange`, only the exchanges that have series are listed; an `exchange` without series is a 400'),
      status: { type: 'string', enum: [...MARKET_STATUS_FILTERS], default: 'active', description: 'Lifecycle filter' },
      exchange: { ...exchange, description: 'List one exchange only' },
    }),
    response: MarketsPage,
    errors: [404, ...upstream],
    partial: true,
    handler: async (svc, { query }) => fetchMarkets(svc, query),
  },
  {
    ...routeOf('fetch_market_lineage'),
    tag: 'Markets',
    summary: 'One market with its parent event and series',
    querystring: object({ market_ticker: id('Unified id (`kalshi:TICKER`, `polymarket:slug`) or native ticker/slug'), exchange }, ['market_ticker']),
    response: MarketLineage,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json(await markets.fetchMarketLineage(svc, query)),
  },
  SEARCH_ROUTE,
  {
    ...routeOf('fetch_order'),
    tag: 'Orders',
    summary: 'One order by its id, or by the id it was sent with',
    description:
      'Give `order_id`, or `client_order_id`: the id an order was sent with (Kalshi\'s client order id, Polymarket\'s order hash), ' +
      'as named by a create_order answered "order status unknown" (NetworkError, 502). The order found settles that create in the ' +
      'journal, and a repeat of its Idempotency-Key then answers with it. OrderNotFound (404) when the exchange has no such order.',
    querystring: object({
      order_id: id('Kalshi order id (UUID) or Polymarket order id (0x + 64 hex)'),
      client_order_id: id('The id the order was sent with: Kalshi client order id, or Polymarket order hash (0x + 64 hex); instead of order_id'),
      exchange,
    }),
    response: Order,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json((await orders.fetchOrder(svc, query)).order),
  },
  {
    ...routeOf('fetch_open_orders'),
    tag: 'Orders',
    summary: "The caller's open orders, optionally of one asset",
    description:
      'Without `asset_id` and `exchange`, the open orders of every exchange the server\'s profile has credentials for. ' +
      'When some exchanges answer and others fail: 200 with the orders that came back and the header `Pmt-Failures` ' +
      '(a JSON array of `{exchange, kind, message}`, one per failed exchange); when every exchange fails, the first failure\'s error object.',
    querystring: object({ asset_id: assetId, exchange }),
    response: OrderList,
    errors: [404, ...upstream],
    partial: true,
    handler: async (svc, { query }) => {
      const r = await orders.fetchOpenOrders(svc, query);
      return partial(r.orders.map((o) => o.order), r.failed);
    },
  },
  {
    ...routeOf('create_order'),
    tag: 'Orders',
    summary: 'Submit a limit order',
    description:
      "`price` is on the scale of the asset's own book (what fetch_orderbook shows for `asset_id`). " +
      '`price` is the price of `outcome`, what is paid or received per contract: `outcome` `no` at 0.30 buys NO at 0.30 on both exchanges (Kalshi: sent as a YES ask at 0.70). Polymarket: the asset is one outcome token; `outcome` may be omitted and, if given, must name that token. ' +
      'The order is validated (tick size, minimum size, outcome) before it is signed; it is sent once and never retried. ' +
      'An `Idempotency-Key` header (or `client_order_id` in the body) makes a repeat safe: the same key within 24 h returns the first request\'s order (waiting for it while it is in flight; after a restart, looked up on the exchange), never a second one; the same key with a different order is refused (400).',
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
        post_only: {
          type: 'boolean',
          default: false,
          description: 'Rest on the book or not at all (gtc only): refused before sending, naming the best price that would rest, when the price would cross the current book',
        },
        reduce_only: {
          type: 'boolean',
          default: false,
          description: 'Only reduce the position held (Kalshi: the count is capped by it); refused on exchanges without reduce-only orders',
        },
        group: {
          type: 'string',
          minLength: 1,
          maxLength: 64,
          description: "Place into this order group of the profile (Kalshi; the name `pmt order group create` gave it): an unknown name is refused before any request",
        },
        expires: {
          type: ['string', 'integer'],
          description: 'GTD: the (gtc) order expires at this time, ISO 8601 or unix seconds; refused when inside the exchange\'s minimum lead (Kalshi: 1 minute, Polymarket: 3 minutes), naming the earliest allowed',
        },
        exchange,
        client_order_id: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_ID,
          description: 'Your id for this order, an idempotency key like the `Idempotency-Key` header (which wins): the same key within 24 h returns the first order, never a second one',
        },
      },
      ['asset_id', 'price', 'side', 'size'],
    ),
    response: Order,
    errors: [402, 403, 404, 413, 415, ...upstream],
    handler: async (svc, { body, headers }) => {
      const key = headers['idempotency-key'];
      return json(await orders.createOrder(svc, body, Array.isArray(key) ? key[0] : key));
    },
  },
  {
    ...routeOf('cancel_all_orders'),
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
    handler: async (svc, { body }) => cancelled(await orders.cancelAllOrders(svc, await orders.accountScope(svc, body, 'cancelAllOrders'))),
  },
  {
    ...routeOf('fetch_orderbook'),
    tag: 'Orderbook',
    summary: 'Full-depth level-2 orderbook of one asset',
    querystring: bookQuery,
    response: Orderbook,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json((await book.fetchOrderbook(svc, query)).result),
  },
  {
    ...routeOf('fetch_orderbook_stats'),
    tag: 'Orderbook',
    summary: 'Top of book, mid, spread (bps), size-weighted mid, top-10 imbalance and depth',
    querystring: bookQuery,
    response: OrderbookStats,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json((await book.fetchOrderbookStats(svc, query)).result),
  },
  {
    ...routeOf('fetch_orderbook_impact'),
    tag: 'Orderbook',
    summary: 'Average fill price, fill % and slippage (bps) of a market order of `size` contracts, each side',
    querystring: {
      ...bookQuery,
      properties: { ...(bookQuery.properties as object), size: { type: 'number', exclusiveMinimum: 0, description: 'Order size in contracts' } },
      required: ['asset_id', 'size'],
    },
    response: OrderbookImpact,
    errors: [404, ...upstream],
    handler: async (svc, { query }) => json((await book.fetchOrderbookImpact(svc, query)).result),
  },
  ...DAY_ROUTES,
  ...CHAIN_ROUTES,
  {
    ...routeOf('kill'),
    tag: 'Orders',
    summary: "Kill switch: turn trading off on the server's profile, then cancel every open order on every exchange",
    description:
      "`trading: off` is set first (every later create_order is refused with 403 RiskLimit until `pmt risk resume`), then each exchange's " +
      'open orders are cancelled and read back. 200 with the cancelled orders only when nothing is left open; otherwise the first ' +
      "failure's error object, with `Pmt-Cancelled-Ids` listing what was cancelled. Send `{}` for every exchange.",
    body: object({ exchange }),
    response: OrderList,
    errors: [413, 415, ...upstream],
    handler: async (svc, { body }) => {
      const r = await killSwitch(svc, body);
      if (r.failed.length === 0) return { body: r.cancelled.map((c) => c.order) };
      const first = r.failed[0]!.error;
      const headers: Record<string, string> = r.cancelled.length ? { 'Pmt-Cancelled-Ids': r.cancelled.map((c) => c.order.id).join(',') } : {};
      throw new ServeError(first.kind, `kill: ${first.message}; ${r.cancelled.length} order(s) cancelled`, { retryAfter: first.retryAfter, status: first.status }, headers);
    },
  },
];

/**
 * All cancelled: the orders. Otherwise, as `pmt order cancel-all` (which fails after printing what
 * it cancelled), the error object: an exchange that failed outright gives its own kind, orders an
 * exchange refused give Api (502). Either way `Pmt-Cancelled-Ids` lists what was cancelled and
 * `Pmt-Cancel-Failed-Ids` what was refused, so a client knows exactly what is still open.
 */
function cancelled(r: orders.CancelOutcome): Outcome {
  if (r.broken.length === 0 && r.refused.length === 0) return { body: r.cancelled.map((c) => c.order) };
  const headers: Record<string, string> = {};
  if (r.cancelled.length) headers['Pmt-Cancelled-Ids'] = r.cancelled.map((c) => c.order.id).join(',');
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
