/**
 * The REST surface as data, derived from the operation table (ops/table.ts): one route per
 * operation with an `http` route, its method, path and request schema (query or body, routeOf),
 * its tag, summary, description, response model (serve/responses.ts) and error statuses from the
 * entry. The handler runs the entry's op (`run`, ops/modules.ts) and answers its body, with
 * `Pmt-Failures` when some exchanges failed; an operation without `run` has a handler written by
 * hand (route-hooks.ts). The server registers these with fastify (which validates requests
 * against them) and the OpenAPI document is built from the same entries.
 */
import { opOf } from '../ops/modules.js';
import { OPERATIONS_TABLE, type OperationDecl } from '../ops/table.js';
import { responseOf } from './responses.js';
import { partial, type RouteDef, routeOf } from './route-def.js';
import { ROUTE_HOOKS } from './route-hooks.js';

export { FAILURES_HEADER, partial, type Outcome, type RouteDef, type Tag } from './route-def.js';

/** Served by a route of its own (serve/stream-route.ts: a long-lived SSE stream), not one of these. */
const OWN_ROUTE = new Set(['watch_orderbook']);

/**
 * The order of the published document (`/v1/openapi.json`), kept as it was when routes were
 * written by hand; an operation not listed here follows, in the table's order.
 */
const DOCUMENT_ORDER = [
  'fetch_markets',
  'fetch_market_lineage',
  'search_markets',
  'fetch_order',
  'fetch_open_orders',
  'create_order',
  'cancel_all_orders',
  'fetch_orderbook',
  'fetch_orderbook_stats',
  'fetch_orderbook_impact',
  'cancel_order',
  'amend_order',
  'fetch_balance',
  'fetch_positions',
  'fetch_fills',
  'fetch_trades',
  'fetch_price_history',
  'fetch_approvals',
  'doctor',
  'fetch_settlements',
  'kill',
];

/** The route of an operation: all from its entry; the handler its op's answer, or its hook. */
export function routeFor(o: OperationDecl): RouteDef {
  const http = o.http!;
  const run = o.run;
  const handler: RouteDef['handler'] | undefined =
    ROUTE_HOOKS[o.id] ??
    (run &&
      (async (svc, { input }) => {
        const a = await (await opOf(run))(svc, input);
        return partial(a.body, a.failed ?? []);
      }));
  if (!handler) throw new Error(`ops/table.ts: ${o.id} has a route but neither \`run\` nor a hook in serve/route-hooks.ts`);
  if (!http.tag || !http.summary) throw new Error(`ops/table.ts: ${o.id}'s route needs its tag and summary`);
  return {
    ...routeOf(o.id),
    tag: http.tag,
    summary: http.summary,
    ...(http.description === undefined ? {} : { description: http.description }),
    response: responseOf(o.id, http.response),
    errors: [...(http.errors ?? [])],
    ...(http.partial ? { partial: true } : {}),
    handler,
  };
}

const rank = (id: string) => {
  const i = DOCUMENT_ORDER.indexOf(id);
  return i === -1 ? DOCUMENT_ORDER.length : i;
};

/** Every interface operation, in the interface document's order (search beside the other market reads). */
export const ROUTES: RouteDef[] = OPERATIONS_TABLE.filter((o) => o.http && !OWN_ROUTE.has(o.id))
  .map((o, i) => ({ o, i }))
  .sort((a, b) => rank(a.o.id) - rank(b.o.id) || a.i - b.i)
  .map(({ o }) => routeFor(o));
