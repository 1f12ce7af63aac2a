/** The book doubles' generated books: deterministic, around the catalogue's quotes, empty when not trading. */
import { describe, expect, it } from 'vitest';
import { KalshiAuth } from './kalshi/auth.js';
import { createKalshiBooks } from './kalshi/book-routes.js';
import type { KalshiMarkets, KalshiMarketWire } from './kalshi/markets-routes.js';

const catalogue = (rows: KalshiMarketWire[]): KalshiMarkets =>
  ({ register() {}, market: (t: string) => rows.find((r) => r.ticker === t) }) as unknown as KalshiMarkets;

describe('Kalshi book double', () => {
  const rows: KalshiMarketWire[] = [
    { ticker: 'KXGEN-A', status: 'active', yes_bid_dollars: '0.4100', yes_ask_dollars: '0.4400' },
    { ticker: 'KXGEN-B', status: 'finalized', yes_bid_dollars: '0.9900', yes_ask_dollars: '1.0000' },
  ];

  it('generates a book for a catalogue market around its quoted bid and ask, the same every time', () => {
    const a = createKalshiBooks(new KalshiAuth(), catalogue(rows)).book('KXGEN-A')!;
    const b = createKalshiBooks(new KalshiAuth(), catalogue(rows)).book('KXGEN-A')!;
    expect(a).toEqual(b);
    expect(a.yes.at(-1)![0]).toBe('0.4100'); // best YES bid last, as Kalshi lists it
    expect(a.no.at(-1)![0]).toBe('0.5600'); // best NO bid 1 − 0.44: YES ask 0.44
    expect(a.yes).toHaveLength(8);
    for (const side of [a.yes, a.no]) for (let i = 1; i < side.length; i++) expect(Number(side[i]![0])).toBeGreaterThan(Number(side[i - 1]![0]));
  });

  it('a settled market has an empty book; an unknown ticker has none', () => {
    const books = createKalshiBooks(new KalshiAuth(), catalogue(rows));
    expect(books.book('KXGEN-B')).toEqual({ yes: [], no: [] });
    expect(books.book('KXNONE')).toBeUndefined();
  });

  it('setBook stores levels in the wire format, ascending', () => {
    const books = createKalshiBooks(new KalshiAuth(), catalogue([]));
    books.setBook('KXSET', { yes: [[0.5, 10], ['0.4500', '2.50']] });
    expect(books.book('KXSET')).toEqual({ yes: [['0.4500', '2.50'], ['0.5000', '10.00']], no: [] });
  });
});
