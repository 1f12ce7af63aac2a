/**
 * The serve handlers written by hand: the operations whose answer is more than their op's body
 * (ops/table.ts entries without `run`). Every other route runs the entry's op (routes.ts).
 * - create_order: the `Idempotency-Key` header;
 * - cancel_all_orders, kill: the error object with the ids cancelled (and refused) as headers
 *   when anything is left open.
 */
import * as orders from '../ops/orders.js';
import { killSwitch } from '../ops/kill.js';
import { ServeError } from './errors.js';
import type { Outcome, RouteDef } from './route-def.js';

export const ROUTE_HOOKS: Record<string, RouteDef['handler']> = {
  create_order: async (svc, { input, headers }) => {
    const key = headers['idempotency-key'];
    return { body: await orders.createOrder(svc, input, Array.isArray(key) ? key[0] : key) };
  },
  cancel_all_orders: async (svc, { input }) => cancelled(await orders.cancelAllOrders(svc, await orders.accountScope(svc, input, 'cancelAllOrders'))),
  kill: async (svc, { input }) => {
    const r = await killSwitch(svc, input);
    if (r.failed.length === 0) return { body: r.cancelled.map((c) => c.order) };
    const first = r.failed[0]!.error;
    const headers: Record<string, string> = r.cancelled.length ? { 'Pmt-Cancelled-Ids': r.cancelled.map((c) => c.order.id).join(',') } : {};
    throw new ServeError(first.kind, `kill: ${first.message}; ${r.cancelled.length} order(s) cancelled`, { retryAfter: first.retryAfter, status: first.status }, headers);
  },
};

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
