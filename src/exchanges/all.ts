/**
 * fetch_markets over one or both exchanges. With both, the cursor carries each exchange's own
 * position in one opaque token ("pmt1." + base64url JSON); an exchange whose pages are exhausted
 * drops out of it. A failure of either exchange fails the call (nothing is silently dropped),
 * unless the caller collects failures to report them beside the rows that answered.
 */
import { usageError } from '../errors.js';
import type { Exchange } from './exchange.js';
import { EXCHANGE_IDS, type ExchangeId, type FetchMarketsParams, type Market, type MarketsPage } from './types.js';

const PREFIX = 'pmt1.';

type Positions = Partial<Record<ExchangeId, string>>;

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
    if (!(EXCHANGE_IDS as readonly string[]).includes(k) || typeof v !== 'string') throw bad();
    out[k as ExchangeId] = v;
  }
  if (Object.keys(out).length === 0) throw bad();
  return out;
}

/** One page over the given exchanges (one: its own cursor; several: the combined cursor). */
export async function fetchMarketsAcross(
  exchange: (id: ExchangeId) => Promise<Exchange>,
  ids: readonly ExchangeId[],
  params: FetchMarketsParams,
  /** Page size per exchange (each has its own cap); defaults to params.limit. */
  limitFor: (id: ExchangeId) => number | undefined = () => params.limit,
  /**
   * Given: an exchange that fails while another answers is recorded here instead of failing the
   * page (partial results), and the next cursor repeats its position so it is asked again.
   */
  failures?: Array<{ exchange: ExchangeId; error: unknown }>,
): Promise<MarketsPage> {
  if (ids.length === 1) return (await exchange(ids[0]!)).fetchMarkets({ ...params, limit: limitFor(ids[0]!) });
  // First page: every exchange starts at its beginning (empty position).
  const positions: Positions = params.cursor ? decodeCombinedCursor(params.cursor) : Object.fromEntries(ids.map((id) => [id, '']));
  const active = ids.filter((id) => positions[id] !== undefined);
  const settled = await Promise.allSettled(
    active.map(async (id) => {
      const ex = await exchange(id);
      const cursor = positions[id];
      return [id, await ex.fetchMarkets({ ...params, limit: limitFor(id), cursor: cursor === '' ? undefined : cursor })] as const;
    }),
  );
  const failed = settled.flatMap((s, i) => (s.status === 'rejected' ? [{ exchange: active[i]!, error: s.reason as unknown }] : []));
  if (failed.length > 0 && (!failures || failed.length === active.length)) throw failed[0]!.error;
  const markets: Market[] = [];
  const next: Positions = {};
  for (const s of settled) {
    if (s.status !== 'fulfilled') continue;
    const [id, page] = s.value;
    markets.push(...page.markets);
    if (page.cursor) next[id] = page.cursor;
  }
  for (const f of failed) {
    failures!.push(f);
    next[f.exchange] = positions[f.exchange]!;
  }
  return { markets, cursor: encodeCombinedCursor(next) };
}

/**
 * Every page to the end. The next page is requested before the current one is handed over, so
 * fetching overlaps with rendering; markets already seen (by unified id) are skipped.
 */
export async function* iterateMarkets(
  exchange: (id: ExchangeId) => Promise<Exchange>,
  ids: readonly ExchangeId[],
  params: FetchMarketsParams,
  limitFor: (id: ExchangeId) => number | undefined = () => params.limit,
  onPage?: (info: { pages: number; markets: number }) => void,
): AsyncGenerator<Market[]> {
  const seen = new Set<string>();
  let pages = 0;
  let count = 0;
  let pending: Promise<MarketsPage> | null = fetchMarketsAcross(exchange, ids, params, limitFor);
  const cursors = new Set<string>();
  try {
    while (pending) {
      const page: MarketsPage = await pending;
      pending = null;
      // A cursor seen before would loop forever: stop there instead.
      if (page.cursor && !cursors.has(page.cursor)) {
        cursors.add(page.cursor);
        pending = fetchMarketsAcross(exchange, ids, { ...params, cursor: page.cursor }, limitFor);
      }
      const fresh = page.markets.filter((m) => !seen.has(m.unified_id) && seen.add(m.unified_id));
      pages += 1;
      count += fresh.length;
      onPage?.({ pages, markets: count });
      yield fresh;
    }
  } finally {
    // The consumer stopped early (or failed): the prefetched page is not wanted.
    (pending as Promise<MarketsPage> | null)?.catch(() => undefined);
  }
}
