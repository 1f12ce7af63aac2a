/**
 * Polymarket US's private WebSocket for `pmt order watch`: `<PMT_POLYMARKET_US_WS_URL>/v1/ws/private`,
 * the upgrade signed as a GET of that path with the REST headers (X-PM-Access-Key, X-PM-Timestamp,
 * X-PM-Signature), re-signed on every connect (the `polymarket-us` SDK's websocket/base.ts; docs
 * api-reference/websocket/private). Subscribed once per connection for every market (no
 * `marketSlugs`):
 *   {"subscribe": {"requestId": "pmt-orders", "subscriptionType": "SUBSCRIPTION_TYPE_ORDER"}}
 *
 *   orderSubscriptionSnapshot {orders: [Order], eof}   the open orders at subscribe (not an event: skipped)
 *   orderSubscriptionUpdate   {execution: {id, order: Order, lastShares, lastPx: Amount,
 *                              type: EXECUTION_TYPE_NEW | PARTIAL_FILL | FILL | CANCELED | REPLACE |
 *                                    REJECTED | EXPIRED | DONE_FOR_DAY, tradeId, aggressor, transactTime}}
 *   {"heartbeat": {}}  the venue's keep-alive; silence past 30 s is a drop and pmt reconnects
 *   {"requestId", "error"}  a refused subscription: the watch ends with it
 * (`ordersSnapshot` / `orderUpdate` are the older names the SDK still accepts.)
 *
 * Each update is the order as it now stands (an `order` event) and, for a (partial) fill, the
 * execution (a `fill` event). Prices are the long side's on the wire; an order on the short side
 * (No) reads at 1 − that, as everywhere in pmt.
 */
import { complement } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import { num } from '../levels.js';
import type { OrderEvent, OrderStream, WatchOrdersOptions } from '../order-stream.js';
import { heartbeatMs, ReconnectingSocket } from '../ws.js';
import type { PolymarketUsClient } from './client.js';
import { parseOrder } from './orders.js';
import { amount, obj, type Wire } from './parse.js';
import { signedSocket } from './stream.js';

export const PRIVATE_WS_PATH = '/v1/ws/private';
/** The venue's heartbeat cadence: silence longer than this is `stale`. */
const HEARTBEAT_MS = 30_000;
const FILLS = new Set(['EXECUTION_TYPE_PARTIAL_FILL', 'EXECUTION_TYPE_FILL']);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** One private-channel message → the account's order events (none for a snapshot, a heartbeat or what cannot be read). */
export function polymarketUsUserEvents(m: Wire, now: number): OrderEvent[] {
  const update = obj(m.orderSubscriptionUpdate) ?? obj(m.orderUpdate);
  const x = obj(update?.execution);
  const w = obj(x?.order);
  if (!x || !w || !str(w.id)) return [];
  const at = new Date(now).toISOString();
  const o = parseOrder(w, at);
  const t = typeof x.transactTime === 'string' ? Date.parse(x.transactTime) : NaN;
  const ts = Number.isNaN(t) ? (o.updated_at ?? at) : new Date(t).toISOString();
  const type = str(x.type) ?? '';
  // A modify is a cancel-replace on the venue, the order id kept: it stands open (filled so far or not).
  const status = type === 'EXECUTION_TYPE_REPLACE' && o.status === 'cancelled' ? (o.filled > 0 ? 'partially_filled' : 'open') : o.status;
  const base = { exchange: 'polymarket-us' as const, order_id: o.id, market_ticker: o.market_ticker || null, asset_id: o.market_ticker || null, outcome: o.outcome, side: o.side, exchange_ts: ts, local_ts_ms: now };
  const out: OrderEvent[] = [{ ...base, kind: 'order', price: o.price, size: o.size, filled: o.filled, status, is_taker: null, fill_id: null }];
  if (FILLS.has(type)) {
    const long = amount(x.lastPx);
    out.push({
      ...base,
      kind: 'fill',
      price: long === null ? null : o.outcome === 'No' ? complement(long) : long,
      size: num(x.lastShares),
      filled: null,
      status: null,
      is_taker: typeof x.aggressor === 'boolean' ? x.aggressor : null,
      fill_id: str(x.tradeId) ?? str(x.id),
    });
  }
  return out;
}

export function watchOrders(c: PolymarketUsClient, opts: WatchOrdersOptions): OrderStream {
  const ws = signedSocket(c, PRIVATE_WS_PATH);
  const socket = new ReconnectingSocket({
    ...ws,
    label: 'Polymarket US',
    heartbeatMs: heartbeatMs(c.cfg.env, HEARTBEAT_MS),
    onOpen(send) {
      send(JSON.stringify({ subscribe: { requestId: 'pmt-orders', subscriptionType: 'SUBSCRIPTION_TYPE_ORDER' } }));
      opts.onState?.('live');
    },
    onMessage(text) {
      let m: Wire;
      try {
        m = JSON.parse(text) as Wire;
      } catch {
        return;
      }
      if (!m || typeof m !== 'object' || 'heartbeat' in m) return;
      if (typeof m.error === 'string') return socket.fail(new PmtError('Api', `Polymarket US refused the order subscription: ${m.error.slice(0, 160)}`));
      for (const e of polymarketUsUserEvents(m, c.cfg.now())) opts.onEvent(e);
    },
    onDrop() {
      // No state to rebuild: the next updates continue the story (`order get` shows where an order stands).
    },
    onState: opts.onState,
    onFatal: opts.onFatal,
  });
  socket.start();
  return { close: () => socket.close() };
}
