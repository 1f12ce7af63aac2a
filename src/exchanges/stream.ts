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

export type ClearReason = 'reconnect' | 'sequence_gap' | 'hash_mismatch' | 'stale';

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
export type BookUpdate = SnapshotUpdate | DeltaUpdate | ClearUpdate | TradeUpdate;

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
