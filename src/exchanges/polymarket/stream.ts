/**
 * Polymarket's book stream: the public market channel (`<PMT_POLYMARKET_WS_URL>/market`),
 * subscribed with `{"assets_ids": [token], "type": "market"}`. Events: `book` (the full book,
 * with the exchange's summary hash), `price_change` (absolute sizes per level), `tick_size_change`,
 * `last_trade_price` (a trade), and with `custom_feature_enabled` `best_bid_ask` (the exchange's
 * top of book after a change: checked against the applied book) and `market_resolved` (reported
 * as a state detail). The client sends `PING` every 10 s and the server answers `PONG`;
 * silence beyond that is `stale`.
 *
 * Integrity: Polymarket has no sequence numbers, so every `book` that arrives while a book is
 * applied is checked against it. When the exchange's hash is reproducible on that message (the
 * summary hash over its own levels equals its `hash`), the hash of the locally applied levels must
 * equal it too; when it is not (a message shape whose hash input pmt cannot rebuild), the levels
 * are compared instead. A mismatch means a lost or misapplied change: `clear` (`hash_mismatch`),
 * then the message itself, the exchange's full book, is the new snapshot.
 */
import { usageError } from '../../errors.js';
import { isoFromEpoch, level, num } from '../levels.js';
import { BookState, type WireLevel } from '../book-state.js';
import type { BookStream, BookUpdate, LevelChange, WatchBookOptions } from '../stream.js';
import { heartbeatMs, ReconnectingSocket } from '../ws.js';
import { appliedHash, summaryHash } from './book-hash.js';
import { TOKEN_ID_RE } from './book.js';
import type { PolymarketClient } from './client.js';
import { polymarket } from './manifest.js';

/** The client pings every 10 s, as Polymarket asks. */
const HEARTBEAT_MS = 10_000;

type Ev = Record<string, unknown>;

function wireSide(raw: unknown): WireLevel[] {
  const out: WireLevel[] = [];
  if (!Array.isArray(raw)) return out;
  for (const r of raw) {
    if (!r || typeof r !== 'object') continue;
    const { price, size } = r as { price?: unknown; size?: unknown };
    const l = level(price, size);
    if (l) out.push({ ...l, p: typeof price === 'string' ? price : undefined, s: typeof size === 'string' ? size : undefined });
  }
  return out;
}

const sameSide = (a: readonly WireLevel[], b: readonly WireLevel[]) => a.length === b.length && a.every((l, i) => l.price === b[i]!.price && l.size === b[i]!.size);

