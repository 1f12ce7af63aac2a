/**
 * Polymarket's book stream: the public market channel (`<PMT_POLYMARKET_WS_URL>/market`),
 * subscribed with `{"assets_ids": [token], "type": "market"}`. Events: `book` (the full book,
 * with the exchange's summary hash), `price_change` (absolute sizes per level), `tick_size_change`,
 * `last_trade_price` (a trade), and with `custom_feature_enabled` `best_bid_ask` (the exchange's
 * top of book after a change: checked against the applied book) and `market_resolved` (reported
 * as a state detail). The client sends `PING` every 10 s and the server answers `PONG`;
 * silence beyond that is `stale`.
 *
 * Integrity: Polymarket has no sequence numbers; a `book` carries the exchange's summary hash.
 * Levels are adopted only once verified: a `book` whose own levels reproduce its hash, or the
 * CLOB's `GET /book` (re-read when a `book` does not verify, the first one of a connection
 * included) whose levels reproduce its hash. A `book` that arrives while a book is applied is
 * checked against it: when the applied levels give the announced hash (or, where the message's hash
 * cannot be rebuilt, equal its levels) the local book stays; otherwise `clear` (`hash_mismatch`)
 * and the verified book. `price_change`s that arrive during a re-read are kept and applied after
 * it (their sizes are absolute, so one the re-read already holds changes nothing). A book that
 * cannot be verified at all is resubscribed (a new connection, with backoff).
 *
 * Range: a price outside (0, 1), a size below 0 or over MAX_LEVEL_SIZE, or a number that is none,
 * in a book, a change or a trade, is never emitted: `clear` (`invalid_data`) and a re-read.
 */
import { usageError } from '../../errors.js';
import { INVALID, isoFromEpoch, num, streamPrice, streamSize } from '../levels.js';
import { BookState, type WireLevel } from '../book-state.js';
import { StatusReporter, type BookStream, type BookUpdate, type ClearReason, type LevelChange, type WatchBookOptions } from '../stream.js';
import { heartbeatMs, ReconnectingSocket } from '../ws.js';
import { appliedHash, summaryHash } from './book-hash.js';
import { fetchBookSummary, TOKEN_ID_RE } from './book.js';
import type { PolymarketClient } from './client.js';
import { polymarket } from './manifest.js';

/** The client pings every 10 s, as Polymarket asks. */
const HEARTBEAT_MS = 10_000;
/** price_change events kept while the book is re-read (beyond them, the stream resubscribes). */
const MAX_PENDING = 20_000;

type Ev = Record<string, unknown>;

/** A side's levels with the exchange's texts, or INVALID when one of them is no real level. */
function wireSide(raw: unknown): WireLevel[] | typeof INVALID {
  const out: WireLevel[] = [];
  if (raw === undefined) return out;
  if (!Array.isArray(raw)) return INVALID;
  for (const r of raw) {
    if (!r || typeof r !== 'object') return INVALID;
    const { price, size } = r as { price?: unknown; size?: unknown };
    const p = streamPrice(price);
    const z = streamSize(size);
    if (p === INVALID || z === INVALID) return INVALID;
    if (z > 0) out.push({ price: p, size: z, p: typeof price === 'string' ? price : undefined, s: typeof size === 'string' ? size : undefined });
  }
  return out;
}

/** A tick size as the exchange writes it ("0.01"), or null for anything else. */
function tickText(v: unknown): string | null {
  return typeof v === 'string' && /^0?\.\d{1,8}$/.test(v) && Number(v) > 0 ? v : null;
}

const sameSide = (a: readonly WireLevel[], b: readonly WireLevel[]) => a.length === b.length && a.every((l, i) => l.price === b[i]!.price && l.size === b[i]!.size);

