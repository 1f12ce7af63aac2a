/** The preview arithmetic: exact cost/proceeds, both price scales, fills at the limit, impact. */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/decimal.js';
import { buildPreview, previewJson } from '../../src/ops/preview.js';
import { limitFill } from '../../src/analytics/limit-fill.js';
import { bookImpact as marketImpact } from '../../src/analytics/book.js';
import type { Orderbook } from '../../src/exchanges/types.js';
import { complementBook } from '../../src/exchanges/levels.js';
import { book, FakeExchange, YES_TOKEN } from './order-fake.js';

const d = (s: string) => Decimal.parse(s)!;
const kinfo = new FakeExchange('kalshi').markets.get('KXTEST-25DEC31')!;
const pinfo = new FakeExchange('polymarket').markets.get(YES_TOKEN)!;

/** The reference book of the analytics (mapping §4): bids 0.49..0.481, asks 0.51..0.519, 100 each. */
function refBook(): Orderbook {
  const lv = (start: number, step: number) => Array.from({ length: 10 }, (_, i) => ({ price: Decimal.from(start).plus(Decimal.from(step).times(i)).toNumber(), size: 100 }));
  return { asset_id: 'X', bids: lv(0.49, -0.001), asks: lv(0.51, 0.001), hash: null, last_update_id: null, timestamp: '2025-01-01T00:00:00Z' };
}

describe('cost and proceeds are exact', () => {
  it.each([
    ['buy', 'Yes', '0.355', '7', 'cost', 2.485],
    ['buy', 'No', '0.30', '10', 'cost', 3],
    ['sell', 'Yes', '0.66', '7', 'proceeds', 4.62],
    ['sell', 'No', '0.99', '3', 'proceeds', 2.97],
    ['buy', 'Yes', '0.1', '3', 'cost', 0.3],
  ] as const)('%s %s at %s × %s', (side, outcome, price, size, key, want) => {
    const p = buildPreview({ exchange: 'kalshi', environment: 'production', info: kinfo, side, order_type: 'gtc', outcome, price: d(price), size: d(size), book: null, impact: null });
    expect(previewJson(p)[key]).toBe(want);
    expect(p.notional.toFixed()).toBe(Decimal.from(want).toFixed());
  });

  it('a Kalshi NO buy at p is the opposite side of the YES book at 1 - p (a YES ask)', () => {
    const p = buildPreview({ exchange: 'kalshi', environment: 'demo', info: kinfo, side: 'buy', order_type: 'gtc', outcome: 'No', price: d('0.30'), size: d('10'), book: complementBook(book('K')), impact: null });
    expect(p.book_side).toBe('sell');
    expect(p.outcome_price.toFixed()).toBe('0.3');
    expect(p.book_price.toFixed()).toBe('0.7');
    expect(previewJson(p).cost).toBe(3);
    expect(p.complement).toBe('Yes');
    expect(p.max_payout?.toFixed()).toBe('10');
  });

  it('a Polymarket token is priced on its own scale', () => {
    const p = buildPreview({ exchange: 'polymarket', environment: 'production', info: pinfo, side: 'buy', order_type: 'gtc', outcome: 'Yes', price: d('0.62'), size: d('10'), book: null, impact: null });
    expect(p.outcome_price.toFixed()).toBe('0.62');
    expect(p.complement).toBe('No');
    expect(previewJson(p).complement_price).toBe(0.38);
  });
});

