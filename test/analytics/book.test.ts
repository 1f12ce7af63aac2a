/**
 * Orderbook analytics over hand-built books. Every expected value is worked out by hand in the
 * comment beside it (exact fractions, then rounded as documented in src/analytics/book.ts).
 */
import { describe, expect, it } from 'vitest';
import { bookImpact, bookStats, walkBook } from '../../src/analytics/book.js';
import type { Level, Orderbook } from '../../src/exchanges/types.js';
import { OrderbookImpactSchema, OrderbookStatsSchema } from '../../src/models/book.js';
import { expectModel, fieldsOf } from '../helpers/models.js';

const TS = '2026-01-01T00:00:00.000Z';
const SERVED = '2026-01-01T00:00:01.000Z';
const L = (pairs: Array<[number, number]>): Level[] => pairs.map(([price, size]) => ({ price, size }));
const book = (bids: Array<[number, number]>, asks: Array<[number, number]>, timestamp = TS): Orderbook => ({
  asset_id: 'TEST',
  bids: L(bids),
  asks: L(asks),
  hash: null,
  last_update_id: null,
  timestamp,
});

// The Kalshi "normal" fixture after mirroring: bids 0.42×100, 0.41×250, 0.40×500; asks 0.45×150, 0.46×200, 0.50×300.
const NORMAL = book([[0.42, 100], [0.41, 250], [0.4, 500]], [[0.45, 150], [0.46, 200], [0.5, 300]]);
// openpx's reference book: ten bids 0.490..0.481 and ten asks 0.510..0.519, 100 each.
const REF = book(
  Array.from({ length: 10 }, (_, i): [number, number] => [(490 - i) / 1000, 100]),
  Array.from({ length: 10 }, (_, i): [number, number] => [(510 + i) / 1000, 100]),
);

describe('bookStats', () => {
  const cases: Array<{ name: string; b: Orderbook; want: Record<string, unknown> }> = [
    {
      name: 'normal book',
      b: NORMAL,
      want: {
        best_bid: 0.42,
        best_ask: 0.45,
        mid: 0.435, // (0.42 + 0.45) / 2
        spread_bps: 689.66, // 0.03 / 0.435 × 10 000 = 689.6551… → 689.66
        weighted_mid: 0.437, // Qb = 850, Qa = 650: (0.42·650 + 0.45·850) / 1500 = (273 + 382.5) / 1500 = 0.437
        imbalance: 0.133333, // (850 − 650) / 1500 = 0.13333… → 0.133333
        bid_depth: 850,
        ask_depth: 650,
      },
    },
    {
      name: "openpx's reference book",
      b: REF,
      want: { mid: 0.5, spread_bps: 400, weighted_mid: 0.5, imbalance: 0, bid_depth: 1000, ask_depth: 1000 }, // 0.02 / 0.5 × 10 000 = 400
    },
    {
      name: 'bids only',
      b: book([[0.49, 100]], []),
      want: { best_bid: 0.49, best_ask: null, mid: null, spread_bps: null, weighted_mid: null, imbalance: 1, bid_depth: 100, ask_depth: 0 },
    },
    {
      name: 'asks only',
      b: book([], [[0.51, 30], [0.52, 70]]),
      want: { best_bid: null, best_ask: 0.51, mid: null, spread_bps: null, weighted_mid: null, imbalance: -1, bid_depth: 0, ask_depth: 100 },
    },
    {
      name: 'empty book',
      b: book([], []),
      want: { best_bid: null, best_ask: null, mid: null, spread_bps: null, weighted_mid: null, imbalance: null, bid_depth: 0, ask_depth: 0 },
    },
    {
      name: 'no float noise on the grid',
      // 0.1 + 0.2 in floats is 0.30000000000000004; mid (0.1 + 0.2) / 2 = 0.15; depth 0.1 + 0.2 = 0.3
      b: book([[0.1, 0.1], [0.09, 0.2]], [[0.2, 0.3]]),
      want: { mid: 0.15, spread_bps: 6666.67, bid_depth: 0.3, ask_depth: 0.3, imbalance: 0, weighted_mid: 0.15 }, // 0.1 / 0.15 × 10 000 = 6666.666…
    },
    {
      name: 'crossed book: negative spread',
      b: book([[0.55, 10]], [[0.5, 10]]),
      want: { mid: 0.525, spread_bps: -952.38 }, // −0.05 / 0.525 × 10 000 = −952.380…
    },
    {
      name: 'sub-cent ticks (Polymarket 0.001)',
      b: book([[0.013, 250], [0.012, 500], [0.011, 1000]], [[0.015, 300], [0.016, 800], [0.02, 2000]]),
      want: {
        mid: 0.014,
        spread_bps: 1428.57, // 0.002 / 0.014 × 10 000 = 1428.571…
        weighted_mid: 0.013722, // (0.013·3100 + 0.015·1750) / 4850 = (40.3 + 26.25) / 4850 = 0.0137216…
        imbalance: -0.278351, // (1750 − 3100) / 4850 = −0.2783505…
        bid_depth: 1750,
        ask_depth: 3100,
      },
    },
    {
      name: 'Kalshi sub-penny grid with fractional counts',
      b: book([[0.4995, 10], [0.499, 75.25], [0.4985, 120.5]], [[0.5005, 60.75], [0.501, 40]]),
      want: {
        mid: 0.5,
        spread_bps: 20, // 0.001 / 0.5 × 10 000
        weighted_mid: 0.500171, // (0.4995·100.75 + 0.5005·205.75) / 306.5 = (50.324625 + 102.977875) / 306.5 = 0.5001713…
        imbalance: 0.342577, // (205.75 − 100.75) / 306.5 = 0.3425774…
        bid_depth: 205.75,
        ask_depth: 100.75,
      },
    },
    {
      name: 'imbalance and weighted mid count only the top 10 levels; depth counts all',
      b: book(
        Array.from({ length: 12 }, (_, i): [number, number] => [(40 - i) / 100, 10]),
        [[0.45, 50]],
      ),
      // Qb = 10 levels × 10 = 100 (not 120), Qa = 50: imbalance 50 / 150 = 0.333333;
      // weighted (0.40·50 + 0.45·100) / 150 = 65 / 150 = 0.433333
      want: { imbalance: 0.333333, weighted_mid: 0.433333, bid_depth: 120, ask_depth: 50 },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const s = bookStats(c.b, SERVED);
      expect(s).toMatchObject(c.want);
      expect(s.asset_id).toBe('TEST');
      expect(s.service_ts).toBe(SERVED);
      expect(s.exchange_ts).toBe(TS);
    });
  }

  it('has exactly the OrderbookStats fields, never NaN or Infinity', () => {
    for (const b of [NORMAL, book([], []), book([[0.5, 1]], [])]) {
      const s = bookStats(b, SERVED);
      expect(Object.keys(s)).toEqual(fieldsOf(OrderbookStatsSchema));
      expectModel(OrderbookStatsSchema, s);
      expect(JSON.stringify(s)).not.toMatch(/NaN|Infinity/);
      for (const v of Object.values(s)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
    }
  });
});

