/**
 * Kalshi trading: order entry (V2 `POST /portfolio/events/orders`), reads (V1
 * `GET /portfolio/orders…`, there is no V2 read), cancel-all and the credentials check.
 *
 * Order entry, in order: the outcome is checked (no request), credentials are loaded (Config,
 * exit 9, when missing), the market's rules are read fresh and every pre-trade rule is checked
 * (order-rules.ts; a violation is exit 2 and nothing is signed), then the order is sent ONCE
 * with a fresh UUIDv4 client_order_id (or the caller's, to re-send after an unknown outcome: Kalshi
 * refuses a duplicate, 409, and pmt shows the order that holds the id). A failure that leaves the
 * outcome unknown is resolved by looking the order up by that id (order-reconcile.ts), never by
 * sending it again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Decimal } from '../../decimal.js';
import { mayHaveLanded, PmtError, usageError } from '../../errors.js';
import type { Signer } from '../http.js';
import type { AssetInfo, AuthCheck, CancelResult, ClientIdHint, CreateOrderOptions } from '../exchange.js';
import type { CreateOrderRequest, Order } from '../types.js';
import type { KalshiClient } from './client.js';
import { parseMarket } from './parse.js';
import { cancelResting, listResting, writePacer } from './order-cancel.js';
import { fetchRawMarket, orderRulesOf } from './order-market.js';
import { parseCreateV2, parseKalshiOrder, PLACED_NO_PREFIX, wireTerms } from './order-parse.js';
import { asPlaced, findByClientOrderId, reconcileCreate, type PendingCreate } from './order-reconcile.js';
import { checkKalshiOrder, checkOutcome, finestStep, minOrderSize, nearestValidPrices, type CheckedOrder, type KalshiOrderRules } from './order-rules.js';
import { createOrderBody } from './order-wire.js';
import { tierText } from './limits.js';
import { fetchOrderbook } from './book.js';
import { postOnlyCross, postOnlyError } from '../post-only.js';

const CREATE_PATH = '/portfolio/events/orders';
/** What `previewOrder` shows for the id createOrder generates at send time. */
export const PREVIEW_CLIENT_ORDER_ID = '<new UUIDv4 generated when sent>';

function ticker(assetId: string): string {
  return assetId.replace(/^kalshi:/i, '');
}

function iso(c: KalshiClient): string {
  return new Date(c.cfg.now()).toISOString();
}

/** Kalshi's book is YES-priced: the asset is the market, its outcomes Yes and No. */
export async function describeAsset(c: KalshiClient, assetId: string): Promise<AssetInfo> {
  const t = ticker(assetId);
  // One read serves both: the order rules (tiered grid, fractional flag) and, through the
  // markets module's own mapping, the unified Market.
  const raw = await fetchRawMarket(c, t);
  const market = parseMarket(raw);
  if (!market) throw new PmtError('Api', `Kalshi sent an unexpected response to GET /markets/${t}: no market with a ticker`);
  const rules = orderRulesOf(raw, t);
  return {
    exchange: 'kalshi',
    asset_id: rules.ticker,
    market,
    book_outcome: 'Yes',
    outcomes: ['Yes', 'No'],
    tick_size: finestStep(rules.ranges).toNumber(),
    price_ranges: rules.ranges.map((r) => ({ start: r.start.toFixed(), end: r.end.toFixed(), step: r.step.toFixed() })),
    min_order_size: minOrderSize(rules).toNumber(),
    neg_risk: null,
  };
}

/** Read the market's rules and check the order against them; nothing is signed here. */
async function checkedOrder(c: KalshiClient, req: CreateOrderRequest): Promise<{ t: string; checked: CheckedOrder; rules: KalshiOrderRules }> {
  checkOutcome(req.outcome);
  const t = ticker(req.asset_id);
  const rules = orderRulesOf(await fetchRawMarket(c, t), t);
  if (req.post_only && (req.order_type ?? 'gtc') !== 'gtc') {
    throw usageError(`post-only orders rest on the book, so they must be gtc (got ${req.order_type})`);
  }
  return { t: rules.ticker, checked: checkKalshiOrder(req, rules), rules };
}

/**
 * The request body, after the post-only check on the market's YES book in the wire frame (a bid
 * crosses the best YES ask, an ask the best YES bid); the rest price steps along the market's own
 * tiered grid. For a NO order the message also gives the wire side it goes as.
 */
