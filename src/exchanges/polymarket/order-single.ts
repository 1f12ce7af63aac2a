/**
 * One Polymarket order at a time: cancel with the CLOB's `DELETE /order` (`{"orderID": …}`, L2),
 * which answers `{canceled: [ids], not_canceled: {id: reason}}`, then the order is read back so
 * the caller sees its final state. Cancelling is idempotent, so the request may be retried.
 *
 * Amend does not exist on the CLOB (a signed order is immutable): not bound here, so the adapter
 * base answers NotSupported in the manifest's words (capabilities.amendOrder).
 */
import { PmtError } from '../../errors.js';
import type { Order } from '../types.js';
import { l2 } from './auth.js';
import type { PolymarketClient } from './client.js';
import { parseOrderId } from './orders.js';
import { lookupOrder } from './submit.js';

export async function cancelOrder(c: PolymarketClient, orderId: string): Promise<Order> {
  const id = parseOrderId(orderId);
  const { signer } = await l2(c);
  const res = (await c.clob.delete<Record<string, unknown>>('/order', { json: { orderID: id }, signer, idempotent: true })) ?? {};
  const cancelled = Array.isArray(res.canceled) && res.canceled.some((x) => typeof x === 'string' && x.toLowerCase() === id);
  const refusals = res.not_canceled && typeof res.not_canceled === 'object' ? (res.not_canceled as Record<string, unknown>) : {};
  const reason = Object.entries(refusals).find(([k]) => k.toLowerCase() === id)?.[1];
  const now = await lookupOrder(c, id, signer);
  if (!cancelled) {
    const why = typeof reason === 'string' && reason ? reason : 'not cancelled';
    if (!now) throw new PmtError('OrderNotFound', `Polymarket has no order ${id} for this account (${why})`);
    throw new PmtError('Api', `Polymarket did not cancel order ${id}: ${why}; the order is ${now.status}`);
  }
  const stamp = new Date(c.cfg.now()).toISOString();
  if (!now) throw new PmtError('Api', `Polymarket cancelled order ${id} but could not show it afterwards`, { hint: `check with \`pmt order get ${id}\`` });
  return { ...now, status: 'cancelled', updated_at: now.updated_at ?? stamp };
}


