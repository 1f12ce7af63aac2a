/**
 * The operations behind each route: validated input → the same core calls the CLI commands make
 * → the interface model. The schemas have already checked types, enums and ranges; the rules the
 * CLI applies to ids, prices and sizes (`validate.ts`, `exchanges/ids.ts`) are applied here again
 * so both surfaces accept and reject the same inputs.
 */
import { bookImpact, bookStats, MAX_IMPACT_SIZE } from '../analytics/book.js';
import { PmtError, toPmtError, usageError } from '../errors.js';
import { fetchMarketsAcross } from '../exchanges/all.js';
import type { Exchange } from '../exchanges/exchange.js';
import { assetExchange, marketExchange, orderExchange, UNIFIED_RE } from '../exchanges/ids.js';
import {
  EXCHANGE_IDS,
  type ExchangeId,
  type FetchMarketsParams,
  type Market,
  type MarketLineage,
  type MarketsPage,
  type MarketStatusFilter,
  type Order,
  type Orderbook,
  type OrderSide,
  type OrderType,
} from '../exchanges/types.js';
import { splitIds } from '../split-ids.js';
import { createWithJournal, intentsByOrderId, withIntent, type Journal } from '../journal.js';
import { idempotencyKey, type IdempotencyStore } from './idempotency.js';
import { outcomeLabel, parseOutcomeSpec, specFor } from '../outcome.js';
import { parseCursor, parseId, parseLabel, parsePrice, parseSize } from '../validate.js';

/** What the operations need from the server: the started profile's adapters and the clock. */
export interface Services {
  exchange(id: ExchangeId): Promise<Exchange>;
  /** Exchanges the server's profile has credentials for (order reads and cancels default to these). */
  configured(): Promise<ExchangeId[]>;
  now(): number;
  /** The local order journal: creates are journaled, orders read back as placed. */
  journal?: Journal;
  /** create_order's Idempotency-Key memory. */
  idempotency?: IdempotencyStore;
}

/** Orders pmt placed, read back with their intent (when the server keeps a journal). */
function asPlaced(svc: Services, orders: Order[]): Order[] {
  if (!svc.journal) return orders;
  const intents = intentsByOrderId(svc.journal.read());
  return intents.size === 0 ? orders : orders.map((o) => withIntent(o, intents));
}

/** Same defaults and caps as `pmt markets list`. */
export const DEFAULT_LIMIT = 100;
const CAPS: Record<ExchangeId, number> = { kalshi: 1000, polymarket: 500 };

export interface FetchMarketsQuery {
  cursor?: string;
  event_ticker?: string;
  limit?: number;
  market_tickers?: string[];
  series_ticker?: string;
  status?: MarketStatusFilter;
  exchange?: ExchangeId;
}

export async function fetchMarkets(svc: Services, q: FetchMarketsQuery): Promise<MarketsPage> {
  const only = q.exchange;
  const cursor = q.cursor === undefined ? undefined : parseCursor(q.cursor);
  const base: FetchMarketsParams = {
    status: q.status ?? 'active',
    event_ticker: q.event_ticker === undefined ? undefined : parseId('event_ticker', q.event_ticker),
    series_ticker: q.series_ticker === undefined ? undefined : parseId('series_ticker', q.series_ticker),
  };
  // Repeated (`?market_tickers=A&market_tickers=B`) or comma-separated (`?market_tickers=A,B`).
  const tickers = (q.market_tickers ?? []).flatMap(splitIds).map((t) => parseId('market_tickers', t));
  let ids: ExchangeId[] = only ? [only] : [...EXCHANGE_IDS];
  const byExchange = new Map<ExchangeId, string[]>();
  for (const t of tickers) {
    const m = UNIFIED_RE.exec(t);
    const ex = m ? (m[1]!.toLowerCase() as ExchangeId) : undefined;
    if (ex && only && ex !== only) throw usageError(`market_tickers ${t} is not on exchange ${only}`);
    for (const id of ex ? [ex] : ids) byExchange.set(id, [...(byExchange.get(id) ?? []), m ? m[2]! : t]);
  }
  if (tickers.length) ids = ids.filter((id) => byExchange.has(id));
  const limitFor = (id: ExchangeId) => (q.limit === undefined ? DEFAULT_LIMIT : Math.min(q.limit, CAPS[id]));
  const paramsFor = (id: ExchangeId): FetchMarketsParams => ({ ...base, limit: limitFor(id), market_tickers: byExchange.get(id) });

  if (tickers.length) {
    // Ticker lookups: one request per exchange and no paging, as `pmt markets list --ticker`.
    const pages = await Promise.all(ids.map(async (id) => (await svc.exchange(id)).fetchMarkets(paramsFor(id))));
    const markets = pages.flatMap((p) => p.markets);
    if (markets.length === 0) await notFound(svc, ids, byExchange, base.status ?? 'active');
    return { markets, cursor: null };
  }
  return fetchMarketsAcross((id) => svc.exchange(id), ids, { ...base, cursor }, limitFor);
}

