/**
 * Cancel-all on the CLOB's native endpoints, reported as full Order snapshots.
 *
 * 1. List the open orders (all pages, optionally one token) so the result can hold complete
 *    orders, not just ids.
 * 2. One request: `DELETE /cancel-all`, or `DELETE /cancel-market-orders` with `{asset_id}` (plus
 *    the condition id as `market` when known) for one token. Cancelling is idempotent, so this
 *    request may be retried on transient failures.
 * 3. `canceled[]` → the snapshots with status cancelled; `not_canceled{id: reason}` → failed.
 *    A listed order the exchange mentions in neither is looked up: cancelled if it now is, else
 *    failed with its current status (it may have filled meanwhile).
 */
import { PmtError } from '../../errors.js';
import type { CancelResult } from '../exchange.js';
import type { Order } from '../types.js';
import { l2 } from './auth.js';
import type { PolymarketClient } from './client.js';
import { parseOpenOrder } from './order-parse.js';
import { listOpenOrdersRaw, lookupOrder } from './submit.js';

type Raw = Record<string, unknown>;

export async function cancelAll(c: PolymarketClient, tokenId: string | undefined): Promise<CancelResult> {
  const { signer } = await l2(c);
  const now = c.cfg.now();
  const open = await listOpenOrdersRaw(c, tokenId, signer);
  const snapshots = new Map<string, Order>();
  for (const r of open) {
    const o = parseOpenOrder(r, now);
    if (o.id) snapshots.set(o.id.toLowerCase(), o);
  }

  let res: Raw;
  if (tokenId === undefined) {
    res = (await c.clob.delete<Raw>('/cancel-all', { signer, idempotent: true })) ?? {};
  } else {
    const market = open.map((r) => r.market).find((m): m is string => typeof m === 'string' && m !== '');
    const json = market ? { market, asset_id: tokenId } : { asset_id: tokenId };
    res = (await c.clob.delete<Raw>('/cancel-market-orders', { json, signer, idempotent: true })) ?? {};
  }

  const stamp = new Date(c.cfg.now()).toISOString();
  const cancelledIds = Array.isArray(res.canceled) ? res.canceled.filter((x): x is string => typeof x === 'string') : [];
  const notCancelled = res.not_canceled && typeof res.not_canceled === 'object' ? (res.not_canceled as Record<string, unknown>) : {};
  const result: CancelResult = { cancelled: [], failed: [] };
  const mentioned = new Set<string>();

  for (const id of cancelledIds) {
    mentioned.add(id.toLowerCase());
    const snap = snapshots.get(id.toLowerCase()) ?? (await lookupOrder(c, id, signer).catch(() => null)) ?? sparse(id, now);
    result.cancelled.push({ ...snap, status: 'cancelled', updated_at: stamp });
  }
  for (const [id, reason] of Object.entries(notCancelled)) {
    mentioned.add(id.toLowerCase());
    result.failed.push({ id, reason: typeof reason === 'string' && reason ? reason : 'not cancelled' });
  }
  for (const [id, snap] of snapshots) {
    if (mentioned.has(id)) continue;
    const now2 = await lookupOrder(c, snap.id, signer).catch((e: unknown) => (e instanceof PmtError ? null : Promise.reject(e)));
    if (now2?.status === 'cancelled') result.cancelled.push({ ...now2, updated_at: stamp });
    else result.failed.push({ id: snap.id, reason: now2 ? `not cancelled; the order is now ${now2.status}` : 'Polymarket did not report it cancelled' });
  }
  return result;
}

/** An order the listing did not show and the lookup could not find: what the exchange told us. */
function sparse(id: string, nowMs: number): Order {
  return {
    id,
    market_ticker: '',
    outcome: '',
    side: 'buy',
    price: 0,
    size: 0,
    filled: 0,
    status: 'cancelled',
    created_at: new Date(nowMs).toISOString(),
    fee: null,
    updated_at: null,
  };
}
