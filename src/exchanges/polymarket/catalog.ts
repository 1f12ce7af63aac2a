/**
 * The Polymarket catalogue as pages of markets: keyset paging over Gamma's `/events/keyset`
 * (markets live inside events), flattened, status-matched, at most `limit` markets per page.
 *
 * Buckets: open events (`closed=false`; with `active=true` too when only active markets are
 * wanted) and closed events (`closed=true`). Gamma's `limit` counts events, so each request is
 * sized from the markets-per-event ratio seen so far; a page that ends inside an events page
 * records how many of its matching markets were taken, and the next page asks for the same
 * position again and skips them (keyset pages are stable, so a longer request from the same
 * position starts with the same events). A page may hold fewer markets than `limit` (a bounded
 * number of requests is spent per page); only a null cursor means the end.
 */
import { PmtError, usageError } from '../../errors.js';
import type { Query } from '../http.js';
import type { Market, MarketStatusFilter, MarketsPage } from '../types.js';
import type { PolymarketClient } from './client.js';
import { polymarket } from './manifest.js';
import { obj, text } from './coerce.js';
import { bucketsFor, decodeCursor, encodeCursor, startCursor, type Bucket, type BucketState, type CatalogCursor } from './cursor.js';
import { eventMarkets } from './parse.js';
import { rememberEvents } from './event-titles.js';

/** Upstream requests one bucket may spend on one page before handing back a (short) page. */
export const MAX_REQUESTS_PER_PAGE = 6;
/** `/events/keyset` rejects a larger limit. */
export const EVENTS_KEYSET_CAP = 500;

/** Does a market pass the unified status filter? Exact: `closed` never returns resolved rows. */
export function matchesStatus(m: Market, status: MarketStatusFilter): boolean {
  return status === 'all' || m.status === status;
}

function bucketQuery(status: MarketStatusFilter, bucket: Bucket): Query {
  if (bucket === 'c') return { closed: true };
  // Gamma defaults to closed=false when it is not sent; say it anyway.
  return status === 'active' ? { active: true, closed: false } : { closed: false };
}

/** One page of the catalogue. `limit` is already clamped; 0 returns no markets and the same position. */
export async function fetchCatalogPage(
  c: PolymarketClient,
  status: MarketStatusFilter,
  limit: number,
  cursorText: string | undefined,
): Promise<MarketsPage> {
  const fromUser = cursorText !== undefined && cursorText !== '';
  const cur: CatalogCursor = fromUser ? decodeCursor(cursorText, status) : startCursor(status);
  if (limit === 0) return { markets: [], cursor: encodeCursor(cur) };

  const live = bucketsFor(status).filter((b) => cur.buckets[b]);
  // Several buckets share the page; the first takes the odd market.
  const shares = live.map((_, i) => Math.floor(limit / live.length) + (i < limit % live.length ? 1 : 0));
  const reads = await Promise.all(
    live.map((b, i) => readBucket(c, status, b, cur.buckets[b]!, shares[i]!, fromUser)),
  );
  const next: CatalogCursor = { status, buckets: {} };
  const seen = new Set<string>();
  const markets: Market[] = [];
  live.forEach((b, i) => {
    const r = reads[i]!;
    if (r.state) next.buckets[b] = r.state;
    for (const m of r.markets) if (seen.size < seen.add(m.ticker).size) markets.push(m);
  });
  return { markets, cursor: encodeCursor(next) };
}

interface BucketRead {
  markets: Market[];
  /** Null once the bucket has no further page. */
  state: BucketState | null;
}

async function readBucket(
  c: PolymarketClient,
  status: MarketStatusFilter,
  bucket: Bucket,
  start: BucketState,
  need: number,
  fromUser: boolean,
): Promise<BucketRead> {
  const out: Market[] = [];
  const seen = new Set<string>();
  let { after, skip, ratio } = start;
  for (let n = 0; n < MAX_REQUESTS_PER_PAGE && out.length < need; n++) {
    const want = skip + (need - out.length);
    const limit = Math.min(EVENTS_KEYSET_CAP, Math.max(1, Math.ceil(want / ratio)));
    const query: Query = { ...bucketQuery(status, bucket), limit, after_cursor: after || undefined };
    const page = await keysetPage(c, query, fromUser && n === 0 && after !== '');
    const matched = page.events.flatMap((e) => eventMarkets(e).filter((m) => matchesStatus(m, status)));
    if (page.events.length > 0) ratio = clampRatio(matched.length / page.events.length);

    let pos = skip;
    while (pos < matched.length && out.length < need) {
      const m = matched[pos++]!;
      if (seen.size < seen.add(m.ticker).size) out.push(m);
    }
    // Stopped inside this events page: come back to the same position next time.
    if (pos < matched.length) return { markets: out, state: { after, skip: pos, ratio } };
    if (page.next === null || page.events.length === 0 || page.next === after) return { markets: out, state: null };
    // A shorter request than last time may end before the markets already taken.
    skip = Math.max(0, skip - matched.length);
    after = page.next;
  }
  return { markets: out, state: { after, skip, ratio } };
}

function clampRatio(r: number): number {
  return Math.min(100, Math.max(0.02, r));
}

/** `GET /events/keyset`: `{events, next_cursor}`; a missing or empty next_cursor is the end. */
async function keysetPage(c: PolymarketClient, query: Query, userPosition: boolean): Promise<{ events: unknown[]; next: string | null }> {
  let body: unknown;
  try {
    body = await c.gamma.get('/events/keyset', { query });
  } catch (e) {
    // The only input Gamma validates here is the position we took from the user's cursor.
    if (userPosition && e instanceof PmtError && e.status === 422) {
      throw usageError('cursor was rejected by Polymarket (expired or edited): start again without --cursor');
    }
    throw e;
  }
  const rec = obj(body);
  if (!rec || !Array.isArray(rec.events)) {
    throw new PmtError('Api', 'Polymarket Gamma GET /events/keyset answered without an events list');
  }
  rememberEvents(c, rec.events);
  return { events: rec.events, next: text(rec.next_cursor) };
}

/** Page size as the interface defines it: default 100, clamped to 500, 0 allowed. */
export function pageSize(limit: number | undefined, fallback: number): number {
  if (limit === undefined) return fallback;
  if (!Number.isFinite(limit) || limit < 0) throw usageError(`limit must be a whole number >= 0 (got ${limit})`);
  return Math.min(Math.floor(limit), polymarket.pageCaps.markets);
}
