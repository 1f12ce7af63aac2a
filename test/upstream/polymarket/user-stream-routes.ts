/**
 * The Polymarket user-channel WebSocket double (`/ws/user`): a subscription
 * `{"auth": {"apiKey", "secret", "passphrase"}, "markets": [...], "type": "user"}` whose credentials
 * match an issued API key (else the socket is closed, as upstream does) receives that key's
 * `order` events (PLACEMENT when placed through REST, UPDATE when a counterparty fills it,
 * CANCELLATION when cancelled) and `trade` events for every match the key took part in (TAKER:
 * `taker_order_id`; MAKER: its entries in `maker_orders`), in the documented shapes
 * (docs.polymarket.com, WSS user channel). `PING` is answered `PONG`.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { UpstreamDouble } from '../server.js';
import type { ClobAuth } from './clob-auth.js';
import type { EngineOrder, TradeRecord, TokenDef } from './clob-engine.js';

export const POLY_USER_WS_PATH = '/ws/user';

interface Conn {
  ws: WebSocket;
  apiKey: string | null;
  markets: Set<string>;
}

export function createPolymarketUserStream(deps: { auth: ClobAuth; trades: TradeRecord[]; token: (id: string) => TokenDef | undefined }) {
  const wss = new WebSocketServer({ noServer: true });
  const conns = new Set<Conn>();
  const stats = { connections: 0, subscribes: 0, refused: 0 };
  let tradesSeen = deps.trades.length;

  const ts = () => String(Math.floor(Date.now() / 1000));
  const forKey = (key: string, conditionId: string | undefined) =>
    [...conns].filter((c) => c.apiKey === key && (c.markets.size === 0 || (conditionId !== undefined && c.markets.has(conditionId))));
  const send = (c: Conn, ev: unknown) => c.ws.readyState === 1 && c.ws.send(JSON.stringify(ev));

  function onText(c: Conn, text: string): void {
    if (text === 'PING') return void (c.ws.readyState === 1 && c.ws.send('PONG'));
    let m: { auth?: { apiKey?: string; secret?: string; passphrase?: string }; markets?: string[]; type?: string };
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if (m.type !== 'user') return;
    const k = m.auth?.apiKey ? deps.auth.keys.get(m.auth.apiKey) : undefined;
    if (!k || k.secret !== m.auth?.secret || k.passphrase !== m.auth?.passphrase) {
      stats.refused += 1;
      c.ws.close(1008, 'invalid credentials');
      return;
    }
    stats.subscribes += 1;
    c.apiKey = k.apiKey;
    c.markets = new Set((m.markets ?? []).filter((x) => typeof x === 'string'));
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (new URL(req.url ?? '/', 'http://x').pathname !== POLY_USER_WS_PATH) return false;
    wss.handleUpgrade(req, socket, head, (ws) => {
      stats.connections += 1;
      const c: Conn = { ws, apiKey: null, markets: new Set() };
      conns.add(c);
      ws.on('message', (d, isBinary) => !isBinary && onText(c, d.toString()));
      ws.on('close', () => conns.delete(c));
      ws.on('error', () => {});
    });
    return true;
  }

  /** The trades recorded since the last call, to the keys that took part. */
  function flushTrades(): void {
    for (const t of deps.trades.slice(tradesSeen)) {
      const tok = deps.token(t.tokenId);
      const base = { event_type: 'trade', type: 'TRADE', id: t.id, market: tok?.conditionId ?? '', asset_id: t.tokenId, outcome: tok?.outcome ?? '', status: 'MATCHED', matchtime: String(t.ts), timestamp: String(t.ts) };
      const maker = { order_id: t.maker.id, owner: t.maker.owner, matched_amount: t.size.toFixed(), price: t.price.toFixed(), outcome: tok?.outcome ?? '', asset_id: t.tokenId, side: t.maker.side };
      for (const c of forKey(t.taker.owner, tok?.conditionId)) {
        send(c, { ...base, taker_order_id: t.taker.id, side: t.taker.side, size: t.size.toFixed(), price: t.price.toFixed(), owner: t.taker.owner, trader_side: 'TAKER', maker_orders: [maker] });
      }
      for (const c of forKey(t.maker.owner, tok?.conditionId)) {
        send(c, { ...base, taker_order_id: t.taker.id, side: t.taker.side, size: t.size.toFixed(), price: t.price.toFixed(), owner: t.maker.owner, trader_side: 'MAKER', maker_orders: [maker] });
      }
    }
    tradesSeen = deps.trades.length;
  }

  return {
    stats,
    attach(double: UpstreamDouble): void {
      double.onUpgrade(upgrade);
    },
    /** An order changed: its owner's subscribers get an `order` event, then any new trades. */
    orderChanged(o: EngineOrder, type: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION'): void {
      const tok = deps.token(o.tokenId);
      for (const c of forKey(o.owner, tok?.conditionId)) {
        send(c, {
          event_type: 'order', type, id: o.id, owner: o.owner, market: tok?.conditionId ?? '', asset_id: o.tokenId, side: o.side,
          price: o.price.toFixed(), original_size: o.size.toFixed(), size_matched: o.matched.toFixed(), outcome: tok?.outcome ?? '',
          order_type: o.orderType, timestamp: ts(),
        });
      }
      flushTrades();
    },
    close(): void {
      for (const c of conns) c.ws.terminate();
    },
  };
}
