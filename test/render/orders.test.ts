/** Order and preview presentation: row mappers, both price scales, exact dollars. */
import { describe, expect, it } from 'vitest';
import { complementBook } from '../../src/exchanges/levels.js';
import { Decimal } from '../../src/decimal.js';
import { Formatter } from '../../src/render/format.js';
import { cancelSummary, orderLines, orderRow, previewLines, priceCell, usdExact } from '../../src/render/views/orders.js';
import { buildPreview } from '../../src/ops/preview.js';
import { book, FakeExchange, order } from '../commands/order-fake.js';

const human = new Formatter({ isTTY: true, color: false }, { timeZone: 'UTC' });
const piped = new Formatter({ isTTY: false, color: false });

describe('order rows', () => {
  it('people see words and both scales; pipes see the model\'s raw values', () => {
    // Order.price is the order's own outcome's price: No at 0.30.
    const o = order({ outcome: 'No', price: 0.3, size: 1500, filled: 250, status: 'partially_filled' });
    const row = orderRow(human, { exchange: 'kalshi', order: o });
    expect(row[0]).toBe('kalshi');
    expect(priceCell(human, 'kalshi', o)).toEqual({ human: '0.30', raw: '0.3' });
    expect(row[6]).toEqual({ human: '1,500', raw: '1500' });
    expect(row[8]).toEqual({ human: 'partially_filled', raw: 'partially_filled' });
    expect(orderRow(piped, { exchange: 'kalshi', order: o })[9]).toBe('2025-11-21T12:00:00Z');
  });
  it('a Polymarket NO token order is already on its own scale', () => {
    expect(priceCell(human, 'polymarket', order({ outcome: 'No', price: 0.3 }))).toEqual({ human: '0.30', raw: '0.3' });
  });
  it('detail lines give a Kalshi NO order\'s place on the Yes book too', () => {
    const lines = orderLines(human, { exchange: 'kalshi', order: order({ outcome: 'No', side: 'buy', price: 0.3 }) }).join('\n');
    expect(lines).toContain('0.30 per No contract (= Yes ask at 0.70 on the book)');
    expect(lines).toContain('Created  2025-11-21 12:00:00 UTC');
  });
  it('the detail view shows the fees the order paid in total, not the per-contract average (issue 21 item 6)', () => {
    // Kalshi: taker + maker fees $7.72 over 500 filled → Order.fee 0.01544 per contract (the interface's field).
    const o = order({ size: 500, filled: 500, status: 'filled', fee: 0.01544 });
    const lines = orderLines(human, { exchange: 'kalshi', order: o }).join('\n');
    expect(lines).toMatch(/Fee +\$7\.72 paid on 500 filled/);
    expect(lines).not.toContain('per contract ');
    expect(orderLines(human, { exchange: 'kalshi', order: order() }).join('\n')).toMatch(/Fee +-/);
  });
  it('side and status are coloured on a colour terminal', () => {
    const colour = new Formatter({ isTTY: true, color: true });
    const row = orderRow(colour, { exchange: 'kalshi', order: order({ side: 'sell' }) });
    expect((row[4] as { human: string }).human).toBe('\u001b[31msell\u001b[39m');
  });
  it('upstream text cannot inject terminal escapes', () => {
    const row = orderRow(human, { exchange: 'polymarket', order: order({ market_ticker: 'X\u001b]0;pwned\u0007Y' }) });
    expect(row[2]).toBe('XY');
  });
});

describe('dollars and summaries', () => {
  it.each([
    ['3', '$3.00'],
    ['2.485', '$2.485'],
    ['1234567.5', '$1,234,567.50'],
    ['0.0001', '$0.0001'],
  ])('%s → %s', (v, want) => expect(usdExact(Decimal.parse(v)!)).toBe(want));
  it('cancel summary counts per exchange', () => {
    expect(cancelSummary([{ exchange: 'kalshi', count: 3 }, { exchange: 'polymarket', count: 1 }])).toBe('4 open orders (3 on kalshi, 1 on polymarket)');
    expect(cancelSummary([{ exchange: 'kalshi', count: 1 }])).toBe('1 open order (1 on kalshi)');
  });
});

describe('preview lines', () => {
  const info = new FakeExchange('kalshi').markets.get('KXTEST-25DEC31')!;
  const p = buildPreview({
    exchange: 'kalshi', environment: 'demo', info, side: 'buy', order_type: 'ioc', outcome: 'No',
    // No's own price and No's own book (the Yes book's complement).
    price: Decimal.parse('0.37')!, size: Decimal.parse('20')!, book: complementBook(book('KXTEST-25DEC31')), impact: null,
    now: Date.parse('2025-11-21T12:00:03Z'),
  });
  const text = previewLines(human, p).join('\n');
  it('show the order in words on both scales, with the environment', () => {
    expect(text).toContain('Order preview · kalshi (demo)');
    expect(text).toContain('BUY 20 No at 0.37 = Yes ask at 0.63 · immediate or cancel');
    expect(text).toContain('Cost       $7.40 for 20 contracts · pays $20.00 if No wins');
  });
  it('show the book on both scales, what fills now, and label the estimate', () => {
    expect(text).toContain('No bid 0.34 · ask 0.36 (= Yes bid 0.64 · ask 0.66)');
    expect(text).toContain('(3 s old)');
    expect(text).toContain('Fills now  15 at avg No 0.3667; 5 would not fill');
    expect(text).toContain('immediate-or-cancel: about 15 fill now and the remaining 5 are cancelled');
    expect(text).toMatch(/not a guaranteed fill/);
  });
});
