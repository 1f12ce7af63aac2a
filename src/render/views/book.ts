/**
 * Presentation of orderbooks: the ladder (asks above bids, the spread between, sizes with
 * cumulative depth drawn as bars), stats and impact. Row mappers are pure; on a terminal the
 * views colour bids green and asks red, piped they print tab-separated raw values.
 */
import { walkBook } from '../../analytics/book.js';
import { manifestOf } from '../../exchanges/registry.js';
import type { ExchangeId, Level, Orderbook, OrderbookImpact, OrderbookStats } from '../../exchanges/types.js';
import type { BookAnswer } from '../../ops/book.js';
import { displayWidth, Formatter } from '../format.js';
import type { IO } from '../io.js';
import { printTable, type Cell, type Column } from '../table.js';

export type BookSide = 'ask' | 'bid';
export interface LadderRow {
  side: BookSide;
  price: number;
  size: number;
  /** Cumulative size from the best level of that side through this one. */
  total: number;
}
export interface Ladder {
  /** Best first (lowest ask first). */
  asks: LadderRow[];
  /** Best first (highest bid first). */
  bids: LadderRow[];
  /** Levels not shown because of the depth limit. */
  hiddenAsks: number;
  hiddenBids: number;
}

/** Where a book comes from, for the header line. */
export interface BookLabel {
  exchange: ExchangeId;
  asset_id: string;
  /** The outcome whose book this is, when asked for (`--outcome no` on Kalshi: the NO book). */
  outcome?: string;
}

const micro = (v: number) => Math.round(v * 1e6);

function sideRows(side: BookSide, levels: readonly Level[], depth: number): LadderRow[] {
  const n = Math.min(depth, levels.length);
  const out: LadderRow[] = [];
  let total = 0; // micro-contracts: exact running sums
  for (let i = 0; i < n; i++) {
    const l = levels[i]!;
    total += micro(l.size);
    out.push({ side, price: l.price, size: l.size, total: total / 1e6 });
  }
  return out;
}

/** The best `depth` levels of each side with running totals (depth undefined: every level). */
export function ladder(book: Orderbook, depth?: number): Ladder {
  const d = depth ?? Math.max(book.asks.length, book.bids.length);
  return {
    asks: sideRows('ask', book.asks, d),
    bids: sideRows('bid', book.bids, d),
    hiddenAsks: Math.max(0, book.asks.length - d),
    hiddenBids: Math.max(0, book.bids.length - d),
  };
}

/**
 * Levels per side that fit a terminal of `rows` lines: title, column header, two "more levels"
 * notes, the spread line, the snapshot line and the shell prompt take 7.
 */
export function depthForRows(rows: number): number {
  return Math.min(50, Math.max(3, Math.floor((rows - 7) / 2)));
}

/** Price texts of one ladder padded to the same number of decimals, so the points line up. */
export function alignDecimals(texts: string[]): string[] {
  const dp = Math.max(0, ...texts.map((t) => (/^\d+\.\d+$/.test(t) ? t.length - t.indexOf('.') - 1 : 0)));
  return texts.map((t) => (/^\d+\.\d+$/.test(t) ? t.padEnd(t.indexOf('.') + 1 + dp, '0') : t));
}

/** Rows top to bottom as a trader reads them: asks from the highest shown down, then bids. */
export function ladderOrder(l: Ladder): LadderRow[] {
  return [...l.asks].reverse().concat(l.bids);
}

/** Piped ladder: `side<TAB>price<TAB>size<TAB>total`, in ladder order. */
export function ladderTsvRows(l: Ladder): Cell[][] {
  return ladderOrder(l).map((r) => [r.side, String(r.price), String(r.size), String(r.total)]);
}

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
/** A horizontal bar of `value / max` of `width` columns, in eighth-column steps. */
export function bar(value: number, max: number, width: number): string {
  if (width <= 0 || max <= 0 || value <= 0) return '';
  const eighths = Math.max(1, Math.round((Math.min(value, max) / max) * width * 8));
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]!;
}