/** No ticker came back: MarketNotFound unless they exist under another status (then an empty page). */
async function notFound(svc: Services, ids: ExchangeId[], byExchange: Map<ExchangeId, string[]>, status: string): Promise<void> {
  let elsewhere: Market[] = [];
  if (status !== 'all') {
    const pages = await Promise.all(ids.map(async (id) => (await (await svc.exchange(id)).fetchMarkets({ status: 'all', market_tickers: byExchange.get(id) })).markets));
    elsewhere = pages.flat();
  }
  if (elsewhere.length > 0) return;
  const wanted = [...new Set(ids.flatMap((id) => byExchange.get(id) ?? []))];
  throw new PmtError('MarketNotFound', `no market ${wanted.map((t) => `"${t}"`).join(', ')} on ${ids.join(' or ')}`);
}

export async function fetchMarketLineage(svc: Services, q: { market_ticker: string; exchange?: ExchangeId }): Promise<MarketLineage> {
  const { exchange, ticker } = marketExchange(q.market_ticker, q.exchange, { field: 'market_ticker', via: 'exchange' });
  return (await svc.exchange(exchange)).fetchMarketLineage(ticker);
}

interface AssetQuery {
  asset_id: string;
  exchange?: ExchangeId;
  outcome?: string;
}

/**
 * The adapter, native asset id and outcome for an `asset_id` (ticker, token id, or unified market
 * id); the outcome goes to fetchOrderbook too (Kalshi `no`: the NO book).
 */
async function asset(svc: Services, q: AssetQuery): Promise<{ ex: Exchange; assetId: string; outcome?: string }> {
  const { exchange, id } = assetExchange(q.asset_id, q.exchange, { field: 'asset_id', via: 'exchange' });
  const ex = await svc.exchange(exchange);
  const outcome = q.outcome === undefined ? undefined : parseLabel('outcome', q.outcome);
  return { ex, assetId: await ex.resolveAsset(id, outcome), outcome };
}

export async function fetchOrderbook(svc: Services, q: AssetQuery): Promise<Orderbook> {
  const { ex, assetId, outcome } = await asset(svc, q);
  return ex.fetchOrderbook(assetId, outcome);
}

export async function fetchOrderbookStats(svc: Services, q: AssetQuery) {
  const { ex, assetId, outcome } = await asset(svc, q);
  const book = await ex.fetchOrderbook(assetId, outcome);
  return bookStats(book, new Date(svc.now()).toISOString());
}

export async function fetchOrderbookImpact(svc: Services, q: AssetQuery & { size: number }) {
  // As `pmt book impact --size`: > 0, at most 6 decimals (the contract grid), at most MAX_IMPACT_SIZE.
  const d = parseSize('size', q.size);
  if (d.places() > 6) throw usageError(`size must have at most 6 decimal places (got ${d.toFixed()})`);
  if (d.gt(MAX_IMPACT_SIZE)) throw usageError(`size must be at most ${MAX_IMPACT_SIZE} contracts (got ${d.toFixed()})`);
  const size = d.toNumber();
  const { ex, assetId, outcome } = await asset(svc, q);
  const book = await ex.fetchOrderbook(assetId, outcome);
  return bookImpact(book, size, new Date(svc.now()).toISOString());
}

export async function fetchOrder(svc: Services, q: { order_id: string; exchange?: ExchangeId }): Promise<Order> {
  const { exchange, id } = orderExchange(q.order_id, q.exchange, { field: 'order_id', via: 'exchange' });
  return asPlaced(svc, [await (await svc.exchange(exchange)).fetchOrder(id)])[0]!;
}

/**
 * Exchanges an order read or cancel acts on, as `pmt order list|cancel-all`: the asset's exchange,
 * else the named one, else every exchange the profile has credentials for (none is Config).
 */
