/**
 * fetch_order, fetch_open_orders, create_order as serve and MCP send it (ops/order-create.ts,
 * wrapped in the Idempotency-Key store) and cancel_all_orders, once for the CLI and serve.
 */
import { PmtError, toPmtError, usageError } from '../errors.js';
import { orderExchange } from '../exchanges/ids.js';
import { manifestOf } from '../exchanges/registry.js';
import type { ExchangeId } from '../exchanges/registry.js';
import type { Order, OrderSide, OrderType } from '../exchanges/types.js';
import { requireAccess } from './capabilities.js';
import { failureOf, fanOut, settle, type ExchangeFailure } from './fanout.js';
import { prepareOrder, sendPrepared, type CreateInput, type SendOptions } from './order-create.js';
import { accountScope, type AccountScope } from './resolve.js';
import type { Services } from './services.js';
import { idempotencyKey, type KeyedSend, type SentRecord } from './idempotency.js';
import { asPlaced, fetchOrderByClientId, placedCancels } from './journal.js';

export type { ExchangeOrder } from './services.js';
import type { ExchangeOrder } from './services.js';

export async function fetchOrder(svc: Services, q: { order_id?: unknown; client_order_id?: unknown; exchange?: ExchangeId }): Promise<ExchangeOrder> {
  // By the id it was sent with (Kalshi's client order id, Polymarket's order hash): settles an "unknown" create.
  if (q.client_order_id !== undefined) {
    if (q.order_id !== undefined) throw usageError('give "order_id" or "client_order_id", not both');
    return fetchOrderByClientId(svc, { client_order_id: q.client_order_id, exchange: q.exchange });
  }
  if (q.order_id === undefined) throw usageError(`${svc.names.order === 'order_id' ? 'query parameter ' : ''}"${svc.names.order}" is required (or "client_order_id", the id the order was sent with)`);
  const { exchange, id } = orderExchange(q.order_id, q.exchange, { field: svc.names.order, via: svc.names.exchange });
  await requireAccess(svc, exchange, 'fetchOrder');
  return asPlaced(svc, [{ exchange, order: await (await svc.exchange(exchange)).fetchOrder(id) }])[0]!;
}

export interface OpenOrders {
  ids: ExchangeId[];
  /** The asset the list is scoped to (resolved), if any. */
  assetId?: string;
  orders: ExchangeOrder[];
  /** Exchanges whose list failed: their orders are missing, and the caller must say so. */
  failed: ExchangeFailure[];
}

/** Open orders of each exchange in scope, in parallel; partial when one fails, an error when all do. */
export async function fetchOpenOrders(svc: Services, q: { asset_id?: unknown; exchange?: ExchangeId }): Promise<OpenOrders> {
  return listOpenOrders(svc, await accountScope(svc, q, 'fetchOpenOrders'));
}

/** fetch_open_orders over a scope already resolved (cancel-all lists, confirms, then cancels that scope). */
export async function listOpenOrders(svc: Services, scope: AccountScope): Promise<OpenOrders> {
  const r = settle(await fanOut(scope.ids, (id) => openOn(svc, id, scope.assets)));
  return { ...scope, orders: asPlaced(svc, r.ok.flatMap((x) => x.value.map((order) => ({ exchange: x.exchange, order })))), failed: r.failed };
}

/** One exchange's open orders, over every asset of the scope (each outcome token of a market). */
async function openOn(svc: Services, id: ExchangeId, assets: string[] | undefined): Promise<Order[]> {
  const ex = await svc.exchange(id);
  const lists = await Promise.all((assets ?? [undefined]).map((a) => ex.fetchOpenOrders(a)));
  return lists.flat();
}

/** serve's and MCP's create_order body (the route's schema has checked its types). */
export interface CreateOrderBody {
  asset_id: unknown;
  outcome?: unknown;
  price: unknown;
  side: OrderSide;
  size: unknown;
  order_type?: OrderType;
  /** Rest or nothing (gtc only); refused before sending when it would cross the book. */
  post_only?: unknown;
  /** Only shrink the position held (exchanges whose manifest says `reduceOnly`). */
  reduce_only?: unknown;
  /** The profile's name of an order group to place into (ops/order-groups.ts, as `--group`). */
  group?: unknown;
  exchange?: ExchangeId;
  /** The caller's id for this order: an idempotency key (and, derived, Kalshi's client_order_id). */
  client_order_id?: unknown;
  /** GTD: an ISO time or unix seconds at which the (gtc) order expires (ops/expires.ts). */
  expires?: unknown;
}