async function wireBody(c: KalshiClient, req: CreateOrderRequest, clientOrderId: string) {
  const { t, checked, rules } = await checkedOrder(c, req);
  const body = createOrderBody(t, checked, req.side, req.order_type ?? 'gtc', clientOrderId, Boolean(req.post_only), {
    expiresAt: req.expires_at,
    reduceOnly: req.reduce_only,
    orderGroupId: req.order_group_id,
  });
  if (req.post_only) {
    const wireSide = body.side === 'bid' ? 'buy' : 'sell';
    const inside = (against: Decimal, s: 'buy' | 'sell') => nearestValidPrices(against, rules.ranges)[s === 'buy' ? 'below' : 'above'];
    const cross = postOnlyCross(wireSide, checked.yesPrice, await fetchOrderbook(c, t), inside);
    if (cross) {
      const label = checked.outcome === 'yes' ? 'Yes' : 'No';
      const what = `${req.side} ${label} at ${checked.price.toFixed()}${checked.outcome === 'no' ? ` (a YES ${body.side} at ${checked.yesPrice.toFixed()})` : ''}`;
      if (checked.outcome === 'yes') throw postOnlyError(what, wireSide, cross, 'YES ');
      // A NO order: the crossing price and the price that would rest, on the NO scale the trader typed
      // (the YES ask at 0.64 a NO buy would hit is the NO bid side's 0.36; resting NO price = 1 − YES rest).
      const no = { against: Decimal.ONE.minus(cross.against), rest: cross.rest && Decimal.ONE.minus(cross.rest) };
      throw postOnlyError(what, req.side, no, 'NO ');
    }
  }
  return { t, checked, body };
}

export async function previewOrder(c: KalshiClient, req: CreateOrderRequest): Promise<{ method: string; url: string; body: unknown }> {
  const { body } = await wireBody(c, req, PREVIEW_CLIENT_ORDER_ID);
  return { method: 'POST', url: c.http.displayUrl(CREATE_PATH), body };
}

export async function createOrder(c: KalshiClient, req: CreateOrderRequest, opts: CreateOrderOptions = {}): Promise<Order> {
  checkOutcome(req.outcome);
  const signer = await c.signer('trade');
  const given = opts.clientOrderId ?? (opts.idempotencyKey === undefined ? undefined : clientOrderIdFor(opts.idempotencyKey));
  const reused = given !== undefined;
  const { t, checked, body } = await wireBody(c, req, reused ? checkClientOrderId(given) : generatedClientOrderId(req.outcome));
  const clientOrderId = body.client_order_id;
  const pending: PendingCreate = {
    ticker: t,
    clientOrderId,
    sentAtMs: c.cfg.now(),
    outcome: checked.outcome,
    side: req.side,
    price: checked.price.toNumber(),
  };
  const ctx = { ticker: t, outcome: checked.outcome, side: req.side, price: checked.price, count: checked.count, nowIso: iso(c) };
  opts.onPayload?.(body);
  await writePacer(c).take();
  let text: string;
  try {
    opts.onSend?.({ client_order_id: clientOrderId, order_hash: null });
    // Sent exactly once: never retried by the HTTP layer (POST is not idempotent) nor here.
    text = (await c.http.send('POST', CREATE_PATH, { json: body, signer, idempotent: false })).body;
  } catch (e) {
    if (!(e instanceof PmtError)) throw e;
    if (e.kind === 'MarketNotFound') throw new PmtError('MarketNotFound', `Kalshi has no market "${t}"`, { status: e.status });
    // A re-send under a client order id Kalshi already has: the first copy landed. Show it.
    if (e.status === 409 && reused) return alreadyPlaced(c, signer, { ...pending, sentAtMs: undefined }, e, body);
    // A timeout/reset after sending, a 408 or a 5xx: the order may exist. Look, don't resend.
    if (mayHaveLanded(e)) {
      return reconcileCreate(c, signer, pending, e);
    }
    throw e;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const order = parseCreateV2(parsed, ctx);
  if (order) return order;
  // A 2xx we cannot read still means the order was accepted: find it by its client_order_id.
  return reconcileCreate(c, signer, pending, new PmtError('Api', 'Kalshi accepted the order but its response could not be read'));
}

/**
 * The client_order_id pmt generates: a UUIDv4, marked with the outcome placed when it is NO
 * (PLACED_NO_PREFIX), so the order reads back as placed ("No buy 0.30", not V2's "Yes sell 0.70")
 * on any machine, journal or not (order-parse.ts).
 */
function generatedClientOrderId(outcome: CreateOrderRequest['outcome']): string {
  const no = typeof outcome === 'string' && outcome.toLowerCase() === 'no';
  return no ? `${PLACED_NO_PREFIX}${randomUUID()}` : randomUUID();
}

/** The client_order_id for an idempotency key: the key when Kalshi takes it as is, else a UUID from its SHA-256. */
export function clientOrderIdFor(key: string): string {
  if (/^[A-Za-z0-9_-]{1,64}$/.test(key)) return key;
  const h = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Kalshi's client_order_id: what the exchange accepts (pmt's own are UUIDv4). */
function checkClientOrderId(id: string): string {
  const s = String(id).trim();
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(s)) throw usageError(`--client-order-id "${s.slice(0, 70)}" is not a valid client order id (1-64 letters, digits, - or _)`);
  return s;
}

/**
 * The order a refused duplicate refers to; if Kalshi cannot show it, the 409 stands. Only an
 * order with the same terms (market, book side, price, size) is the order asked for and shown as
 * placed; a different one is refused (Api, exit 2), naming the id and the order it names.
 */
