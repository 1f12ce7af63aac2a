import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, SOURCES, splitLimit, startPositions } from '../../../src/exchanges/kalshi/cursor.js';
import { usage } from '../../helpers/failure.js';

describe('Kalshi compound cursor', () => {
  it('round-trips the live and historical positions, bound to the filter and series', () => {
    const c = encodeCursor('resolved', 'KXFED', { settled: 'abc', closed: '', hist: 'xyz' })!;
    expect(c.startsWith('k1.')).toBe(true);
    expect(c).toMatch(/^k1\.[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c, 'resolved', 'KXFED')).toEqual({ settled: 'abc', closed: '', hist: 'xyz' });
  });

  it('is null once every source is exhausted', () => {
    expect(encodeCursor('all', undefined, {})).toBeNull();
  });

  it('rejects another query, other tools, truncation and edits as usage errors', () => {
    const c = encodeCursor('all', undefined, { any: 'p2', hist: '' })!;
    expect(usage(() => decodeCursor(c, 'active', undefined)).message).toMatch(/--status all.*not --status active/);
    expect(usage(() => decodeCursor(c, 'all', 'KXFED')).message).toMatch(/series/);
    expect(usage(() => decodeCursor('pmt1.eyJrYWxzaGkiOiIifQ', 'all', undefined)).message).toMatch(/both exchanges/);
    for (const bad of ['garbage', 'k1.', 'k1.!!!!', c.slice(0, c.length - 6), 'k1.' + Buffer.from('[1,2]').toString('base64url'), 'bToxMjM']) {
      usage(() => decodeCursor(bad, 'all', undefined));
    }
    const forged = (p: unknown) => 'k1.' + Buffer.from(JSON.stringify({ f: 'all', s: null, p })).toString('base64url');
    usage(() => decodeCursor(forged({ settled: 'x' }), 'all', undefined));
    usage(() => decodeCursor(forged({ any: 5 }), 'all', undefined));
    usage(() => decodeCursor(forged({}), 'all', undefined));
    expect(decodeCursor(forged({ hist: 'h' }), 'all', undefined)).toEqual({ hist: 'h' });
  });

  it('starts every source of a filter unread', () => {
    expect(startPositions('closed')).toEqual({ closed: '', unopened: '', paused: '' });
    expect(SOURCES.active).toEqual(['open']);
  });

  it('splits a page size so the page never exceeds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 3 }), (limit, k) => {
        const shares = splitLimit(limit, SOURCES.resolved.slice(0, k));
        expect(shares.reduce((a, b) => a + b, 0)).toBe(limit);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
    expect(splitLimit(1, ['any', 'hist'])).toEqual([1, 0]);
  });
});
