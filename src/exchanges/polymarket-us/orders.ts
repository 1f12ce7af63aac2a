/**
 * Polymarket US orders, on the authenticated API (every request signed, auth.ts). The venue
 * expresses an order as an intent on the market's long side: buy/sell long (Yes) or buy/sell short
 * (No), with `price.value` always the LONG price (a No bought at 0.55 is BUY_SHORT at 0.45). pmt's
 * contract prices the outcome beside the order, so a No price q goes out as 1 − q and comes back
 * as 1 − value. The venue rounds extra decimals silently: pmt refuses an off-tick price and a
 * quantity below the market's minimum (or finer than it) before anything is sent. Every create
 * runs the venue's preview (`POST /v1/order/preview`) first; `--dry-run` shows that request.
 */
import { Decimal } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import type { CancelResult, CreateOrderOptions } from '../exchange.js';
import type { AmendRequest } from '../types.js';
import type { CreateOrderRequest, Order, OrderSide, OrderType } from '../types.js';
import type { PolymarketUsClient } from './client.js';
import { slugOf } from './markets.js';
import { amount, obj, type Wire } from './parse.js';

const enc = encodeURIComponent;
const CREATE_PATH = '/v1/orders';
const PREVIEW_PATH = '/v1/order/preview';

type Intent = 'ORDER_INTENT_BUY_LONG' | 'ORDER_INTENT_SELL_LONG' | 'ORDER_INTENT_BUY_SHORT' | 'ORDER_INTENT_SELL_SHORT';
const TIF: Record<OrderType, string> = { gtc: 'TIME_IN_FORCE_GOOD_TILL_CANCEL', ioc: 'TIME_IN_FORCE_IMMEDIATE_OR_CANCEL', fok: 'TIME_IN_FORCE_FILL_OR_KILL' };

/** Yes or No (the market's long and short sides); anything else is a usage error. */
function outcomeOf(o: CreateOrderRequest['outcome']): 'Yes' | 'No' {
  const label = (typeof o === 'string' ? o : o.label).trim().toLowerCase();
  if (label === 'yes') return 'Yes';
  if (label === 'no') return 'No';
  throw usageError(`the outcome must be yes or no on Polymarket US (got "${label.slice(0, 40)}")`, 'a Polymarket US market has a long (Yes) and a short (No) side');
}

export function intentOf(outcome: 'Yes' | 'No', side: OrderSide): Intent {
  return `ORDER_INTENT_${side === 'buy' ? 'BUY' : 'SELL'}_${outcome === 'Yes' ? 'LONG' : 'SHORT'}` as Intent;
}

/** The market's order rules from the gateway: tick and minimum quantity. */
async function rules(c: PolymarketUsClient, slug: string): Promise<{ tick: Decimal; min: Decimal }> {
  const body = await c.gateway.get<unknown>(`/v1/market/slug/${enc(slug)}`);
  const m = obj(obj(body)?.market);
  if (!m) throw new PmtError('Api', `Polymarket US sent an unexpected response to GET /v1/market/slug/${slug}: no market`);
  if (m.active === false || m.closed === true) throw new PmtError('Api', `Polymarket US market ${slug} is not open for trading`, { usage: true });
  return { tick: Decimal.read(m.orderPriceMinTickSize) ?? Decimal.from('0.01'), min: Decimal.read(m.minimumTradeQty) ?? Decimal.ONE };
}

/** Price on the outcome's scale and size, checked against the market's grid; the long price the venue takes. */
export function checkOrder(req: { price: Decimal; size: Decimal }, r: { tick: Decimal; min: Decimal }, outcome: 'Yes' | 'No'): { long: Decimal; qty: Decimal } {
  const price = req.price;
  if (!(price.gt(0) && price.lt(1))) throw usageError(`price must be strictly between 0 and 1 (got ${price.toString()})`);
  if (!price.isMultipleOf(r.tick)) {
    throw usageError(`price ${price.toString()} is off this market's tick of ${r.tick.toString()}: Polymarket US would round it silently`, `use a multiple of ${r.tick.toString()}, e.g. ${price.snap(r.tick, 'down').toString()} or ${price.snap(r.tick, 'up').toString()}`);
  }
  const qty = req.size;
  if (qty.lt(r.min)) throw usageError(`size ${qty.toString()} is below this market's minimum quantity of ${r.min.toString()} contracts`);
  // The minimum is also the grid (0.01 = hundredths of a contract, 1 = whole contracts).
  const step = r.min.lt(1) ? r.min : Decimal.ONE;
  if (!qty.isMultipleOf(step)) throw usageError(`size ${qty.toString()} is finer than this market allows (multiples of ${step.toString()})`);
  return { long: outcome === 'Yes' ? price : Decimal.ONE.minus(price), qty };
}

