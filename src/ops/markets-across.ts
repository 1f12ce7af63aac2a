/**
 * fetch_markets over one or several exchanges. With several, the cursor carries each exchange's
 * own position in one opaque token ("pmt1." + base64url JSON); an exchange whose pages are
 * exhausted drops out of it. An exchange that fails is reported (never silently dropped) and keeps
 * its position, so the next page asks it again; the others' markets stand.
 */
import { usageError } from '../errors.js';
import type { Exchange } from '../exchanges/exchange.js';
import { isExchangeId, type ExchangeId } from '../exchanges/registry.js';
import type { FetchMarketsParams, Market, MarketsPage } from '../exchanges/types.js';
import { fanOut, settle, type ExchangeFailure } from './fanout.js';

const PREFIX = 'pmt1.';

type Positions = Partial<Record<ExchangeId, string>>;

/** A page, plus the exchanges that failed (their markets are missing from it). */
export type PartialPage = MarketsPage & { failed: ExchangeFailure[] };

export function encodeCombinedCursor(pos: Positions): string | null {
  const live = Object.fromEntries(Object.entries(pos).filter(([, v]) => v !== undefined));
  if (Object.keys(live).length === 0) return null;
  return PREFIX + Buffer.from(JSON.stringify(live)).toString('base64url');
}

export function decodeCombinedCursor(cursor: string): Positions {
  const bad = () => usageError('cursor is malformed: pass the cursor printed by a previous `pmt markets list` without --exchange');
  if (!cursor.startsWith(PREFIX)) throw bad();
  let obj: unknown;
  try {
    obj = JSON.parse(Buffer.from(cursor.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw bad();
  const out: Positions = {};
  for (const [k, v] of Object.entries(obj)) {
    if (!isExchangeId(k) || typeof v !== 'string') throw bad();
    out[k] = v;
  }
  if (Object.keys(out).length === 0) throw bad();
  return out;
}

/**
 * One page over the given exchanges (one: its own cursor, and its failure is the call's; several:
 * the combined cursor and partial results, failing only when every exchange failed).
 */
export async function fetchMarketsAcross(
  exchange: (id: ExchangeId) => Promise<Exchange>,
  ids: readonly ExchangeId[],
  params: FetchMarketsParams,
  /** Page size per exchange (each has its own cap); defaults to params.limit. */
  limitFor: (id: ExchangeId) => number | undefined = () => params.limit,
): Promise<PartialPage> {
  if (ids.length === 1) {
    // Not a spread: a page may map its markets only when they are read (the catalogue's do).
    const page = await (await exchange(ids[0]!)).fetchMarkets({ ...params, limit: limitFor(ids[0]!) });
    return {
      get markets() {
        return page.markets;
      },
      cursor: page.cursor,
      failed: [],
    };
  }
  // First page: every exchange starts at its beginning (empty position).
  const positions: Positions = params.cursor ? decodeCombinedCursor(params.cursor) : Object.fromEntries(ids.map((id) => [id, '']));
  const active = ids.filter((id) => positions[id] !== undefined);
  const r = settle(
    await fanOut(active, async (id) => {
      const cursor = positions[id];
      return (await exchange(id)).fetchMarkets({ ...params, limit: limitFor(id), cursor: cursor === '' ? undefined : cursor });
    }),
  );
  const markets: Market[] = [];
  const next: Positions = {};
  for (const { exchange: id, value: page } of r.ok) {
    markets.push(...page.markets);
    if (page.cursor) next[id] = page.cursor;
  }
  for (const f of r.failed) next[f.exchange] = positions[f.exchange];
  return { markets, cursor: encodeCombinedCursor(next), failed: r.failed };
}

/**
 * Every page to the end. The next page is requested before the current one is mapped (pages map
 * their markets when read) and handed over, so at an upstream's pace mapping and rendering happen
 * while the next page is in flight; markets already seen (by unified id) are skipped. An exchange
 * that fails is reported through `onFailure` once and not asked again; the others go on.
 */
export async function* iterateMarkets(
  exchange: (id: ExchangeId) => Promise<Exchange>,
  ids: readonly ExchangeId[],
  params: FetchMarketsParams,
  limitFor: (id: ExchangeId) => number | undefined = () => params.limit,
  onPage?: (info: { pages: number; markets: number }) => void,
  onFailure?: (f: ExchangeFailure) => void,
): AsyncGenerator<Market[]> {
  const seen = new Set<string>();
  let pages = 0;
  let count = 0;
  let pending: Promise<PartialPage> | null = fetchMarketsAcross(exchange, ids, params, limitFor);
  const cursors = new Set<string>();
  try {
    /** The next page's new markets, the next request sent; nothing of the page stays referenced here. */
    const step = async (): Promise<Market[]> => {
      const page: PartialPage = await pending!;
      pending = null;
      let cursor = page.cursor;
      if (page.failed.length) {
        for (const f of page.failed) onFailure?.(f);
        // A failed exchange keeps its position in the cursor: take it out, or --all would ask forever.
        const pos = cursor ? decodeCombinedCursor(cursor) : {};
        for (const f of page.failed) delete pos[f.exchange];
        cursor = encodeCombinedCursor(pos);
      }
      // A cursor seen before would loop forever: stop there instead.
      if (cursor && !cursors.has(cursor)) {
        cursors.add(cursor);
        pending = fetchMarketsAcross(exchange, ids, { ...params, cursor }, limitFor);
        // Let that request leave (its steps are promise callbacks) before this page is mapped.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      // New ids only; the size grows exactly when the id is new: one hash lookup, not has() then add().
      return page.markets.filter((m) => seen.size < seen.add(m.unified_id).size);
    };
    while (pending) {
      let fresh: Market[] | null = await step();
      pages += 1;
      count += fresh.length;
      onPage?.({ pages, markets: count });
      yield fresh;
      // Written by now: not kept while the next page arrives (the peak is two pages, not three).
      fresh = null;
    }
  } finally {
    // The consumer stopped early (or failed): the prefetched page is not wanted.
    (pending as Promise<PartialPage> | null)?.catch(() => undefined);
  }
}
