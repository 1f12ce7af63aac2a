/**
 * cancel_order and amend_order, once for the CLI and serve: one order, on the exchange its id's
 * shape names. Amend takes a new price (of the order's own outcome) and/or a new total size; an
 * exchange without amend answers NotSupported (exit 10) with the way to do it by hand.
 */
import { usageError } from '../errors.js';
import { orderExchange } from '../exchanges/ids.js';
import type { ExchangeId } from '../exchanges/types.js';
import type { ExchangeOrder } from './orders.js';
import { parsePrice, parseSize } from '../validate.js';
import type { Services } from './services.js';
import { asPlaced, placedCancels } from './journal.js';
import { requireTrading } from './risk.js';

export interface OrderRef {
  order_id: unknown;
  exchange?: ExchangeId;
}

/** Which exchange and id; validated and credentials checked before any request. */
export async function orderTarget(svc: Services, q: OrderRef): Promise<{ exchange: ExchangeId; id: string }> {
  const t = orderExchange(q.order_id, q.exchange, { field: svc.names.order, via: svc.names.exchange });
  await svc.requireCredentials(t.exchange);
  return t;
}

/** The order as it stands (what a confirmation shows before cancelling or amending it). */
export async function currentOrder(svc: Services, t: { exchange: ExchangeId; id: string }): Promise<ExchangeOrder> {
  return asPlaced(svc, [{ exchange: t.exchange, order: await (await svc.exchange(t.exchange)).fetchOrder(t.id) }])[0]!;
}

/** The cancelled order as placed, recorded in the journal (placedCancels). */
export async function cancelOrder(svc: Services, q: OrderRef): Promise<ExchangeOrder> {
  const { exchange, id } = await orderTarget(svc, q);
  return placedCancels(svc, [{ exchange, order: await (await svc.exchange(exchange)).cancelOrder(id) }])[0]!;
}

export interface AmendBody extends OrderRef {
  price?: unknown;
  size?: unknown;
}

/** The new price and size, validated (at least one). */
export function amendChanges(b: AmendBody): { price?: number; size?: number } {
  const price = b.price === undefined || b.price === null ? undefined : parsePrice('price', b.price).toNumber();
  const size = b.size === undefined || b.size === null ? undefined : parseSize('size', b.size).toNumber();
  if (price === undefined && size === undefined) throw usageError('amend needs a new price or a new size (or both)');
  return { price, size };
}

export async function amendOrder(svc: Services, b: AmendBody): Promise<ExchangeOrder> {
  // A changed order is a new risk: refused while trading is off (ops/risk.ts).
  await requireTrading(svc, 'amend_order');
  const changes = amendChanges(b);
  const { exchange, id } = await orderTarget(svc, b);
  return { exchange, order: await (await svc.exchange(exchange)).amendOrder(id, changes) };
}
