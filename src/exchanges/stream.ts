/**
 * The book stream every adapter offers (interface-extensions.md, BookUpdate): one live book per
 * asset over the exchange's WebSocket, as snapshot / delta / clear / trade events. Each adapter
 * owns its wire protocol (exchanges/<id>/stream.ts); the connection machinery (ws.ts) and the
 * book state (book-state.ts) are shared.
 */
import type { Orderbook } from './types.js';

/** A public trade as the stream reports it: the MarketTrade model of interface-extensions.md. */
export type { MarketTrade } from '../models/portfolio.js';
import type { MarketTrade } from '../models/portfolio.js';

/** One change of a delta: `size` 0 removes the level. */
export interface LevelChange {
  side: 'bid' | 'ask';
  price: number;
  size: number;
}

/**
 * Why a book was dropped. `invalid_data`: the exchange sent a value no real book holds (a size over
 * MAX_LEVEL_SIZE, a price outside (0, 1), a number that is not one); the event was not emitted and
 * the asset is re-synced.
 */
export type ClearReason = 'reconnect' | 'sequence_gap' | 'hash_mismatch' | 'stale' | 'invalid_data';

interface UpdateBase {
  /** Kalshi market ticker or Polymarket token id. */
  asset_id: string;
  /** Local receive time, ms since the epoch. */
  local_ts_ms: number;
}
export interface SnapshotUpdate extends UpdateBase {
  kind: 'snapshot';
  /** Increases by one per event of the asset within one connection. */
  seq: number;
  /** Exchange time of the snapshot, ISO UTC (receive time when the exchange sends none). */
  exchange_ts: string;
  book: Orderbook;
}
export interface DeltaUpdate extends UpdateBase {
  kind: 'delta';
  seq: number;
  exchange_ts: string;
  /** Applied in order. */
  changes: LevelChange[];
}
export interface ClearUpdate extends UpdateBase {
  kind: 'clear';
  seq: number;
  /** Why the local book was dropped; a snapshot follows. */
  reason: ClearReason;
}
export interface TradeUpdate extends UpdateBase {
  kind: 'trade';
  trade: MarketTrade;
}
/** The connection's state (a book change it is not): after each change, and at every retry. */
export type ConnectionState = 'live' | 'reconnecting' | 'stale';
export interface StatusUpdate extends UpdateBase {
  kind: 'status';
  state: ConnectionState;
  /** While reconnecting: the wait before the next attempt; null otherwise. */
  retry_in_ms: number | null;
}
export type BookUpdate = SnapshotUpdate | DeltaUpdate | ClearUpdate | TradeUpdate | StatusUpdate;

/**
 * The `status` events of one stream. The first snapshot of a stream says it is live by itself;
 * a status follows every later change of state (`reconnecting` also at every retry, with its
 * wait), so a script reading the NDJSON can tell a quiet book from a lost exchange.
 */
export class StatusReporter {
  /** null until the stream first went live or first failed to connect. */
  private last: ConnectionState | null = null;
  constructor(
    private readonly assetId: string,
    private readonly now: () => number,
    private readonly emit: (u: BookUpdate) => void,
  ) {}

  private send(state: ConnectionState, retryInMs: number | null): void {
    this.emit({ kind: 'status', asset_id: this.assetId, local_ts_ms: this.now(), state, retry_in_ms: retryInMs });
  }

  /** A snapshot was emitted: live again (reported only after a reconnect or a stale). */
  live(): void {
    const before = this.last;
    this.last = 'live';
    if (before !== null && before !== 'live') this.send('live', null);
  }

  /** The connection went silent (the book was cleared as stale). */
  stale(): void {
    this.last = 'stale';
    this.send('stale', null);
  }

  /** The connection dropped or failed to open: the next attempt is in `retryInMs`. */
  reconnecting(retryInMs: number): void {
    this.last = 'reconnecting';
    this.send('reconnecting', retryInMs);
  }
}

/** `connecting` before the first snapshot, `live` while the book is current, `reconnecting` after a drop. */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface WatchBookOptions {
  /** The outcome whose prices the book is on (Kalshi: `yes` or `no`; Polymarket: the token's own). */
  outcome?: string;
  onUpdate: (u: BookUpdate) => void;
  /** Connection state changes, with a short reason (for the terminal view). */
  onState?: (s: StreamState, detail?: string) => void;
  /**
   * A failure that ends the stream (bad credentials, unknown market): the stream is closed and
   * no reconnect is tried.
   */
  onFatal?: (e: Error) => void;
}

export interface BookStream {
  /** Stop: closes the socket and every timer; no event is delivered afterwards. */
  close(): void;
}
