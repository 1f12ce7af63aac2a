/**
 * Which exchange an id belongs to. Market: a unified id (`kalshi:X`, `polymarket:slug`), or a
 * native id with --exchange, or a native id whose shape tells (Kalshi tickers are upper case with
 * dashes; Polymarket slugs are lower case). Assets: Polymarket token ids are long decimals.
 * Orders: Kalshi UUIDs vs Polymarket 0x + 64 hex.
 */
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import type { ExchangeId } from '../exchanges/types.js';
import { parseId } from '../validate.js';

const UNIFIED_RE = /^(kalshi|polymarket):(.+)$/i;
const KALSHI_TICKER_RE = /^[A-Z0-9][A-Z0-9._-]*$/;
const POLY_SLUG_RE = /^[a-z0-9][a-z0-9-]*$/;
export const TOKEN_ID_RE = /^\d{20,78}$/;
export const KALSHI_ORDER_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const POLY_ORDER_RE = /^0x[0-9a-fA-F]{64}$/;

export function resolveMarketId(ctx: Context, input: unknown): { exchange: ExchangeId; ticker: string } {
  const id = parseId('market', input);
  const flag = ctx.exchangeFlag();
  const m = UNIFIED_RE.exec(id);
  if (m) {
    const ex = m[1]!.toLowerCase() as ExchangeId;
    if (flag && flag !== ex) throw usageError(`market ${id} is on ${ex}, not --exchange ${flag}`);
    return { exchange: ex, ticker: parseId('market', m[2]) };
  }
  if (flag) return { exchange: flag, ticker: id };
  if (KALSHI_TICKER_RE.test(id) && /[A-Z]/.test(id)) return { exchange: 'kalshi', ticker: id };
  if (POLY_SLUG_RE.test(id) && /[a-z]/.test(id)) return { exchange: 'polymarket', ticker: id };
  throw usageError(`cannot tell the exchange of "${id}"`, 'use a unified id like kalshi:TICKER or polymarket:slug, or add --exchange');
}

/** An orderable asset: which exchange, and the id as given (resolved later by the adapter). */
export function resolveAssetExchange(ctx: Context, input: unknown): { exchange: ExchangeId; id: string } {
  const id = parseId('asset', input);
  const flag = ctx.exchangeFlag();
  const m = UNIFIED_RE.exec(id);
  if (m) {
    const ex = m[1]!.toLowerCase() as ExchangeId;
    if (flag && flag !== ex) throw usageError(`asset ${id} is on ${ex}, not --exchange ${flag}`);
    return { exchange: ex, id };
  }
  if (TOKEN_ID_RE.test(id)) {
    if (flag === 'kalshi') throw usageError(`"${id}" looks like a Polymarket token id, not a Kalshi ticker`);
    return { exchange: 'polymarket', id };
  }
  if (flag) return { exchange: flag, id };
  if (KALSHI_TICKER_RE.test(id) && /[A-Z]/.test(id)) return { exchange: 'kalshi', id };
  throw usageError(`cannot tell the exchange of asset "${id}"`, 'pass a Kalshi ticker, a Polymarket token id, or a unified market id');
}

export function resolveOrderExchange(ctx: Context, input: unknown): { exchange: ExchangeId; id: string } {
  const id = parseId('order id', input);
  const flag = ctx.exchangeFlag();
  const ex: ExchangeId | undefined = KALSHI_ORDER_RE.test(id) ? 'kalshi' : POLY_ORDER_RE.test(id) ? 'polymarket' : undefined;
  if (!ex) throw usageError(`"${id}" is not an order id (Kalshi: a UUID; Polymarket: 0x followed by 64 hex digits)`);
  if (flag && flag !== ex) throw usageError(`order ${id} is a ${ex} order id, not ${flag}`);
  return { exchange: ex, id };
}
