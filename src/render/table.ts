/**
 * Tables for people (cli-table3, borderless, fitted to the terminal's width) and tab-separated
 * rows when piped (no header, no colour, no padding), as gh does.
 *
 * One width model (render/width.ts) decides where a cell is cut and how far it is padded: cells
 * reach cli-table3 already fitted to their column, so its own width function (which counts emoji
 * sequences differently) never cuts mid-character. cli-table3 is loaded only when a table is drawn.
 * Which columns shrink, drop or stack is render/layout.ts: an id people copy is never cut.
 */
import type { IO } from './io.js';
import { sanitize } from './format.js';
import { GAP, layout, shrinkFlex, type LayoutColumn } from './layout.js';
import { displayWidth, fit, SGR_RE, truncate, wrapLine } from './width.js';

export interface Column extends LayoutColumn {
  align?: 'left' | 'right';
}

/**
 * A cell: the text for people (may carry colour) and, optionally, the raw value for pipes, and a
 * `lead` shown before the text (`lead · text`) that gives way first when the column is cut: an
 * event's title before a market titled "Option A" keeps "Option A" readable in a narrow column.
 */
export type Cell = string | { human: string; raw: string; lead?: string };

const LEAD_SEP = ' · ';
/** Below this many columns for the lead, the cell shows its own text alone. */
const MIN_LEAD = 6;

/** What the terminal gives a table: its width, colour, and whether `--wide` was asked for. */
export type TableIO = Pick<IO, 'columns' | 'color'> & { wide?: boolean };

function humanOf(cell: Cell | undefined): string {
  if (cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  return cell.lead ? cell.lead + LEAD_SEP + cell.human : cell.human;
}

/**
 * A cell cut to `width`: from its end as usual, but a lead shrinks first, and goes when only a
 * stub of it would be left, so the cell's own text is what survives.
 */
function fitCell(cell: Cell | undefined, width: number, align: 'left' | 'right', text: (s: string) => string): string {
  const all = text(humanOf(cell));
  if (typeof cell !== 'object' || !cell.lead || displayWidth(all) <= width) return fit(all, width, align);
  const own = text(cell.human);
  const room = width - displayWidth(own) - displayWidth(LEAD_SEP);
  return fit(room >= MIN_LEAD ? truncate(text(cell.lead), room) + LEAD_SEP + own : own, width, align);
}
function rawOf(cell: Cell): string {
  return sanitize(typeof cell === 'string' ? cell.replace(SGR_RE, '') : cell.raw);
}

/**
 * Render rows: a fitted table on a terminal, TSV when piped. When optional columns were left out
 * to fit, stderr names them and how to keep them (stdout stays the table).
 */
export async function printTable(io: IO, columns: Column[], rows: Cell[][]): Promise<void> {
  if (!io.isTTY) {
    for (const row of rows) io.out(row.map(rawOf).join('\t'));
    return;
  }
  const { text, dropped } = await renderTable(io, columns, rows);
  io.out(text);
  // Wrapped to the terminal like every other line for people (a 60-column terminal included).
  if (dropped.length) io.err(wrapLine(droppedHint(dropped, io.columns), io.columns, 6).join('\n'));
}

export function droppedHint(dropped: string[], columns: number): string {
  const list = dropped.join(', ');
  return `hint: ${list} hidden to fit ${columns} columns; --wide shows ${dropped.length === 1 ? 'it' : 'them'}`;
}

/** @deprecated name kept for callers: the widths after shrinking flexible columns. */
export const fitWidths = shrinkFlex;

/** The table as text for a terminal (see renderTable). */
export async function tableString(io: TableIO, columns: Column[], rows: Cell[][]): Promise<string> {
  return (await renderTable(io, columns, rows)).text;
}

/** The table as text for a terminal: a bold header, aligned cells, no trailing spaces. */
export async function renderTable(io: TableIO, columns: Column[], rows: Cell[][]): Promise<{ text: string; dropped: string[] }> {
  // Without colour, no cell may smuggle a colour code through (NO_COLOR means none at all).
  const plain = io.color ? (s: string) => s : (s: string) => s.replace(SGR_RE, '');
  const cellText = (c: Cell | undefined) => plain(humanOf(c));
  const natural = columns.map((col, i) => Math.max(displayWidth(col.header), ...rows.map((r) => displayWidth(cellText(r[i])))));
  const plan = layout(columns, natural, io.columns, io.wide);
  const bold = (s: string) => (io.color ? `\u001b[1m${s}\u001b[22m` : s);
  if (plan.mode === 'stacked') {
    // A record's flexible text has the width of the terminal less its indent (see stackedLines).
    const record = (c: Cell | undefined) => (typeof c === 'object' && c.lead ? fitCell(c, io.columns - 2, 'left', plain).trimEnd() : cellText(c));
    const text = rows.map((r) => stackedLines(columns, r.map(record), io.columns, bold).join('\n')).join('\n');
    return { text, dropped: [] };
  }
  const cols = plan.shown.map((i) => columns[i]!);
  const fitted = (cells: Array<Cell | undefined>) => cells.map((c, k) => fitCell(c, plan.widths[k]!, cols[k]!.align ?? 'left', plain));
  const { default: Table } = await import('cli-table3');
  const none = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '' };
  const table = new Table({
    head: fitted(cols.map((c) => bold(c.header))),
    chars: { ...none, middle: ' '.repeat(GAP) },
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
    wordWrap: false,
  });
  for (const r of rows) table.push(fitted(plan.shown.map((i) => r[i])));
  const text = table
    .toString()
    .split('\n')
    .map((l: string) => l.replace(/ +$/, ''))
    .join('\n');
  return { text, dropped: plan.dropped };
}

/**
 * One row as a record, for a terminal too narrow for the row on one line: its ids first, on one
 * line when they fit together and each on a line of its own otherwise (an id longer than the
 * terminal is left for the terminal to soft-wrap, so a copy still yields it whole); then the
 * flexible text cut to the width; then the other cells as `HEADER value` pairs packed into lines.
 */
export function stackedLines(columns: Column[], cells: string[], width: number, bold: (s: string) => string = (s) => s): string[] {
  const lines: string[] = [];
  const ids = columns.map((c, i) => (c.id ? cells[i] ?? '' : null)).filter((x): x is string => x !== null && x !== '');
  const idLine = ids.join('  ');
  if (displayWidth(idLine) <= width) lines.push(bold(idLine));
  else lines.push(...ids.map(bold));
  const indent = '  ';
  let line = '';
  const flush = () => {
    if (line) lines.push(indent + line);
    line = '';
  };
  columns.forEach((c, i) => {
    const v = (cells[i] ?? '').trim();
    if (c.id || v === '' || v === '-') return;
    if (c.flex) {
      flush();
      lines.push(indent + truncate(v, width - indent.length));
      return;
    }
    const pair = `${c.header.toLowerCase()} ${v}`;
    const joined = line ? `${line}   ${pair}` : pair;
    if (displayWidth(joined) + indent.length <= width) line = joined;
    else {
      flush();
      line = displayWidth(pair) + indent.length <= width ? pair : truncate(pair, width - indent.length);
    }
  });
  flush();
  return lines;
}
