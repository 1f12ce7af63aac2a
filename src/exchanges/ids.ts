/**
 * Which exchange an id belongs to, as pure functions over the manifests' id shapes, shared by the
 * CLI and `pmt serve` (through ops). Market: a unified id (`kalshi:X`, `polymarket:slug`), or a
 * native id with an explicit exchange, or a native id whose shape tells (in registry order).
 * Assets: a shape only one exchange has (Polymarket's long-decimal token ids) picks that exchange.
 * Orders: each exchange's order-id shape. `explicit` is the exchange the caller named
 * (`--exchange`, or the `exchange` parameter of a request); `via` is how to name it in messages.
 */
import { usageError } from '../errors.js';
import { EXCHANGE_IDS, MANIFESTS, manifestOf, type ExchangeId } from './registry.js';
import { parseId } from '../validate.js';
import type { ExchangeManifest } from './manifest.js';

/** `<exchange>:<native id>`, any registered exchange, case-insensitive. */
export const UNIFIED_RE = new RegExp(`^(${EXCHANGE_IDS.join('|')}):(.+)$`, 'i');

/** Exchanges whose markets belong to series (`--series`, `series_ticker` filter on them alone). */
export const SERIES_EXCHANGES: readonly ExchangeId[] = MANIFESTS.filter((m) => m.series).map((m) => m.id);

/**
 * A hint for a market id that was not found, from the exchange whose ids it nearly is (a
 * lower-case id that reads as a Kalshi ticker once upper-cased); the unified prefix is set aside.
 */
export function caseHint(input: string): string | undefined {
  const id = splitUnified(input)?.native ?? input;
  for (const m of MANIFESTS) {
    const hint = 'caseHint' in m.ids ? m.ids.caseHint(id) : undefined;
    if (hint) return hint;
  }
  return undefined;
}

export interface IdNames {
  /** Field name used in messages (`market`, `market_ticker`). */
  field: string;
  /** How the explicit exchange was given, for messages (`--exchange`, `exchange`). */
  via: string;
}

/** A unified id split into its exchange and native id; null for a native id. */
export function splitUnified(id: string): { exchange: ExchangeId; native: string } | null {
  const m = UNIFIED_RE.exec(id);
  return m ? { exchange: m[1]!.toLowerCase() as ExchangeId, native: m[2]! } : null;
}

/** The native id as its exchange spells it (manifest `ids.normalize`). */
function spelled(exchange: ExchangeId, native: string): string {
  return manifestOf(exchange).ids.normalize?.(native) ?? native;
}

export function marketExchange(input: unknown, explicit: ExchangeId | undefined, names: IdNames = { field: 'market', via: '--exchange' }): { exchange: ExchangeId; ticker: string } {
  const id = parseId(names.field, input);
  const u = splitUnified(id);
  if (u) {
    if (explicit && explicit !== u.exchange) throw usageError(`market ${id} is on ${u.exchange}, not ${names.via} ${explicit}`);
    return { exchange: u.exchange, ticker: spelled(u.exchange, parseId(names.field, u.native)) };
  }
  if (explicit) return { exchange: explicit, ticker: spelled(explicit, id) };
  const m = MANIFESTS.find((x) => x.ids.market(id));
  if (m) return { exchange: m.id, ticker: id };
  const like = MANIFESTS.map((x) => `${x.id}:${x.ids.marketPlaceholder}`).join(' or ');
  throw usageError(`cannot tell the exchange of "${id}"`, `use a unified id like ${like}, or add ${names.via}`);
}

/** An id shape only one exchange's assets have (a Polymarket token id), or undefined. */
export function exclusiveAssetExchange(id: string): ExchangeId | undefined {
  return MANIFESTS.find((x) => 'exclusiveAsset' in x.ids && x.ids.exclusiveAsset.test(id))?.id;
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
  const u = splitUnified(id);
  if (u) {
    if (explicit && explicit !== u.exchange) throw usageError(`asset ${id} is on ${u.exchange}, not ${names.via} ${explicit}`);
    return { exchange: u.exchange, id: `${u.exchange}:${spelled(u.exchange, u.native)}` };
  }
  const only = exclusiveAssetExchange(id);
  if (only) {
    if (explicit && explicit !== only) throw usageError(`"${id}" looks like a ${manifestOf(only).ids.assetNoun}, not a ${manifestOf(explicit).ids.assetNoun}`);
    return { exchange: only, id };
  }
  if (explicit) return { exchange: explicit, id: spelled(explicit, id) };
  const m = MANIFESTS.find((x) => x.ids.asset(id));
  if (m) return { exchange: m.id, id };
  // A bare market id (a Polymarket slug) names its market here as in `markets lineage`; the
  // adapter picks the outcome's token (--outcome). The CLI allows it; serve's contract does not.
  const market = bareSlug ? MANIFESTS.find((x) => x.ids.market(id)) : undefined;
  if (market) return { exchange: market.id, id };
  throw usageError(`cannot tell the exchange of asset "${id}"`, `pass ${MANIFESTS.map((x) => `a ${x.ids.assetNoun}`).join(', ')}, or a unified market id`);
}

export function orderExchange(
  input: unknown,
  explicit: ExchangeId | undefined,
  names: IdNames = { field: 'order id', via: '--exchange' },
  /** The registry's manifests (a test passes others). */
  manifests: ReadonlyArray<Pick<ExchangeManifest<ExchangeId>, 'id' | 'name' | 'ids'>> = MANIFESTS,
): { exchange: ExchangeId; id: string } {
  const id = parseId(names.field, input);
  // Every exchange whose order-id shape fits: never the first in registry order by accident.
  const fits = manifests.filter((x) => x.ids.order.test(id)).map((x) => x.id);
  if (fits.length === 0 && !(explicit && manifests.find((x) => x.id === explicit)?.ids.orderWhenNamed?.test(id))) throw usageError(`"${id}" is not an order id (${manifests.map((x) => `${x.name}: ${x.ids.orderShape}`).join('; ')})`);
  if (explicit) {
    const named = manifests.find((x) => x.id === explicit)?.ids;
    if (!fits.includes(explicit) && !(named && 'orderWhenNamed' in named && named.orderWhenNamed?.test(id))) throw usageError(`order ${id} is a ${fits.join(' or ')} order id, not ${explicit}`);
    return { exchange: explicit, id };
  }
  if (fits.length > 1) throw usageError(`order id "${id}" could be on ${fits.join(' or ')} (their order ids have the same shape)`, `add ${names.via} ${fits.join(' or ')}`);
  return { exchange: fits[0]!, id };
}