/** A create_order body as create's input: sent as asked (the request is the confirmation), or previewed. */
export function bodyInput(b: CreateOrderBody, opts: { dryRun?: boolean } = {}): CreateInput {
  return {
    asset: b.asset_id,
    side: b.side,
    price: b.price as string | number,
    size: b.size as string | number,
    outcome: b.outcome,
    type: b.order_type,
    postOnly: b.post_only,
    reduceOnly: b.reduce_only,
    expires: b.expires,
    group: b.group,
    exchange: b.exchange,
    yes: true,
    dryRun: opts.dryRun === true,
  };
}

/**
 * serve's and MCP's create_order: `pmt order create --yes` without its preview (ops/order-create.ts,
 * one orchestration: the same checks in the same order, in serve's field names), sent once under
 * the Idempotency-Key when one is given.
 */
export async function createOrder(svc: Services, b: CreateOrderBody, idempotencyHeader?: string): Promise<Order> {
  const key = idempotencyKey(idempotencyHeader, b.client_order_id);
  if (key === undefined || !svc.idempotency) return createOnce(svc, b, key);
  const { client_order_id: _key, ...request } = b;
  return svc.idempotency.run(key, JSON.stringify(request), (send) => createOnce(svc, b, key, send), (sent) => recallOrder(svc, sent));
}

/**
 * The order an earlier run sent under a key, from the exchange: by its order id once the exchange
 * had answered, else by the ids it left under. Not found is "status unknown", never a re-send.
 */
