import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bucketsFor, decodeCursor, encodeCursor, startCursor, type CatalogCursor } from '../../../src/exchanges/polymarket/cursor.js';
import { MARKET_STATUS_FILTERS } from '../../../src/exchanges/types.js';
import { usage } from '../../helpers/failure.js';

const b64 = (v: unknown) => 'pm1.' + Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

describe('catalogue cursor', () => {
  it('round-trips every bucket state', () => {
    const c: CatalogCursor = { status: 'all', buckets: { o: { after: 'abc==', skip: 12, ratio: 4.25 }, c: { after: '', skip: 0, ratio: 0.02 } } };
    const text = encodeCursor(c)!;
    expect(text.startsWith('pm1.')).toBe(true);
    expect(decodeCursor(text, 'all')).toEqual(c);
  });

  it('is null once every bucket is exhausted', () => {
    expect(encodeCursor({ status: 'active', buckets: {} })).toBeNull();
  });

  it('reads open events only for active, both buckets otherwise', () => {
    expect(bucketsFor('active')).toEqual(['o']);
    for (const s of ['closed', 'resolved', 'all'] as const) expect(bucketsFor(s)).toEqual(['o', 'c']);
    expect(Object.keys(startCursor('resolved').buckets)).toEqual(['o', 'c']);
  });

  it('round-trips arbitrary positions', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MARKET_STATUS_FILTERS),
        fc.string({ maxLength: 200 }).filter((s) => !/[\u0000-\u001f]/.test(s)),
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: 20, max: 100_000 }),
        (status, after, skip, r) => {
          const ratio = r / 1000;
          const c: CatalogCursor = { status, buckets: { o: { after, skip, ratio } } };
          expect(decodeCursor(encodeCursor(c)!, status)).toEqual(c);
        },
      ),
    );
  });

  it.each([
    ['garbage', 'not a Polymarket cursor'],
    ['pmt1.eyJrYWxzaGkiOiJ4In0', 'not a Polymarket cursor'],
    ['pm1.', 'not base64url'],
    ['pm1.!!!', 'not base64url'],
    [b64('not json'), 'undecodable'],
    [b64([1, 2]), 'not an object'],
    [b64({ s: 'active' }), 'no position'],
    [b64({ s: 'bogus', o: ['', 0, 1] }), 'no status'],
    [b64({ s: 'active', o: ['', -1, 1] }), 'bad position'],
    [b64({ s: 'active', o: ['', 1.5, 1] }), 'bad position'],
    [b64({ s: 'active', o: ['', 0, 0] }), 'bad position'],
    [b64({ s: 'active', o: [5, 0, 1] }), 'bad position'],
    [b64({ s: 'active', o: ['', 0] }), 'bad position'],
    [b64({ s: 'active', o: ['', 0, 1], x: 1 }), 'unknown field "x"'],
    [b64({ s: 'active', c: ['', 0, 1] }), 'bucket "c" does not belong to --status active'],
  ])('%s is a usage error (%s)', (text, why) => {
    const err = usage(() => decodeCursor(text, 'active'));
    expect(err.message).toContain(why);
    expect(err.message).toContain('cursor is malformed');
  });

  it('refuses a cursor from a listing with another status, naming it', () => {
    const text = encodeCursor(startCursor('resolved'))!;
    const err = usage(() => decodeCursor(text, 'active'));
    expect(err.message).toMatch(/--status resolved/);
  });
});
