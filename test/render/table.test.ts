import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/render/io.js';
import { displayWidth, SGR_RE } from '../../src/render/width.js';
import { fitWidths, printTable, tableString, type Cell, type Column } from '../../src/render/table.js';

const COLUMNS: Column[] = [
  { header: 'MARKET', flex: true },
  { header: 'TITLE', flex: true },
  { header: 'STATUS' },
  { header: 'BID', align: 'right' },
];

const ROWS: Cell[][] = [
  ['kalshi:KXBTCD-25APR1517', 'Bitcoin above $85,000 on April 15 at 5pm?', { human: '\u001b[32mactive\u001b[39m', raw: 'active' }, '0.42'],
  ['polymarket:中国-gdp', '中国GDP增长率会超过5%吗？这是一个很长的标题', 'closed', '0.5'],
  ['polymarket:emoji', '👨‍👩‍👧 family 🇺🇸 flags ❤️ and keycaps #️⃣ everywhere', 'resolved', '-'],
];

/** Column start offsets of each header, in display columns. */
function headerStarts(header: string): number[] {
  return [...header.matchAll(/\S+/g)].map((m) => displayWidth(header.slice(0, m.index)));
}

describe('tableString', () => {
  it.each([200, 80, 60, 44])('keeps every column aligned at %i columns, wide characters included', async (cols) => {
    const out = await tableString({ columns: cols, color: true }, COLUMNS, ROWS);
    const lines = out.split('\n').map((l) => l.replace(SGR_RE, ''));
    expect(lines).toHaveLength(ROWS.length + 1);
    const starts = headerStarts(lines[0]!);
    for (const line of lines) {
      expect(displayWidth(line)).toBeLessThanOrEqual(Math.max(cols, 44));
      // Every right-aligned BID cell ends where the header ends.
      expect(displayWidth(line)).toBe(displayWidth(lines[0]!));
      // STATUS starts in the same column on every line.
      const statusCol = starts[2]!;
      const clusters = Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(line), (g) => g.segment);
      const before = clusters.reduce(
        (acc, ch) => (acc.w < statusCol ? { w: acc.w + displayWidth(ch), s: acc.s + ch } : acc),
        { w: 0, s: '' },
      );
      expect(before.w).toBe(statusCol);
      expect(line.slice(before.s.length)).toMatch(/^(STATUS|active|closed|resolved)/);
    }
  });

  it('fits the terminal width by shrinking flexible columns with an ellipsis', async () => {
    const out = await tableString({ columns: 60, color: false }, COLUMNS, ROWS);
    for (const line of out.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(out).toContain('…');
    expect(out).toContain('STATUS');
  });

  it('bolds the header only with colour, and keeps cell colours', async () => {
    const plain = await tableString({ columns: 200, color: false }, COLUMNS, ROWS.slice(0, 1));
    expect(plain).not.toMatch(/\u001b\[1m/);
    const coloured = await tableString({ columns: 200, color: true }, COLUMNS, ROWS.slice(0, 1));
    expect(coloured.split('\n')[0]).toMatch(/^\u001b\[1mMARKET/);
    expect(coloured).toContain('\u001b[32mactive\u001b[39m');
  });

  it('leaves no trailing spaces', async () => {
    const out = await tableString({ columns: 200, color: false }, [{ header: 'A' }, { header: 'B' }], [['x', ''], ['yyyy', 'z']]);
    expect(out).toBe('A     B\nx\nyyyy  z');
  });
});

describe('fitWidths', () => {
  it('keeps natural widths when they fit', () => {
    expect(fitWidths([10, 20, 6], COLUMNS.slice(0, 3), 100)).toEqual([10, 20, 6]);
  });
  it('takes the overflow from the widest flexible column first, not below 8', () => {
    expect(fitWidths([20, 40, 6], COLUMNS.slice(0, 3), 50)).toEqual([20, 20, 6]);
    expect(fitWidths([20, 40, 6], COLUMNS.slice(0, 3), 40)).toEqual([15, 15, 6]);
    expect(fitWidths([20, 40, 6], COLUMNS.slice(0, 3), 10)).toEqual([8, 8, 6]);
    // A flexible column narrower than the floor keeps its width.
    expect(fitWidths([5, 40, 6], COLUMNS.slice(0, 3), 20)).toEqual([5, 8, 6]);
  });
});

describe('printTable', () => {
  function capture(tty: boolean, env: NodeJS.ProcessEnv = {}) {
    const stdout = Object.assign(new PassThrough(), { isTTY: tty, columns: 100 });
    let text = '';
    stdout.on('data', (d) => (text += d));
    const io = new IO({ stdout, stderr: new PassThrough(), env, stdinIsTTY: false });
    return { io, text: () => text };
  }

  it('prints TSV rows without header, colour or padding when piped', async () => {
    const { io, text } = capture(false);
    await printTable(io, COLUMNS, ROWS);
    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('kalshi:KXBTCD-25APR1517\tBitcoin above $85,000 on April 15 at 5pm?\tactive\t0.42');
    expect(text()).not.toMatch(/\u001b/);
  });

  it('prints TSV even with FORCE_COLOR when piped: data, never decoration', async () => {
    const { io, text } = capture(false, { FORCE_COLOR: '1' });
    await printTable(io, COLUMNS, [['a\tb', '\u001b[31mred\u001b[39m', 'x', 'y']]);
    expect(text()).toBe('a b\tred\tx\ty\n');
  });

  it('prints a table with a header on a terminal', async () => {
    const { io, text } = capture(true, { NO_COLOR: '1' });
    await printTable(io, COLUMNS, ROWS);
    expect(text().split('\n')[0]).toMatch(/^MARKET\s+TITLE\s+STATUS\s+BID$/);
    expect(text()).not.toMatch(/\u001b/);
  });
});
