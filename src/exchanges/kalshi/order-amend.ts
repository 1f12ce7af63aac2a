/**
 * One Kalshi order at a time: cancel (`DELETE /portfolio/events/orders/{id}?market_ticker=…
 * &exchange_index=…`, V2, routed to the order's shard: answers `{order_id, client_order_id,
 * reduced_by}`) and amend (`POST /portfolio/events/orders/{id}/amend`,
 * which takes the whole new state: ticker, book side, YES price and count). Both read the order
 * back afterwards (`GET /portfolio/orders/{id}`), so the caller sees what Kalshi now holds.
 *
 * Amend prices follow the contract: `price` is the price of the order's own outcome, as pmt shows
 * it. A NO order (Kalshi's `side: "no"`, or one pmt placed as NO, which V2 records as a YES ask or
 * bid) at NO price p rests on the YES book at 1 − p, so the wire price is mirrored for it; a YES
 * order's is p. `size` is the order's new total size
 * (filled contracts included), as Kalshi's `count`. Prices and sizes are checked against the
 * market's grid before anything is signed.
 */
import { Decimal } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import type { AmendRequest } from '../types.js';
import type { Signer } from '../http.js';
import type { Order } from '../types.js';
import type { KalshiClient } from './client.js';
import { obj, text } from './coerce.js';
import { routingOf, writePacer } from './order-cancel.js';
import { fetchRawMarket, orderRulesOf } from './order-market.js';
import { parseKalshiOrder, wireTerms } from './order-parse.js';
import { checkMarketOpen, checkPrice, checkSize } from './order-rules.js';
import { formatCount, formatPrice } from './order-wire.js';
import { decreaseOrder } from './order-decrease.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function orderId(id: string): string {
  const s = String(id ?? '').trim();
  if (!UUID_RE.test(s)) throw usageError(`"${s.slice(0, 80)}" is not a Kalshi order id (a UUID such as 9f1c…-…)`);
  return s;
}

async function rawOrder(c: KalshiClient, signer: Signer, id: string): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.http.get<unknown>(`/portfolio/orders/${encodeURIComponent(id)}`, { signer });
  } catch (e) {
    if (e instanceof PmtError && (e.kind === 'MarketNotFound' || e.status === 404)) throw new PmtError('OrderNotFound', `Kalshi has no order ${id}`, { status: 404 });
    throw e;
  }
  const o = obj(obj(body)?.order);
  if (!o) throw new PmtError('OrderNotFound', `Kalshi has no order ${id}`);
  return o;
}

const now = (c: KalshiClient) => new Date(c.cfg.now()).toISOString();

/** A 404 on a write names the order, not a market. */
function orderFailure(e: unknown, id: string, verb: string): unknown {
  if (!(e instanceof PmtError)) return e;
  if (e.status === 404) return new PmtError('OrderNotFound', `Kalshi has no order ${id} to ${verb}`, { status: 404 });
  if (e.ambiguous) {
    return new PmtError(e.kind, `${e.message}; the ${verb} may or may not have reached Kalshi`, { cause: e, ambiguous: true, hint: `check the order with \`pmt order get ${id}\`` });
  }
  return e;
}

export async function cancelOrder(c: KalshiClient, id: string): Promise<Order> {
  const oid = orderId(id);
  const signer = await c.signer('trade');
  // Kalshi routes a cancel that names neither exchange_index nor market_ticker to shard 0, where an
  // order of another shard is unknown: read the order first and route the cancel to its shard.
  const before = await rawOrder(c, signer, oid);
  const status = text(before.status)?.toLowerCase();
  if (status && status !== 'resting') throw new PmtError('Api', `order ${oid} is ${status === 'executed' ? 'filled' : status}; nothing to cancel (not resting)`, { status: 400 });
  await writePacer(c).take();
  try {
    await c.http.delete<unknown>(`/portfolio/events/orders/${encodeURIComponent(oid)}`, { signer, query: { ...routingOf(before) } });
  } catch (e) {
    // Refused: say why in the order's own terms when it no longer rests (filled or cancelled).
    if (e instanceof PmtError && e.status === 400 && !e.ambiguous) {
      const now = await rawOrder(c, signer, oid).catch(() => null);
      const status = now ? text(now.status)?.toLowerCase() : null;
      if (status && status !== 'resting') throw new PmtError('Api', `order ${oid} is ${status === 'executed' ? 'filled' : status}; nothing to cancel (not resting)`, { status: 400 });
    }
    throw orderFailure(e, oid, 'cancel');
  }
  return parseKalshiOrder(await rawOrder(c, signer, oid), now(c));
}

export async function amendOrder(c: KalshiClient, id: string, req: AmendRequest): Promise<Order> {
  const oid = orderId(id);
  if (req.price === undefined && req.size === undefined) throw usageError('amend needs a new price or a new size (or both)');
  const signer = await c.signer('trade');
  const o = await rawOrder(c, signer, oid);
  const status = text(o.status)?.toLowerCase();
  if (status !== 'resting') throw new PmtError('Api', `order ${oid} is ${status ?? 'not open'}; only a resting order can be amended`, { usage: true });
  const ticker = text(o.ticker) ?? '';
  const wire = wireTerms(o);
  const side = wire.side;
  // The price is that of the order's outcome as pmt shows it (parseKalshiOrder: a NO order, or one
  // pmt placed as NO that Kalshi records in its YES form): a NO price goes on the wire as 1 − p.
  const no = parseKalshiOrder(o, now(c)).outcome === 'No';
  const rules = orderRulesOf(await fetchRawMarket(c, ticker), ticker);
  checkMarketOpen(rules);
  const currentYes = wire.price;
  if (!currentYes) throw new PmtError('Api', `Kalshi sent order ${oid} without a price`);
  const yes = req.price === undefined ? currentYes : checkPrice(no ? Decimal.ONE.minus(req.price) : req.price, rules.ranges);
  const filled = Decimal.read(o.fill_count_fp) ?? Decimal.ZERO;
  const current = Decimal.read(o.initial_count_fp) ?? filled.plus(Decimal.read(o.remaining_count_fp) ?? Decimal.ZERO);
  const count = req.size === undefined ? current : checkSize(req.size, rules);
  if (count.lte(filled)) throw usageError(`size ${count.toFixed()} must be larger than the ${filled.toFixed()} contracts already filled`);
  // A smaller size and no new price: decrease (keeps the queue position), never amend.
  if (req.price === undefined && count.lt(current)) {
    await decreaseOrder(c, signer, oid, o, count.minus(filled)).catch((e: unknown) => {
      throw orderFailure(e, oid, 'decrease');
    });
    return parseKalshiOrder(await rawOrder(c, signer, oid), now(c));
  }
  const body = { ticker, side, price: formatPrice(yes), count: formatCount(count), ...(text(o.client_order_id) ? { client_order_id: text(o.client_order_id) } : {}) };
  await writePacer(c).take();
  let answer: Record<string, unknown> | null;
  try {
    answer = obj(await c.http.post<unknown>(`/portfolio/events/orders/${encodeURIComponent(oid)}/amend`, { json: body, signer, idempotent: false }));
  } catch (e) {
    throw orderFailure(e, oid, 'amend');
  }
  return parseKalshiOrder(await rawOrder(c, signer, text(answer?.order_id) ?? oid), now(c));
}
