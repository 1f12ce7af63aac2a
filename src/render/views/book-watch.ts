/**
 * The live book screen of `pmt book watch`: a status line (connection state, the book's age, the
 * update rate), the ladder of `book show`, one stats line, and the last trades. Pure: a frame is
 * a list of lines built from the state; the screen module decides when and how to draw it.
 */
import type { Orderbook, OrderbookStats } from '../../exchanges/types.js';
import type { Formatter } from '../format.js';
import { sanitize } from '../../safe-text.js';
import { truncate } from '../width.js';
import { ladder, ladderLines, priceDiff, type BookLabel } from './book.js';

/** A trade line's inputs (the stream's MarketTrade, structurally). */
export interface WatchTrade {
  price: number;
  size: number;
  aggressor_side: 'buy' | 'sell' | null;
  exchange_ts: string;
}

export interface WatchFrame {
  label: BookLabel;
  /** null between a clear and the next snapshot. */
  book: Orderbook | null;
  stats: OrderbookStats | null;
  /** Newest first. */
  trades: readonly WatchTrade[];
  /** connecting, live, reconnecting, closed */
  state: string;
  /** Why, for the status line (e.g. "cleared: sequence_gap, resyncing"). */
  detail?: string;
  /** ms since the last book change; null before the first. */
  ageMs: number | null;
  /** Book events per second over the last seconds. */
  rate: number;
  columns: number;
  rows: number;
  /** Levels per side asked for; undefined: as many as fit. */
  depth?: number;
}

/** Trades shown under the ladder. */
export const WATCH_TRADES = 5;

export function ageText(ms: number | null): string {
  if (ms === null) return '-';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.floor((ms % 60_000) / 1000)} s`;
}

export function statusLine(f: Formatter, fr: WatchFrame): string {
  const paint = fr.state === 'live' ? f.c.green : fr.state === 'closed' ? f.c.red : f.c.yellow;
  const parts = [paint(`● ${fr.state}`), `age ${ageText(fr.ageMs)}`, `${fr.rate.toFixed(0)} upd/s`];
  if (fr.detail) parts.push(f.c.yellow(sanitize(fr.detail)));
  parts.push(f.c.dim('q quits'));
  return parts.join(f.c.dim(' · '));
}

/** The one-line summary of `book stats`. */
export function statsSummary(f: Formatter, s: OrderbookStats): string {
  const spread = s.best_ask != null && s.best_bid != null ? priceDiff(s.best_ask, s.best_bid) : null;
  const imb = s.imbalance == null ? '-' : (s.imbalance > 0 ? '+' : '') + s.imbalance.toFixed(3);
  return [
    `bid ${f.c.green(f.price(s.best_bid))}`,
    `ask ${f.c.red(f.price(s.best_ask))}`,
    `mid ${f.price(s.mid)}`,
    `spread ${spread == null ? '-' : f.price(spread)}`,
    `wmid ${f.price(s.weighted_mid)}`,
    `imb ${imb}`,
    `depth ${f.num(s.bid_depth)}/${f.num(s.ask_depth)}`,
  ].join(f.c.dim(' · '));
}

export function tradeLine(f: Formatter, t: WatchTrade): string {
  const paint = t.aggressor_side === 'buy' ? f.c.green : t.aggressor_side === 'sell' ? f.c.red : (s: string) => s;
  const time = t.exchange_ts.slice(11, 19);
  return `  ${f.c.dim(time)}  ${paint((t.aggressor_side ?? '?').padEnd(4))}  ${f.price(t.price)} × ${f.num(t.size)}`;
}

/** Every line of one frame, each cut to the terminal width and no more lines than it has rows. */
export function watchLines(f: Formatter, fr: WatchFrame): string[] {
  const trades = fr.trades.slice(0, WATCH_TRADES);
  // Status, stats, a "last trades" heading, the trades and a blank line are not ladder.
  const fixed = 3 + Math.max(1, trades.length) + 1;
  const lines = [statusLine(f, fr)];
  if (fr.book && fr.stats) {
    const fit = Math.max(1, Math.floor((fr.rows - fixed - 6) / 2));
    const depth = Math.min(fr.depth ?? fit, fit);
    lines.push(...ladderLines(f, fr.book, fr.stats, ladder(fr.book, depth), fr.label, fr.columns));
    lines.push(statsSummary(f, fr.stats));
  } else {
    lines.push(f.c.dim(fr.state === 'live' ? 'waiting for the book…' : `no book: ${fr.detail ?? fr.state}`));
  }
  lines.push(f.c.dim('last trades'));
  if (trades.length === 0) lines.push(f.c.dim('  (none yet)'));
  for (const t of trades) lines.push(tradeLine(f, t));
  return lines.slice(0, Math.max(1, fr.rows - 1)).map((l) => truncate(l, fr.columns));
}