/** Exact a − b of two prices (on the 1e-6 grid), for display. */
export function priceDiff(a: number, b: number): number {
  return (micro(a) - micro(b)) / 1e6;
}

/** The header line: which book (the id in full, to copy), then on which price scale. */
export function bookTitle(f: Formatter, label: BookLabel): string {
  const { kind, scale: own, scales } = manifestOf(label.exchange).book;
  const scale = (label.outcome && scales?.[label.outcome.trim().toLowerCase()]) || own;
  return `${kind} ${f.c.bold(f.text(label.asset_id))} ${f.c.dim(`(${scale})`)}`;
}

/** The line between asks and bids, from the book's stats (the same exact numbers as `book stats`). */
export function spreadLine(f: Formatter, s: OrderbookStats): string {
  const a = s.best_ask;
  const b = s.best_bid;
  if (a == null && b == null) return 'no resting orders on either side';
  if (a == null || b == null) return `no spread: no ${a == null ? 'asks' : 'bids'}`;
  const spread = priceDiff(a, b);
  const crossed = spread < 0 ? ' (crossed)' : spread === 0 ? ' (locked)' : '';
  return `spread ${f.price(spread)} · ${s.spread_bps?.toFixed(2) ?? '-'} bps · mid ${f.price(s.mid)}${crossed}`;
}

/** The ladder for people: one line per level, bars scaled to the largest shown total. */
export function ladderLines(f: Formatter, book: Orderbook, stats: OrderbookStats, l: Ladder, label: BookLabel, columns: number): string[] {
  const rows = ladderOrder(l);
  const prices = alignDecimals(rows.map((r) => f.price(r.price)));
  const cells = rows.map((r, i) => ({ r, price: prices[i]!, size: f.num(r.size), total: f.num(r.total) }));
  const w = (k: 'price' | 'size' | 'total', head: string) => Math.max(displayWidth(head), ...cells.map((c) => displayWidth(c[k])));
  const wp = w('price', 'PRICE');
  const ws = w('size', 'SIZE');
  const wt = w('total', 'TOTAL');
  const fixed = 3 + 2 + wp + 2 + ws + 2 + wt + 2;
  const barWidth = Math.min(60, columns - fixed - 1);
  const maxTotal = Math.max(0, ...rows.map((r) => r.total));
  const pad = (s: string, n: number) => ' '.repeat(Math.max(0, n - displayWidth(s))) + s;
  const lines = [bookTitle(f, label)];
  lines.push(f.c.dim(`${'   '}  ${pad('PRICE', wp)}  ${pad('SIZE', ws)}  ${pad('TOTAL', wt)}${barWidth >= 4 ? '  DEPTH' : ''}`));
  const line = (c: (typeof cells)[number]) => {
    const paint = c.r.side === 'ask' ? f.c.red : f.c.green;
    const b = barWidth >= 4 ? '  ' + paint(bar(c.r.total, maxTotal, barWidth)) : '';
    return `${paint(c.r.side)}  ${paint(pad(c.price, wp))}  ${pad(c.size, ws)}  ${pad(c.total, wt)}${b}`;
  };
  const askCells = cells.filter((c) => c.r.side === 'ask');
  const bidCells = cells.filter((c) => c.r.side === 'bid');
  if (l.hiddenAsks > 0) lines.push(f.c.dim(`     … ${f.num(l.hiddenAsks)} more ask level${l.hiddenAsks === 1 ? '' : 's'} above`));
  if (askCells.length === 0) lines.push(f.c.dim('     (no asks)'));
  lines.push(...askCells.map(line));
  lines.push(f.c.dim(`  ── ${spreadLine(f, stats)} ──`));
  lines.push(...bidCells.map(line));
  if (bidCells.length === 0) lines.push(f.c.dim('     (no bids)'));
  if (l.hiddenBids > 0) lines.push(f.c.dim(`     … ${f.num(l.hiddenBids)} more bid level${l.hiddenBids === 1 ? '' : 's'} below`));
  lines.push(f.c.dim(`snapshot ${f.time(book.timestamp, { seconds: true })}${book.hash ? ` · hash ${book.hash.slice(0, 12)}` : ''}`));
  return lines;
}

