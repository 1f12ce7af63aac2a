/**
 * Which exchange an id belongs to, as pure functions shared by the CLI (`commands/resolve.ts`)
 * and `pmt serve`. Market: a unified id (`kalshi:X`, `polymarket:slug`), or a native id with an
 * explicit exchange, or a native id whose shape tells (Kalshi tickers are upper case with dashes;
 * Polymarket slugs are lower case). Assets: Polymarket token ids are long decimals. Orders: Kalshi
 * UUIDs vs Polymarket 0x + 64 hex. `explicit` is the exchange the caller named (`--exchange`, or
 * the `exchange` parameter of a request); `via` is how to name it in messages.
 */
import { usageError } from '../errors.js';
import type { ExchangeId } from './types.js';
import { parseId } from '../validate.js';

export const UNIFIED_RE = /^(kalshi|polymarket):(.+)$/i;
export const KALSHI_TICKER_RE = /^[A-Z0-9][A-Z0-9._-]*$/;
export const POLY_SLUG_RE = /^[a-z0-9][a-z0-9-]*$/;
export const TOKEN_ID_RE = /^\d{20,78}$/;
export const KALSHI_ORDER_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const POLY_ORDER_RE = /^0x[0-9a-fA-F]{64}$/;

/** Exchanges whose markets belong to series (`--series`, `series_ticker` filter on them alone). */
export const SERIES_EXCHANGES: readonly ExchangeId[] = ['kalshi'];

/**
 * A lower-case id that reads as a Kalshi ticker once upper-cased ("kxbtcd-25dec31"): Kalshi
 * tickers are upper case, and lower case means a Polymarket slug, so a miss deserves the hint.
 */
export function kalshiCaseHint(input: string): string | undefined {
  const id = input.replace(/^(kalshi|polymarket):/i, '');
  if (id !== id.toLowerCase() || !/[a-z]/.test(id)) return undefined;
  const up = id.toUpperCase();
  if (!KALSHI_TICKER_RE.test(up) || !(/^KX/.test(up) || /\d{2}[A-Z]{3}\d{2}/.test(up))) return undefined;
  return `Kalshi tickers are upper case: try ${up}`;
}

export interface IdNames {
  /** Field name used in messages (`market`, `market_ticker`). */
  field: string;
  /** How the explicit exchange was given, for messages (`--exchange`, `exchange`). */
  via: string;
}

export function marketExchange(input: unknown, explicit: ExchangeId | undefined, names: IdNames = { field: 'market', via: '--exchange' }): { exchange: ExchangeId; ticker: string } {
  const id = parseId(names.field, input);
  const m = UNIFIED_RE.exec(id);
  if (m) {
    const ex = m[1]!.toLowerCase() as ExchangeId;
    if (explicit && explicit !== ex) throw usageError(`market ${id} is on ${ex}, not ${names.via} ${explicit}`);
    return { exchange: ex, ticker: parseId(names.field, m[2]) };
  }
  if (explicit) return { exchange: explicit, ticker: id };
  if (KALSHI_TICKER_RE.test(id) && /[A-Z]/.test(id)) return { exchange: 'kalshi', ticker: id };
  if (POLY_SLUG_RE.test(id) && /[a-z]/.test(id)) return { exchange: 'polymarket', ticker: id };
  throw usageError(`cannot tell the exchange of "${id}"`, `use a unified id like kalshi:TICKER or polymarket:slug, or add ${names.via}`);
}

/** An orderable asset: which exchange, and the id as given (resolved later by the adapter). */
export function assetExchange(
  input: unknown,
  explicit: ExchangeId | undefined,
  names: IdNames = { field: 'asset', via: '--exchange' },
  /** Accept a bare Polymarket slug (the CLI does, as in `markets lineage`; serve's contract does not). */
  bareSlug = false,
): { exchange: ExchangeId; id: string } {
  const id = parseId(names.field, input);
  const m = UNIFIED_RE.exec(id);
  if (m) {
    const ex = m[1]!.toLowerCase() as ExchangeId;
    if (explicit && explicit !== ex) throw usageError(`asset ${id} is on ${ex}, not ${names.via} ${explicit}`);
    return { exchange: ex, id };
  }
  if (TOKEN_ID_RE.test(id)) {
    if (explicit === 'kalshi') throw usageError(`"${id}" looks like a Polymarket token id, not a Kalshi ticker`);
    return { exchange: 'polymarket', id };
  }
  if (explicit) return { exchange: explicit, id };
  if (KALSHI_TICKER_RE.test(id) && /[A-Z]/.test(id)) return { exchange: 'kalshi', id };
  // A bare slug names a Polymarket market here as in `markets lineage`; --outcome picks the token.
  if (bareSlug && POLY_SLUG_RE.test(id) && /[a-z]/.test(id)) return { exchange: 'polymarket', id };
  throw usageError(`cannot tell the exchange of asset "${id}"`, 'pass a Kalshi ticker, a Polymarket token id, or a unified market id');
}

export function orderExchange(input: unknown, explicit: ExchangeId | undefined, names: IdNames = { field: 'order id', via: '--exchange' }): { exchange: ExchangeId; id: string } {
  const id = parseId(names.field, input);
  const ex: ExchangeId | undefined = KALSHI_ORDER_RE.test(id) ? 'kalshi' : POLY_ORDER_RE.test(id) ? 'polymarket' : undefined;
  if (!ex) throw usageError(`"${id}" is not an order id (Kalshi: a UUID; Polymarket: 0x followed by 64 hex digits)`);
  if (explicit && explicit !== ex) throw usageError(`order ${id} is a ${ex} order id, not ${explicit}`);
  return { exchange: ex, id };
}
