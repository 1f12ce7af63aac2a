/**
 * The REST routes of the trader's-day operations (interface-extensions.md): cancel_order,
 * amend_order, fetch_balance, fetch_positions, fetch_fills, fetch_trades, fetch_price_history.
 * Same shape as routes.ts (one entry per operation, schema-validated, in the OpenAPI document);
 * models are the TypeBox definitions in models/portfolio.ts, served through schemas.ts's `served`.
 */
import type { ExchangeId } from '../exchanges/registry.js';
import { BalanceAnswerSchema, CandleSchema, FillsPageSchema, PositionSchema, TradesPageSchema } from '../models/portfolio.js';
import * as one from '../ops/order-one.js';
import * as portfolio from '../ops/portfolio.js';
import * as tape from '../ops/tape.js';
import { partial, type RouteDef, routeOf } from './route-def.js';
import { Order, served } from './schemas.js';

const upstream = [429, 500, 501, 502];

export const DAY_ROUTES: RouteDef[] = [
  {
    ...routeOf('cancel_order'),
    tag: 'Orders',
    summary: 'Cancel one order',
    description: 'Answers the order as the exchange now holds it (status `cancelled`). A filled or already cancelled order is refused (Api).',
    response: Order,
    errors: [404, 413, 415, ...upstream],
    handler: async (svc, { input }) => ({ body: (await one.cancelOrder(svc, input)).order }),
  },
  {
    ...routeOf('amend_order'),
    tag: 'Orders',
    summary: 'Change the price and/or size of a resting order (Kalshi)',
    description:
      "`price` is the price of the order's own outcome; `size` the new total size (filled contracts included). " +
      'Polymarket has no amend: NotSupported (501); cancel the order and create a new one.',
    response: Order,
    errors: [402, 404, 413, 415, ...upstream],
    handler: async (svc, { input }) => ({ body: (await one.amendOrder(svc, input)).order }),
  },
  {
    ...routeOf('fetch_balance'),
    tag: 'Account',
    summary: 'Cash available to trade on each exchange with credentials',
    description: 'When some exchanges answer and others fail: 200 with what came back and `Pmt-Failures`.',
    response: served(BalanceAnswerSchema),
    errors: upstream,
    handler: async (svc, { input }) => {
      const r = await portfolio.fetchBalance(svc, input);
      return partial(portfolio.balanceModel(r, (input as { exchange?: ExchangeId }).exchange), r.failed);
    },
  },
  {
    ...routeOf('fetch_positions'),
    tag: 'Account',
    summary: 'Open positions, optionally of one market',
    description: 'Prices are those of the outcome held. When some exchanges answer and others fail: 200 with what came back and `Pmt-Failures`.',
    response: { type: 'array', items: served(PositionSchema) },
    errors: [404, ...upstream],
    handler: async (svc, { input }) => {
      const r = await portfolio.fetchPositions(svc, input);
      return partial(r.positions.map((p) => p.position), r.failed);
    },
  },
  {
    ...routeOf('fetch_fills'),
    tag: 'Account',
    summary: "The caller's fills, newest first, one page",
    description: 'Without `exchange` or `market_ticker`, every exchange with credentials; `cursor` then carries each position (opaque).',
    response: served(FillsPageSchema),
    errors: [404, ...upstream],
    handler: async (svc, { input }) => {
      const r = await portfolio.fetchFills(svc, input);
      return partial({ fills: r.fills.map((x) => x.fill), cursor: r.cursor }, r.failed);
    },
  },
  {
    ...routeOf('fetch_trades'),
    tag: 'Markets',
    summary: "A market's public trades (the tape), newest first, one page",
    response: served(TradesPageSchema),
    errors: [404, ...upstream],
    handler: async (svc, { input }) => {
      const r = await tape.fetchTrades(svc, input);
      return { body: { trades: r.trades, cursor: r.cursor } };
    },
  },
  {
    ...routeOf('fetch_price_history'),
    tag: 'Markets',
    summary: 'Candles of a market (Kalshi: YES prices) or token (Polymarket), oldest first',
    response: { type: 'array', items: served(CandleSchema) },
    errors: [404, ...upstream],
    handler: async (svc, { input }) => {
      const r = await tape.fetchPriceHistory(svc, input);
      return { body: r.candles };
    },
  },
];
