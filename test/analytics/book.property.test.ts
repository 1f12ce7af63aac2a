/** Invariants of the analytics over random (sorted, uncrossed or crossed) books. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookImpact, bookStats } from '../../src/analytics/book.js';
import type { Level, Orderbook } from '../../src/exchanges/types.js';

const SERVED = '2026-01-01T00:00:00.000Z';

/** Distinct ticks on a 1e-4 grid, with sizes on a 0.01 grid (Kalshi's and Polymarket's finest). */
const side = (minTick: number, maxTick: number) =>
  fc.uniqueArray(fc.record({ tick: fc.integer({ min: minTick, max: maxTick }), cents: fc.integer({ min: 1, max: 50_000_000 }) }), {
    selector: (l) => l.tick,
    maxLength: 40,
  });

const toLevels = (xs: Array<{ tick: number; cents: number }>, dir: 1 | -1): Level[] =>
  xs
    .map((x) => ({ price: x.tick / 10_000, size: x.cents / 100 }))
    .sort((a, b) => dir * (a.price - b.price));

type Tick = { tick: number; cents: number };

/** A book from bid and ask ticks. */
function book([b, a]: [Tick[], Tick[]]): Orderbook {
  return { asset_id: 'P', bids: toLevels(b, -1), asks: toLevels(a, 1), hash: null, last_update_id: null, timestamp: SERVED };
}

/** An uncrossed book: bids below a split tick, asks above it. */
const uncrossed = fc
  .integer({ min: 2, max: 9998 })
  .chain((split) => fc.tuple(side(1, split - 1), side(split + 1, 9999)))
  .map(book);

/** Any book, crossed or not. */
const anyBook = fc.tuple(side(1, 9999), side(1, 9999)).map(book);

const size = fc.integer({ min: 1, max: 200_000_000 }).map((c) => c / 100);
const finiteJson = (v: unknown) => expect(JSON.stringify(v)).not.toMatch(/NaN|Infinity/);

describe('analytics invariants', () => {
  it('levels stay as given: asks ascending, bids descending (the generator and the contract)', () => {
    fc.assert(
      fc.property(anyBook, (b) => {
        for (let i = 1; i < b.asks.length; i++) expect(b.asks[i]!.price).toBeGreaterThan(b.asks[i - 1]!.price);
        for (let i = 1; i < b.bids.length; i++) expect(b.bids[i]!.price).toBeLessThan(b.bids[i - 1]!.price);
      }),
    );
  });

  it('imbalance is in [-1, 1] (null only for an empty book); depth is the sum of sizes', () => {
    fc.assert(
      fc.property(anyBook, (b) => {
        const s = bookStats(b, SERVED);
        finiteJson(s);
        if (b.bids.length + b.asks.length === 0) expect(s.imbalance).toBeNull();
        else {
          expect(s.imbalance!).toBeGreaterThanOrEqual(-1);
          expect(s.imbalance!).toBeLessThanOrEqual(1);
        }
        const sum = (ls: Level[]) => ls.reduce((t, l) => t + Math.round(l.size * 100), 0) / 100;
        expect(s.bid_depth).toBe(sum(b.bids));
        expect(s.ask_depth).toBe(sum(b.asks));
      }),
    );
  });

  it('on an uncrossed two-sided book: bid < mid < ask, weighted mid within the touch, spread > 0', () => {
    fc.assert(
      fc.property(uncrossed, (b) => {
        fc.pre(b.bids.length > 0 && b.asks.length > 0);
        const s = bookStats(b, SERVED);
        expect(s.mid!).toBeGreaterThan(s.best_bid!);
        expect(s.mid!).toBeLessThan(s.best_ask!);
        expect(s.weighted_mid!).toBeGreaterThanOrEqual(s.best_bid!);
        expect(s.weighted_mid!).toBeLessThanOrEqual(s.best_ask!);
        expect(s.spread_bps!).toBeGreaterThan(0);
      }),
    );
  });

  it('fill pct is in [0, 100] and is 100 exactly when the side holds the size', () => {
    fc.assert(
      fc.property(anyBook, size, (b, n) => {
        const imp = bookImpact(b, n, SERVED);
        finiteJson(imp);
        for (const [pct, levels] of [[imp.buy_fill_pct, b.asks], [imp.sell_fill_pct, b.bids]] as const) {
          expect(pct).toBeGreaterThanOrEqual(0);
          expect(pct).toBeLessThanOrEqual(100);
          const depth = levels.reduce((t, l) => t + Math.round(l.size * 100), 0);
          expect(pct === 100).toBe(depth >= Math.round(n * 100));
          expect(pct === 0).toBe(depth === 0);
        }
      }),
    );
  });

  it('average buy price >= best ask (and <= the worst ask); average sell price <= best bid', () => {
    fc.assert(
      fc.property(anyBook, size, (b, n) => {
        const imp = bookImpact(b, n, SERVED);
        if (b.asks.length) {
          expect(imp.buy_avg_price!).toBeGreaterThanOrEqual(b.asks[0]!.price);
          expect(imp.buy_avg_price!).toBeLessThanOrEqual(b.asks[b.asks.length - 1]!.price);
        } else expect(imp.buy_avg_price).toBeNull();
        if (b.bids.length) {
          expect(imp.sell_avg_price!).toBeLessThanOrEqual(b.bids[0]!.price);
          expect(imp.sell_avg_price!).toBeGreaterThanOrEqual(b.bids[b.bids.length - 1]!.price);
        } else expect(imp.sell_avg_price).toBeNull();
      }),
    );
  });

  it('a bigger order never gets a better average price, and slippage is never negative', () => {
    fc.assert(
      fc.property(uncrossed, size, size, (b, x, y) => {
        const [small, big] = x <= y ? [x, y] : [y, x];
        const a = bookImpact(b, small, SERVED);
        const c = bookImpact(b, big, SERVED);
        if (a.buy_avg_price !== null) expect(c.buy_avg_price!).toBeGreaterThanOrEqual(a.buy_avg_price);
        if (a.sell_avg_price !== null) expect(c.sell_avg_price!).toBeLessThanOrEqual(a.sell_avg_price);
        for (const v of [a.buy_slippage_bps, a.sell_slippage_bps, c.buy_slippage_bps, c.sell_slippage_bps]) {
          if (v !== null) expect(v).toBeGreaterThanOrEqual(0);
        }
        if (c.buy_slippage_bps !== null && a.buy_slippage_bps !== null) expect(c.buy_slippage_bps).toBeGreaterThanOrEqual(a.buy_slippage_bps);
      }),
    );
  });
});