async function scope(svc: Services, q: { asset_id?: string; exchange?: ExchangeId }): Promise<Array<{ ex: Exchange; assetId?: string }>> {
  if (q.asset_id !== undefined) {
    // A market covers every outcome: both tokens of a Polymarket market, both sides of a Kalshi ticker.
    const { exchange, id } = assetExchange(q.asset_id, q.exchange, { field: 'asset_id', via: 'exchange' });
    const ex = await svc.exchange(exchange);
    return (await ex.resolveMarketAssets(id)).map((assetId) => ({ ex, assetId }));
  }
  const ids = q.exchange ? [q.exchange] : await svc.configured();
  if (ids.length === 0) {
    throw new PmtError('Config', 'the server\'s profile has no exchange credentials', { hint: 'restart `pmt serve` with a profile that has Kalshi or Polymarket credentials' });
  }
  return Promise.all(ids.map(async (id) => ({ ex: await svc.exchange(id) })));
}

/** Open orders of each exchange in parallel; a failure of any fails the call (first in exchange order). */
export async function fetchOpenOrders(svc: Services, q: { asset_id?: string; exchange?: ExchangeId }): Promise<Order[]> {
  const targets = await scope(svc, q);
  const settled = await Promise.allSettled(targets.map((t) => t.ex.fetchOpenOrders(t.assetId)));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return asPlaced(svc, settled.flatMap((r) => (r.status === 'fulfilled' ? r.value : [])));
}

export interface CreateOrderBody {
  asset_id: string;
  outcome?: string | { label: string };
  price: number;
  side: OrderSide;
  size: number;
  order_type?: OrderType;
  exchange?: ExchangeId;
  /** The caller's id for this order: an idempotency key (and Kalshi's client_order_id). */
  client_order_id?: string;
}

/**
 * As `pmt order create --yes`: resolve the asset (a unified Polymarket id picks the outcome's
 * token), read its rules, name the outcome as the exchange publishes it (default: the asset's own
 * book), then send once. The adapter checks tick, minimum, outcome and market status before signing.
 */
export async function createOrder(svc: Services, b: CreateOrderBody, idempotencyHeader?: string): Promise<Order> {
  const key = idempotencyKey(idempotencyHeader, b.client_order_id);
  if (key === undefined || !svc.idempotency) return createOnce(svc, b, key);
  const { client_order_id: _ignored, ...request } = b;
  return svc.idempotency.run(key, JSON.stringify(request), () => createOnce(svc, b, key));
}

async function createOnce(svc: Services, b: CreateOrderBody, key: string | undefined): Promise<Order> {
  const price = parsePrice('price', b.price).toNumber();
  const size = parseSize('size', b.size).toNumber();
  const wanted = b.outcome === undefined ? undefined : outcomeLabel(parseOutcomeSpec('outcome', b.outcome));
  const { ex, assetId } = await asset(svc, { asset_id: b.asset_id, exchange: b.exchange, outcome: wanted });
  const info = await ex.describeAsset(assetId);
  const labels = [info.book_outcome, ...info.outcomes, ...info.market.outcomes.map((o) => o.label)];
  const label = wanted === undefined ? info.book_outcome : (labels.find((l) => l.toLowerCase() === wanted.toLowerCase()) ?? wanted);
  const req = { asset_id: assetId, outcome: specFor(label), side: b.side, price, size, order_type: b.order_type ?? 'gtc' } as const;
  // Kalshi sends under a client order id derived from the key, so even a restarted server cannot
  // place a second order for it; Polymarket's identity is the signed order's hash.
  const opts = key === undefined ? {} : { idempotencyKey: key };
  if (!svc.journal) return ex.createOrder(req, opts);
  return createWithJournal(svc.journal, ex, req, { exchange: info.exchange, market_ticker: info.market.ticker, outcome: label, now: () => svc.now() }, opts);
}

export interface CancelOutcome {
  cancelled: Order[];
  /** Orders an exchange refused to cancel. */
  refused: Array<{ exchange: ExchangeId; id: string; reason: string }>;
  /** Exchanges whose cancel call failed outright. */
  broken: Array<{ exchange: ExchangeId; error: PmtError }>;
}

/** Exchange by exchange, so a failure on one never hides what happened on the other. */
export async function cancelAllOrders(svc: Services, b: { asset_id?: string; exchange?: ExchangeId }): Promise<CancelOutcome> {
  const targets = await scope(svc, b);
  const out: CancelOutcome = { cancelled: [], refused: [], broken: [] };
  for (const t of targets) {
    try {
      const r = await t.ex.cancelAllOrders(t.assetId);
      out.cancelled.push(...asPlaced(svc, r.cancelled));
      out.refused.push(...r.failed.map((f) => ({ exchange: t.ex.id, ...f })));
    } catch (e) {
      out.broken.push({ exchange: t.ex.id, error: toPmtError(e) });
    }
  }
  return out;
}
