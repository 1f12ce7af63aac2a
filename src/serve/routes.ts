/**
 * The REST surface as data: one entry per interface operation with its path and request schema
 * (query or body: both from the operation table, routeOf), response model and the error statuses
 * it can answer with. The server registers these with fastify (which validates requests against
 * them) and the OpenAPI document is built from the same entries. A handler is given the op's
 * input as the table's declaration reads it from the request (ops/input.ts `readHttp`).
 */
import * as book from '../ops/book.js';
import * as markets from '../ops/markets.js';
import * as orders from '../ops/orders.js';
import { killSwitch } from '../ops/kill.js';
import { CHAIN_ROUTES } from './chain-routes.js';
import { DAY_ROUTES } from './day-routes.js';
import { SEARCH_ROUTE } from './search-route.js';
import { ServeError } from './errors.js';
import { partial, type Outcome, type RouteDef, routeOf } from './route-def.js';
import { MarketLineage, MarketsPage, Order, OrderList, Orderbook, OrderbookImpact, OrderbookStats } from './schemas.js';

export { FAILURES_HEADER, partial, type Outcome, type RouteDef, type Tag } from './route-def.js';

const upstream = [429, 500, 501, 502];
const json = (body: unknown): Outcome => ({ body });

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
    response: MarketsPage,
    errors: [404, ...upstream],
    partial: true,
    handler: async (svc, { input }) => {
      const r = await markets.fetchMarkets(svc, input);
      return partial({ markets: r.markets, cursor: r.cursor }, r.failed);
    },
  },
  {
    ...routeOf('fetch_market_lineage'),
    tag: 'Markets',
    summary: 'One market with its parent event and series',
    response: MarketLineage,
    errors: [404, ...upstream],
    handler: async (svc, { input }) => json(await markets.fetchMarketLineage(svc, input)),
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
    response: Order,
    errors: [404, ...upstream],
    handler: async (svc, { input }) => json((await orders.fetchOrder(svc, input)).order),
  },
  {
    ...routeOf('fetch_open_orders'),
    tag: 'Orders',
    summary: "The caller's open orders, optionally of one asset",
    description:
      'Without `asset_id` and `exchange`, the open orders of every exchange the server\'s profile has credentials for. ' +
      'When some exchanges answer and others fail: 200 with the orders that came back and the header `Pmt-Failures` ' +
      '(a JSON array of `{exchange, kind, message}`, one per failed exchange); when every exchange fails, the first failure\'s error object.',
    response: OrderList,
    errors: [404, ...upstream],
    partial: true,
    handler: async (svc, { input }) => {
      const r = await orders.fetchOpenOrders(svc, input);
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
    response: Order,
    errors: [402, 403, 404, 413, 415, ...upstream],
    handler: async (svc, { input, headers }) => {
      const key = headers['idempotency-key'];
      return json(await orders.createOrder(svc, input, Array.isArray(key) ? key[0] : key));
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
    response: OrderList,
    errors: [404, 413, 415, ...upstream],
    handler: async (svc, { input }) => cancelled(await orders.cancelAllOrders(svc, await orders.accountScope(svc, input, 'cancelAllOrders'))),
  },
  {
    ...routeOf('fetch_orderbook'),
    tag: 'Orderbook',
    summary: 'Full-depth level-2 orderbook of one asset',
    response: Orderbook,
    errors: [404, ...upstream],
    handler: async (svc, { input }) => json((await book.fetchOrderbook(svc, input)).result),
  },
  {
    ...routeOf('fetch_orderbook_stats'),
    tag: 'Orderbook',
    summary: 'Top of book, mid, spread (bps), size-weighted mid, top-10 imbalance and depth',
    response: OrderbookStats,
    errors: [404, ...upstream],
    handler: async (svc, { input }) => json((await book.fetchOrderbookStats(svc, input)).result),
  },
  {
    ...routeOf('fetch_orderbook_impact'),
    tag: 'Orderbook',
    summary: 'Average fill price, fill % and slippage (bps) of a market order of `size` contracts, each side',
    response: OrderbookImpact,
    errors: [404, ...upstream],
    handler: async (svc, { input }) => json((await book.fetchOrderbookImpact(svc, input)).result),
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
    response: OrderList,
    errors: [413, 415, ...upstream],
    handler: async (svc, { input }) => {
      const r = await killSwitch(svc, input);
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