async function wireBody(c: PolymarketUsClient, req: CreateOrderRequest): Promise<Wire> {
  const outcome = outcomeOf(req.outcome);
  const slug = slugOf(req.asset_id);
  const type = req.order_type ?? 'gtc';
  if (req.post_only && type !== 'gtc') throw usageError(`post-only orders rest on the book, so they must be gtc (got ${type})`);
  const { long, qty } = checkOrder(req, await rules(c, slug), outcome);
  return {
    marketSlug: slug,
    intent: intentOf(outcome, req.side),
    type: 'ORDER_TYPE_LIMIT',
    price: { value: long.toString(), currency: 'USD' },
    // The venue's quantity is a JSON number (as its SDK sends it): written from the exact decimal,
    // whose shortest JSON text is that decimal (sizes are checked to the market's grid above).
    quantity: qty.toNumber(),
    tif: TIF[type],
    ...(req.post_only ? { participateDontInitiate: true } : {}),
  };
}

/** The venue's own preview of the create (signed); its refusal is the create's refusal, before anything is placed. */
async function venuePreview(c: PolymarketUsClient, body: Wire): Promise<Wire | null> {
  const answer = await c.api.post<unknown>(PREVIEW_PATH, { json: { request: body }, signer: await c.signer() });
  return obj(obj(answer)?.order);
}

export async function previewOrder(c: PolymarketUsClient, req: CreateOrderRequest): Promise<{ method: string; url: string; body: unknown }> {
  const body = await wireBody(c, req);
  await venuePreview(c, body);
  // The create that follows in this run sends these very bytes: the venue has just previewed them.
  c.previewed.add(JSON.stringify(body));
  return { method: 'POST', url: c.api.displayUrl(CREATE_PATH), body };
}

export async function createOrder(c: PolymarketUsClient, req: CreateOrderRequest, opts: CreateOrderOptions = {}): Promise<Order> {
  if (opts.clientOrderId !== undefined) throw new PmtError('NotSupported', 'Polymarket US orders carry no client order id: pmt cannot re-send one under the same id');
  const signer = await c.signer();
  const body = await wireBody(c, req);
  if (!c.previewed.delete(JSON.stringify(body))) await venuePreview(c, body);
  opts.onPayload?.(body);
  opts.onSend?.({ client_order_id: null, order_hash: null });
  // Sent once: a create is never retried (idempotent false), whatever the failure.
  const res = obj(await c.api.post<unknown>(CREATE_PATH, { json: body, signer, idempotent: false }));
  const id = typeof res?.id === 'string' ? res.id : null;
  if (!id) throw new PmtError('Api', 'Polymarket US accepted the order without an order id', { hint: 'check `pmt order list --exchange polymarket-us` before retrying' });
  const execs = Array.isArray(res!.executions) ? res!.executions.map(obj).filter((x): x is Wire => x !== null) : [];
  const last = execs.length ? obj(execs[execs.length - 1]!.order) : null;
  const now = new Date(c.cfg.now()).toISOString();
  return last ? parseOrder({ ...last, id }, now) : parseOrder({ ...body, id, cumQuantity: 0, state: 'ORDER_STATE_NEW', createTime: now }, now);
}

const STATUS: Record<string, Order['status']> = {
  ORDER_STATE_NEW: 'open',
  ORDER_STATE_PENDING_NEW: 'pending',
  ORDER_STATE_PENDING_REPLACE: 'open',
  ORDER_STATE_PENDING_CANCEL: 'open',
  ORDER_STATE_PENDING_RISK: 'pending',
  ORDER_STATE_PARTIALLY_FILLED: 'partially_filled',
  ORDER_STATE_FILLED: 'filled',
  ORDER_STATE_CANCELED: 'cancelled',
  ORDER_STATE_REPLACED: 'cancelled',
  ORDER_STATE_REJECTED: 'rejected',
  ORDER_STATE_EXPIRED: 'cancelled',
};

function iso(v: unknown, fallback: string): string {
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? fallback : new Date(t).toISOString();
}