export function watchBook(c: PolymarketClient, assetId: string, opts: WatchBookOptions): BookStream {
  if (!TOKEN_ID_RE.test(assetId)) throw usageError(`asset must be a Polymarket token id, got "${assetId.slice(0, 40)}"`);
  const base = (c.cfg.urls.polymarketWs ?? polymarket.urls.polymarketWs.default).replace(/\/+$/, '');
  const book = new BookState();
  let seq = 0;
  let live = false;
  let tick: string | null = null;
  const now = () => c.cfg.now();
  const emit = (u: BookUpdate) => opts.onUpdate(u);
  const tsOf = (v: unknown) => isoFromEpoch(v) ?? new Date(now()).toISOString();

  function clear(reason: 'hash_mismatch' | 'reconnect' | 'stale'): void {
    if (!live) return;
    live = false;
    book.reset([], []);
    emit({ kind: 'clear', asset_id: assetId, seq: ++seq, local_ts_ms: now(), reason });
  }

  function onBook(e: Ev): void {
    const bids = wireSide(e.bids);
    const asks = wireSide(e.asks);
    const hash = typeof e.hash === 'string' && e.hash !== '' ? e.hash : null;
    if (live) {
      const probe = new BookState();
      probe.reset(bids, asks);
      const reproducible = hash !== null && summaryHash(e) === hash;
      const ok = reproducible ? appliedHash(e, book.bids, book.asks) === hash : sameSide(book.bids, probe.bids) && sameSide(book.asks, probe.asks);
      if (!ok) clear('hash_mismatch');
    }
    book.reset(bids, asks);
    live = true;
    const ts = tsOf(e.timestamp);
    emit({ kind: 'snapshot', asset_id: assetId, seq: ++seq, exchange_ts: ts, local_ts_ms: now(), book: book.orderbook(assetId, ts, hash) });
    opts.onState?.('live', tick ? `tick ${tick}` : undefined);
  }

  function onPriceChange(e: Ev): void {
    if (!live) return;
    const changes: LevelChange[] = [];
    // Current shape: `price_changes: [{asset_id, price, size, side, …}]`; the older one had the
    // asset at the top and `changes: [{price, size, side}]`.
    const rows = Array.isArray(e.price_changes) ? (e.price_changes as Ev[]) : Array.isArray(e.changes) ? (e.changes as Ev[]) : [e];
    for (const r of rows) {
      if ((r.asset_id ?? e.asset_id) !== assetId) continue;
      const price = num(r.price);
      const size = num(r.size);
      const side = r.side === 'BUY' ? 'bid' : r.side === 'SELL' ? 'ask' : null;
      if (price === null || size === null || side === null || !(price > 0 && price < 1) || size < 0) continue;
      book.set(side, price, size, typeof r.price === 'string' ? r.price : undefined, typeof r.size === 'string' ? r.size : undefined);
      changes.push({ side, price, size });
    }
    if (changes.length > 0) emit({ kind: 'delta', asset_id: assetId, seq: ++seq, exchange_ts: tsOf(e.timestamp), local_ts_ms: now(), changes });
  }

  function onTrade(e: Ev): void {
    const price = num(e.price);
    const size = num(e.size);
    if (price === null || size === null) return;
    emit({
      kind: 'trade',
      asset_id: assetId,
      local_ts_ms: now(),
      trade: {
        id: typeof e.transaction_hash === 'string' && e.transaction_hash ? e.transaction_hash : `${assetId.slice(0, 12)}-${String(e.timestamp ?? now())}`,
        price,
        size,
        aggressor_side: e.side === 'BUY' ? 'buy' : e.side === 'SELL' ? 'sell' : null,
        outcome: opts.outcome ?? null,
        yes_price: null,
        no_price: null,
        taker_address: null,
        exchange_ts: tsOf(e.timestamp),
      },
    });
  }

  /**
   * `best_bid_ask` (custom feature): the exchange's own top of book after a change. When the
   * applied book's best bid or ask differs, a change was lost: clear (`hash_mismatch`) and
   * resubscribe for a fresh book rather than show a wrong top until the next `book` arrives.
   */
  function onBestBidAsk(e: Ev): void {
    if (!live) return;
    const bid = num(e.best_bid);
    const ask = num(e.best_ask);
    const exBid = bid !== null && bid > 0 ? bid : null;
    const exAsk = ask !== null && ask < 1 ? ask : null;
    const ourBid = book.bids[0]?.price ?? null;
    const ourAsk = book.asks[0]?.price ?? null;
    if (exBid !== ourBid || exAsk !== ourAsk) {
      clear('hash_mismatch');
      socket.reconnectNow();
    }
  }

  function onEvent(e: Ev): void {
    switch (e.event_type) {
      case 'book':
        if (e.asset_id === assetId) onBook(e);
        return;
      case 'price_change':
        onPriceChange(e);
        return;
      case 'last_trade_price':
        if (e.asset_id === assetId) onTrade(e);
        return;
      case 'best_bid_ask':
        if (e.asset_id === assetId) onBestBidAsk(e);
        return;
      case 'market_resolved':
        if (Array.isArray(e.assets_ids) && e.assets_ids.includes(assetId)) {
          const won = typeof e.winning_outcome === 'string' && e.winning_outcome ? e.winning_outcome : null;
          opts.onState?.(live ? 'live' : 'connecting', `market resolved${won ? `: ${won} won` : ''}`);
        }
        return;
      case 'tick_size_change':
        if (e.asset_id === assetId && typeof e.new_tick_size === 'string') {
          tick = e.new_tick_size;
          opts.onState?.(live ? 'live' : 'connecting', `tick ${tick}`);
        }
        return;
    }
  }

  const socket = new ReconnectingSocket({
    url: `${base}/market`,
    heartbeatMs: heartbeatMs(c.cfg.env, HEARTBEAT_MS),
    heartbeatText: 'PING',
    onOpen(send) {
      seq = 0;
      // custom_feature_enabled: best_bid_ask (a top-of-book check after each change) and market_resolved.
      send(JSON.stringify({ assets_ids: [assetId], type: 'market', custom_feature_enabled: true }));
    },
    onMessage(text) {
      if (text === 'PONG' || text === '') return;
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch {
        return;
      }
      if (Array.isArray(v)) for (const e of v) e && typeof e === 'object' && onEvent(e as Ev);
      else if (v && typeof v === 'object') onEvent(v as Ev);
    },
    onDrop(why) {
      clear(why);
    },
    onState: opts.onState,
    onFatal: opts.onFatal,
  });
  socket.start();
  return { close: () => socket.close() };
}
