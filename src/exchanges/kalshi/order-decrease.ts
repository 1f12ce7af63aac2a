/**
 * Decrease a resting Kalshi order (`POST /portfolio/events/orders/{id}/decrease`, Decrease Order
 * (V2)): fewer contracts at the same price, keeping the order's place in the queue, which an amend
 * (a cancel-replace) would lose. `pmt order amend --size S` with a size below the order's and no
 * new price comes here (order-amend.ts), never to amend.
 *
 * Body: `reduce_to`, the remaining (resting) count the order is reduced to, as a fixed-point count
 * string: the one field both the shared OpenAPI ("Only `reduce_to` is supported") and
 * kalshi-typescript 3.30.0 (exactly one of `reduce_by`/`reduce_to`) accept; plus the order's
 * routing (`market_ticker`, `exchange_index`: without them Kalshi looks on shard 0 only). Answer:
 * `{order_id, client_order_id, remaining_count, ts_ms}`. Sent once (not idempotent: a repeated
 * reduce_to would be harmless, but a POST is never retried blindly).
 */
import type { Decimal } from '../../decimal.js';
import type { Signer } from '../http.js';
import type { KalshiClient } from './client.js';
import { routingOf, writePacer } from './order-cancel.js';
import { formatCount } from './order-wire.js';

/** Reduce order `id` (its raw record `raw`) to `remaining` resting contracts. */
export async function decreaseOrder(c: KalshiClient, signer: Signer, id: string, raw: Record<string, unknown>, remaining: Decimal): Promise<void> {
  const body = { reduce_to: formatCount(remaining), ...routingOf(raw) };
  await writePacer(c).take();
  await c.http.post<unknown>(`/portfolio/events/orders/${encodeURIComponent(id)}/decrease`, { json: body, signer, idempotent: false });
}
