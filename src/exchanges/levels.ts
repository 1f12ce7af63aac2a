/**
 * Book levels as both adapters hand them to the unified model: only real levels (price strictly
 * inside (0, 1), size > 0, both finite), one level per price, asks ascending and bids descending.
 *
 * Upstreams mostly send levels already ordered (Kalshi and Polymarket both worst-first, despite
 * what their specs say), so ordering costs one linear pass: kept as is, reversed, and only a book
 * in no order at all is sorted.
 */
import { complement } from '../decimal.js';
import { PmtError } from '../errors.js';
import type { Level } from './types.js';

/**
 * Contracts at one price no real book holds (a trillion). Larger sizes (1e308 from a broken or
 * hostile upstream) would overflow the exact sums of the analytics; the book is refused instead.
 */
export const MAX_LEVEL_SIZE = 1e12;

/** A number from an upstream string or number; null for anything else or non-finite. */
export function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

const invalidBooks = new WeakSet<Error>();
/** The error of a book refused for a value no real book holds. */
function invalidBook(e: PmtError): PmtError {
  invalidBooks.add(e);
  return e;
}
/** True for the error `level` throws on a value no real book holds (a stream clears `invalid_data`). */
export const isInvalidBookError = (e: unknown): boolean => e instanceof Error && invalidBooks.has(e);

/** The level when it is a real one, else null. */
export function level(price: unknown, size: unknown): Level | null {
  const p = num(price);
  const s = num(size);
  if (p === null || s === null || !(p > 0 && p < 1) || !(s > 0)) return null;
  if (s > MAX_LEVEL_SIZE) {
    throw invalidBook(
      new PmtError('Api', `the exchange sent a book level of ${s} contracts at ${p}, beyond any real book (at most ${MAX_LEVEL_SIZE}); the book was not used`, {
        hint: 'the upstream is broken or not the exchange: check the PMT_*_URL settings',
      }),
    );
  }
  return { price: p, size: s };
}

/** What a stream makes of one upstream value: a number in range, or `invalid` (never emitted). */
export const INVALID = 'invalid' as const;

/**
 * A stream's price, checked: strictly inside (0, 1), else INVALID (a stream never emits price 7).
 */
export function streamPrice(v: unknown): number | typeof INVALID {
  const p = num(v);
  return p !== null && p > 0 && p < 1 ? p : INVALID;
}

/**
 * A stream's size, checked: 0 (a level removed) up to MAX_LEVEL_SIZE, else INVALID (a size of
 * 1e308 or a negative one is no book's).
 */
export function streamSize(v: unknown): number | typeof INVALID {
  const s = num(v);
  return s !== null && s >= 0 && s <= MAX_LEVEL_SIZE ? s : INVALID;
}

type Dir = 'asc' | 'desc';

function ordered(levels: Level[], dir: Dir): boolean {
  for (let i = 1; i < levels.length; i++) {
    const d = levels[i]!.price - levels[i - 1]!.price;
    if (dir === 'asc' ? d < 0 : d > 0) return false;
  }
  return true;
}

/**
 * Order levels by price (`asc` for asks, `desc` for bids) and merge equal prices (sizes added on
 * the 1e-6 grid, so 0.1 + 0.2 stays 0.3). The input array may be reordered in place.
 */
export function orderLevels(levels: Level[], dir: Dir): Level[] {
  let out = levels;
  if (!ordered(out, dir)) {
    out.reverse();
    if (!ordered(out, dir)) out.sort((a, b) => (dir === 'asc' ? a.price - b.price : b.price - a.price));
  }
  // Merge duplicates in one pass (rare: only a malformed or legacy payload has them).
  let w = 0;
  for (let i = 0; i < out.length; i++) {
    const l = out[i]!;
    if (w > 0 && out[w - 1]!.price === l.price) {
      const prev = out[w - 1]!;
      out[w - 1] = { price: prev.price, size: (Math.round(prev.size * 1e6) + Math.round(l.size * 1e6)) / 1e6 };
    } else {
      out[w++] = l;
    }
  }
  if (w !== out.length) out = out.slice(0, w);
  return out;
}

/**
 * The other outcome's book of a binary market, from this one's: its bids are 1 − these asks and
 * its asks 1 − these bids, best first (the best ask here becomes the best bid there). Pure; the
 * complement is exact (decimal.ts `complement`).
 */
export function complementBook<B extends { asks: Level[]; bids: Level[] }>(book: B): B {
  const flip = (levels: Level[]) => levels.map((l) => ({ price: complement(l.price), size: l.size }));
  return { ...book, bids: flip(book.asks), asks: flip(book.bids) };
}

/** An upstream snapshot time in ms since the epoch (number or digit string) as ISO UTC, or null. */
export function isoFromEpoch(v: unknown): string | null {
  const n = num(v);
  if (n === null || n <= 0) return null;
  // A value below 1e12 cannot be a plausible ms timestamp (that is 2001): it is in seconds.
  const ms = n < 1e12 ? n * 1000 : n;
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
