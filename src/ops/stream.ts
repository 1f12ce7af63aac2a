/**
 * The book stream, once for `pmt book watch` and serve's `GET /v1/orderbook/stream`: the asset
 * and outcome are resolved and validated as for a book read (an outcome beside a token id is
 * refused; Kalshi takes yes or no and streams that outcome's prices), before anything connects.
 * The answer says which book it is, the key under which clients of the same book share one
 * upstream subscription, and how to open it.
 */
import { BookState, levelDiff } from '../exchanges/book-state.js';
import type { BookStream, BookUpdate, WatchBookOptions } from '../exchanges/stream.js';
import type { Level } from '../exchanges/types.js';
import { resolveAsset, type AssetQuery, type ResolvedAsset } from './resolve.js';
import type { Services } from './services.js';

export interface BookStreamTarget {
  asset: ResolvedAsset;
  /** Same book, same key: the exchange, the asset id and the outcome's scale. */
  key: string;
  /** Open the upstream stream (the outcome asked for is passed on). */
  open(o: Omit<WatchBookOptions, 'outcome'>): BookStream;
}

export async function bookStream(svc: Services, q: AssetQuery): Promise<BookStreamTarget> {
  const asset = await resolveAsset(svc, q);
  const outcome = asset.outcome?.trim();
  return {
    asset,
    key: `${asset.exchange}:${asset.assetId}:${(outcome ?? '').toLowerCase()}`,
    open: (o) => asset.ex.watchBook(asset.assetId, { ...o, outcome }),
  };
}

/**
 * `--depth N` on a stream: every event a consumer applies keeps its book within the N best levels
 * per side (contract, "Books"). The full book is kept here; a snapshot is cut to the N best, and
 * each delta becomes the change of those N (a level that left them is removed with size 0, one
 * that entered them is added), so a level beyond them never reaches the consumer. A delta that
 * changes nothing within them is not sent; `seq` is renumbered so it still increases by one per
 * event of a connection. Trades and statuses pass as they are.
 */
export function trimUpdates(depth: number, emit: (u: BookUpdate) => void): (u: BookUpdate) => void {
  const full = new BookState();
  let live = false;
  let shown: { bids: Level[]; asks: Level[] } = { bids: [], asks: [] };
  let seq = 0;
  let upstreamSeq = 0;
  const next = (s: number) => {
    // The stream numbers from 1 again on a new connection: so does the trimmed one.
    if (s <= upstreamSeq) seq = 0;
    upstreamSeq = s;
    return ++seq;
  };
  const top = () => ({ bids: plain(full.bids.slice(0, depth)), asks: plain(full.asks.slice(0, depth)) });
  return (u) => {
    switch (u.kind) {
      case 'snapshot': {
        full.reset(u.book.bids, u.book.asks);
        live = true;
        shown = top();
        const cut = shown.bids.length < full.bids.length || shown.asks.length < full.asks.length;
        emit({ ...u, seq: next(u.seq), book: { ...u.book, bids: shown.bids, asks: shown.asks, hash: cut ? null : u.book.hash } });
        return;
      }
      case 'delta': {
        if (!live) return;
        full.applyChanges(u.changes);
        const now = top();
        const changes = [...levelDiff('bid', shown.bids, now.bids), ...levelDiff('ask', shown.asks, now.asks)];
        shown = now;
        if (changes.length > 0) emit({ ...u, seq: next(u.seq), changes });
        else upstreamSeq = u.seq;
        return;
      }
      case 'clear':
        live = false;
        full.reset([], []);
        shown = { bids: [], asks: [] };
        emit({ ...u, seq: next(u.seq) });
        return;
      default:
        emit(u);
    }
  };
}

const plain = (ls: readonly Level[]): Level[] => ls.map((l) => ({ price: l.price, size: l.size }));
