/**
 * Which exchange an id belongs to, for the CLI: the shape rules live in `exchanges/ids.ts` (shared
 * with `pmt serve`); here the explicit exchange is the `--exchange` flag. Market: a unified id, or
 * a native id with --exchange, or a native id whose shape tells. Assets: Polymarket token ids are
 * long decimals. Orders: Kalshi UUIDs vs Polymarket 0x + 64 hex.
 */
import type { Context } from '../context.js';
import type { ExchangeId } from '../exchanges/types.js';
import { assetExchange, marketExchange, orderExchange } from '../exchanges/ids.js';

export function resolveMarketId(ctx: Context, input: unknown): { exchange: ExchangeId; ticker: string } {
  return marketExchange(input, ctx.exchangeFlag());
}

/** An orderable asset: which exchange, and the id as given (resolved later by the adapter). */
export function resolveAssetExchange(ctx: Context, input: unknown): { exchange: ExchangeId; id: string } {
  return assetExchange(input, ctx.exchangeFlag(), undefined, true);
}

export function resolveOrderExchange(ctx: Context, input: unknown): { exchange: ExchangeId; id: string } {
  return orderExchange(input, ctx.exchangeFlag());
}
