/**
 * The Kalshi markets cursor: one opaque token carrying the upstream cursor of every source a
 * catalogue listing pages through (live `/markets` per status query, and `/historical/markets`).
 *
 * Format: `k1.` + base64url(JSON `{"f": filter, "s": series|null, "p": {source: upstreamCursor}}`).
 * A source present with "" has not been read yet; a source whose upstream cursor came back ""
 * (Kalshi's end of stream) is dropped; when none is left there is no cursor (null).
 * The filter and series are inside so a cursor cannot be replayed against another query, and
 * anything that does not decode is a usage error: silently restarting at page 1 (openpx) would
 * hand a script duplicate rows forever.
 */
import { usageError } from '../../errors.js';
import type { MarketStatusFilter } from '../types.js';

const PREFIX = 'k1.';
const B64URL_RE = /^[A-Za-z0-9_-]+$/;

/** One upstream listing: live `/markets` with a `status` query value, or the historical set. */
export type SourceKey = 'open' | 'closed' | 'unopened' | 'paused' | 'settled' | 'any' | 'hist';

/**
 * Which upstream listings make up each unified filter. Kalshi's `status` query values match
 * (docs.kalshi.com market lifecycle): unopened = initialized, open = active, paused = inactive,
 * closed = past close_time and not finalized (closed, determined, disputed, amended),
 * settled = finalized. The unified sets (§2.1) cut across them, so:
 * - active   = open;
 * - closed   = closed (its determined rows are dropped) + unopened + paused;
 * - resolved = settled + closed (only its determined rows) + historical;
 * - all      = live without a status + historical.
 * openpx's one-query-per-filter mapping misses determined (resolved) and initialized/inactive
 * (closed) markets; every row is still post-filtered by its own unified status.
 */
export const SOURCES: Record<MarketStatusFilter, readonly SourceKey[]> = {
  active: ['open'],
  closed: ['closed', 'unopened', 'paused'],
  resolved: ['settled', 'closed', 'hist'],
  all: ['any', 'hist'],
};

export type Positions = Partial<Record<SourceKey, string>>;

/** Where a listing starts: every source of the filter, unread. */
export function startPositions(filter: MarketStatusFilter): Positions {
  return Object.fromEntries(SOURCES[filter].map((k) => [k, ''])) as Positions;
}

export function encodeCursor(filter: MarketStatusFilter, series: string | undefined, pos: Positions): string | null {
  const live = Object.fromEntries(Object.entries(pos).filter(([, v]) => typeof v === 'string'));
  if (Object.keys(live).length === 0) return null;
  return PREFIX + Buffer.from(JSON.stringify({ f: filter, s: series ?? null, p: live })).toString('base64url');
}

/** Decode a cursor for this query; a foreign, truncated or edited cursor is a usage error. */
export function decodeCursor(cursor: string, filter: MarketStatusFilter, series: string | undefined): Positions {
  const bad = (why: string) =>
    usageError(`cursor is not valid for this Kalshi listing: ${why}`, 'pass the cursor printed by the previous page of the same `pmt markets list` query, unchanged');
  if (cursor.startsWith('pmt1.')) throw bad('it is a cursor for both exchanges (drop --exchange to continue it)');
  if (!cursor.startsWith(PREFIX) || !B64URL_RE.test(cursor.slice(PREFIX.length))) throw bad('it is not a Kalshi markets cursor');
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.from(cursor.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw bad('it is truncated or corrupted');
  }
  const d = doc as { f?: unknown; s?: unknown; p?: unknown } | null;
  if (!d || typeof d !== 'object' || Array.isArray(d) || !d.p || typeof d.p !== 'object' || Array.isArray(d.p)) {
    throw bad('it is truncated or corrupted');
  }
  if (d.f !== filter) throw bad(`it continues a --status ${String(d.f)} listing, not --status ${filter}`);
  if ((d.s ?? null) !== (series ?? null)) {
    throw bad(`it continues a listing ${d.s ? `of series ${String(d.s)}` : 'without --series'}, not ${series ? `series ${series}` : 'one without --series'}`);
  }
  const allowed = SOURCES[filter];
  const out: Positions = {};
  for (const [k, v] of Object.entries(d.p as Record<string, unknown>)) {
    if (!(allowed as readonly string[]).includes(k) || typeof v !== 'string' || v.length > 2048) throw bad('it is truncated or corrupted');
    out[k as SourceKey] = v;
  }
  if (Object.keys(out).length === 0) throw bad('it has no position left');
  return out;
}

/**
 * Split a page size over the sources still open, in their listed order, so a page never holds
 * more than `limit` rows (the interface caps a Kalshi page at 1000). When there are fewer rows
 * than sources, the later sources wait their turn (0 = not read this round).
 */
export function splitLimit(limit: number, keys: readonly SourceKey[]): number[] {
  const base = Math.floor(limit / keys.length);
  const extra = limit % keys.length;
  return keys.map((_, i) => base + (i < extra ? 1 : 0));
}
