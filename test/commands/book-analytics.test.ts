/**
 * `pmt book stats` and `pmt book impact` run in process: readable views on a terminal,
 * TSV piped, the exact OrderbookStats / OrderbookImpact models with --json, numbers worked out by
 * hand (see test/analytics/book.test.ts for the arithmetic).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import { POLY_BOOK_TOKENS as P } from '../upstream/polymarket/book-routes.js';
import { bookEnv, TTY, type BookEnv } from './book-fixture.js';

let t: BookEnv;
beforeAll(async () => {
  t = await bookEnv();
});
afterAll(() => t.d.close());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('pmt book stats', () => {
  it('--json is exactly OrderbookStats; service_ts is now, exchange_ts the upstream snapshot', async () => {
    const before = Date.now();
    const r = await t.pmt(['book', 'stats', P.normal, '--json'], t.bare());
    expect(r.exitCode).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toEqual({
      asset_id: P.normal,
      ask_depth: 700,
      bid_depth: 800,
      service_ts: expect.stringMatching(ISO),
      best_ask: 0.46,
      best_bid: 0.45,
      exchange_ts: '2026-01-01T00:00:00.123Z',
      imbalance: 0.066667, // (800 − 700) / 1500
      mid: 0.455,
      spread_bps: 219.78, // 0.01 / 0.455 × 10 000 = 219.780…
      weighted_mid: 0.455333, // (0.45·700 + 0.46·800) / 1500 = 683 / 1500
    });
    expect(Date.parse(s.service_ts)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a Kalshi book: the YES-priced stats of the mirrored book', async () => {
    const s = JSON.parse((await t.pmt(['book', 'stats', K.normal, '--json'], t.env())).stdout);
    expect(s).toMatchObject({ best_bid: 0.42, best_ask: 0.45, mid: 0.435, spread_bps: 689.66, weighted_mid: 0.437, imbalance: 0.133333, bid_depth: 850, ask_depth: 650 });
    expect(s.exchange_ts).toMatch(ISO);
  });

  it('one-sided and empty books: null where undefined, never NaN', async () => {
    const one = JSON.parse((await t.pmt(['book', 'stats', P.bidsOnly, '--json'], t.bare())).stdout);
    expect(one).toMatchObject({ best_bid: 0.3, best_ask: null, mid: null, spread_bps: null, weighted_mid: null, imbalance: 1, bid_depth: 100, ask_depth: 0 });
    const r = await t.pmt(['book', 'stats', K.empty, '--json'], t.env());
    expect(r.stdout).not.toMatch(/NaN|Infinity/);
    expect(JSON.parse(r.stdout)).toMatchObject({ imbalance: null, mid: null, bid_depth: 0, ask_depth: 0 });
  });

  it('on a terminal: labelled lines; piped: field<TAB>value', async () => {
    const tty = await t.pmt(['book', 'stats', P.subCent], t.bare(TTY));
    expect(tty.exitCode).toBe(0);
    expect(tty.stdout).toContain(`polymarket token ${P.subCent}`);
    expect(tty.stdout).toMatch(/mid\s+0\.014\n/);
    expect(tty.stdout).toMatch(/spread\s+0\.002 · 1428\.57 bps/);
    expect(tty.stdout).toMatch(/imbalance\s+-0\.2784 · ask-heavy/);
    const piped = await t.pmt(['book', 'stats', P.subCent], t.bare());
    const rows = Object.fromEntries(piped.stdout.trimEnd().split('\n').map((l) => l.split('\t')));
    expect(rows).toMatchObject({ asset_id: P.subCent, mid: '0.014', spread_bps: '1428.57', weighted_mid: '0.013722', imbalance: '-0.278351', best_ask: '0.015' });
  });
});

describe('pmt book impact', () => {
  it('--json is exactly OrderbookImpact for a complete fill', async () => {
    const r = await t.pmt(['book', 'impact', K.normal, '--size', '500', '--json'], t.env());
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      asset_id: K.normal,
      size: 500,
      buy_fill_pct: 100,
      sell_fill_pct: 100,
      service_ts: expect.stringMatching(ISO),
      buy_avg_price: 0.469,
      sell_avg_price: 0.409,
      buy_slippage_bps: 781.61,
      sell_slippage_bps: 597.7,
      mid: 0.435,
      exchange_ts: expect.stringMatching(ISO),
    });
  });

  it('partial fills: fill percentage below 100 and the average over what filled', async () => {
    const s = JSON.parse((await t.pmt(['book', 'impact', P.normal, '--size', '1000', '--json'], t.bare())).stdout);
    // buy 150·0.46 + 250·0.47 + 300·0.50 = 69 + 117.5 + 150 = 336.5 over 700 = 0.480714…
    // sell 100·0.45 + 200·0.44 + 500·0.43 = 45 + 88 + 215 = 348 over 800 = 0.435
    expect(s).toMatchObject({ buy_fill_pct: 70, buy_avg_price: 0.480714, buy_slippage_bps: 565.15, sell_fill_pct: 80, sell_avg_price: 0.435, sell_slippage_bps: 439.56 });
  });

  it('on a terminal: one row per side, partial fills spelled out; piped: raw TSV', async () => {
    const tty = await t.pmt(['book', 'impact', P.normal, '--size', '1000'], t.bare(TTY));
    expect(tty.exitCode).toBe(0);
    expect(tty.stdout).toContain('market order of 1,000 contracts · mid 0.455');
    expect(tty.stdout).toMatch(/buy\s+0\.4807\s+700 of 1,000 \(70%\)\s+565\.15 bps\s+0\.50 \(3 levels\)/);
    expect(tty.stdout).toMatch(/sell\s+0\.435\s+800 of 1,000 \(80%\)\s+439\.56 bps\s+0\.43 \(3 levels\)/);
    const piped = await t.pmt(['book', 'impact', P.normal, '--size', '1000'], t.bare());
    expect(piped.stdout).toBe('buy\t0.480714\t70\t565.15\t700\t0.5\nsell\t0.435\t80\t439.56\t800\t0.43\n');
  });

  it('a one-sided book: the empty side fills 0 %, slippage has no mid', async () => {
    const s = JSON.parse((await t.pmt(['book', 'impact', K.bidsOnly, '--size', '50', '--json'], t.env())).stdout);
    // sell 40·0.30 + 10·0.29 = 12 + 2.9 = 14.9 over 50 = 0.298
    expect(s).toMatchObject({ mid: null, buy_avg_price: null, buy_fill_pct: 0, buy_slippage_bps: null, sell_avg_price: 0.298, sell_fill_pct: 100, sell_slippage_bps: null });
    const tty = await t.pmt(['book', 'impact', K.bidsOnly, '--size', '50'], t.env(TTY));
    expect(tty.stdout).toContain('no mid');
    expect(tty.stdout).toContain('0 (no asks)');
  });

  it('a size <= 0 (or not a plain number) is rejected before any request, exit 2', async () => {
    for (const bad of ['0', '-5', 'abc', '1e3', '0.0000001', '2000000000']) {
      t.d.resetLogs();
      const r = await t.pmt(['book', 'impact', P.normal, '--size', bad], t.bare());
      expect(r.exitCode, bad).toBe(2);
      expect(r.stderr).toMatch(/--size/);
      expect(t.d.polymarket.clobDouble.requests).toHaveLength(0);
    }
    const missing = await t.pmt(['book', 'impact', P.normal], t.bare());
    expect(missing.exitCode).toBe(2);
  });

  it('walks a deep book to the end: thousands of levels, exact to the micro-unit', async () => {
    const s = JSON.parse((await t.pmt(['book', 'impact', P.deep, '--size', '1000000', '--json'], t.bare())).stdout);
    expect(s.buy_fill_pct).toBeGreaterThan(0);
    expect(s.buy_fill_pct).toBeLessThan(100);
    expect(s.buy_avg_price).toBeGreaterThanOrEqual(0.5001);
    expect(s.mid).toBe(0.5);
  });
});
