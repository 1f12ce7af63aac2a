/**
 * Both book parsers over upstream payloads, without a server: tolerant of missing and odd fields,
 * and (property) always producing real levels, asks ascending and bids descending, whatever order
 * the upstream used.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseKalshiBook } from '../../src/exchanges/kalshi/book.js';
import { isoFromEpoch, orderLevels } from '../../src/exchanges/levels.js';
import { complement as complementPrice } from '../../src/decimal.js';
import { parsePolymarketBook } from '../../src/exchanges/polymarket/book.js';
import type { Orderbook } from '../../src/exchanges/types.js';

const TS = '2026-01-01T00:00:00.000Z';

describe('parseKalshiBook', () => {
  it('reads the current orderbook_fp shape (the spec example levels)', () => {
    const b = parseKalshiBook('T', { orderbook_fp: { yes_dollars: [['0.1500', '100.00']], no_dollars: [['0.8000', '12.50']] } }, TS);
    expect(b).toEqual({ asset_id: 'T', bids: [{ price: 0.15, size: 100 }], asks: [{ price: 0.2, size: 12.5 }], hash: null, last_update_id: null, timestamp: TS });
  });

  it('reads the legacy `orderbook` key with integer-cent levels', () => {
    const b = parseKalshiBook('T', { orderbook: { yes: [[40, 10], [42, 5]], no: [[55, 7]] } }, TS);
    expect(b.bids).toEqual([{ price: 0.42, size: 5 }, { price: 0.4, size: 10 }]);
    expect(b.asks).toEqual([{ price: 0.45, size: 7 }]);
  });

  it('never throws: missing sides, nulls, junk rows', () => {
    for (const body of [null, {}, { orderbook_fp: null }, { orderbook_fp: { yes_dollars: null, no_dollars: 'x' } }, 'text', 42]) {
      const b = parseKalshiBook('T', body, TS);
      expect([b.bids, b.asks]).toEqual([[], []]);
    }
    const b = parseKalshiBook('T', { orderbook_fp: { yes_dollars: [null, ['x', '1'], ['0.5'], ['0.3', '-1'], ['1.0000', '5'], ['0.2000', '3.00']], no_dollars: [] } }, TS);
    expect(b.bids).toEqual([{ price: 0.2, size: 3 }]);
  });

  it('mirrors NO prices exactly: 1 − 0.15 is 0.85, not 0.8500000000000001', () => {
    expect(complementPrice(0.15)).toBe(0.85);
    expect(complementPrice(0.0001)).toBe(0.9999);
    expect(complementPrice(0.333333)).toBe(0.666667);
  });
});

describe('parsePolymarketBook', () => {
  it('reads string numbers, worst-first levels, hash and a ms timestamp string', () => {
    const body = {
      market: '0xabc',
      asset_id: '123',
      timestamp: '1714000000123',
      hash: 'deadbeef',
      bids: [{ price: '0.44', size: '200' }, { price: '0.45', size: '100.5' }],
      asks: [{ price: '0.47', size: '250' }, { price: '0.46', size: '150' }],
      min_order_size: '5',
      tick_size: '0.01',
      neg_risk: false,
      last_trade_price: '0.45',
    };
    expect(parsePolymarketBook('123', body, 0)).toEqual({
      asset_id: '123',
      bids: [{ price: 0.45, size: 100.5 }, { price: 0.44, size: 200 }],
      asks: [{ price: 0.46, size: 150 }, { price: 0.47, size: 250 }],
      hash: 'deadbeef',
      last_update_id: null,
      timestamp: '2024-04-24T23:06:40.123Z',
    });
  });

  it('also takes best-first levels (as the spec claims) and a seconds timestamp (as its example shows)', () => {
    const b = parsePolymarketBook('1', { timestamp: '1234567890', bids: [{ price: '0.45', size: '1' }, { price: '0.44', size: '2' }], asks: [] }, 0);
    expect(b.bids.map((l) => l.price)).toEqual([0.45, 0.44]);
    expect(b.timestamp).toBe('2009-02-13T23:31:30.000Z');
    expect(b.hash).toBeNull();
  });

  it('never throws on junk', () => {
    for (const body of [null, [], { bids: 'x', asks: [null, 1, { price: 'x' }] }]) {
      expect(parsePolymarketBook('1', body, 0)).toMatchObject({ bids: [], asks: [], hash: null, timestamp: '1970-01-01T00:00:00.000Z' });
    }
  });

  it('isoFromEpoch: ms and seconds, numbers and strings; junk is null', () => {
    expect(isoFromEpoch('1767225600123')).toBe('2026-01-01T00:00:00.123Z');
    expect(isoFromEpoch(1767225600)).toBe('2026-01-01T00:00:00.000Z');
    for (const v of ['', 'x', null, -1, 0, Number.NaN]) expect(isoFromEpoch(v)).toBeNull();
  });
});

describe('level ordering (property)', () => {
  const rawLevel = fc.record({ tick: fc.integer({ min: -100, max: 10_100 }), cents: fc.integer({ min: -100, max: 1_000_000 }) });
  const sorted = (b: Orderbook) => {
    for (let i = 1; i < b.asks.length; i++) expect(b.asks[i]!.price).toBeGreaterThan(b.asks[i - 1]!.price);
    for (let i = 1; i < b.bids.length; i++) expect(b.bids[i]!.price).toBeLessThan(b.bids[i - 1]!.price);
    for (const l of [...b.asks, ...b.bids]) {
      expect(l.price > 0 && l.price < 1 && l.size > 0).toBe(true);
    }
  };

  it('Kalshi: any wire order gives asks ascending and bids descending, real levels only', () => {
    fc.assert(
      fc.property(fc.array(rawLevel, { maxLength: 60 }), fc.array(rawLevel, { maxLength: 60 }), (yes, no) => {
        const wire = (xs: typeof yes) => xs.map((x) => [(x.tick / 10_000).toFixed(4), (x.cents / 100).toFixed(2)]);
        sorted(parseKalshiBook('T', { orderbook_fp: { yes_dollars: wire(yes), no_dollars: wire(no) } }, TS));
      }),
    );
  });

  it('Polymarket: any wire order gives asks ascending and bids descending, real levels only', () => {
    fc.assert(
      fc.property(fc.array(rawLevel, { maxLength: 60 }), fc.array(rawLevel, { maxLength: 60 }), (bids, asks) => {
        const wire = (xs: typeof bids) => xs.map((x) => ({ price: String(x.tick / 10_000), size: String(x.cents / 100) }));
        sorted(parsePolymarketBook('1', { bids: wire(bids), asks: wire(asks) }, 0));
      }),
    );
  });

  it('orderLevels keeps, reverses or sorts, and merges equal prices exactly', () => {
    const asc = [{ price: 0.1, size: 1 }, { price: 0.2, size: 2 }];
    expect(orderLevels([...asc], 'asc')).toEqual(asc);
    expect(orderLevels([...asc].reverse(), 'asc')).toEqual(asc);
    expect(orderLevels([{ price: 0.2, size: 0.2 }, { price: 0.1, size: 1 }, { price: 0.2, size: 0.1 }], 'desc')).toEqual([
      { price: 0.2, size: 0.3 },
      { price: 0.1, size: 1 },
    ]);
  });
});
