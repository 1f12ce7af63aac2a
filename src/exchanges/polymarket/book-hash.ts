/**
 * Polymarket's book summary hash, as the exchange computes it and its official clients check it
 * (`generate_orderbook_summary_hash`): SHA-1, in hex, of the summary's JSON text with its `hash`
 * field set to the empty string, every other field kept as sent and in the order sent. Numbers
 * are the exchange's own strings ("0.45", "100"), so a book re-applied from deltas must keep them.
 */
import { createHash } from 'node:crypto';
import type { WireLevel } from '../book-state.js';

/** The hash of a summary object (not modified): `hash` blanked in place, or appended when absent. */
export function summaryHash(summary: Record<string, unknown>): string {
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(summary)) copy[k] = k === 'hash' ? '' : summary[k];
  if (!('hash' in copy)) copy.hash = '';
  return createHash('sha1').update(JSON.stringify(copy)).digest('hex');
}

type Dir = 'asc' | 'desc';

/** The order of a side as the exchange sent it (the live CLOB sends worst-first); null when unknown. */
export function sideOrder(levels: unknown): Dir | null {
  if (!Array.isArray(levels) || levels.length < 2) return null;
  const a = Number((levels[0] as { price?: unknown })?.price);
  const b = Number((levels[1] as { price?: unknown })?.price);
  return a < b ? 'asc' : a > b ? 'desc' : null;
}

/** Levels as wire objects, in the given order, with the exchange's own texts where known. */
export function wireLevels(levels: readonly WireLevel[], dir: Dir, best: Dir): Array<{ price: string; size: string }> {
  const out = levels.map((l) => ({ price: l.p ?? String(l.price), size: l.s ?? String(l.size) }));
  return dir === best ? out : out.reverse();
}

/**
 * The hash the exchange would send for `summary`'s metadata (market, asset, timestamp, …) over the
 * book applied locally instead of the summary's own levels. Sides keep the summary's order
 * (worst-first when it cannot be told, as the live CLOB sends them).
 */
export function appliedHash(summary: Record<string, unknown>, bids: readonly WireLevel[], asks: readonly WireLevel[]): string {
  const copy: Record<string, unknown> = { ...summary };
  copy.bids = wireLevels(bids, sideOrder(summary.bids) ?? 'asc', 'desc');
  copy.asks = wireLevels(asks, sideOrder(summary.asks) ?? 'desc', 'asc');
  return summaryHash(copy);
}
