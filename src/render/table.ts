/**
 * Tables for people (cli-table3, fitted to the terminal's width) and tab-separated rows when
 * piped (no header, no colour, no padding), as gh does.
 */
import type { IO } from './io.js';
import { displayWidth, sanitize, truncate } from './format.js';

export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** This column shrinks (with an ellipsis) so the table fits the terminal. */
  flex?: boolean;
}

/** A cell: the text for people (may carry colour) and, optionally, the raw value for pipes. */
export type Cell = string | { human: string; raw: string };

// eslint-disable-next-line no-control-regex
const SGR_RE = /\u001b\[[0-9;]*m/g;

function humanOf(cell: Cell): string {
  return typeof cell === 'string' ? cell : cell.human;
}
function rawOf(cell: Cell): string {
  return sanitize(typeof cell === 'string' ? cell.replace(SGR_RE, '') : cell.raw);
}

/** Render rows: a fitted table on a terminal, TSV when piped. */
export async function printTable(io: IO, columns: Column[], rows: Cell[][]): Promise<void> {
  if (!io.isTTY) {
    for (const row of rows) io.out(row.map(rawOf).join('\t'));
    return;
  }
  io.out(await tableString(io, columns, rows));
}

export async function tableString(io: Pick<IO, 'columns' | 'color'>, columns: Column[], rows: Cell[][]): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const visible = (s: string) => displayWidth(s.replace(SGR_RE, ''));
  const natural = columns.map((col, i) => Math.max(visible(col.header), ...rows.map((r) => visible(humanOf(r[i] ?? '')))));
  // cli-table3 pads each cell by one column on each side; cells are joined by one space.
  const chrome = columns.length * 3 - 1;
  let widths = natural.slice();
  const total = () => widths.reduce((a, b) => a + b, 0) + chrome;
  const flexIdx = columns.map((c, i) => (c.flex ? i : -1)).filter((i) => i >= 0);
  if (total() > io.columns && flexIdx.length > 0) {
    const over = total() - io.columns;
    const flexSum = flexIdx.reduce((a, i) => a + widths[i]!, 0);
    for (const i of flexIdx) {
      const share = Math.ceil((over * widths[i]!) / Math.max(flexSum, 1));
      widths[i] = Math.max(8, widths[i]! - share);
    }
  }
  const body = rows.map((r) =>
    r.map((cell, i) => {
      const h = humanOf(cell);
      return visible(h) > widths[i]! ? truncate(h.replace(SGR_RE, ''), widths[i]!) : h;
    }),
  );
  const table = new Table({
    head: columns.map((c) => c.header),
    colWidths: widths.map((w) => w + 2),
    colAligns: columns.map((c) => c.align ?? 'left'),
    wordWrap: false,
    truncate: '…',
    style: { head: io.color ? ['bold'] : [], border: io.color ? ['grey'] : [], compact: true },
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
      bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: ' ',
    },
  });
  for (const r of body) table.push(r);
  return table.toString();
}
