/**
 * fetch_balance, fetch_positions and fetch_fills, once for the CLI and serve. Each spans the
 * exchanges in scope (the market's, `exchange`, else every exchange with credentials) in
 * parallel; an exchange that fails never hides the others' answer: it is returned in `failed`
 * for the caller to report (all failing is an error).
 *
 * Fills page like markets: one exchange passes its own cursor through; several share one opaque
 * cursor carrying each exchange's position (markets-across.ts), and an exchange whose pages are
 * done drops out of it.
 */
import type { JournalEntry } from '../journal.js';
import { sameLabel } from '../outcome.js';
import type { ExchangeId } from '../exchanges/types.js';
import { Decimal } from '../decimal.js';
import type { BalanceDetail, Fill, Position } from '../models/portfolio.js';
import { parseCursor, parseInteger } from '../validate.js';
import { usageError } from '../errors.js';
import { manifestOf } from '../exchanges/registry.js';
import { POSITION_STATUSES, type PositionStatus } from '../models/enums.js';
import { capable, requireAccess, type CapabilityName } from './capabilities.js';
import { fanOut, settle, type ExchangeFailure } from './fanout.js';
import { decodeCombinedCursor, encodeCombinedCursor } from './markets-across.js';
import type { Services } from './services.js';
import { marketTarget } from './tape.js';
import { FILLS_LIMIT_MAX } from './params.js';

export { FILLS_LIMIT_MAX };

/** The exchanges an account read covers: the market's when one is named, else `exchange`, else every one with credentials. */
async function scope(svc: Services, q: { market_ticker?: unknown; exchange?: ExchangeId }, op: CapabilityName): Promise<{ ids: ExchangeId[]; market?: string }> {
  if (q.market_ticker !== undefined && q.market_ticker !== null && q.market_ticker !== '') {
    const { exchange, ticker } = marketTarget(svc, q.market_ticker, q.exchange);
    await requireAccess(svc, exchange, op);
    return { ids: [exchange], market: ticker };
  }
  if (q.exchange) {
    await requireAccess(svc, q.exchange, op);
    return { ids: [q.exchange] };
  }
  const ids = capable(svc, await svc.configured(), op);
  if (ids.length === 0) throw await svc.noCredentials();
  return { ids };
}

export interface Balances {
  balances: Array<{ exchange: ExchangeId; detail: BalanceDetail }>;
  failed: ExchangeFailure[];
}

export async function fetchBalance(svc: Services, q: { exchange?: ExchangeId } = {}): Promise<Balances> {
  const { ids } = await scope(svc, q, 'fetchBalance');
  const r = settle(await fanOut(ids, async (id) => (await svc.exchange(id)).fetchBalance()));
  return { balances: r.ok.map((x) => ({ exchange: x.exchange, detail: x.value })), failed: r.failed };
}

/**
 * The model `fetch_balance` returns. For one named exchange, its balance by currency
 * (`{"USD": n}`, as the contract fixes for `--exchange`); else each exchange that answered under
 * its id, `{"kalshi": {"USD": n}, "polymarket": {"USDC": n}, "polymarket-us": {"USD": n}}`
 * (docs/spec-additions.md), so two exchanges in USD are never summed.
 */
export function balanceModel(b: Balances, exchange?: ExchangeId): Record<string, number> | Record<string, Record<string, number>> {
  if (exchange !== undefined) return b.balances.find((x) => x.exchange === exchange)?.detail.balance ?? {};
  return Object.fromEntries(b.balances.map((x) => [x.exchange, x.detail.balance]));
}

export interface Positions {
  positions: Array<{ exchange: ExchangeId; position: Position }>;
  failed: ExchangeFailure[];
}

/** A position status (`open` when absent), else a usage error listing the statuses. */
export function positionStatus(v: unknown): PositionStatus {
  if (v === undefined || v === null || v === '') return 'open';
  const s = String(v).trim().toLowerCase();
  if (!(POSITION_STATUSES as readonly string[]).includes(s)) throw usageError(`status must be one of ${POSITION_STATUSES.join(', ')} (got "${String(v).slice(0, 40)}")`);
  return s as PositionStatus;
}

const statusesOf = (id: ExchangeId): readonly PositionStatus[] => manifestOf(id).positionStatuses ?? ['open'];
const unableError = (id: ExchangeId, status: PositionStatus) => usageError(`${manifestOf(id).name} positions can only be listed as ${statusesOf(id).join(', ')} (got status ${status})`);

/**
 * Positions by status. A status other than `open` is asked only of the exchanges that can filter
 * by it: named explicitly (`exchange` or the market's) one that cannot is a usage error; in the
 * every-exchange scope the others are left out (they have nothing of that kind to report).
 */
export async function fetchPositions(svc: Services, q: { market_ticker?: unknown; exchange?: ExchangeId; status?: unknown } = {}): Promise<Positions> {
  const status = positionStatus(q.status);
  // An exchange named outright that cannot list this status: say so before asking for its credentials.
  if (q.exchange && status !== 'open' && !statusesOf(q.exchange).includes(status) && (q.market_ticker === undefined || q.market_ticker === null || q.market_ticker === '')) {
    throw unableError(q.exchange, status);
  }
  const s = await scope(svc, q, 'fetchPositions');
  const explicit = Boolean(q.exchange) || s.market !== undefined;
  let ids = s.ids;
  if (status !== 'open') {
    const unable = ids.filter((id) => !statusesOf(id).includes(status));
    if (explicit && unable.length) throw unableError(unable[0]!, status);
    ids = ids.filter((id) => statusesOf(id).includes(status));
    if (ids.length === 0) throw usageError(`no exchange with credentials lists ${status} positions`);
  }
  const r = settle(await fanOut(ids, async (id) => (await svc.exchange(id)).fetchPositions(s.market, status === 'open' ? undefined : { status })));
  return { positions: r.ok.flatMap((x) => x.value.map((position) => ({ exchange: x.exchange, position }))), failed: r.failed };
}

