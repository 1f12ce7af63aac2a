import { describe, expect, it } from 'vitest';
import { positionValue, positionTotals } from '../../../src/analytics/positions.js';
import { Formatter } from '../../../src/render/format.js';
import { balanceRows, positionRow, positionsFooter, type ExchangeBalance } from '../../../src/render/views/portfolio.js';
import { candleRow, fillRow, tradeRow } from '../../../src/render/views/tape.js';

const human = new Formatter({ isTTY: true, color: false }, { timeZone: 'UTC' });
const piped = new Formatter({ isTTY: false, color: false });
const text = (c: unknown) => (typeof c === 'string' ? c : (c as { human: string }).human);
const raw = (c: unknown) => (typeof c === 'string' ? c : (c as { raw: string }).raw);

const pos = { market_ticker: 'KXDAY-26DEC31-A', outcome: 'No', size: 7, average_price: 0.3, current_price: 0.48 };

describe('positions', () => {
  it('cost, value, P&L and % exactly (no float dust)', () => {
    expect(positionValue({ size: 3, average_price: 0.1, current_price: 0.2 })).toEqual({ cost: 0.3, value: 0.6, pnl: 0.3, pnl_pct: 100 });
    expect(positionValue(pos)).toEqual({ cost: 2.1, value: 3.36, pnl: 1.26, pnl_pct: 60 });
    expect(positionValue({ ...pos, current_price: null })).toEqual({ cost: 2.1, value: null, pnl: null, pnl_pct: null });
  });

  it('for people: the market first, signed P&L; piped: raw numbers, market first', () => {
    const h = positionRow(human, { exchange: 'kalshi', position: pos }).map(text);
    expect(h).toEqual(['KXDAY-26DEC31-A', 'kalshi', 'No', '7', '0.30', '0.48', '$2.10', '$3.36', '+$1.26', '+60.00%']);
    const p = positionRow(piped, { exchange: 'kalshi', position: { ...pos, current_price: 0.2 } }).map(raw);
    expect(p).toEqual(['KXDAY-26DEC31-A', 'kalshi', 'No', '7', '0.3', '0.2', '2.1', '1.4', '-0.7', '-33.33']);
  });

  it('totals leave unquoted positions out of value and P&L, and say so', () => {
    const ps = [{ exchange: 'kalshi' as const, position: pos }, { exchange: 'polymarket' as const, position: { ...pos, current_price: null } }];
    expect(positionTotals(ps.map((p) => p.position))).toEqual({ cost: 4.2, value: 3.36, pnl: 1.26, unmarked: 1 });
    expect(positionsFooter(human, ps)).toBe('2 positions · cost $4.20 · value $3.36 · unrealized +$1.26 (+30.00%) (1 without a quote left out of value and P&L)');
  });
});

describe('balance', () => {
  const bs: ExchangeBalance[] = [
    { exchange: 'kalshi', detail: { balance: { USD: 495.28 }, portfolio_value: 5, allowance: null, account: null } },
    { exchange: 'polymarket', detail: { balance: { USDC: 12.5 }, portfolio_value: null, allowance: 0, account: '0xabc' } },
  ];
  it('for people: cash and what matters beside it; a zero allowance says what to do', () => {
    expect(balanceRows(human, bs).map((r) => r.map(text))).toEqual([
      ['kalshi', 'USD', '$495.28', 'portfolio value $5.00'],
      ['polymarket', 'USDC', '$12.50', 'allowance $0.00 (approve USDC for the exchange before trading) · wallet 0xabc'],
    ]);
  });
  it('piped: one column per value, empty when not reported', () => {
    expect(balanceRows(piped, bs).map((r) => r.map(raw))).toEqual([
      ['kalshi', 'USD', '495.28', '5', '', ''],
      ['polymarket', 'USDC', '12.5', '', '0', '0xabc'],
    ]);
  });
});

describe('fills, trades and candles piped: the id first, whole', () => {
  it('fill', () => {
    const f = { fill_id: 'f-1', order_id: '9f1c0000-0000-4000-8000-000000000001', market_ticker: 'M', outcome: 'Yes', side: 'buy' as const, price: 0.45, size: 6, fee: 0.1, is_taker: true, created_at: '2026-11-23T10:00:07.000Z' };
    expect(fillRow(piped, { exchange: 'kalshi', fill: f })).toEqual(['f-1', 'kalshi', '2026-11-23T10:00:07.000Z', 'M', 'Yes', 'buy', '0.45', '6', '0.1', 'taker', f.order_id]);
    // Seconds shown (issue 21): fills of one minute are told apart.
    expect(fillRow(human, { exchange: 'kalshi', fill: f }).map(text)).toEqual(['2026-11-23 10:00:07 UTC', 'kalshi', 'M', 'Yes', 'buy', '0.45', '6', '$0.10', 'taker', f.order_id]);
  });
  it('trade and candle', () => {
    const t = { id: '0x' + 'ab'.repeat(32), price: 0.55, size: 1, aggressor_side: null, outcome: 'No', yes_price: 0.45, no_price: 0.55, taker_address: '0xbeef', exchange_ts: '2026-11-23T10:00:00.000Z' };
    expect(tradeRow(piped, t)).toEqual([t.id, t.exchange_ts, '0.55', '1', '', 'No', '0.45', '0.55', '0xbeef']);
    expect(text(tradeRow(human, { ...t, exchange_ts: '2026-11-23T10:00:42.000Z' })[0]!)).toBe('2026-11-23 10:00:42 UTC');
    expect(candleRow({ start: 'S', open: 0.4, high: null, low: null, close: 0.41, volume: null })).toEqual(['S', '0.4', '', '', '0.41', '']);
  });
});
