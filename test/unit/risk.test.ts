/** The risk rules that need no exchange: globs, the UTC day's usage from the journal, `risk set` parsing. */
import { describe, expect, it } from 'vitest';
import { dailyUsed, globMatch, riskChange, utcDayStart } from '../../src/ops/risk.js';
import type { RiskSettings } from '../../src/profiles.js';
import type { JournalEntry } from '../../src/journal.js';

const entry = (ts: string, event: JournalEntry['event'], price: number, size: number, exchange: 'kalshi' | 'polymarket' = 'kalshi'): JournalEntry => ({
  ts, event, exchange, market_ticker: 'KX-1', outcome: 'Yes', side: 'buy', price, size, type: 'gtc', client_order_id: null, order_hash: null, order_id: null, status: null, message: null,
});

describe('risk rules', () => {
  it('globs match the whole id, case-insensitively', () => {
    expect(globMatch('KXFED-*', 'KXFED-26JAN-T4')).toBe(true);
    expect(globMatch('KXFED-*', 'kalshi:KXFED-26JAN-T4')).toBe(false);
    expect(globMatch('kalshi:KXFED-*', 'kalshi:kxfed-26jan')).toBe(true);
    expect(globMatch('KX?ED', 'KXFED')).toBe(true);
    expect(globMatch('a.b', 'axb')).toBe(false);
  });

  it("the day's usage counts intents since 00:00 UTC on that exchange, exactly", () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(utcDayStart(now)).toBe(Date.parse('2026-11-28T00:00:00Z'));
    const entries = [
      entry('2026-11-27T23:59:59.999Z', 'intent', 0.5, 100),
      entry('2026-11-28T00:00:00.000Z', 'intent', 0.1, 3),
      entry('2026-11-28T01:00:00.000Z', 'result', 0.9, 100),
      entry('2026-11-28T02:00:00.000Z', 'intent', 0.7, 3),
      entry('2026-11-28T02:00:00.000Z', 'refused', 0.9, 100),
      entry('2026-11-28T03:00:00.000Z', 'intent', 0.9, 100, 'polymarket'),
    ];
    expect(dailyUsed(entries, 'kalshi', now).toFixed()).toBe('2.4');
  });

  it('risk set parses per-exchange caps and refuses bad values before changing anything', () => {
    const r: RiskSettings = { max_position: '9', trading: 'off' };
    riskChange({ max_daily_notional: 'kalshi=50, polymarket=20.5', max_open_orders: '3', clear: ['max-position'] })(r);
    expect(r).toEqual({ trading: 'off', max_daily_notional: { kalshi: '50', polymarket: '20.5' }, max_open_orders: 3 });
    expect(() => riskChange({ max_order_notional: '-5' })).toThrow(/--max-order-notional/);
    expect(() => riskChange({ max_order_notional: '0' })).toThrow(/> 0/);
    expect(() => riskChange({ max_daily_notional: 'nyse=5' })).toThrow(/<exchange>=<usd>/);
    expect(() => riskChange({ allowed_exchanges: 'kalshi,nyse' })).toThrow(/nyse/);
    expect(() => riskChange({ trading: 'maybe' })).toThrow(/--trading/);
    expect(() => riskChange({ clear: ['max_foo'] })).toThrow(/unknown limit "max_foo"/);
    expect(() => riskChange({})).toThrow(/nothing to set/);
  });
});
