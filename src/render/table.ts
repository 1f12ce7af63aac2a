/**
 * Tables for people (cli-table3, borderless, fitted to the terminal's width) and tab-separated
 * rows when piped (no header, no colour, no padding), as gh does.
 *
 * One width model (render/width.ts) decides where a cell is cut and how far it is padded: cells
 * reach cli-table3 already fitted to their column, so its own width function (which counts emoji
 * sequences differently) never cuts mid-character. cli-table3 is loaded only when a table is drawn.
 */
import type { IO } from './io.js';
import { sanitize } from './format.js';
import { displayWidth, fit, SGR_RE } from './width.js';

export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** This column shrinks (with an ellipsis) so the table fits the terminal. */
  flex?: boolean;
}

/** A cell: the text for people (may carry colour) and, optionally, the raw value for pipes. */
export type Cell = string | { human: string; raw: string };

/** Columns between two cells. */
const GAP = 2;
/** A flexible column is not squeezed below this (unless its content is narrower). */
const MIN_FLEX = 8;

function humanOf(cell: Cell | undefined): string {
  if (cell === undefined) return '';
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

/**
 * Column widths: natural (widest cell) unless the total exceeds `max`; then the widest flexible
 * column gives up a column at a time (down to MIN_FLEX), so a short flexible column keeps its
 * text whole while a long one takes the cut.
 */
export function fitWidths(natural: number[], columns: Column[], max: number): number[] {
  const widths = natural.slice();
  const flex = columns.map((c, i) => (c.flex ? i : -1)).filter((i) => i >= 0);
  let over = widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1) - max;
  const floor = (i: number) => Math.min(MIN_FLEX, natural[i]!);
  while (over > 0) {
    let widest = -1;
    for (const i of flex) if (widths[i]! > floor(i) && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    if (widest < 0) break;
    widths[widest]! -= 1;
    over -= 1;
  }
  return widths;
}

/** The table as text for a terminal: a bold header, aligned cells, no trailing spaces. */
export async function tableString(io: Pick<IO, 'columns' | 'color'>, columns: Column[], rows: Cell[][]): Promise<string> {
  // Without colour, no cell may smuggle a colour code through (NO_COLOR means none at all).
  const cellText = io.color ? humanOf : (c: Cell | undefined) => humanOf(c).replace(SGR_RE, '');
  const natural = columns.map((col, i) => Math.max(displayWidth(col.header), ...rows.map((r) => displayWidth(cellText(r[i])))));
  const widths = fitWidths(natural, columns, io.columns);
  const bold = (s: string) => (io.color ? `\u001b[1m${s}\u001b[22m` : s);
  const fitted = (cells: string[]) => cells.map((text, i) => fit(text, widths[i]!, columns[i]!.align ?? 'left'));
  const { default: Table } = await import('cli-table3');
  const none = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '' };
  const table = new Table({
    head: fitted(columns.map((c) => bold(c.header))),
    chars: { ...none, middle: ' '.repeat(GAP) },
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
    wordWrap: false,
  });
  for (const r of rows) table.push(fitted(columns.map((_, i) => cellText(r[i]))));
  return table
    .toString()
    .split('\n')
    .map((l: string) => l.replace(/ +$/, ''))
    .join('\n');
}
