/**
 * The book stream, once for `pmt book watch` and serve's `GET /v1/orderbook/stream`: the asset
 * and outcome are resolved and validated as for a book read (an outcome beside a token id is
 * refused; Kalshi takes yes or no and streams that outcome's prices), before anything connects.
 * The answer says which book it is, the key under which clients of the same book share one
 * upstream subscription, and how to open it.
 */
import type { BookStream, WatchBookOptions } from '../exchanges/stream.js';
import { resolveAsset, type AssetQuery, type ResolvedAsset } from './resolve.js';
import type { Services } from './services.js';

export interface BookStreamTarget {
  asset: ResolvedAsset;
  /** Same book, same key: the exchange, the asset id and the outcome's scale. */
  key: string;
  /** Open the upstream stream (the outcome asked for is passed on). */
  open(o: Omit<WatchBookOptions, 'outcome'>): BookStream;
}

export async function bookStream(svc: Services, q: AssetQuery): Promise<BookStreamTarget> {
  const asset = await resolveAsset(svc, q);
  const outcome = asset.outcome?.trim();
  return {
    asset,
    key: `${asset.exchange}:${asset.assetId}:${(outcome ?? '').toLowerCase()}`,
    open: (o) => asset.ex.watchBook(asset.assetId, { ...o, outcome }),
  };
}
