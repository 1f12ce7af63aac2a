/**
 * The Polymarket summary hash against the official client's own output: the fixture holds books
 * and the hashes `generateOrderBookSummaryHash` of @polymarket/clob-client-v2 computed for them,
 * once, offline (the package is not a dependency of pmt).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BookState } from '../../../src/exchanges/book-state.js';
import { appliedHash, summaryHash } from '../../../src/exchanges/polymarket/book-hash.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/book-hash.json', import.meta.url), 'utf8')) as {
  version: string;
  cases: Array<{ book: Record<string, unknown>; hash: string }>;
};

describe('summaryHash', () => {
  it.each(fixture.cases.map((c, i) => [i, c] as const))('equals the official client on case %i', (_i, c) => {
    expect(summaryHash(c.book)).toBe(c.hash);
  });

  it('does not modify its input and ignores the hash already present', () => {
    const c = fixture.cases[0]!;
    const before = JSON.stringify(c.book);
    expect(summaryHash({ ...c.book, hash: 'something else' })).toBe(c.hash);
    expect(JSON.stringify(c.book)).toBe(before);
  });

  it('changes when one size changes', () => {
    const c = fixture.cases[0]!;
    const bids = [{ price: '0.44', size: '201' }, { price: '0.45', size: '100' }];
    expect(summaryHash({ ...c.book, bids })).not.toBe(c.hash);
  });
});

describe('appliedHash', () => {
  it('a book applied from the same levels (in any order) hashes as the exchange did, keeping its side order and texts', () => {
    for (const c of fixture.cases) {
      const s = new BookState();
      const lv = (raw: unknown) => (raw as Array<{ price: string; size: string }>).map((l) => ({ price: Number(l.price), size: Number(l.size), p: l.price, s: l.size }));
      s.reset([...lv(c.book.bids)].reverse(), lv(c.book.asks));
      expect(appliedHash(c.book, s.bids, s.asks)).toBe(c.hash);
    }
  });

  it('differs once the applied book lost a change', () => {
    const c = fixture.cases[1]!;
    const s = new BookState();
    s.reset([{ price: 0.48, size: 30, p: '0.48', s: '30' }, { price: 0.49, size: 20, p: '0.49', s: '20' }], [{ price: 0.52, size: 25, p: '0.52', s: '25' }]);
    expect(appliedHash(c.book, s.bids, s.asks)).not.toBe(c.hash);
  });
});
