/**
 * Every view fits the terminal and never cuts an id people copy (tickers, slugs, order ids,
 * token ids), at 60, 110 and 200 columns. An id wider than the terminal itself (a Polymarket
 * order id at 60 columns) is the one line allowed past the edge, and then it stands alone on
 * its line so a selection copies exactly it.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/decimal.js';
import { Formatter } from '../../../src/render/format.js';
import { renderTable } from '../../../src/render/table.js';
import { MARKET_COLUMNS, marketRow } from '../../../src/render/views/markets.js';
import { ORDER_COLUMNS, orderRow, previewLines, PREVIEW_HANG } from '../../../src/render/views/orders.js';
import { displayWidth, SGR_RE, wrapLines } from '../../../src/render/width.js';
import { buildPreview } from '../../../src/ops/preview.js';
import { book, FakeExchange, market, order, YES_TOKEN } from '../../commands/order-fake.js';

const f = new Formatter({ isTTY: true, color: true }, { timeZone: 'UTC' });
const WIDTHS = [60, 110, 200];

const MARKETS = [
  market('kalshi', 'KXTEST-25Q4-CONTRACT-ALPHA', { title: 'Will the test contract alpha settle above the strike at quarter end?' }),
  market('kalshi', 'KXBTCD-25DEC3117-T104999.99', { title: 'Option A' }),
  market('polymarket', 'will-the-fed-cut-rates-by-25-bps-at-the-december-meeting', { title: 'Fed cuts 25 bps in December?' }),
];
const POLY_ORDER = '0x' + 'd2d79a'.repeat(10) + 'abcdef';
const CONDITION = '0x' + '7c3f'.repeat(16);
const ORDERS = [
  { exchange: 'kalshi' as const, order: order({ id: '5f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', market_ticker: 'KXTEST-25Q4-CONTRACT-ALPHA' }) },
  { exchange: 'polymarket' as const, order: order({ id: POLY_ORDER, market_ticker: CONDITION, outcome: 'No', price: 0.35 }) },
];

/** Lines without colour; each within `width` unless it is exactly one id wider than the terminal. */
function checkFits(text: string, width: number, ids: string[]): void {
  const lines = text.split('\n').map((l) => l.replace(SGR_RE, ''));
  for (const line of lines) {
    if (displayWidth(line) <= width) continue;
    expect(ids.filter((id) => id.length > width)).toContain(line.trim());
  }
  for (const id of ids) expect(lines.some((l) => l.includes(id)), `${id} whole at ${width}`).toBe(true);
}

describe.each(WIDTHS)('at %i columns', (width) => {
  it('markets list shows every ticker whole and fits', async () => {
    const { text, dropped } = await renderTable({ columns: width, color: true }, MARKET_COLUMNS, MARKETS.map((m) => marketRow(f, m)));
    checkFits(text, width, MARKETS.map((m) => m.ticker));
    if (width === 200) expect(dropped).toEqual([]);
    if (width === 110) expect(text).toContain('TICKER');
  });

  it("markets list with event titles beside generic titles: ids whole, the market's own title kept", async () => {
    const event = 'Bitcoin price range at 5pm EST on December 31, 2025';
    const rows = MARKETS.map((m) => marketRow(f, m, m.title === 'Option A' ? event : undefined));
    const { text } = await renderTable({ columns: width, color: true }, MARKET_COLUMNS, rows);
    checkFits(text, width, MARKETS.map((m) => m.ticker));
    const plain = text.replace(SGR_RE, '');
    // The event's title gives way first: the market's own title is never the part cut off.
    expect(plain).toMatch(/ · Option A/);
    if (width === 200) expect(plain).toContain(`${event} · Option A`);
    else expect(plain).not.toContain(`${event} · Option A`);
  });

  it('order list shows every order id whole and fits; with a Polymarket order it stays a table at 110 (issue 21)', async () => {
    const { text } = await renderTable({ columns: width, color: true }, ORDER_COLUMNS, ORDERS.map((o) => orderRow(f, o)));
    checkFits(text, width, ORDERS.map((o) => o.order.id));
    // The market shrinks before the list turns into cards (`order get` shows it whole).
    if (width >= 110) expect(text.replace(SGR_RE, '')).toMatch(/^(EXCHANGE\s+)?ID\s+MARKET\s+OUTCOME/m);
  });

  it('the order preview wraps its lines instead of overflowing', () => {
    const info = new FakeExchange('polymarket').markets.get(YES_TOKEN)!;
    const p = buildPreview({
      exchange: 'polymarket', environment: 'production', info, side: 'buy', order_type: 'gtc', outcome: info.book_outcome,
      price: Decimal.parse('0.35')!, size: Decimal.parse('10')!, book: book(YES_TOKEN), impact: null,
    });
    const lines = wrapLines(previewLines(f, p), width, PREVIEW_HANG);
    checkFits(lines.join('\n'), width, [YES_TOKEN, p.market.unified_id]);
    if (width === 60) expect(lines.length).toBeGreaterThan(previewLines(f, p).length);
  });
});

describe('columns that do not fit', () => {
  it('drop optional columns, name them, and --wide keeps them all', async () => {
    const rows = MARKETS.map((m) => marketRow(f, m));
    const narrow = await renderTable({ columns: 110, color: false }, MARKET_COLUMNS, rows);
    expect(narrow.dropped.length).toBeGreaterThan(0);
    for (const h of narrow.dropped) expect(narrow.text.split('\n')[0]).not.toContain(h);
    const wide = await renderTable({ columns: 110, color: false, wide: true }, MARKET_COLUMNS, rows);
    expect(wide.dropped).toEqual([]);
    for (const c of MARKET_COLUMNS) expect(wide.text.split('\n')[0]).toContain(c.header);
  });
  it('titles shrink before any column drops', async () => {
    const rows = [marketRow(f, MARKETS[0]!)];
    const { text, dropped } = await renderTable({ columns: 120, color: false }, MARKET_COLUMNS, rows);
    expect(dropped).toEqual([]);
    expect(text).toContain('…');
    expect(text).toContain(MARKETS[0]!.ticker);
  });
});
