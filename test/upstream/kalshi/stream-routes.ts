/**
 * The Kalshi market-data WebSocket double (`/trade-api/ws/v2`, kalshi.asyncapi.yaml): the upgrade
 * request must carry valid RSA-PSS headers signed over `timestamp + GET + /trade-api/ws/v2`;
 * `subscribe` to `orderbook_delta` answers `subscribed`, then `orderbook_snapshot` (from the book
 * double's stored book) and `orderbook_delta`s with the subscription's `seq`; `trade` carries
 * public trades. Kalshi's heartbeat: a ping frame (body `heartbeat`) every `pingMs`.
 *
 * Driven by the order engine: an order placed through REST that rests shows up as a delta, one
 * that fills as a trade. Faults for tests: drop every connection, skip a sequence number, go
 * silent (no data, no pings, no pongs), and drop a consumer whose unsent data exceeds a limit
 * (the exchange's slow-consumer rule).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { UpstreamDouble } from '../server.js';
import type { KalshiAuth } from './auth.js';
import type { KalshiBooks, KalshiWireLevel } from './book-routes.js';

export const KALSHI_WS_PATH = '/trade-api/ws/v2';
const PRIVATE = ['user_orders', 'fill'];

interface Sub {
  sid: number;
  channel: string;
  ticker: string;
  seq: number;
}
interface Conn {
  ws: WebSocket;
  subs: Map<number, Sub>;
  keyId: string;
}

export function createKalshiStream(auth: KalshiAuth, books: KalshiBooks) {
  const wss = new WebSocketServer({ noServer: true, autoPong: false });
  const conns = new Set<Conn>();
  let nextSid = 1;
  const faults = { silent: false, skipSeq: 0, maxBufferedBytes: Infinity };
  /** `canonicalOnly`: trades without the deprecated taker_side. */
  const wire = { canonicalOnly: false };
  const stats = { upgrades: 0, refused: 0, subscribes: 0, messages: 0, slowDropped: 0 };
  let pingTimer: NodeJS.Timeout | undefined;
  const state = { pingMs: 10_000 };

  function send(c: Conn, msg: unknown): void {
    if (faults.silent || c.ws.readyState !== 1) return;
    if (c.ws.bufferedAmount > faults.maxBufferedBytes) {
      // Kalshi drops a consumer that cannot keep up rather than buffering without bound.
      stats.slowDropped += 1;
      c.ws.terminate();
      return;
    }
    stats.messages += 1;
    c.ws.send(JSON.stringify(msg));
  }

  const fmtLevels = (ls: KalshiWireLevel[]) => ls.map(([p, s]) => [p, s]);

  function snapshot(c: Conn, sub: Sub): void {
    const b = books.book(sub.ticker);
    if (!b) return;
    const msg: Record<string, unknown> = { market_ticker: sub.ticker, market_id: `id-${sub.ticker}` };
    if (b.yes.length) msg.yes_dollars_fp = fmtLevels(b.yes);
    if (b.no.length) msg.no_dollars_fp = fmtLevels(b.no);
    send(c, { type: 'orderbook_snapshot', sid: sub.sid, seq: ++sub.seq, msg });
  }

  function onCommand(c: Conn, text: string): void {
    let cmd: { id?: number; cmd?: string; params?: { channels?: string[]; market_ticker?: string; market_tickers?: string[]; sids?: number[] } };
    try {
      cmd = JSON.parse(text);
    } catch {
      return send(c, { id: 0, type: 'error', msg: { code: 1, msg: 'Unable to process message' } });
    }
    const p = cmd.params ?? {};
    if (cmd.cmd === 'subscribe') {
      stats.subscribes += 1;
      const tickers = p.market_tickers ?? (p.market_ticker ? [p.market_ticker] : []);
      if (!p.channels?.length) return send(c, { id: cmd.id, type: 'error', msg: { code: 3, msg: 'Channels required' } });
      for (const t of tickers) {
        if (!books.book(t)) return send(c, { id: cmd.id, type: 'error', msg: { code: 16, msg: 'Market not found' } });
      }
      for (const channel of p.channels) {
        // The private channels (user_orders, fill) cover every market when none is named.
        const scope = tickers.length === 0 && PRIVATE.includes(channel) ? [''] : tickers;
        for (const ticker of scope) {
          const sub: Sub = { sid: nextSid++, channel, ticker, seq: 0 };
          c.subs.set(sub.sid, sub);
          send(c, { id: cmd.id, type: 'subscribed', msg: { channel, sid: sub.sid } });
          if (channel === 'orderbook_delta') snapshot(c, sub);
        }
      }
    } else if (cmd.cmd === 'unsubscribe') {
      for (const sid of p.sids ?? []) {
        const sub = c.subs.get(sid);
        c.subs.delete(sid);
        send(c, { id: cmd.id, sid, seq: sub ? sub.seq + 1 : 0, type: 'unsubscribed' });
      }
    } else {
      send(c, { id: cmd.id, type: 'error', msg: { code: 1, msg: 'Unable to process message' } });
    }
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== KALSHI_WS_PATH) return false;
    stats.upgrades += 1;
    const denied = auth.checkSigned({ method: req.method ?? 'GET', headers: req.headers }, KALSHI_WS_PATH);
    if (denied) {
      stats.refused += 1;
      const body = JSON.stringify(denied.json);
      socket.end(`HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
      return true;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const c: Conn = { ws, subs: new Map(), keyId: auth.keyOf({ headers: req.headers }) };
      conns.add(c);
      ws.on('message', (d, isBinary) => !isBinary && onCommand(c, d.toString()));
      ws.on('ping', (d) => !faults.silent && ws.pong(d));
      ws.on('close', () => conns.delete(c));
      ws.on('error', () => {});
    });
    return true;
  }

  /** A private message to every subscription of `keyId` to `channel` (all markets, or this one). */
  function pushPrivate(keyId: string, channel: string, ticker: string, type: string, msg: Record<string, unknown>): void {
    for (const c of conns) {
      if (c.keyId !== keyId) continue;
      for (const s of c.subs.values()) if (s.channel === channel && (s.ticker === '' || s.ticker === ticker)) send(c, { type, sid: s.sid, msg });
    }
  }

  /** Every live orderbook subscription to `ticker`. */
  function* subsOf(ticker: string, channel: string): Generator<[Conn, Sub]> {
    for (const c of conns) for (const s of c.subs.values()) if (s.ticker === ticker && s.channel === channel) yield [c, s];
  }

  /** Change one level of the stored book by `delta` contracts and tell every subscriber. */
  function delta(ticker: string, side: 'yes' | 'no', price: number | string, delta: number | string, tsMs = Date.now()): void {
    const b = books.book(ticker);
    if (!b) throw new Error(`no Kalshi book ${ticker}`);
    const p = typeof price === 'string' ? price : price.toFixed(4);
    const levels = side === 'yes' ? b.yes : b.no;
    const i = levels.findIndex(([lp]) => Number(lp) === Number(p));
    const before = i >= 0 ? Number(levels[i]![1]) : 0;
    const after = Math.round((before + Number(delta)) * 100) / 100;
    if (i >= 0 && after <= 0) levels.splice(i, 1);
    else if (i >= 0) levels[i] = [levels[i]![0], after.toFixed(2)];
    else if (after > 0) {
      levels.push([p, after.toFixed(2)]);
      levels.sort((x, y) => Number(x[0]) - Number(y[0]));
    }
    const skip = faults.skipSeq;
    faults.skipSeq = 0;
    const d = typeof delta === 'string' ? delta : delta.toFixed(2);
    for (const [c, s] of subsOf(ticker, 'orderbook_delta')) {
      s.seq += 1 + skip;
      send(c, { type: 'orderbook_delta', sid: s.sid, seq: s.seq, msg: { market_ticker: ticker, market_id: `id-${ticker}`, price_dollars: p, delta_fp: d, side, ts_ms: tsMs } });
    }
  }

  function trade(ticker: string, yesPrice: number, count: number, takerSide: 'yes' | 'no'): void {
    for (const [c, s] of subsOf(ticker, 'trade')) {
      send(c, {
        type: 'trade',
        sid: s.sid,
        msg: {
          trade_id: `t-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`,
          market_ticker: ticker,
          yes_price_dollars: yesPrice.toFixed(4),
          no_price_dollars: (1 - yesPrice).toFixed(4),
          count_fp: count.toFixed(2),
          // The trade channel names the taker's direction taker_outcome_side / taker_book_side
          // (Kalshi's order direction page); the deprecated taker_side unless canonicalOnly.
          ...(wire.canonicalOnly ? {} : { taker_side: takerSide }),
          taker_outcome_side: takerSide,
          taker_book_side: takerSide === 'yes' ? 'bid' : 'ask',
          ts: Math.floor(Date.now() / 1000),
          ts_ms: Date.now(),
        },
      });
    }
  }

  return {
    wire,
    /** `user_order` (kalshi.asyncapi.yaml userOrderPayload) to the order's key. */
    userOrder(o: { id: string; keyId: string; clientOrderId: string; ticker: string; v1Side: 'yes' | 'no'; v1Action: 'buy' | 'sell'; yesPrice: { toFixed(n: number): string }; initial: { toFixed(n: number): string }; filled: { toFixed(n: number): string }; remaining: { toFixed(n: number): string }; status: string; createdMs?: number }): void {
      pushPrivate(o.keyId, 'user_orders', o.ticker, 'user_order', {
        order_id: o.id, user_id: o.keyId, ticker: o.ticker, status: o.status, side: o.v1Side, is_yes: o.v1Side === 'yes', action: o.v1Action,
        yes_price_dollars: o.yesPrice.toFixed(4), fill_count_fp: o.filled.toFixed(2), remaining_count_fp: o.remaining.toFixed(2), initial_count_fp: o.initial.toFixed(2),
        taker_fill_cost_dollars: '0.0000', maker_fill_cost_dollars: '0.0000', taker_fees_dollars: '0.0000', maker_fees_dollars: '0.0000',
        client_order_id: o.clientOrderId, created_time: new Date(o.createdMs ?? Date.now()).toISOString(), created_ts_ms: o.createdMs ?? Date.now(),
      });
    },
    /** `fill` (fillPayload) to the fill's key. */
    userFill(f: { fillId: string; orderId: string; keyId: string; ticker: string; side: 'yes' | 'no'; action: 'buy' | 'sell'; count: { toFixed(n: number): string }; yesPrice: { toFixed(n: number): string }; fee: { toFixed(n: number): string }; isTaker: boolean; ms: number }): void {
      pushPrivate(f.keyId, 'fill', f.ticker, 'fill', {
        trade_id: f.fillId, order_id: f.orderId, market_ticker: f.ticker, is_taker: f.isTaker, side: f.side, action: f.action,
        yes_price_dollars: f.yesPrice.toFixed(4), count_fp: f.count.toFixed(2), fee_cost: f.fee.toFixed(4), ts: Math.floor(f.ms / 1000), ts_ms: f.ms,
        post_position_fp: '0.00', purchased_side: f.action === 'buy' ? f.side : f.side === 'yes' ? 'no' : 'yes',
      });
    },
    /** Attach to the Kalshi double's HTTP server (call before or after start). */
    attach(double: UpstreamDouble): void {
      double.onUpgrade(upgrade);
    },
    /** The WebSocket base URL for PMT_KALSHI_WS_URL. */
    url: (double: UpstreamDouble) => double.wsUrl(KALSHI_WS_PATH),
    /** Kalshi's heartbeat cadence in this double (pings every `ms`). */
    setPingMs(ms: number): void {
      state.pingMs = ms;
      clearInterval(pingTimer);
      pingTimer = setInterval(() => {
        if (faults.silent) return;
        for (const c of conns) if (c.ws.readyState === 1) c.ws.ping('heartbeat');
      }, ms);
      pingTimer.unref();
    },
    delta,
    /** An orderbook_delta with any body (in sequence), the stored book untouched: values no book holds. */
    rawDelta(ticker: string, body: Record<string, unknown>): void {
      for (const [c, s] of subsOf(ticker, 'orderbook_delta')) {
        s.seq += 1;
        send(c, { type: 'orderbook_delta', sid: s.sid, seq: s.seq, msg: { market_ticker: ticker, ...body } });
      }
    },
    trade,
    faults,
    stats,
    /** Open connections and their subscriptions. */
    connections: () => [...conns].map((c) => ({ keyId: c.keyId, subs: [...c.subs.values()].map((s) => ({ ...s })) })),
    /** Fault: close every connection abruptly. */
    dropConnections(): void {
      for (const c of conns) c.ws.terminate();
    },
    close(): void {
      clearInterval(pingTimer);
      for (const c of conns) c.ws.terminate();
      wss.close();
    },
  };
}
export type KalshiStream = ReturnType<typeof createKalshiStream>;