/** The venue's Order → the unified Order (price of the outcome held: 1 − value for a short intent). */
export function parseOrder(w: Wire, nowIso: string): Order {
  const intent = typeof w.intent === 'string' ? w.intent : '';
  const short = intent.endsWith('_SHORT');
  const buy = intent.startsWith('ORDER_INTENT_BUY') || (!intent && w.side === 'ORDER_SIDE_BUY');
  const long = Decimal.read(amount(w.price)) ?? Decimal.ZERO;
  const price = short ? Decimal.ONE.minus(long) : long;
  const state = typeof w.state === 'string' ? w.state : '';
  const status = STATUS[state] ?? 'open';
  const filled = Number(w.cumQuantity ?? 0) || 0;
  const created = iso(w.createTime ?? w.insertTime, nowIso);
  return {
    id: String(w.id ?? ''),
    market_ticker: String(w.marketSlug ?? obj(w.marketMetadata)?.slug ?? ''),
    outcome: short ? 'No' : 'Yes',
    side: buy ? 'buy' : 'sell',
    price: price.toNumber(),
    size: Number(w.quantity ?? 0) || 0,
    filled,
    status: status === 'open' && filled > 0 ? 'partially_filled' : status,
    created_at: created,
    fee: null,
    updated_at: typeof w.updateTime === 'string' ? iso(w.updateTime, created) : null,
  };
}

export async function fetchOrder(c: PolymarketUsClient, orderId: string): Promise<Order> {
  const body = await c.api.get<unknown>(`/v1/order/${enc(orderId)}`, { signer: await c.signer() });
  const w = obj(obj(body)?.order);
  if (!w) throw new PmtError('OrderNotFound', `Polymarket US has no order ${orderId}`);
  return parseOrder(w, new Date(c.cfg.now()).toISOString());
}

export async function fetchOpenOrders(c: PolymarketUsClient, assetId?: string): Promise<Order[]> {
  const query = assetId ? { slugs: [slugOf(assetId)] } : undefined;
  const body = await c.api.get<unknown>('/v1/orders/open', { query, signer: await c.signer() });
  const list = obj(body)?.orders;
  const now = new Date(c.cfg.now()).toISOString();
  return (Array.isArray(list) ? list : []).map(obj).filter((x): x is Wire => x !== null).map((w) => parseOrder(w, now));
}

export async function cancelOrder(c: PolymarketUsClient, orderId: string): Promise<Order> {
  const order = await fetchOrder(c, orderId);
  if (order.status !== 'open' && order.status !== 'partially_filled' && order.status !== 'pending') {
    throw new PmtError('Api', `order ${orderId} is ${order.status}: nothing to cancel`, { usage: true });
  }
  await c.api.post<unknown>(`/v1/order/${enc(orderId)}/cancel`, { json: { marketSlug: order.market_ticker }, signer: await c.signer(), priority: true });
  return fetchOrder(c, orderId);
}

export async function cancelAllOrders(c: PolymarketUsClient, assetId?: string): Promise<CancelResult> {
  const open = await fetchOpenOrders(c, assetId);
  const body = await c.api.post<unknown>('/v1/orders/open/cancel', { json: assetId ? { slugs: [slugOf(assetId)] } : {}, signer: await c.signer(), priority: true });
  const ids = obj(body)?.canceledOrderIds;
  const done = new Set(Array.isArray(ids) ? ids.map(String) : []);
  return {
    cancelled: open.filter((o) => done.has(o.id)).map((o) => ({ ...o, status: 'cancelled' as const })),
    failed: open.filter((o) => !done.has(o.id)).map((o) => ({ id: o.id, reason: 'Polymarket US did not report it cancelled' })),
  };
}

/** Modify: a new price of the order's own outcome (a No order's price goes out as 1 − p) and/or a new total quantity. */
export async function amendOrder(c: PolymarketUsClient, orderId: string, req: AmendRequest): Promise<Order> {
  if (req.price === undefined && req.size === undefined) throw usageError('give a new price and/or size');
  const order = await fetchOrder(c, orderId);
  const r = await rules(c, order.market_ticker);
  const outcome = order.outcome === 'No' ? 'No' : 'Yes';
  const { long, qty } = checkOrder({ price: req.price ?? Decimal.from(order.price), size: req.size ?? Decimal.from(order.size) }, r, outcome);
  const body: Wire = { marketSlug: order.market_ticker };
  if (req.price !== undefined) body.price = { value: long.toString(), currency: 'USD' };
  if (req.size !== undefined) body.quantity = qty.toNumber();
  await c.api.post<unknown>(`/v1/order/${enc(orderId)}/modify`, { json: body, signer: await c.signer(), idempotent: false });
  return fetchOrder(c, orderId);
}