/** The ladder: lines on a terminal, `side price size total` TSV rows when piped. */
export async function printLadder(io: IO, f: Formatter, book: Orderbook, stats: OrderbookStats, l: Ladder, label: BookLabel): Promise<void> {
  if (!io.isTTY) return printTable(io, [], ladderTsvRows(l));
  io.out(ladderLines(f, book, stats, l, label, io.columns).join('\n'));
}

/** Stats as `field<TAB>value` rows (piped) in the model's field order; unknown values are empty. */
export function statsTsvRows(s: OrderbookStats): Cell[][] {
  return (Object.keys(s) as Array<keyof OrderbookStats>).map((k) => [k, s[k] == null ? '' : String(s[k])]);
}

function signed(v: number | null, places: number): string {
  if (v == null) return '-';
  return (v > 0 ? '+' : '') + v.toFixed(places);
}

/** Stats for people: one labelled line per measure. */
export function statsLines(f: Formatter, s: OrderbookStats, label: BookLabel): string[] {
  const spread = s.best_ask != null && s.best_bid != null ? priceDiff(s.best_ask, s.best_bid) : null;
  const lean = s.imbalance == null ? '' : s.imbalance > 0 ? ' · bid-heavy' : s.imbalance < 0 ? ' · ask-heavy' : ' · balanced';
  const kv: Array<[string, string]> = [
    ['best bid', f.c.green(f.price(s.best_bid))],
    ['best ask', f.c.red(f.price(s.best_ask))],
    ['mid', f.price(s.mid)],
    ['spread', spread == null ? '-' : `${f.price(spread)} · ${s.spread_bps?.toFixed(2) ?? '-'} bps`],
    ['weighted mid', `${f.price(s.weighted_mid)}${s.weighted_mid == null ? '' : ' (top 10 levels, micro-price)'}`],
    ['imbalance', `${signed(s.imbalance, 4)}${lean}${s.imbalance == null ? '' : ' (top 10 levels)'}`],
    ['depth', `${f.c.green(f.num(s.bid_depth))} bid · ${f.c.red(f.num(s.ask_depth))} ask`],
    ['exchange time', f.time(s.exchange_ts, { seconds: true })],
    ['served', f.time(s.service_ts, { seconds: true })],
  ];
  const w = Math.max(...kv.map(([k]) => k.length));
  return [bookTitle(f, label), ...kv.map(([k, v]) => `  ${f.c.dim(k.padEnd(w))}  ${v}`)];
}

/** What the impact view shows beyond the model: how far each side walks. */
export interface WalkDetail {
  filled: number;
  worst_price: number | null;
  levels: number;
}

/** Columns of the impact table for people. */
export const IMPACT_COLUMNS: Column[] = [
  { header: 'SIDE' },
  { header: 'AVG PRICE', align: 'right' },
  { header: 'FILLED', align: 'right' },
  { header: 'SLIPPAGE', align: 'right' },
  { header: 'WORST LEVEL', align: 'right' },
];

function sideOf(side: 'buy' | 'sell', imp: OrderbookImpact) {
  return side === 'buy'
    ? { avg: imp.buy_avg_price, pct: imp.buy_fill_pct, slip: imp.buy_slippage_bps }
    : { avg: imp.sell_avg_price, pct: imp.sell_fill_pct, slip: imp.sell_slippage_bps };
}

