/** The pure book state: snapshots in any order, absolute and relative level changes, the consumer's view. */
import { describe, expect, it } from 'vitest';
import { AppliedBook, BookState } from '../../src/exchanges/book-state.js';

describe('BookState', () => {
  it('orders a snapshot (bids descending, asks ascending) and drops empty levels', () => {
    const s = new BookState();
    s.reset([{ price: 0.4, size: 1 }, { price: 0.42, size: 2 }, { price: 0.41, size: 0 }], [{ price: 0.5, size: 3 }, { price: 0.45, size: 4 }]);
    expect(s.bids.map((l) => l.price)).toEqual([0.42, 0.4]);
    expect(s.asks.map((l) => l.price)).toEqual([0.45, 0.5]);
  });

  it('sets, inserts in place and removes levels', () => {
    const s = new BookState();
    s.reset([{ price: 0.4, size: 1 }, { price: 0.38, size: 1 }], []);
    s.set('bid', 0.39, 5);
    s.set('bid', 0.41, 2);
    s.set('bid', 0.38, 0);
    s.set('ask', 0.6, 7);
    s.set('ask', 0.55, 1);
    expect(s.bids).toEqual([{ price: 0.41, size: 2 }, { price: 0.4, size: 1 }, { price: 0.39, size: 5 }].map((l) => ({ ...l, p: undefined, s: undefined })));
    expect(s.asks.map((l) => l.price)).toEqual([0.55, 0.6]);
  });

  it('adds relative deltas exactly and removes a level that reaches zero', () => {
    const s = new BookState();
    s.reset([{ price: 0.4, size: 0.1 }], []);
    expect(s.add('bid', 0.4, 0.2)).toBe(0.3);
    expect(s.add('bid', 0.4, -0.3)).toBe(0);
    expect(s.bids).toEqual([]);
  });

  it('keeps sorted order under many random changes (checked against a map)', () => {
    const s = new BookState();
    const ref = new Map<number, number>();
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const p = Math.round(rnd() * 98 + 1) / 100;
      const size = rnd() < 0.3 ? 0 : Math.round(rnd() * 100);
      s.set('bid', p, size);
      if (size > 0) ref.set(p, size);
      else ref.delete(p);
    }
    expect(s.bids.map((l) => [l.price, l.size])).toEqual([...ref].sort((a, b) => b[0] - a[0]));
  });
});

describe('AppliedBook', () => {
  it('follows snapshot, delta and clear; ignores deltas between a clear and the next snapshot', () => {
    const a = new AppliedBook();
    const book = { asset_id: 'X', bids: [{ price: 0.4, size: 1 }], asks: [{ price: 0.6, size: 2 }], hash: null, last_update_id: null, timestamp: '2026-01-01T00:00:00.000Z' };
    a.apply({ kind: 'snapshot', asset_id: 'X', seq: 1, exchange_ts: book.timestamp, local_ts_ms: 1, book });
    a.apply({ kind: 'delta', asset_id: 'X', seq: 2, exchange_ts: book.timestamp, local_ts_ms: 2, changes: [{ side: 'bid', price: 0.41, size: 3 }] });
    expect(a.orderbook()!.bids).toEqual([{ price: 0.41, size: 3 }, { price: 0.4, size: 1 }]);
    a.apply({ kind: 'clear', asset_id: 'X', seq: 3, local_ts_ms: 3, reason: 'stale' });
    expect(a.orderbook()).toBeNull();
    expect(a.apply({ kind: 'delta', asset_id: 'X', seq: 4, exchange_ts: book.timestamp, local_ts_ms: 4, changes: [{ side: 'bid', price: 0.1, size: 3 }] })).toBe(false);
    expect(a.orderbook()).toBeNull();
  });
});
