/**
 * The Polymarket market-channel WebSocket double (`/ws/market`, polymarket.asyncapi.json), public:
 * `{"assets_ids": [...], "type": "market"}` answers with one `book` event per asset (worst-first
 * levels, the summary hash over the event as sent); then `price_change` (absolute sizes),
 * `last_trade_price`, `tick_size_change`, and a fresh `book` when tests ask (as the exchange sends
 * one after a trade). With `custom_feature_enabled`: `best_bid_ask` after each change and
 * `market_resolved` when a test resolves the market. `PING` text frames are answered `PONG`.
 *
 * Driven by the order engine (an order placed through REST that rests is a price_change, a fill a
 * last_trade_price). Faults: drop every connection, lose the next price_change (the double's book
 * moves, the client's does not: the next book's hash no longer matches what it applied), go
 * silent, drop a slow consumer whose unsent data exceeds a limit.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { UpstreamDouble } from '../server.js';
import type { ClobBooks, ClobLevel } from './book-routes.js';

export const POLY_WS_PATH = '/ws/market';

interface Conn {
  ws: WebSocket;
  assets: Set<string>;
  /** Subscribed with `custom_feature_enabled`: gets best_bid_ask and market_resolved. */
  custom: boolean;
}

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

export function createPolymarketStream(books: ClobBooks) {
  const wss = new WebSocketServer({ noServer: true });
  const conns = new Set<Conn>();
  /**
   * corruptBooks: the next N `book` events carry a changed size on their best bid under the hash of
   * the true book (levels that do not reproduce their own hash).
   */
  const faults = { silent: false, losePriceChanges: 0, maxBufferedBytes: Infinity, corruptBooks: 0 };
  const stats = { connections: 0, subscribes: 0, messages: 0, slowDropped: 0, pings: 0 };

  function send(c: Conn, text: string): void {
    if (faults.silent || c.ws.readyState !== 1) return;
    if (c.ws.bufferedAmount > faults.maxBufferedBytes) {
      stats.slowDropped += 1;
      c.ws.terminate();
      return;
    }
    stats.messages += 1;
    c.ws.send(text);
  }

  /** The `book` event of a token: the stored book, worst-first, hashed as the exchange does. */
  function bookEvent(tokenId: string) {
    const b = books.book(tokenId);
    if (!b) return undefined;
    const ev = {
      event_type: 'book',
      asset_id: tokenId,
      market: b.market,
      bids: [...b.bids].reverse(),
      asks: [...b.asks].reverse(),
      timestamp: String(Date.now()),
      hash: '',
    };
    ev.hash = sha1(JSON.stringify(ev));
    if (faults.corruptBooks > 0 && ev.bids.length > 0) {
      faults.corruptBooks -= 1;
      ev.bids = ev.bids.map((l, i) => (i === ev.bids.length - 1 ? { price: l.price, size: '999999' } : l));
    }
    return ev;
  }

  function onText(c: Conn, text: string): void {
    if (text === 'PING') {
      stats.pings += 1;
      return send(c, 'PONG');
    }
    let m: { assets_ids?: string[]; type?: string; operation?: string; custom_feature_enabled?: boolean };
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    const ids = (m.assets_ids ?? []).filter((x) => typeof x === 'string');
    if (m.operation === 'unsubscribe') {
      for (const id of ids) c.assets.delete(id);
      return;
    }
    stats.subscribes += 1;
    if (m.custom_feature_enabled === true) c.custom = true;
    const events = [];
    for (const id of ids) {
      c.assets.add(id);
      const ev = bookEvent(id);
      if (ev) events.push(ev);
    }
    if (events.length) send(c, JSON.stringify(events));
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (new URL(req.url ?? '/', 'http://x').pathname !== POLY_WS_PATH) return false;
    wss.handleUpgrade(req, socket, head, (ws) => {
      stats.connections += 1;
      const c: Conn = { ws, assets: new Set(), custom: false };
      conns.add(c);
      ws.on('message', (d, isBinary) => !isBinary && onText(c, d.toString()));
      ws.on('close', () => conns.delete(c));
      ws.on('error', () => {});
    });
    return true;
  }

  const subscribers = (tokenId: string) => [...conns].filter((c) => c.assets.has(tokenId));
  const broadcast = (tokenId: string, ev: unknown) => {
    const text = JSON.stringify(ev);
    for (const c of subscribers(tokenId)) send(c, text);
  };

  /** Set a level's absolute size (0 removes it) in the stored book, and tell subscribers. */
  function priceChange(tokenId: string, side: 'BUY' | 'SELL', price: string, size: string): void {
    const b = books.book(tokenId);
    if (!b) throw new Error(`no Polymarket book ${tokenId}`);
    const levels: ClobLevel[] = side === 'BUY' ? b.bids : b.asks;
    const i = levels.findIndex((l) => Number(l.price) === Number(price));
    if (Number(size) <= 0) {
      if (i >= 0) levels.splice(i, 1);
    } else if (i >= 0) levels[i] = { price: levels[i]!.price, size };
    else {
      levels.push({ price, size });
      levels.sort((x, y) => (side === 'BUY' ? Number(y.price) - Number(x.price) : Number(x.price) - Number(y.price)));
    }
    // The exchange's top of book after the change (custom feature), sent even when the change
    // itself is lost on the way: that is what lets a client notice.
    const top = () => {
      const ev = JSON.stringify({ event_type: 'best_bid_ask', asset_id: tokenId, market: b.market, best_bid: b.bids[0]?.price ?? '0', best_ask: b.asks[0]?.price ?? '1', spread: '', timestamp: String(Date.now()) });
      for (const c of subscribers(tokenId)) if (c.custom) send(c, ev);
    };
    if (faults.losePriceChanges > 0) {
      faults.losePriceChanges -= 1;
      return top();
    }
    broadcast(tokenId, {
      event_type: 'price_change',
      market: b.market,
      price_changes: [{ asset_id: tokenId, price, size, side, hash: sha1(`${tokenId}:${price}:${size}:${Date.now()}`).slice(0, 40), best_bid: b.bids[0]?.price ?? '0', best_ask: b.asks[0]?.price ?? '1' }],
      timestamp: String(Date.now()),
    });
    top();
  }

  /** Size now at a level of the stored book. */
  function sizeAt(tokenId: string, side: 'BUY' | 'SELL', price: string): number {
    const b = books.book(tokenId);
    const l = (side === 'BUY' ? b?.bids : b?.asks)?.find((x) => Number(x.price) === Number(price));
    return l ? Number(l.size) : 0;
  }

  return {
    attach(double: UpstreamDouble): void {
      double.onUpgrade(upgrade);
    },
    /** The WebSocket base URL for PMT_POLYMARKET_WS_URL (pmt appends `/market`). */
    url: (double: UpstreamDouble) => double.wsUrl('/ws'),
    priceChange,
    sizeAt,
    /** Send the token's full book now (the exchange does after each trade). */
    sendBook(tokenId: string): void {
      const ev = bookEvent(tokenId);
      if (ev) broadcast(tokenId, ev);
    },
    trade(tokenId: string, price: string, size: string, side: 'BUY' | 'SELL'): void {
      const b = books.book(tokenId);
      broadcast(tokenId, { event_type: 'last_trade_price', asset_id: tokenId, market: b?.market ?? '', price, size, fee_rate_bps: '0', side, timestamp: String(Date.now()), transaction_hash: '0x' + sha1(`${tokenId}${Date.now()}${Math.random()}`) });
    },
    tickSize(tokenId: string, from: string, to: string): void {
      const b = books.book(tokenId);
      if (b) b.tickSize = to;
      broadcast(tokenId, { event_type: 'tick_size_change', asset_id: tokenId, market: b?.market ?? '', old_tick_size: from, new_tick_size: to, timestamp: String(Date.now()) });
    },
    /** `market_resolved` (custom feature) to the subscribers of the market's tokens. */
    resolveMarket(tokenIds: string[], winner: { tokenId: string; outcome: string }): void {
      const b = books.book(tokenIds[0]!);
      const ev = JSON.stringify({ event_type: 'market_resolved', id: '1', market: b?.market ?? '', assets_ids: tokenIds, winning_asset_id: winner.tokenId, winning_outcome: winner.outcome, timestamp: String(Date.now()) });
      for (const c of conns) if (c.custom && tokenIds.some((t) => c.assets.has(t))) send(c, ev);
    },
    /** Send any event as is (shapes the double does not make itself). */
    broadcastRaw: (tokenId: string, ev: unknown) => broadcast(tokenId, ev),
    /** Send text as is to every subscriber of the token (a frame of any size). */
    sendText(tokenId: string, text: string): void {
      for (const c of subscribers(tokenId)) send(c, text);
    },
    faults,
    stats,
    subscriberCount: (tokenId: string) => subscribers(tokenId).length,
    dropConnections(): void {
      for (const c of conns) c.ws.terminate();
    },
    close(): void {
      for (const c of conns) c.ws.terminate();
      wss.close();
    },
  };
}
export type PolymarketStream = ReturnType<typeof createPolymarketStream>;
