/** The book views' pure row mappers and line builders. */
import { describe, expect, it } from 'vitest';
import { bookImpact, bookStats, walkBook } from '../../../src/analytics/book.js';
import type { Orderbook } from '../../../src/exchanges/types.js';
import { Formatter } from '../../../src/render/format.js';
import {
  alignDecimals,
  bar,
  depthForRows,
  impactRow,
  impactTsvRow,
  ladder,
  ladderLines,
  ladderTsvRows,
  statsLines,
  statsTsvRows,
} from '../../../src/render/views/book.js';

const BOOK: Orderbook = {
  asset_id: 'KXBOOK',
  bids: [{ price: 0.42, size: 100 }, { price: 0.41, size: 250 }, { price: 0.4, size: 500 }],
  asks: [{ price: 0.45, size: 150 }, { price: 0.46, size: 200 }, { price: 0.5, size: 300 }],
  hash: null,
  last_update_id: null,
  timestamp: '2026-01-01T00:00:00.000Z',
};
const plain = new Formatter({ isTTY: true, color: false }, { timeZone: 'UTC' });
const colour = new Formatter({ isTTY: true, color: true }, { timeZone: 'UTC' });
const label = { exchange: 'kalshi' as const, asset_id: 'KXBOOK' };
const stats = bookStats(BOOK, '2026-01-01T00:00:01.000Z');

describe('ladder', () => {
  it('keeps the best N per side with cumulative totals, and counts what it hides', () => {
    const l = ladder(BOOK, 2);
    expect(l.asks).toEqual([
      { side: 'ask', price: 0.45, size: 150, total: 150 },
      { side: 'ask', price: 0.46, size: 200, total: 350 },
    ]);
    expect(l.bids.map((r) => r.total)).toEqual([100, 350]);
    expect([l.hiddenAsks, l.hiddenBids]).toEqual([1, 1]);
    expect(ladder(BOOK).hiddenAsks).toBe(0);
  });

  it('piped rows: asks from the top down to the best, then bids from the best down', () => {
    expect(ladderTsvRows(ladder(BOOK))).toEqual([
      ['ask', '0.5', '300', '650'],
      ['ask', '0.46', '200', '350'],
      ['ask', '0.45', '150', '150'],
      ['bid', '0.42', '100', '100'],
      ['bid', '0.41', '250', '350'],
      ['bid', '0.4', '500', '850'],
    ]);
  });

  it('cumulative totals are exact (0.1 + 0.2 = 0.3)', () => {
    const b = { ...BOOK, bids: [{ price: 0.3, size: 0.1 }, { price: 0.2, size: 0.2 }] };
    expect(ladder(b).bids.map((r) => r.total)).toEqual([0.1, 0.3]);
  });

  it('bars scale to the largest total, in eighths, never empty for a positive value', () => {
    expect(bar(850, 850, 10)).toBe('██████████');
    expect(bar(425, 850, 10)).toBe('█████');
    expect(bar(100, 850, 10)).toBe('█▏'); // 100/850 × 80 = 9.41 → 9 eighths
    expect(bar(1, 1_000_000, 10)).toBe('▏');
    expect(bar(0, 10, 10)).toBe('');
  });

  it('depth fits the terminal height', () => {
    expect(depthForRows(24)).toBe(8); // (24 − 7) / 2
    expect(depthForRows(10)).toBe(3);
    expect(depthForRows(500)).toBe(50);
  });

  it('aligns price decimals within one ladder', () => {
    expect(alignDecimals(['0.5012', '0.501', '0.50'])).toEqual(['0.5012', '0.5010', '0.5000']);
    expect(alignDecimals(['45¢', '46.5¢'])).toEqual(['45¢', '46.5¢']);
  });

  it('draws asks above the spread line and bids below, with bars', () => {
    const lines = ladderLines(plain, BOOK, stats, ladder(BOOK), label, 80);
    expect(lines[0]).toMatch(/^kalshi market KXBOOK \(YES book: YES prices; NO at p = YES at 1 − p\)$/);
    const body = lines.slice(2, 9);
    expect(body.map((s) => s.slice(0, 3))).toEqual(['ask', 'ask', 'ask', '  ─', 'bid', 'bid', 'bid']);
    expect(body[0]).toMatch(/^ask\s+0\.50\s+300\s+650\s+█+/);
    expect(body[3]).toContain('spread 0.03 · 689.66 bps · mid 0.435');
    expect(body[6]).toMatch(/^bid\s+0\.40\s+500\s+850\s+█+$/);
    // the largest total (850) gets the full bar width: 80 − fixed columns
    expect(lines.every((s) => s.length <= 80)).toBe(true);
    expect(lines.at(-1)).toBe('snapshot 2026-01-01 00:00:00 UTC');
  });

  it('colours asks red and bids green', () => {
    const lines = ladderLines(colour, BOOK, stats, ladder(BOOK), label, 80);
    expect(lines.find((s) => s.includes('ask'))).toContain('\u001b[31m');
    expect(lines.find((s) => s.includes('bid'))).toContain('\u001b[32m');
  });

  it('says which side is missing on one-sided and empty books', () => {
    const oneSided = { ...BOOK, asks: [] };
    const lines = ladderLines(plain, oneSided, bookStats(oneSided, 'x'), ladder(oneSided), label, 80);
    expect(lines.join('\n')).toContain('(no asks)');
    expect(lines.join('\n')).toContain('no spread: no asks');
    const empty = { ...BOOK, asks: [], bids: [] };
    const e = ladderLines(plain, empty, bookStats(empty, 'x'), ladder(empty), label, 80).join('\n');
    expect(e).toContain('no resting orders on either side');
    expect(e).toContain('(no bids)');
  });
});

describe('stats and impact rows', () => {
  it('stats piped: field, value in model order; null is empty', () => {
    const rows = statsTsvRows(stats);
    expect(rows[0]).toEqual(['asset_id', 'KXBOOK']);
    expect(rows).toContainEqual(['spread_bps', '689.66']);
    expect(rows).toContainEqual(['weighted_mid', '0.437']);
    const empty = statsTsvRows(bookStats({ ...BOOK, asks: [], bids: [] }, 'x'));
    expect(empty).toContainEqual(['mid', '']);
  });

  it('stats for people name the lean of the imbalance', () => {
    const text = statsLines(plain, stats, label).join('\n');
    expect(text).toMatch(/imbalance\s+\+0\.1333 · bid-heavy/);
    expect(text).toMatch(/spread\s+0\.03 · 689\.66 bps/);
    expect(text).toMatch(/depth\s+850 bid · 650 ask/);
  });

  it('impact rows: raw piped values, and partial fills spelled out for people', () => {
    const imp = bookImpact(BOOK, 1000, 'x');
    const buy = walkBook(BOOK.asks, 1000);
    expect(impactTsvRow('buy', imp, buy)).toEqual(['buy', '0.476154', '65', '946.07', '650', '0.5']);
    const human = impactRow(plain, 'buy', imp, buy);
    expect(human[2]).toBe('650 of 1,000 (65%)');
    expect(human[4]).toBe('0.50 (3 levels)');
    const none = { ...BOOK, bids: [] };
    const r = impactRow(plain, 'sell', bookImpact(none, 5, 'x'), walkBook([], 5));
    expect(r.slice(1)).toEqual(['-', '0 (no bids)', '-', '-']);
    expect(impactTsvRow('sell', bookImpact(none, 5, 'x'), walkBook([], 5))).toEqual(['sell', '', '0', '', '0', '']);
  });
});
