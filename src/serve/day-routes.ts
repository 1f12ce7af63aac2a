/**
 * The REST routes of the trader's-day operations (interface-extensions.md): cancel_order,
 * amend_order, fetch_balance, fetch_positions, fetch_fills, fetch_trades, fetch_price_history.
 * Same shape as routes.ts (one entry per operation, schema-validated, in the OpenAPI document);
 * models are the TypeBox definitions in models/portfolio.ts, served through schemas.ts's `served`.
 */
import { EXCHANGE_IDS } from '../exchanges/registry.js';
import { INTERVALS } from '../models/params.js';
import { POSITION_STATUSES } from '../models/enums.js';
import { BalanceAnswerSchema, CandleSchema, FillsPageSchema, PositionSchema, TradesPageSchema } from '../models/portfolio.js';
import * as one from '../ops/order-one.js';
import * as portfolio from '../ops/portfolio.js';
import * as tape from '../ops/tape.js';
import { partial, type RouteDef, routeOf } from './route-def.js';
import { Order, served, type JsonSchema } from './schemas.js';

const MAX_ID = 200;
const id = (description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: MAX_ID, description });
const exchange: JsonSchema = { type: 'string', enum: [...EXCHANGE_IDS], description: 'Exchange to use, needed only where an id alone cannot tell' };
const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });
const upstream = [429, 500, 501, 502];
const orderId = id('Kalshi order id (UUID) or Polymarket order id (0x + 64 hex)');
const market = id('Unified market id (`kalshi:TICKER`, `polymarket:slug`), native ticker/slug, or Polymarket token/condition id');

export const DAY_ROUTES: RouteDef[] = [
  {
    ...routeOf('cancel_order'),
    tag: 'Orders',
    summary: 'Cancel one order',
    description: 'Answers the order as the exchange now holds it (status `cancelled`). A filled or already cancelled order is refused (Api).',
    body: object({ order_id: orderId, exchange }, ['order_id']),
    response: Order,
    errors: [404, 413, 415, ...upstream],
    handler: async (svc, { body }) => ({ body: (await one.cancelOrder(svc, body)).order }),
  },
  {
    ...routeOf('amend_order'),
    tag: 'Orders',
    summary: 'Change the price and/or size of a resting order (Kalshi)',
    description:
      "`price` is the price of the order's own outcome; `size` the new total size (filled contracts included). " +
      'Polymarket has no amend: NotSupported (501); cancel the order and create a new one.',
    body: object(
      {
        order_id: orderId,
        price: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: "New limit price of the order's outcome" },
        size: { type: 'number', exclusiveMinimum: 0, description: 'New total size in contracts' },
        exchange,
      },
      ['order_id'],
    ),
    response: Order,
    errors: [402, 404, 413, 415, ...upstream],
    handler: async (svc, { body }) => ({ body: (await one.amendOrder(svc, body)).order }),
  },
  {
    ...routeOf('fetch_balance'),
    tag: 'Account',
    summary: 'Cash available to trade on each exchange with credentials',
    description: 'When some exchanges answer and others fail: 200 with what came back and `Pmt-Failures`.',
    querystring: object({ exchange }),
    response: served(BalanceAnswerSchema),
    errors: upstream,
    handler: async (svc, { query }) => {
      const r = await portfolio.fetchBalance(svc, query);
      return partial(portfolio.balanceModel(r, (query as { exchange?: (typeof EXCHANGE_IDS)[number] }).exchange), r.failed);
    },
  },
  {
    ...routeOf('fetch_positions'),
    tag: 'Account',
    summary: 'Open positions, optionally of one market',
    description: 'Prices are those of the outcome held. When some exchanges answer and others fail: 200 with what came back and `Pmt-Failures`.',
    querystring: object({ market_ticker: market, exchange, status: { type: 'string', enum: [...POSITION_STATUSES], description: 'open (default), redeemable, mergeable or closed; other than open only on exchanges that list them (Polymarket)' } }),
    response: { type: 'array', items: served(PositionSchema) },
    errors: [404, ...upstream],
    handler: async (svc, { query }) => {
      const r = await portfolio.fetchPositions(svc, query);
      return partial(r.positions.map((p) => p.position), r.failed);
    },
  },
  {
    ...routeOf('fetch_fills'),
    tag: 'Account',
    summary: "The caller's fills, newest first, one page",
    description: 'Without `exchange` or `market_ticker`, every exchange with credentials; `cursor` then carries each position (opaque).',
    querystring: object({
      market_ticker: market,
      limit: { type: 'integer', minimum: 1, maximum: portfolio.FILLS_LIMIT_MAX, description: 'Fills per page (per exchange)' },
      cursor: { type: 'string', maxLength: 4096, description: 'Opaque cursor returned by a prior page' },
      exchange,
    }),
    response: served(FillsPageSchema),
    errors: [404, ...upstream],
    handler: async (svc, { query }) => {
      const r = await portfolio.fetchFills(svc, query);
      return partial({ fills: r.fills.map((x) => x.fill), cursor: r.cursor }, r.failed);
    },
  },
  {
    ...routeOf('fetch_trades'),
    tag: 'Markets',
    summary: "A market's public trades (the tape), newest first, one page",
    querystring: object(
      {
        asset_id: market,
        limit: { type: 'integer', minimum: 1, maximum: tape.TRADES_LIMIT_MAX },
        cursor: { type: 'string', maxLength: 4096 },
        start_ts: { type: 'integer', minimum: 0, description: 'Unix seconds' },
        end_ts: { type: 'integer', minimum: 0, description: 'Unix seconds' },
        exchange,
      },
      ['asset_id'],
    ),
    response: served(TradesPageSchema),
    errors: [404, ...upstream],
    handler: async (svc, { query }) => {
      const q = query as { asset_id: string; limit?: number; cursor?: string; start_ts?: number; end_ts?: number; exchange?: never };
      const r = await tape.fetchTrades(svc, { market_ticker: q.asset_id, limit: q.limit, cursor: q.cursor, start_ts: q.start_ts, end_ts: q.end_ts, exchange: q.exchange });
      return { body: { trades: r.trades, cursor: r.cursor } };
    },
  },
  {
    ...routeOf('fetch_price_history'),
    tag: 'Markets',
    summary: 'Candles of a market (Kalshi: YES prices) or token (Polymarket), oldest first',
    querystring: object(
      {
        asset_id: market,
        interval: { type: 'string', enum: [...INTERVALS], default: '1h' },
        start_ts: { type: 'integer', minimum: 0, description: 'Unix seconds (default: a span back from end_ts fitting the interval)' },
        end_ts: { type: 'integer', minimum: 0, description: 'Unix seconds (default: now)' },
        outcome: id('For a Polymarket market: the outcome whose token to chart (default: the first)'),
        exchange,
      },
      ['asset_id'],
    ),
    response: { type: 'array', items: served(CandleSchema) },
    errors: [404, ...upstream],
    handler: async (svc, { query }) => {
      const q = query as { asset_id: string; interval?: string; start_ts?: number; end_ts?: number; outcome?: string; exchange?: never };
      const r = await tape.fetchPriceHistory(svc, { market_ticker: q.asset_id, interval: q.interval, since: q.start_ts, until: q.end_ts, outcome: q.outcome, exchange: q.exchange });
      return { body: r.candles };
    },
  },
];