describe('what fills at the limit', () => {
  it('a buy walks asks up to its limit only', () => {
    const f = limitFill(book('X'), 'buy', d('0.67'), d('20'));
    expect(f.filled.toFixed()).toBe('10');
    expect(f.notional.toFixed()).toBe('6.66');
    expect(f.avg?.toFixed()).toBe('0.666');
  });
  it('a sell walks bids down to its limit and stops at the size', () => {
    const f = limitFill(book('X'), 'sell', d('0.6'), d('12'));
    expect(f.filled.toFixed()).toBe('12');
    expect(f.notional.toFixed()).toBe('7.61');
  });
  it('nothing fills on the wrong side of the spread', () => {
    expect(limitFill(book('X'), 'buy', d('0.65'), d('5')).filled.isZero()).toBe(true);
  });
  it('fill-or-kill that cannot fill completely is flagged; an empty side too', () => {
    const b = book('X');
    const p = buildPreview({ exchange: 'polymarket', environment: 'production', info: pinfo, side: 'buy', order_type: 'fok', outcome: 'Yes', price: d('0.67'), size: d('12'), book: b, impact: null });
    expect(p.warnings.join('\n')).toContain('only 10 of 12 are available');
    const empty = buildPreview({ exchange: 'polymarket', environment: 'production', info: pinfo, side: 'buy', order_type: 'gtc', outcome: 'Yes', price: d('0.67'), size: d('12'), book: { ...b, asks: [] }, impact: null });
    expect(empty.warnings.join('\n')).toContain('the Yes book has no asks');
    expect(empty.checks.find((c) => c.name === 'book')?.ok).toBe(false);
  });
  it('an old book snapshot is flagged', () => {
    const p = buildPreview({ exchange: 'polymarket', environment: 'production', info: pinfo, side: 'buy', order_type: 'gtc', outcome: 'Yes', price: d('0.6'), size: d('1'), book: book('X'), impact: null, now: Date.parse('2025-11-21T12:05:00Z') });
    expect(p.book_age_s).toBe(300);
    expect(p.warnings.join('\n')).toContain('300 s old');
  });
});

describe('market impact at a size (mapping §4 reference book)', () => {
  it('mid 0.50; buying 150 averages 0.510333, 100% filled, 206.67 bps', () => {
    const i = marketImpact(refBook(), 150, '2025-01-01T00:00:01Z');
    expect(i.mid).toBe(0.5);
    expect(i.buy_avg_price).toBe(0.510333);
    expect(i.buy_fill_pct).toBe(100);
    expect(i.buy_slippage_bps).toBe(206.67);
    expect(i.sell_avg_price).toBe(0.489667);
  });
  it('partial fills report the filled share; a one-sided book has no slippage', () => {
    const b = refBook();
    expect(marketImpact(b, 2000, 'x').buy_fill_pct).toBe(50);
    const one = marketImpact({ ...b, asks: [] }, 50, 'x');
    expect(one.buy_avg_price).toBeNull();
    expect(one.buy_fill_pct).toBe(0);
    expect(one.sell_avg_price).toBe(0.49);
    expect(one.sell_slippage_bps).toBeNull();
  });
});

describe('a limit far behind the market', () => {
  it('is flagged, with the other scale spelled out for an order on the other outcome', () => {
    // YES bid 0.64 / ask 0.66 → NO bid 0.34 / ask 0.36. Buying NO with --price 0.20 is NO at 0.20:
    // a trader who typed the YES book's price (0.80 there) where NO's own price is asked for.
    const p = buildPreview({ exchange: 'kalshi', environment: 'production', info: kinfo, side: 'buy', order_type: 'gtc', outcome: 'No', price: d('0.20'), size: d('10'), book: complementBook(book('K')), impact: null });
    expect(p.warnings).toContain(
      'your No bid 0.20 is 0.14 below the best No bid 0.34: it will wait on the book; --price is the price of No (what you pay per contract), not of Yes: did you mean --price 0.80?',
    );
  });
  it('stays quiet near the market and for crossing orders', () => {
    const near = buildPreview({ exchange: 'kalshi', environment: 'production', info: kinfo, side: 'buy', order_type: 'gtc', outcome: 'Yes', price: d('0.60'), size: d('10'), book: book('K'), impact: null });
    expect(near.warnings.filter((w) => w.includes('wait on the book'))).toEqual([]);
    const far = buildPreview({ exchange: 'kalshi', environment: 'production', info: kinfo, side: 'sell', order_type: 'gtc', outcome: 'Yes', price: d('0.90'), size: d('1'), book: book('K'), impact: null });
    expect(far.warnings.join('\n')).toContain('your Yes offer 0.90 is 0.24 above the best Yes ask 0.66: it will wait on the book');
  });
});