export interface FillsAnswer {
  fills: Array<{ exchange: ExchangeId; fill: Fill }>;
  cursor: string | null;
  failed: ExchangeFailure[];
}

/**
 * Fills of orders the journal knows, as placed: an order placed as "No buy" whose fills the
 * exchange reports in the other outcome's terms ("Yes sell 0.65") reads "No buy 0.35". (pmt's
 * own client ids carry the outcome, so the adapter relabels most of them on any machine; this
 * covers orders sent under the caller's client id.)
 */
function fillsAsPlaced(svc: Services, fills: Array<{ exchange: ExchangeId; fill: Fill }>): Array<{ exchange: ExchangeId; fill: Fill }> {
  if (!svc.journal || fills.length === 0) return fills;
  let intents: Map<string, JournalEntry>;
  try {
    // Keyed lookups through the journal's index (never the whole file); unreadable: exchange terms.
    intents = svc.journal.intentsFor(fills.map((x) => x.fill.order_id));
  } catch {
    return fills;
  }
  if (intents.size === 0) return fills;
  return fills.map((x) => {
    const i = intents.get(x.fill.order_id);
    if (!i || i.exchange !== x.exchange || sameLabel(i.outcome, x.fill.outcome) || i.side === x.fill.side) return x;
    return { exchange: x.exchange, fill: { ...x.fill, outcome: i.outcome, side: i.side, price: Decimal.ONE.minus(Decimal.from(x.fill.price)).toNumber() } };
  });
}

export async function fetchFills(svc: Services, q: { market_ticker?: unknown; limit?: unknown; cursor?: unknown; exchange?: ExchangeId } = {}): Promise<FillsAnswer> {
  const limit = q.limit === undefined || q.limit === null ? undefined : parseInteger('limit', q.limit, 1, FILLS_LIMIT_MAX);
  const cursor = q.cursor === undefined || q.cursor === null || q.cursor === '' ? undefined : parseCursor(q.cursor);
  const s = await scope(svc, q, 'fetchFills');
  if (s.ids.length === 1) {
    const [id] = s.ids as [ExchangeId];
    const page = await (await svc.exchange(id)).fetchFills({ market_ticker: s.market, limit, cursor });
    return { fills: fillsAsPlaced(svc, page.fills.map((fill) => ({ exchange: id, fill }))), cursor: page.cursor, failed: [] };
  }
  const positions: Partial<Record<ExchangeId, string>> = cursor ? decodeCombinedCursor(cursor) : Object.fromEntries(s.ids.map((id) => [id, '']));
  const active = s.ids.filter((id) => positions[id] !== undefined);
  const r = settle(await fanOut(active, async (id) => (await svc.exchange(id)).fetchFills({ limit, cursor: positions[id] || undefined })));
  const next: Partial<Record<ExchangeId, string>> = {};
  for (const x of r.ok) if (x.value.cursor) next[x.exchange] = x.value.cursor;
  // A failed exchange keeps its place: the next page asks it again.
  for (const f of r.failed) next[f.exchange] = positions[f.exchange];
  const fills = r.ok.flatMap((x) => x.value.fills.map((fill) => ({ exchange: x.exchange, fill })));
  fills.sort((a, b) => (a.fill.created_at < b.fill.created_at ? 1 : a.fill.created_at > b.fill.created_at ? -1 : 0));
  return { fills: fillsAsPlaced(svc, fills), cursor: encodeCombinedCursor(next), failed: r.failed };
}

/**
 * What the order preview's funds check needs from one exchange: cash available and the
 * contracts of `outcome` held in `market`. Both read in parallel; a failure (no credentials on a
 * dry run, a network error) gives null with the reason, never an error.
 */
export async function accountFor(svc: Services, id: ExchangeId, market: string, outcome: string): Promise<{ cash: Decimal | null; held: Decimal | null; reason: string | null }> {
  try {
    await svc.requireCredentials(id);
  } catch {
    return { cash: null, held: null, reason: `no ${id} credentials` };
  }
  const ex = await svc.exchange(id);
  const [b, p] = await Promise.allSettled([ex.fetchBalance(), ex.fetchPositions(market)]);
  const cash = b.status === 'fulfilled' ? (Object.values(b.value.balance)[0] ?? null) : null;
  const same = (a: string) => a.trim().toLowerCase() === outcome.trim().toLowerCase();
  const held = p.status === 'fulfilled' ? p.value.filter((x) => same(x.outcome)).reduce((s, x) => s.plus(x.size), Decimal.ZERO) : null;
  const failed = [b, p].find((x): x is PromiseRejectedResult => x.status === 'rejected');
  return {
    cash: cash === null ? null : Decimal.from(cash),
    held,
    reason: failed ? (failed.reason instanceof Error ? failed.reason.message : String(failed.reason)) : null,
  };
}
