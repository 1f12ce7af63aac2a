/** fetch_orderbook, fetch_orderbook_stats and fetch_orderbook_impact, once for the CLI and serve. */
import { bookImpact, bookStats, MAX_IMPACT_SIZE } from '../analytics/book.js';
import { usageError } from '../errors.js';
import type { Orderbook, OrderbookImpact, OrderbookStats } from '../exchanges/types.js';
import { parseSize } from '../validate.js';
import { resolveAsset, type AssetQuery, type ResolvedAsset } from './resolve.js';
import type { Services } from './services.js';

/** The time pmt serves an answer, ISO UTC. */
export function serviceTs(svc: Services): string {
  return new Date(svc.now()).toISOString();
}

export interface BookAnswer<T> {
  /** Which exchange and asset the answer is about (views title it). */
  asset: ResolvedAsset;
  book: Orderbook;
  body: T;
}

/**
 * The outcome goes to the adapter too: on a YES-book exchange (Kalshi) `no` is the NO book.
 * `depth` keeps the N best levels per side (contract: in JSON too); `book` stays whole for the
 * stats a view prints beside the ladder.
 */
export async function fetchOrderbook(svc: Services, q: AssetQuery & { depth?: number }): Promise<BookAnswer<Orderbook> & { stats: OrderbookStats }> {
  const asset = await resolveAsset(svc, q, { op: 'fetchOrderbook' });
  const book = await asset.ex.fetchOrderbook(asset.assetId, asset.outcome);
  // The stats a ladder shows beside it are the whole book's.
  return { asset, book, body: q.depth === undefined ? book : trimBook(book, q.depth), stats: bookStats(book, serviceTs(svc)) };
}

/** The N best levels per side; the exchange's hash only while nothing was cut (it is over the whole book). */
export function trimBook(book: Orderbook, depth: number): Orderbook {
  if (book.bids.length <= depth && book.asks.length <= depth) return book;
  return { ...book, bids: book.bids.slice(0, depth), asks: book.asks.slice(0, depth), hash: null };
}

export async function fetchOrderbookStats(svc: Services, q: AssetQuery): Promise<BookAnswer<OrderbookStats>> {
  const asset = await resolveAsset(svc, q, { op: 'fetchOrderbook' });
  const book = await asset.ex.fetchOrderbook(asset.assetId, asset.outcome);
  return { asset, book, body: bookStats(book, serviceTs(svc)) };
}

/** Impact size: > 0, at most 6 decimals (the book's contract grid) and at most MAX_IMPACT_SIZE. */
export function parseImpactSize(svc: Services, input: unknown): number {
  const name = svc.names.size;
  const d = parseSize(name, input);
  if (d.places() > 6) throw usageError(`${name} must have at most 6 decimal places (got ${d.toFixed()})`);
  if (d.gt(MAX_IMPACT_SIZE)) throw usageError(`${name} must be at most ${MAX_IMPACT_SIZE} contracts (got ${d.toFixed()})`);
  return d.toNumber();
}

/** The impact, with the book and the size it was walked for (a view details each side's levels). */
export async function fetchOrderbookImpact(svc: Services, q: AssetQuery & { size: unknown }): Promise<BookAnswer<OrderbookImpact> & { size: number }> {
  const size = parseImpactSize(svc, q.size);
  const asset = await resolveAsset(svc, q, { op: 'fetchOrderbook' });
  const book = await asset.ex.fetchOrderbook(asset.assetId, asset.outcome);
  return { asset, book, size, body: bookImpact(book, size, serviceTs(svc)) };
}