async function recallOrder(svc: Services, sent: SentRecord): Promise<Order> {
  await svc.requireCredentials(sent.exchange);
  const ex = await svc.exchange(sent.exchange);
  const sentId = sent.client_order_id ?? sent.order_hash;
  let failed = '';
  try {
    const order = sent.order_id ? await ex.fetchOrder(sent.order_id) : sentId ? await ex.fetchOrderByClientId(sentId, { since_ms: sent.at - 60_000 }) : undefined;
    if (order) return asPlaced(svc, [{ exchange: sent.exchange, order }])[0]!.order;
  } catch (e) {
    // Not found, or the lookup itself failed: either way the answer is "unknown", never a verdict.
    if (!(e instanceof PmtError && e.kind === 'OrderNotFound')) failed = ` (looking it up failed: ${e instanceof Error ? e.message : String(e)})`;
  }
  throw new PmtError(
    'NetworkError',
    `an order was sent under this Idempotency-Key at ${new Date(sent.at).toISOString()}${sentId ? ` as ${sentId}` : ''} and ${sent.exchange} does not show it${failed}: order status unknown, so no second order is sent${sentId ? `; settle it with \`pmt order get --client-id ${sentId}\` or GET /v1/orders/fetch_order?client_order_id=${sentId}` : ''}`,
    { ambiguous: true, hint: sentId ? `pmt order get --client-id ${sentId}` : undefined },
  );
}

async function createOnce(svc: Services, b: CreateOrderBody, key: string | undefined, send?: KeyedSend): Promise<Order> {
  // Checked and resolved inside the key's lock: a refusal here frees the key (nothing left).
  const p = await prepareOrder(svc, bodyInput(b), undefined, { preview: false });
  // A key makes the exchange dedup too where it can (Kalshi sends under a client id derived from it).
  const opts: SendOptions = key === undefined ? {} : { idempotencyKey: key };
  if (send) opts.onSend = (ids) => send.sent(p.exchange, ids);
  try {
    // Risk limits checked right before signing, then sent journaled (ops/risk.ts).
    const order = await sendPrepared(svc, p, opts);
    send?.answered(order);
    return order;
  } catch (e) {
    // Refused: the key is free again. Unknown: it stays, and a repeat looks the order up.
    if (send && !(e instanceof PmtError && e.ambiguous)) send.answered(null);
    throw e;
  }
}

export interface CancelOutcome {
  cancelled: ExchangeOrder[];
  /** Orders an exchange refused to cancel. */
  refused: Array<{ exchange: ExchangeId; id: string; reason: string }>;
  /** Exchanges whose cancel call failed outright. */
  broken: Array<{ exchange: ExchangeId; error: PmtError }>;
}

/**
 * Cancel every open order on `ids` (scoped to `assetId`), exchange by exchange, so a failure on
 * one never hides what happened on the other. `skip`: exchanges known to have nothing open.
 */
export async function cancelAllOrders(svc: Services, scope: { ids: ExchangeId[]; assetId?: string; assets?: string[] }, skip: ReadonlySet<ExchangeId> = new Set()): Promise<CancelOutcome> {
  const out: CancelOutcome = { cancelled: [], refused: [], broken: [] };
  for (const id of scope.ids) {
    if (skip.has(id)) continue;
    try {
      // Every asset of the scope: a market's orders on each outcome token.
      for (const a of scope.assets ?? [undefined]) {
        const r = await (await svc.exchange(id)).cancelAllOrders(a);
        out.cancelled.push(...placedCancels(svc, r.cancelled.map((order) => ({ exchange: id, order }))));
        out.refused.push(...r.failed.map((f) => ({ exchange: id, ...f })));
      }
    } catch (e) {
      out.broken.push({ exchange: id, error: toPmtError(e) });
    }
  }
  return out;
}

/**
 * How `pmt order cancel-all` ends once it has cancelled what it could: the user asked for all of
 * them to be gone, so an exchange that could not be listed, one whose cancel failed outright (its
 * own kind) or any order refused (Api, exit 1, the reasons in the message, which is all stderr
 * holds under --json) makes it fail; null when everything listed was cancelled.
 */
export function cancelAllFailure(unreachable: readonly ExchangeFailure[], r: CancelOutcome): PmtError | null {
  const { broken, refused } = r;
  if (unreachable.length) return failureOf([...unreachable, ...broken.map((b) => ({ exchange: b.exchange, error: b.error }))]);
  const first = broken[0];
  if (first) {
    return new PmtError(first.error.kind, `cancel-all failed on ${broken.map((b) => b.exchange).join(' and ')}: ${first.error.message}`, {
      hint: first.error.hint ?? 'run `pmt order list` to see what is still open',
      status: first.error.status,
      retryAfter: first.error.retryAfter,
    });
  }
  if (refused.length) {
    return new PmtError('Api', `${refused.length} order${refused.length === 1 ? ' was' : 's were'} not cancelled (${refused.map((x) => `${x.exchange} ${x.id}: ${x.reason}`).join('; ')})`, {
      hint: 'run `pmt order list` to see what is still open',
    });
  }
  return null;
}

export { accountScope };

/**
 * Orders with their market by name (unified id and title) where the exchange's orders name it by
 * an id people cannot read (manifest `ids.orderMarketIsId`: a Polymarket condition id), for the
 * people views of order list, get and cancel. One market read per exchange; best effort (a
 * failed lookup leaves the id). JSON keeps the interface's field.
 */
export async function nameMarkets(svc: Services, orders: ExchangeOrder[]): Promise<ExchangeOrder[]> {
  const ids = [...new Set(orders.map((o) => o.exchange))].filter((x) => manifestOf(x).ids.orderMarketIsId);
  if (ids.length === 0) return orders;
  const names = new Map<string, { name: string; title: string }>();
  await Promise.all(
    ids.map(async (id) => {
      const tickers = [...new Set(orders.filter((o) => o.exchange === id).map((o) => o.order.market_ticker).filter(Boolean))];
      try {
        const page = await (await svc.exchange(id)).fetchMarkets({ market_tickers: tickers, status: 'all' });
        for (const m of page.markets) if (m.condition_id) names.set(`${id}|${m.condition_id.toLowerCase()}`, { name: m.ticker, title: m.title });
      } catch {
        // Names are a courtesy: the order ids and market ids still stand.
      }
    }),
  );
  return orders.map((o) => {
    const n = names.get(`${o.exchange}|${o.order.market_ticker.toLowerCase()}`);
    return n ? { ...o, market: n } : o;
  });
}
