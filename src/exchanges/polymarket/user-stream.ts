/**
 * Polymarket's authenticated user channel (`<PMT_POLYMARKET_WS_URL>/user`), for `pmt order watch`:
 * subscribed with `{"auth": {"apiKey", "secret", "passphrase"}, "markets": [], "type": "user"}`
 * (the L2 API credentials; an empty market list is every market). Two events:
 *
 *   order  {event_type: "order", id, owner, market, asset_id, side, price, original_size,
 *           size_matched, outcome, type: PLACEMENT | UPDATE | CANCELLATION, timestamp}
 *   trade  {event_type: "trade", id, taker_order_id, market, asset_id, side, size, price, outcome,
 *           status: MATCHED | MINED | CONFIRMED | RETRYING | FAILED, trader_side: TAKER | MAKER,
 *           maker_orders: [{order_id, owner, matched_amount, price, outcome, asset_id}], timestamp}
 *
 * A trade where the account made (trader_side MAKER) is reported once per own maker order, at that
 * order's price and matched amount; as taker, once for the taker order. `PING` every 10 s, as on
 * the market channel. The book stream lives in stream.ts; this module only reads the user channel.
 */
import { num, isoFromEpoch } from '../levels.js';
import type { OrderEvent, OrderStream, WatchOrdersOptions } from '../order-stream.js';
import { heartbeatMs, ReconnectingSocket } from '../ws.js';
import { apiCreds } from './auth.js';
import type { PolymarketClient } from './client.js';
import { polymarket } from './manifest.js';

const HEARTBEAT_MS = 10_000;
type Ev = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const sideOf = (v: unknown): 'buy' | 'sell' | null => (v === 'BUY' ? 'buy' : v === 'SELL' ? 'sell' : null);

/** PLACEMENT / UPDATE / CANCELLATION with the amounts → pmt's order status. */
export function orderStatus(e: Ev): string {
  if (e.type === 'CANCELLATION') return 'cancelled';
  const size = num(e.original_size);
  const matched = num(e.size_matched) ?? 0;
  if (size !== null && matched >= size && size > 0) return 'filled';
  return matched > 0 ? 'partially_filled' : 'open';
}

/** One user-channel message → the account's order events (none for what is not ours or not readable). */
export function userEvents(e: Ev, apiKey: string, now: number): OrderEvent[] {
  const ts = isoFromEpoch(e.timestamp) ?? new Date(now).toISOString();
  const base = { exchange: 'polymarket' as const, market_ticker: str(e.market), exchange_ts: ts, local_ts_ms: now };
  if (e.event_type === 'order') {
    const id = str(e.id);
    if (!id) return [];
    return [{
      ...base, kind: 'order', order_id: id, asset_id: str(e.asset_id), outcome: str(e.outcome), side: sideOf(e.side),
      price: num(e.price), size: num(e.original_size), filled: num(e.size_matched), status: orderStatus(e), is_taker: null, fill_id: null,
    }];
  }
  if (e.event_type !== 'trade') return [];
  const status = str(e.status);
  const fillId = str(e.id);
  if (e.trader_side === 'MAKER' && Array.isArray(e.maker_orders)) {
    // Our resting orders on the other side of the taker: their own price, side and amount.
    const takerSide = sideOf(e.side);
    return (e.maker_orders as Ev[])
      .filter((m) => m && typeof m === 'object' && (m.owner === undefined || m.owner === apiKey) && str(m.order_id))
      .map((m) => ({
        ...base, kind: 'fill' as const, order_id: str(m.order_id)!, asset_id: str(m.asset_id) ?? str(e.asset_id), outcome: str(m.outcome) ?? str(e.outcome),
        side: sideOf(m.side) ?? (takerSide === 'buy' ? 'sell' : takerSide === 'sell' ? 'buy' : null),
        price: num(m.price), size: num(m.matched_amount), filled: null, status, is_taker: false, fill_id: fillId,
      }));
  }
  const orderId = str(e.taker_order_id);
  if (!orderId) return [];
  return [{
    ...base, kind: 'fill', order_id: orderId, asset_id: str(e.asset_id), outcome: str(e.outcome), side: sideOf(e.side),
    price: num(e.price), size: num(e.size), filled: null, status, is_taker: true, fill_id: fillId,
  }];
}

export function watchOrders(c: PolymarketClient, opts: WatchOrdersOptions): OrderStream {
  const base = (c.cfg.urls.polymarketWs ?? polymarket.urls.polymarketWs.default).replace(/\/+$/, '');
  // The credentials are read (or derived) before the socket opens; a failure there is fatal.
  let creds: { key: string; secret: string; passphrase: string } | undefined;
  const socket = new ReconnectingSocket({
    url: `${base}/user`,
    heartbeatMs: heartbeatMs(c.cfg.env, HEARTBEAT_MS),
    heartbeatText: 'PING',
    headers: async () => {
      creds ??= await apiCreds(c);
      return {};
    },
    onOpen(send) {
      send(JSON.stringify({ auth: { apiKey: creds!.key, secret: creds!.secret, passphrase: creds!.passphrase }, markets: [], type: 'user' }));
      opts.onState?.('live');
    },
    onMessage(text) {
      if (text === 'PONG' || text === '') return;
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch {
        return;
      }
      const list = Array.isArray(v) ? v : [v];
      for (const e of list) {
        if (!e || typeof e !== 'object') continue;
        for (const ev of userEvents(e as Ev, creds!.key, c.cfg.now())) opts.onEvent(ev);
      }
    },
    onDrop() {
      // No state to rebuild: the next events continue the story (order get shows where it stands).
    },
    onState: opts.onState,
    onFatal: opts.onFatal,
  });
  socket.start();
  return { close: () => socket.close() };
}
