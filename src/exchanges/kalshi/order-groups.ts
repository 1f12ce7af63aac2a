/**
 * Kalshi order groups (`/portfolio/order_groups`): a contract limit over a rolling 15-second
 * window; when it is hit, or the group is triggered, Kalshi cancels the group's orders and refuses
 * new ones in it until it is reset, so fills stop even when pmt is gone. Signed, never retried
 * blindly (writes); `is_auto_cancel_enabled` is read as "triggered".
 */
import { PmtError } from '../../errors.js';
import type { OrderGroup, OrderGroupRequest } from '../exchange.js';
import type { KalshiClient } from './client.js';

const BASE = '/portfolio/order_groups';

function parseGroup(raw: unknown): OrderGroup {
  const r = (raw ?? {}) as Record<string, unknown>;
  if (typeof r.id !== 'string' || r.id === '') throw new PmtError('Api', `Kalshi sent an order group without an id (${BASE})`);
  const limit = Number(r.contracts_limit_fp ?? r.contracts_limit);
  return { id: r.id, contracts_limit: Number.isFinite(limit) && r.contracts_limit_fp !== undefined ? limit : Number.isFinite(limit) && r.contracts_limit !== undefined ? limit : null, triggered: r.is_auto_cancel_enabled === true };
}

export async function orderGroups(c: KalshiClient, req: OrderGroupRequest): Promise<OrderGroup[]> {
  const signer = await c.signer('trade');
  switch (req.action) {
    case 'list': {
      const body = await c.http.get<{ order_groups?: unknown[] }>(BASE, { signer });
      return (Array.isArray(body?.order_groups) ? body.order_groups : []).map(parseGroup);
    }
    case 'create': {
      const body = await c.http.post<{ order_group_id?: unknown }>(`${BASE}/create`, { json: { contracts_limit: req.contracts_limit }, signer, idempotent: false });
      if (typeof body?.order_group_id !== 'string') throw new PmtError('Api', 'Kalshi created an order group but did not say its id', { ambiguous: true, hint: '`pmt order group list` shows the groups' });
      return [{ id: body.order_group_id, contracts_limit: req.contracts_limit, triggered: false }];
    }
    case 'trigger':
    case 'reset': {
      await c.http.request('PUT', `${BASE}/${encodeURIComponent(req.id)}/${req.action}`, { json: {}, signer, idempotent: true });
      const body = await c.http.get<Record<string, unknown>>(`${BASE}/${encodeURIComponent(req.id)}`, { signer });
      return [parseGroup({ ...body, id: req.id })];
    }
    case 'delete': {
      await c.http.delete(`${BASE}/${encodeURIComponent(req.id)}`, { signer, idempotent: true });
      return [];
    }
  }
}
