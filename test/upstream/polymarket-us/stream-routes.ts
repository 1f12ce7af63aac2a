/**
 * The Polymarket US markets WebSocket double (`/v1/ws/markets` on the API origin): the upgrade is
 * signed as a GET of that path (the SDK signs it so); an unsigned or wrongly signed upgrade is
 * answered HTTP 401. `{"subscribe": {"requestId", "subscriptionType": "SUBSCRIPTION_TYPE_MARKET_DATA",
 * "marketSlugs": [...]}}` answers one `marketData` frame per market (the whole book), and another
 * whenever a test changes a book (`setBook`). Keep-alive: `{"heartbeat": {}}` frames.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RecordedRequest } from '../server.js';
import type { UpstreamDouble } from '../server.js';
import type { UsBook, UsCatalog } from './catalog.js';

export const US_MARKETS_WS_PATH = '/v1/ws/markets';

interface Conn {
  ws: WebSocket;
  subs: Map<string, string>; // slug → requestId
}

export function createUsStream(cat: UsCatalog, authed: (req: RecordedRequest) => string | { status?: number }) {
  const wss = new WebSocketServer({ noServer: true });
  const conns = new Set<Conn>();
  const stats = { connections: 0, refused: 0, subscribes: 0 };
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
    if (url.pathname !== US_MARKETS_WS_PATH) return false;
    const who = authed({ method: 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: '' });
    if (typeof who !== 'string') {
      stats.refused += 1;
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return true;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      stats.connections += 1;
      const c: Conn = { ws, subs: new Map() };
      conns.add(c);
      ws.on('message', (d, isBinary) => {
        if (isBinary) return;
        let m: { subscribe?: { requestId?: string; subscriptionType?: string; marketSlugs?: string[] } };
        try {
          m = JSON.parse(d.toString());
        } catch {
          return;
        }
        const s = m.subscribe;
        if (!s || s.subscriptionType !== 'SUBSCRIPTION_TYPE_MARKET_DATA') return;
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
      for (const c of conns) if (c.ws.readyState === 1) c.ws.send(JSON.stringify({ heartbeat: {} }));
    },
    dropConnections(): void {
      for (const c of conns) c.ws.terminate();
    },
    close(): void {
      for (const c of conns) c.ws.terminate();
      wss.close();
    },
  };
}