export function watchBook(c: PolymarketClient, assetId: string, opts: WatchBookOptions): BookStream {
  if (!TOKEN_ID_RE.test(assetId)) throw usageError(`asset must be a Polymarket token id, got "${assetId.slice(0, 40)}"`);
  const base = (c.cfg.urls.polymarketWs ?? polymarket.urls.polymarketWs.default).replace(/\/+$/, '');
  const book = new BookState();
  let seq = 0;
  let live = false;
  let tick: string | null = null;
  let stopped = false;
  /** +1 per connection: a re-read answering after its connection closed is dropped. */
  let conn = 0;
  /** A re-read from GET /book is under way; price_changes wait in `pending`. */
  let resyncing = false;
  let pending: Ev[] = [];
  /** More changes arrived during a re-read than are kept: the re-read is not adopted. */
  let overflow = false;
  const now = () => c.cfg.now();
  const emit = (u: BookUpdate) => {
    if (!stopped) opts.onUpdate(u);
  };
  const status = new StatusReporter(assetId, now, emit);
  const tsOf = (v: unknown) => isoFromEpoch(v) ?? new Date(now()).toISOString();

  function clear(reason: ClearReason): void {
    if (!live) return;
    live = false;
    book.reset([], []);
    emit({ kind: 'clear', asset_id: assetId, seq: ++seq, local_ts_ms: now(), reason });
  }

  /** Verified levels become the book: a snapshot. */
  function adopt(bids: WireLevel[], asks: WireLevel[], hash: string | null, ts: string): void {
    book.reset(bids, asks);
    live = true;
    emit({ kind: 'snapshot', asset_id: assetId, seq: ++seq, exchange_ts: ts, local_ts_ms: now(), book: book.orderbook(assetId, ts, hash) });
    status.live();
    socket.healthy();
    opts.onState?.('live', tick ? `tick ${tick}` : undefined);
  }

  /** The book cannot be trusted: drop it (when there is one) and re-read it. */
  function distrust(reason: ClearReason): void {
    clear(reason);
    void resync();
  }

  /** Re-read the book from GET /book; adopt it only when its levels reproduce its hash. */
  async function resync(): Promise<void> {
    if (resyncing || stopped) return;
    resyncing = true;
    pending = [];
    overflow = false;
    const mine = conn;
    opts.onState?.('connecting', 'book not verified: re-reading it');
    let verified: { bids: WireLevel[]; asks: WireLevel[]; hash: string; ts: string } | null = null;
    try {
      const raw = await fetchBookSummary(c, assetId);
      const hash = typeof raw.hash === 'string' && raw.hash !== '' ? raw.hash : null;
      const bids = wireSide(raw.bids);
      const asks = wireSide(raw.asks);
      if (hash !== null && bids !== INVALID && asks !== INVALID && summaryHash(raw) === hash) verified = { bids, asks, hash, ts: tsOf(raw.timestamp) };
    } catch {
      verified = null;
    }
    if (stopped || mine !== conn) return; // a new connection started over
    resyncing = false;
    const waiting = pending;
    pending = [];
    if (!verified || overflow) {
      // Neither the stream nor the CLOB gave a book pmt can verify (or too much changed during
      // the re-read to replay): a fresh subscription.
      opts.onState?.('reconnecting', 'book not verified: resubscribing');
      socket.reconnectNow();
      return;
    }
    adopt(verified.bids, verified.asks, verified.hash, verified.ts);
    for (const e of waiting) onPriceChange(e);
  }

  function onBook(e: Ev): void {
    if (resyncing) return; // the re-read decides
    const bids = wireSide(e.bids);
    const asks = wireSide(e.asks);
    if (bids === INVALID || asks === INVALID) return distrust('invalid_data');
    const hash = typeof e.hash === 'string' && e.hash !== '' ? e.hash : null;
    const selfOk = hash !== null && summaryHash(e) === hash;
    const ts = tsOf(e.timestamp);
    if (live) {
      const probe = new BookState();
      probe.reset(bids, asks);
      const localOk = hash !== null && appliedHash(e, book.bids, book.asks) === hash;
      // Where the hash cannot be rebuilt from the message, the same levels are agreement.
      const sameLevels = !selfOk && sameSide(book.bids, probe.bids) && sameSide(book.asks, probe.asks);
      if (localOk || sameLevels) {
        emit({ kind: 'snapshot', asset_id: assetId, seq: ++seq, exchange_ts: ts, local_ts_ms: now(), book: book.orderbook(assetId, ts, localOk ? hash : null) });
        opts.onState?.('live', tick ? `tick ${tick}` : undefined);
        return;
      }
      clear('hash_mismatch');
    }
    if (selfOk) return adopt(bids, asks, hash, ts);
    // Levels that do not give their own hash are never adopted: re-read the book.
    void resync();
  }

  function onPriceChange(e: Ev): void {
    if (resyncing) {
      if (pending.length < MAX_PENDING) pending.push(e);
      else overflow = true;
      return;
    }
    if (!live) return;
    const changes: LevelChange[] = [];
    // Current shape: `price_changes: [{asset_id, price, size, side, …}]`; the older one had the
    // asset at the top and `changes: [{price, size, side}]`.
    const rows = Array.isArray(e.price_changes) ? (e.price_changes as Ev[]) : Array.isArray(e.changes) ? (e.changes as Ev[]) : [e];
    const staged: Array<LevelChange & { p?: string; s?: string }> = [];
    for (const r of rows) {
      if (!r || typeof r !== 'object' || (r.asset_id ?? e.asset_id) !== assetId) continue;
      const price = streamPrice(r.price);
      const size = streamSize(r.size);
      const side = r.side === 'BUY' ? 'bid' : r.side === 'SELL' ? 'ask' : null;
      if (price === INVALID || size === INVALID || side === null) return distrust('invalid_data');
      staged.push({ side, price, size, p: typeof r.price === 'string' ? r.price : undefined, s: typeof r.size === 'string' ? r.size : undefined });
    }
    for (const ch of staged) {
      book.set(ch.side, ch.price, ch.size, ch.p, ch.s);
      changes.push({ side: ch.side, price: ch.price, size: ch.size });
    }
    if (changes.length > 0) emit({ kind: 'delta', asset_id: assetId, seq: ++seq, exchange_ts: tsOf(e.timestamp), local_ts_ms: now(), changes });
  }

  function onTrade(e: Ev): void {
    const price = streamPrice(e.price);
    const size = streamSize(e.size);
    if (price === INVALID || size === INVALID || size === 0) return distrust('invalid_data');
    emit({
      kind: 'trade',
      asset_id: assetId,
      local_ts_ms: now(),
      trade: {
        id: typeof e.transaction_hash === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(e.transaction_hash) ? e.transaction_hash : `${assetId.slice(0, 12)}-${String(num(e.timestamp) ?? now())}`,
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
   * applied book's best bid or ask differs, a change was lost: clear (`hash_mismatch`) and re-read
   * the verified book at once rather than show a wrong top until the next `book` arrives.
   */
  function onBestBidAsk(e: Ev): void {
    if (!live || resyncing) return;
    const bid = num(e.best_bid);
    const ask = num(e.best_ask);
    const exBid = bid !== null && bid > 0 ? bid : null;
    const exAsk = ask !== null && ask < 1 ? ask : null;
    const ourBid = book.bids[0]?.price ?? null;
    const ourAsk = book.asks[0]?.price ?? null;
    if (exBid !== ourBid || exAsk !== ourAsk) distrust('hash_mismatch');
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
      case 'tick_size_change': {
        const t = tickText(e.new_tick_size);
        if (e.asset_id === assetId && t !== null) {
          tick = t;
          opts.onState?.(live ? 'live' : 'connecting', `tick ${tick}`);
        }
        return;
      }
    }
  }

  const socket = new ReconnectingSocket({
    url: `${base}/market`,
    label: 'Polymarket',
    heartbeatMs: heartbeatMs(c.cfg.env, HEARTBEAT_MS),
    heartbeatText: 'PING',
    onOpen(send) {
      seq = 0;
      conn += 1;
      resyncing = false;
      pending = [];
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
      conn += 1; // a re-read under way belongs to the closed connection
      resyncing = false;
      pending = [];
      clear(why);
    },
    status,
    onState: opts.onState,
    onFatal: opts.onFatal,
  });
  socket.start();
  return {
    close: () => {
      stopped = true;
      socket.close();
    },
  };
}