describe('bookImpact', () => {
  const cases: Array<{ name: string; b: Orderbook; size: number; want: Record<string, unknown> }> = [
    {
      name: 'fills completely across three levels',
      b: NORMAL,
      size: 500,
      want: {
        mid: 0.435,
        // buy: 150·0.45 + 200·0.46 + 150·0.50 = 67.5 + 92 + 75 = 234.5 → 234.5 / 500 = 0.469
        buy_avg_price: 0.469,
        buy_fill_pct: 100,
        buy_slippage_bps: 781.61, // (0.469 − 0.435) / 0.435 × 10 000 = 781.609…
        // sell: 100·0.42 + 250·0.41 + 150·0.40 = 42 + 102.5 + 60 = 204.5 → 0.409
        sell_avg_price: 0.409,
        sell_fill_pct: 100,
        sell_slippage_bps: 597.7, // (0.435 − 0.409) / 0.435 × 10 000 = 597.701…
      },
    },
    {
      name: 'partial fills when the side runs out',
      b: NORMAL,
      size: 1000,
      want: {
        // buy fills 650: (67.5 + 92 + 150) / 650 = 309.5 / 650 = 0.4761538… → 0.476154, 65 %
        buy_avg_price: 0.476154,
        buy_fill_pct: 65,
        buy_slippage_bps: 946.07, // (0.4761538… − 0.435) / 0.435 × 10 000 = 946.065…
        // sell fills 850: (42 + 102.5 + 200) / 850 = 344.5 / 850 = 0.4052941… → 0.405294, 85 %
        sell_avg_price: 0.405294,
        sell_fill_pct: 85,
        sell_slippage_bps: 682.89, // (0.435 − 0.4052941…) / 0.435 × 10 000 = 682.894…
      },
    },
    {
      name: 'exactly the best level',
      b: NORMAL,
      size: 150,
      // buy: all 150 at 0.45; slippage (0.45 − 0.435) / 0.435 = 344.827… bps
      // sell: 100·0.42 + 50·0.41 = 62.5 → 62.5 / 150 = 0.416666… → 0.416667; (0.435 − 0.4166…) / 0.435 = 421.455… bps
      want: { buy_avg_price: 0.45, buy_fill_pct: 100, buy_slippage_bps: 344.83, sell_avg_price: 0.416667, sell_slippage_bps: 421.46 },
    },
    {
      name: 'one-sided book (bids only): the sell side fills, slippage has no mid',
      b: book([[0.49, 100]], []),
      size: 50,
      want: {
        mid: null,
        buy_avg_price: null,
        buy_fill_pct: 0,
        buy_slippage_bps: null,
        sell_avg_price: 0.49,
        sell_fill_pct: 100,
        sell_slippage_bps: null,
      },
    },
    {
      name: 'one-sided book (asks only)',
      b: book([], [[0.51, 30], [0.52, 70]]),
      size: 50,
      // buy: 30·0.51 + 20·0.52 = 15.3 + 10.4 = 25.7 → 25.7 / 50 = 0.514
      want: { mid: null, buy_avg_price: 0.514, buy_fill_pct: 100, buy_slippage_bps: null, sell_avg_price: null, sell_fill_pct: 0 },
    },
    {
      name: 'empty book',
      b: book([], []),
      size: 10,
      want: { mid: null, buy_avg_price: null, buy_fill_pct: 0, buy_slippage_bps: null, sell_avg_price: null, sell_fill_pct: 0, sell_slippage_bps: null },
    },
    {
      name: 'sub-cent book',
      b: book([[0.013, 250], [0.012, 500], [0.011, 1000]], [[0.015, 300], [0.016, 800], [0.02, 2000]]),
      size: 1000,
      // buy: 300·0.015 + 700·0.016 = 4.5 + 11.2 = 15.7 → 0.0157; (0.0157 − 0.014) / 0.014 × 10 000 = 1214.2857…
      // sell: 250·0.013 + 500·0.012 + 250·0.011 = 3.25 + 6 + 2.75 = 12 → 0.012; (0.014 − 0.012) / 0.014 = 1428.571… bps
      want: { buy_avg_price: 0.0157, buy_slippage_bps: 1214.29, sell_avg_price: 0.012, sell_slippage_bps: 1428.57 },
    },
    {
      name: 'nearly complete fill is never reported as 100 %',
      b: book([], [[0.5, 999.9999]]),
      size: 1000,
      want: { buy_fill_pct: 99.9999, buy_avg_price: 0.5 }, // 99.99999 % would round to 100.0000: capped below
    },
    {
      name: 'a tiny fill is never reported as 0 %',
      b: book([], [[0.5, 0.000001]]),
      size: 1000,
      want: { buy_fill_pct: 0.0001 }, // 1e-7 % rounds to 0: floored at the smallest step
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const imp = bookImpact(c.b, c.size, SERVED);
      expect(imp).toMatchObject({ ...c.want, size: c.size, asset_id: 'TEST', service_ts: SERVED, exchange_ts: TS });
      expect(JSON.stringify(imp)).not.toMatch(/NaN|Infinity/);
      expectModel(OrderbookImpactSchema, imp);
    });
  }

  it('rejects a size that is not > 0 (the command rejects it before any request)', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2e9]) {
      expect(() => bookImpact(NORMAL, bad, SERVED)).toThrow(RangeError);
    }
  });

  it('walkBook reports the filled size, the worst level touched and how many levels', () => {
    expect(walkBook(NORMAL.asks, 400)).toEqual({
      filled: 400,
      avg_price: 0.46125, // (150·0.45 + 200·0.46 + 50·0.50) / 400 = (67.5 + 92 + 25) / 400 = 184.5 / 400
      fill_pct: 100,
      worst_price: 0.5,
      levels: 3,
    });
    expect(walkBook([], 5)).toEqual({ filled: 0, avg_price: null, fill_pct: 0, worst_price: null, levels: 0 });
  });

  it('stays exact when the notional outgrows safe integers', () => {
    // 5,000,000 contracts at 0.5 = $2.5M = 2.5e18 micro-units: beyond 2^53, summed as BigInt.
    const b = book([], [[0.5, 3_000_000], [0.7, 2_000_000]]);
    const imp = bookImpact(b, 5_000_000, SERVED);
    expect(imp.buy_avg_price).toBe(0.58); // (1.5M + 1.4M) / 5M
    expect(imp.buy_fill_pct).toBe(100);
  });
});