async function alreadyPlaced(c: KalshiClient, signer: Signer, p: PendingCreate, e: PmtError, body: { ticker: string; side: string; price: string; count: string }): Promise<Order> {
  c.cfg.log?.(`create order: Kalshi already has client_order_id ${p.clientOrderId}; nothing new was placed`);
  const raw = await findByClientOrderId(c, signer, p);
  if (raw) {
    const held = wireTerms(raw);
    const same = held.ticker === body.ticker && held.side === body.side && held.price !== null && held.price.eq(Decimal.from(body.price)) && held.count.eq(Decimal.from(body.count));
    if (same) return asPlaced(c, raw, p);
    const o = parseKalshiOrder(raw, iso(c));
    throw new PmtError(
      'Api',
      `client order id ${p.clientOrderId} already names order ${o.id} (${o.market_ticker} ${o.side} ${o.size} ${o.outcome} at ${o.price}, ${o.status}), a different order: nothing was sent`,
      { usage: true, status: e.status, hint: `use a new --client-order-id, or see that order with \`pmt order get ${o.id}\`` },
    );
  }
  throw new PmtError('Api', `Kalshi refused the order: client order id ${p.clientOrderId} was already used (${e.message}); nothing new was placed`, {
    status: e.status,
    hint: `see it with \`pmt order get --client-id ${p.clientOrderId}\``,
  });
}

/** An order by the client_order_id it was sent with (all statuses; the hint narrows the search). */
export async function fetchOrderByClientId(c: KalshiClient, clientOrderId: string, hint: ClientIdHint = {}): Promise<Order> {
  const signer = await c.signer('trade');
  const id = checkClientOrderId(clientOrderId);
  const raw = await findByClientOrderId(c, signer, {
    ticker: hint.asset_id === undefined ? undefined : ticker(hint.asset_id),
    clientOrderId: id,
    sentAtMs: hint.since_ms,
  });
  if (!raw) throw new PmtError('OrderNotFound', `Kalshi has no order with client order id ${id}`);
  return parseKalshiOrder(raw, iso(c));
}

export async function fetchOrder(c: KalshiClient, orderId: string): Promise<Order> {
  const signer = await c.signer('trade');
  const body = await c.http.get<{ order?: unknown }>(`/portfolio/orders/${encodeURIComponent(orderId)}`, { signer });
  if (!body?.order || typeof body.order !== 'object') throw new PmtError('OrderNotFound', `Kalshi has no order ${orderId}`);
  return parseKalshiOrder(body.order, iso(c));
}

/** Every resting order, all pages (limit 1000 each), optionally for one market. */
export async function fetchOpenOrders(c: KalshiClient, assetId?: string): Promise<Order[]> {
  const signer = await c.signer('trade');
  const resting = await listResting(c, signer, assetId === undefined ? undefined : ticker(assetId));
  return resting.map((r) => r.order);
}

export async function cancelAllOrders(c: KalshiClient, assetId?: string): Promise<CancelResult> {
  const signer = await c.signer('trade');
  const resting = await listResting(c, signer, assetId === undefined ? undefined : ticker(assetId));
  if (resting.length === 0) return { cancelled: [], failed: [] };
  // Every shard: the listing spans them all and each batched cancel is routed to its order's shard.
  return cancelResting(c, signer, resting);
}

function withHint(e: PmtError): string {
  return e.hint ? `${e.message} (${e.hint})` : e.message;
}

/**
 * One signed cheap read, `GET /portfolio/balance`. Clock skew = local time minus the server's
 * HTTP `Date` (1 s resolution, so ±1 s), measured at the midpoint of the request; Kalshi rejects
 * signatures whose timestamp is too far off, so a large skew explains 401s.
 */
export async function checkAuth(c: KalshiClient): Promise<AuthCheck> {
  let signer;
  try {
    signer = await c.signer('trade');
  } catch (e) {
    if (e instanceof PmtError && e.kind === 'Config') return { ok: false, clock_skew_ms: null, detail: withHint(e) };
    throw e;
  }
  const started = c.cfg.now();
  try {
    const res = await c.http.send('GET', '/portfolio/balance', { signer });
    const ended = c.cfg.now();
    const date = res.headers.date;
    const serverMs = typeof date === 'string' ? Date.parse(date) : NaN;
    const skew = Number.isFinite(serverMs) ? Math.round((started + ended) / 2 - serverMs) : null;
    const body = c.http.parseJson<{ balance?: unknown }>(res, { method: 'GET', path: '/portfolio/balance' });
    const cents = typeof body?.balance === 'number' ? body.balance : null;
    const accepted = c.keyKind ? `${c.keyKind} key accepted` : 'credentials accepted';
    const tier = c.limits ? `; ${tierText(c.limits)}` : '';
    const detail = (cents === null ? accepted : `${accepted}; available balance $${Decimal.from(cents).div(100, 2).toFixed(2)}`) + tier;
    return { ok: true, clock_skew_ms: skew, detail };
  } catch (e) {
    if (e instanceof PmtError && e.kind === 'Authentication') return { ok: false, clock_skew_ms: null, detail: withHint(e) };
    throw e;
  }
}
