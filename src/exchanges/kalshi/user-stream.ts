/**
 * Kalshi's private channels for `pmt order watch`: `user_orders` (the account's orders as they
 * rest, fill and are cancelled) and `fill` (each execution), on the same signed WebSocket as the
 * book stream (stream.ts), subscribed for every market:
 *   {"id": n, "cmd": "subscribe", "params": {"channels": ["user_orders", "fill"]}}
 *
 *   user_order {order_id, ticker, status: resting | canceled | executed, side: yes | no,
 *               yes_price_dollars, fill_count_fp, remaining_count_fp, initial_count_fp, action?, created_ts_ms}
 *   fill       {trade_id, order_id, market_ticker, is_taker, side, action, yes_price_dollars,
 *               count_fp, ts_ms, purchased_side}
 *
 * Prices are given on the YES scale; each event carries the price of the outcome it names (a NO
 * order or fill at 1 − the YES price), as everywhere in pmt.
 */
import { complement } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import { isoFromEpoch, num } from '../levels.js';
import type { OrderEvent, OrderStream, WatchOrdersOptions } from '../order-stream.js';
import { heartbeatMs, ReconnectingSocket } from '../ws.js';
import type { KalshiClient } from './client.js';
import { kalshiWsUrl } from './stream.js';

const HEARTBEAT_MS = 10_000;
type Msg = { type?: string; id?: number; msg?: Record<string, unknown> };
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const STATUS: Record<string, string> = { resting: 'open', canceled: 'cancelled', executed: 'filled' };

/** The outcome a Kalshi side names, and its price from the YES price (exact to 1e-6). */
function outcomePrice(side: unknown, yes: number | null): { outcome: string | null; price: number | null } {
  const s = str(side)?.toLowerCase();
  const outcome = s === 'yes' ? 'Yes' : s === 'no' ? 'No' : null;
  if (yes === null || outcome === null) return { outcome, price: yes };
  return { outcome, price: outcome === 'Yes' ? yes : complement(yes) };
}
const action = (v: unknown): 'buy' | 'sell' | null => (v === 'buy' ? 'buy' : v === 'sell' ? 'sell' : null);

export function kalshiUserEvent(m: Msg, now: number): OrderEvent | null {
  const x = m.msg;
  if (!x) return null;
  if (m.type === 'user_order') {
    const id = str(x.order_id);
    if (!id) return null;
    const { outcome, price } = outcomePrice(x.side, num(x.yes_price_dollars));
    const status = str(x.status);
    const filled = num(x.fill_count_fp);
    return {
      exchange: 'kalshi', kind: 'order', order_id: id, market_ticker: str(x.ticker), asset_id: str(x.ticker), outcome, side: action(x.action) ?? 'buy',
      price, size: num(x.initial_count_fp), filled,
      status: status === null ? null : status === 'resting' && filled !== null && filled > 0 ? 'partially_filled' : (STATUS[status] ?? status),
      is_taker: null, fill_id: null, exchange_ts: isoFromEpoch(x.created_ts_ms) ?? new Date(now).toISOString(), local_ts_ms: now,
    };
  }
  if (m.type === 'fill') {
    const id = str(x.order_id);
    if (!id) return null;
    const { outcome, price } = outcomePrice(x.side, num(x.yes_price_dollars));
    return {
      exchange: 'kalshi', kind: 'fill', order_id: id, market_ticker: str(x.market_ticker), asset_id: str(x.market_ticker), outcome, side: action(x.action),
      price, size: num(x.count_fp), filled: null, status: null, is_taker: typeof x.is_taker === 'boolean' ? x.is_taker : null, fill_id: str(x.trade_id),
      exchange_ts: isoFromEpoch(x.ts_ms) ?? isoFromEpoch(x.ts) ?? new Date(now).toISOString(), local_ts_ms: now,
    };
  }
  return null;
}

export function watchOrders(c: KalshiClient, opts: WatchOrdersOptions): OrderStream {
  const url = kalshiWsUrl(c);
  let cmdId = 0;
  const socket = new ReconnectingSocket({
    url,
    heartbeatMs: heartbeatMs(c.cfg.env, HEARTBEAT_MS),
    headers: async () => {
      const signer = await c.signer('read');
      let path = '/trade-api/ws/v2';
      try {
        path = new URL(url).pathname;
      } catch {
        throw new PmtError('Config', 'PMT_KALSHI_WS_URL is not a valid URL');
      }
      return signer({ method: 'GET', signPath: path, body: undefined });
    },
    onOpen(send) {
      send(JSON.stringify({ id: ++cmdId, cmd: 'subscribe', params: { channels: ['user_orders', 'fill'] } }));
    },
    onMessage(text) {
      let m: Msg;
      try {
        m = JSON.parse(text) as Msg;
      } catch {
        return;
      }
      if (m.type === 'subscribed') return opts.onState?.('live');
      if (m.type === 'error') {
        const message = typeof m.msg?.msg === 'string' ? m.msg.msg : 'error';
        return socket.fail(new PmtError('Api', `Kalshi refused the order subscription: ${message.slice(0, 120)} (code ${String(m.msg?.code)})`));
      }
      const ev = kalshiUserEvent(m, c.cfg.now());
      if (ev) opts.onEvent(ev);
    },
    onDrop() {},
    onState: opts.onState,
    onFatal: opts.onFatal,
  });
  socket.start();
  return { close: () => socket.close() };
}
