/**
 * pmt's own cursor for the Polymarket catalogue: "pm1." + base64url JSON. It carries, per event
 * bucket still being read, the upstream keyset position and how many matching markets of the page
 * at that position were already returned, so a page holds at most `limit` markets and resumes
 * exactly where the previous one stopped. Versioned by its prefix; anything else is a usage
 * error, never a silent restart from the first page.
 *
 *   {"s":"active","o":["<after_cursor>",37,4.2]}      o = open events, c = closed events
 *   bucket = [upstream after_cursor ("" = first page), markets already taken there, markets per event seen]
 */
import { usageError } from '../../errors.js';
import { MARKET_STATUS_FILTERS, type MarketStatusFilter } from '../types.js';

export type Bucket = 'o' | 'c';

export interface BucketState {
  /** Upstream `after_cursor` of the events page being read; "" before the first page. */
  after: string;
  /** Matching markets of that page (in upstream order) already returned. */
  skip: number;
  /** Matching markets per event seen last time: sizes the next upstream request. */
  ratio: number;
}

export interface CatalogCursor {
  status: MarketStatusFilter;
  /** Buckets with pages left; an exhausted bucket is absent. */
  buckets: Partial<Record<Bucket, BucketState>>;
}

const PREFIX = 'pm1.';
const MAX_UPSTREAM_CURSOR = 2048;
const MAX_SKIP = 10_000_000;

/**
 * Which buckets a status filter reads. `active` reads open events only; every other filter reads
 * both, because resolved and paused markets also sit inside events that are still open.
 */
export function bucketsFor(status: MarketStatusFilter): Bucket[] {
  return status === 'active' ? ['o'] : ['o', 'c'];
}

/** The position before the first page. */
export function startCursor(status: MarketStatusFilter): CatalogCursor {
  const buckets: CatalogCursor['buckets'] = {};
  for (const b of bucketsFor(status)) buckets[b] = { after: '', skip: 0, ratio: 1 };
  return { status, buckets };
}

/** The opaque text, or null when every bucket is exhausted (the last page). */
export function encodeCursor(c: CatalogCursor): string | null {
  const body: Record<string, unknown> = { s: c.status };
  for (const b of ['o', 'c'] as const) {
    const st = c.buckets[b];
    if (st) body[b] = [st.after, st.skip, Math.round(st.ratio * 1000) / 1000];
  }
  if (!('o' in body) && !('c' in body)) return null;
  return PREFIX + Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** Parse a cursor printed by a previous page of the same listing; usage error otherwise. */
export function decodeCursor(cursor: string, status: MarketStatusFilter): CatalogCursor {
  const bad = (why: string) =>
    usageError(`cursor is malformed (${why}): pass the cursor printed by a previous \`pmt markets list --exchange polymarket\` page`);
  if (!cursor.startsWith(PREFIX)) throw bad('not a Polymarket cursor');
  const payload = cursor.slice(PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) throw bad('not base64url');
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw bad('undecodable');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('not an object');
  const rec = body as Record<string, unknown>;
  for (const k of Object.keys(rec)) if (!['s', 'o', 'c'].includes(k)) throw bad(`unknown field "${k}"`);
  const s = rec.s;
  if (typeof s !== 'string' || !(MARKET_STATUS_FILTERS as readonly string[]).includes(s)) throw bad('no status');
  if (s !== status) {
    throw usageError(`cursor belongs to a --status ${s} listing, not --status ${status}: repeat --status ${s} or start without --cursor`);
  }
  const allowed = bucketsFor(status);
  const buckets: CatalogCursor['buckets'] = {};
  for (const b of ['o', 'c'] as const) {
    if (rec[b] === undefined) continue;
    if (!allowed.includes(b)) throw bad(`bucket "${b}" does not belong to --status ${status}`);
    buckets[b] = bucketState(rec[b], bad);
  }
  if (!buckets.o && !buckets.c) throw bad('no position');
  return { status, buckets };
}

function bucketState(v: unknown, bad: (why: string) => Error): BucketState {
  if (!Array.isArray(v) || v.length !== 3) throw bad('bad position');
  const [after, skip, ratio] = v as unknown[];
  if (typeof after !== 'string' || after.length > MAX_UPSTREAM_CURSOR || /[\u0000-\u001f]/.test(after)) throw bad('bad position');
  if (typeof skip !== 'number' || !Number.isSafeInteger(skip) || skip < 0 || skip > MAX_SKIP) throw bad('bad position');
  if (typeof ratio !== 'number' || !Number.isFinite(ratio) || ratio <= 0 || ratio > 10_000) throw bad('bad position');
  return { after, skip, ratio };
}
