/**
 * A live book applied from snapshots and deltas: pure state, no I/O and no clock. Both stream
 * clients keep one per asset, and every consumer of the stream (`book watch`, serve) keeps one to
 * draw or check what it received.
 *
 * Sides are sorted arrays (bids descending, asks ascending) updated by binary search: a delta
 * touches one level, a book has tens to a few thousand levels, and readers want the best levels
 * first without sorting. Each level also keeps the exchange's own text of its price and size
 * (when it came from the wire) so the Polymarket summary hash is computed over the same strings
 * the exchange hashed.
 */
import type { Level, Orderbook } from './types.js';
import type { BookUpdate, LevelChange } from './stream.js';

export interface WireLevel extends Level {
  /** The exchange's text of the price ("0.45"), or undefined when it came as a number. */
  p?: string;
  /** The exchange's text of the size. */
  s?: string;
}

type Side = 'bid' | 'ask';

/** Index of `price` in `levels` (sorted by `dir`), or the insertion point as −(i + 1). */
function find(levels: readonly Level[], price: number, desc: boolean): number {
  let lo = 0;
  let hi = levels.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = levels[mid]!.price;
    if (p === price) return mid;
    if (desc ? p > price : p < price) lo = mid + 1;
    else hi = mid - 1;
  }
  return -(lo + 1);
}

export class BookState {
  /** Best (highest) first. */
  bids: WireLevel[] = [];
  /** Best (lowest) first. */
  asks: WireLevel[] = [];

  /** Replace both sides; levels may come in any order, non-positive sizes are dropped. */
  reset(bids: readonly WireLevel[], asks: readonly WireLevel[]): void {
    const keep = (l: WireLevel) => l.size > 0 && Number.isFinite(l.price) && Number.isFinite(l.size);
    this.bids = bids.filter(keep).sort((a, b) => b.price - a.price);
    this.asks = asks.filter(keep).sort((a, b) => a.price - b.price);
    this.bids = dedupe(this.bids);
    this.asks = dedupe(this.asks);
  }

  /** Set one level's size (0 removes it). */
  set(side: Side, price: number, size: number, p?: string, s?: string): void {
    const levels = side === 'bid' ? this.bids : this.asks;
    const i = find(levels, price, side === 'bid');
    if (i >= 0) {
      if (size > 0) levels[i] = { price, size, p, s };
      else levels.splice(i, 1);
    } else if (size > 0) {
      levels.splice(-i - 1, 0, { price, size, p, s });
    }
  }

  /** Add `delta` contracts at a level (Kalshi deltas are relative); the result is kept on the 1e-6 grid. */
  add(side: Side, price: number, delta: number): number {
    const levels = side === 'bid' ? this.bids : this.asks;
    const i = find(levels, price, side === 'bid');
    const before = i >= 0 ? levels[i]!.size : 0;
    const after = Math.max(0, (Math.round(before * 1e6) + Math.round(delta * 1e6)) / 1e6);
    this.set(side, price, after);
    return after;
  }

  size(side: Side, price: number): number {
    const levels = side === 'bid' ? this.bids : this.asks;
    const i = find(levels, price, side === 'bid');
    return i >= 0 ? levels[i]!.size : 0;
  }

  /** The unified Orderbook (plain levels, copied: the state keeps changing). */
  orderbook(assetId: string, timestamp: string, hash: string | null = null, lastUpdateId: number | null = null): Orderbook {
    const plain = (ls: WireLevel[]) => ls.map((l) => ({ price: l.price, size: l.size }));
    return { asset_id: assetId, asks: plain(this.asks), bids: plain(this.bids), hash, last_update_id: lastUpdateId, timestamp };
  }

  /** Apply changes as a delta event carries them (absolute sizes). */
  applyChanges(changes: readonly LevelChange[]): void {
    for (const c of changes) this.set(c.side, c.price, c.size);
  }
}

function dedupe(levels: WireLevel[]): WireLevel[] {
  // Equal prices in one snapshot: the last one wins (what a level map on the exchange would hold).
  const out: WireLevel[] = [];
  for (const l of levels) {
    if (out.length > 0 && out[out.length - 1]!.price === l.price) out[out.length - 1] = l;
    else out.push(l);
  }
  return out;
}

/**
 * What a consumer of BookUpdates holds: the book (null between a clear and the next snapshot) and
 * the time of the last event that changed it. Returns true when the book changed.
 */
export class AppliedBook {
  readonly state = new BookState();
  live = false;
  assetId = '';
  /** Exchange time of the last snapshot or delta, ISO UTC. */
  exchangeTs: string | null = null;
  /** Local time (ms) of the last snapshot or delta. */
  localTs: number | null = null;
  hash: string | null = null;

  apply(u: BookUpdate): boolean {
    switch (u.kind) {
      case 'snapshot':
        this.state.reset(u.book.bids, u.book.asks);
        this.live = true;
        this.assetId = u.asset_id;
        this.hash = u.book.hash;
        this.exchangeTs = u.exchange_ts;
        this.localTs = u.local_ts_ms;
        return true;
      case 'delta':
        if (!this.live) return false;
        this.state.applyChanges(u.changes);
        this.hash = null;
        this.exchangeTs = u.exchange_ts;
        this.localTs = u.local_ts_ms;
        return true;
      case 'clear':
        this.state.reset([], []);
        this.live = false;
        this.hash = null;
        return true;
      default:
        return false;
    }
  }

  orderbook(): Orderbook | null {
    return this.live ? this.state.orderbook(this.assetId, this.exchangeTs ?? new Date(0).toISOString(), this.hash) : null;
  }
}

/** The changes that turn one side's levels `before` into `after` (size 0 removes a level). */
export function levelDiff(side: Side, before: readonly Level[], after: readonly Level[]): LevelChange[] {
  const out: LevelChange[] = [];
  const was = new Map(before.map((l) => [l.price, l.size]));
  const is = new Set(after.map((l) => l.price));
  for (const l of before) if (!is.has(l.price)) out.push({ side, price: l.price, size: 0 });
  for (const l of after) if (was.get(l.price) !== l.size) out.push({ side, price: l.price, size: l.size });
  return out;
}