/** One side of the impact for people. */
export function impactRow(f: Formatter, side: 'buy' | 'sell', imp: OrderbookImpact, w: WalkDetail): Cell[] {
  const { avg, pct, slip } = sideOf(side, imp);
  const paint = side === 'buy' ? f.c.red : f.c.green; // buys lift asks (red), sells hit bids (green)
  const filled =
    pct === 100
      ? `${f.num(w.filled)} (100%)`
      : pct === 0
        ? `0 (no ${side === 'buy' ? 'asks' : 'bids'})`
        : f.c.yellow(`${f.num(w.filled)} of ${f.num(imp.size)} (${pct}%)`);
  const worst = w.worst_price == null ? '-' : `${f.price(w.worst_price)} (${w.levels} level${w.levels === 1 ? '' : 's'})`;
  return [paint(side), f.price(avg), filled, slip == null ? '-' : `${slip.toFixed(2)} bps`, worst];
}

/** One side of the impact, piped: side, avg price, fill %, slippage bps, filled, worst price (unknown: empty). */
export function impactTsvRow(side: 'buy' | 'sell', imp: OrderbookImpact, w: WalkDetail): Cell[] {
  const { avg, pct, slip } = sideOf(side, imp);
  const raw = (v: number | null) => (v == null ? '' : String(v));
  return [side, raw(avg), String(pct), raw(slip), String(w.filled), raw(w.worst_price)];
}

/** The title line of the impact view. */
export function impactTitle(f: Formatter, imp: OrderbookImpact, label: BookLabel): string {
  const mid = imp.mid == null ? 'no mid (a side is empty, so slippage is not defined)' : `mid ${f.price(imp.mid)}`;
  return `${bookTitle(f, label)}\nmarket order of ${f.num(imp.size)} contracts · ${mid}`;
}

/** Impact: a title and one table row per side on a terminal, raw TSV rows when piped. */
export async function printImpact(io: IO, f: Formatter, imp: OrderbookImpact, label: BookLabel, buy: WalkDetail, sell: WalkDetail): Promise<void> {
  if (!io.isTTY) return printTable(io, [], [impactTsvRow('buy', imp, buy), impactTsvRow('sell', imp, sell)]);
  io.out(impactTitle(f, imp, label));
  await printTable(io, IMPACT_COLUMNS, [impactRow(f, 'buy', imp, buy), impactRow(f, 'sell', imp, sell)]);
}

/** Stats: labelled lines on a terminal, `field value` TSV rows when piped. */
export async function printStats(io: IO, f: Formatter, s: OrderbookStats, label: BookLabel): Promise<void> {
  if (!io.isTTY) return printTable(io, [], statsTsvRows(s));
  io.out(statsLines(f, s, label).join('\n'));
}

// The operations' views (ops/table.ts `view`): the answer of ops/book.ts and the CLI's input.

type BookShown<T> = Pick<BookAnswer<T>, 'asset' | 'book' | 'body'>;
/** `--cents` on every book view. */
type BookInput = { cents?: boolean };
const labelOf = (a: BookShown<unknown>): BookLabel => ({ exchange: a.asset.exchange, asset_id: a.book.asset_id, outcome: a.asset.outcome });

/** `pmt book show`: the ladder, as deep as `--depth`, else as fits the terminal (piped: every level). */
export async function showBook(io: IO, a: BookShown<Orderbook> & { stats: OrderbookStats }, q: BookInput & { depth?: number }): Promise<void> {
  const shown = q.depth ?? (io.isTTY ? depthForRows(io.rows) : undefined);
  await printLadder(io, new Formatter(io, { cents: q.cents }), a.book, a.stats, ladder(a.book, shown), labelOf(a));
}

/** `pmt book stats`. */
export async function showStats(io: IO, a: BookShown<OrderbookStats>, q: BookInput): Promise<void> {
  await printStats(io, new Formatter(io, { cents: q.cents }), a.body, labelOf(a));
}

/** `pmt book impact`: each side with the levels its walk took (walked here: only people see them). */
export async function showImpact(io: IO, a: BookShown<OrderbookImpact> & { size: number }, q: BookInput): Promise<void> {
  await printImpact(io, new Formatter(io, { cents: q.cents }), a.body, labelOf(a), walkBook(a.book.asks, a.size), walkBook(a.book.bids, a.size));
}
