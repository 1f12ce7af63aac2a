/**
 * The Polymarket US WebSocket doubles on the API origin, each upgrade signed as a GET of its path
 * (the SDK signs it so); an unsigned or wrongly signed upgrade is answered HTTP 401.
 * - markets (`/v1/ws/markets`): `{"subscribe": {"requestId", "subscriptionType":
 *   "SUBSCRIPTION_TYPE_MARKET_DATA", "marketSlugs": [...]}}` answers one `marketData` frame per
 *   market (the whole book), and another whenever a test changes a book (`setBook`).
 * - private (`/v1/ws/private`, docs api-reference/websocket/private): `SUBSCRIPTION_TYPE_ORDER`
 *   (no `marketSlugs`: every market) answers the open orders as an `orderSubscriptionSnapshot`,
 *   then every execution report of the signing key's orders (api-routes.ts) as an
 *   `orderSubscriptionUpdate`; `SUBSCRIPTION_TYPE_ORDER_SNAPSHOT` answers only the snapshot; another
 *   type is answered `{"requestId", "error"}`.
 * Keep-alive on both: `{"heartbeat": {}}` frames (`heartbeat()`).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RecordedRequest } from '../server.js';
import type { UpstreamDouble } from '../server.js';
import type { UsBook, UsCatalog } from './catalog.js';

export const US_MARKETS_WS_PATH = '/v1/ws/markets';
export const US_PRIVATE_WS_PATH = '/v1/ws/private';

interface Conn {
  ws: WebSocket;
  subs: Map<string, string>; // slug → requestId
}

interface PrivateConn {
  ws: WebSocket;
  keyId: string;
  /** requestId → the market slugs it covers (empty: every market). */
  orders: Map<string, string[]>;
}

/** What the API double exposes to the private socket: the key's open orders and its execution reports. */
export interface UsOrderFeed {
  openOrders(keyId: string): Array<Record<string, unknown>>;
  onExecution(l: (keyId: string, execution: Record<string, unknown>) => void): () => void;
}

type Subscribe = { requestId?: string; subscriptionType?: string; marketSlugs?: string[] };

/** Each text frame's `subscribe` request, parsed (other frames are ignored, as the venue does). */
function onSubscribe(ws: WebSocket, handle: (s: Subscribe) => void): void {
  ws.on('message', (d, isBinary) => {
    if (isBinary) return;
    let m: { subscribe?: Subscribe };
    try {
      m = JSON.parse(d.toString());
    } catch {
      return;
    }
    if (m.subscribe) handle(m.subscribe);
  });
}

export function createUsStream(cat: UsCatalog, authed: (req: RecordedRequest) => string | { status?: number }, feed?: UsOrderFeed) {
  const wss = new WebSocketServer({ noServer: true });
  const conns = new Set<Conn>();
  const privates = new Set<PrivateConn>();
  const stats = { connections: 0, refused: 0, subscribes: 0, privateConnections: 0, orderSubscribes: 0, updates: 0 };
  feed?.onExecution((keyId, execution) => {
    const slug = String((execution.order as { marketSlug?: string } | undefined)?.marketSlug ?? '');
    for (const c of privates) {
      if (c.keyId !== keyId || c.ws.readyState !== 1) continue;
      for (const [requestId, slugs] of c.orders) {
        if (slugs.length && !slugs.includes(slug)) continue;
        stats.updates += 1;
        c.ws.send(JSON.stringify({ requestId, subscriptionType: 'SUBSCRIPTION_TYPE_ORDER', orderSubscriptionUpdate: { execution } }));
      }
    }
  });
  function privateUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, who: string): void {
    wss.handleUpgrade(req, socket, head, (ws) => {
      stats.privateConnections += 1;
      const c: PrivateConn = { ws, keyId: who, orders: new Map() };
      privates.add(c);
      onSubscribe(ws, (s) => {
        const requestId = s.requestId ?? '';
        const slugs = s.marketSlugs ?? [];
        if (s.subscriptionType !== 'SUBSCRIPTION_TYPE_ORDER' && s.subscriptionType !== 'SUBSCRIPTION_TYPE_ORDER_SNAPSHOT') {
          ws.send(JSON.stringify({ requestId, error: `subscription type ${String(s.subscriptionType)} is not available` }));
          return;
        }
        const open = (feed?.openOrders(who) ?? []).filter((o) => !slugs.length || slugs.includes(String(o.marketSlug)));
        ws.send(JSON.stringify({ requestId, subscriptionType: s.subscriptionType, orderSubscriptionSnapshot: { orders: open, eof: true } }));
        if (s.subscriptionType === 'SUBSCRIPTION_TYPE_ORDER') {
          stats.orderSubscribes += 1;
          c.orders.set(requestId, slugs);
        }
      });
      ws.on('close', () => privates.delete(c));
      ws.on('error', () => {});
    });
  }
  const amount = (v: string) => ({ value: v, currency: 'USD' });
  const frame = (slug: string, requestId: string) => {
    const b = cat.books.get(slug) ?? { bids: [], offers: [] };
    return JSON.stringify({
      requestId,
      subscriptionType: 'SUBSCRIPTION_TYPE_MARKET_DATA',
      marketData: { marketSlug: slug, bids: b.bids.map(([p, q]) => ({ px: amount(p), qty: q })), offers: b.offers.map(([p, q]) => ({ px: amount(p), qty: q })), state: 'MARKET_STATE_OPEN', transactTime: new Date().toISOString() },
    });
  };
  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== US_MARKETS_WS_PATH && url.pathname !== US_PRIVATE_WS_PATH) return false;
    const who = authed({ method: 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: '' });
    if (typeof who !== 'string') {
      stats.refused += 1;
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return true;
    }
    if (url.pathname === US_PRIVATE_WS_PATH) {
      privateUpgrade(req, socket, head, who);
      return true;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      stats.connections += 1;
      const c: Conn = { ws, subs: new Map() };
      conns.add(c);
      onSubscribe(ws, (s) => {
        if (s.subscriptionType !== 'SUBSCRIPTION_TYPE_MARKET_DATA') return;
        stats.subscribes += 1;
        for (const slug of s.marketSlugs ?? []) {
          if (!cat.markets.has(slug)) {
            ws.send(JSON.stringify({ requestId: s.requestId, error: `market ${slug} not found` }));
            continue;
          }
          c.subs.set(slug, s.requestId ?? '');
          ws.send(frame(slug, s.requestId ?? ''));
        }
      });
      ws.on('close', () => conns.delete(c));
      ws.on('error', () => {});
    });
    return true;
  }
  return {
    stats,
    attach(double: UpstreamDouble): void {
      double.onUpgrade(upgrade);
    },
    /** Replace a market's book and send it to its subscribers. */
    setBook(slug: string, book: UsBook): void {
      cat.books.set(slug, book);
      for (const c of conns) {
        const id = c.subs.get(slug);
        if (id !== undefined && c.ws.readyState === 1) c.ws.send(frame(slug, id));
      }
    },
    heartbeat(): void {
      for (const c of [...conns, ...privates]) if (c.ws.readyState === 1) c.ws.send(JSON.stringify({ heartbeat: {} }));
    },
    dropConnections(): void {
      for (const c of [...conns, ...privates]) c.ws.terminate();
    },
    close(): void {
      for (const c of [...conns, ...privates]) c.ws.terminate();
      wss.close();
    },
  };
}
