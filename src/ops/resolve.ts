/**
 * From what a caller typed to an adapter and a native id: the asset (+ outcome) every book and
 * order op starts from, and the exchanges an account op (open orders, cancel-all, and later
 * positions, fills, balance) acts on.
 */
import { usageError } from '../errors.js';
import type { Exchange } from '../exchanges/exchange.js';
import { assetExchange, splitUnified } from '../exchanges/ids.js';
import { manifestOf, type ExchangeId } from '../exchanges/registry.js';
import { parseLabel } from '../validate.js';
import { capable, requireAccess, requireCapability, type CapabilityName } from './capabilities.js';
import type { Services } from './services.js';

export interface AssetQuery {
  /** Ticker, token id or unified market id, as typed. */
  asset_id: unknown;
  exchange?: ExchangeId;
  /** On a token-per-outcome exchange with a market id: the outcome whose token to use. */
  outcome?: unknown;
}

export interface ResolvedAsset {
  exchange: ExchangeId;
  ex: Exchange;
  /** The orderable asset id (Kalshi ticker, Polymarket token id). */
  assetId: string;
  /** The outcome asked for, validated; undefined when none. */
  outcome?: string;
}

export interface OutcomeRule {
  /**
   * An order names its outcome beside a token id (the adapter checks they agree); a book read
   * does not (an outcome there could only be ignored or contradict the token), so it is refused.
   */
  outcomeWithToken?: boolean;
  /** The operation the asset is for: its capability is checked before the adapter loads. */
  op?: CapabilityName;
}

/** Which exchange and its adapter; the id as given (unresolved). Validates before any request. */
export function assetTarget(svc: Services, q: AssetQuery, opts: OutcomeRule = {}): { exchange: ExchangeId; id: string; outcome?: string } {
  const outcome = q.outcome === undefined ? undefined : parseLabel(svc.names.outcome, q.outcome);
  const { exchange, id } = assetExchange(q.asset_id, q.exchange, { field: svc.names.asset, via: svc.names.exchange }, svc.names.bareMarketAsset === true);
  const m = manifestOf(exchange);
  // A token id already is one outcome's book: an outcome beside it could only be ignored or
  // contradict it, so it is refused rather than silently showing another outcome's book.
  if (outcome !== undefined && !opts.outcomeWithToken && m.outcomes === 'token-per-outcome' && m.ids.asset(splitUnified(id)?.native ?? id)) {
    throw usageError(`${svc.names.outcome} goes with a market id (${m.id}:<${m.ids.marketPlaceholder}>), not with a token id, which already names one outcome`);
  }
  return { exchange, id, outcome };
}

/** The adapter and the orderable asset id for an asset (+ outcome). */
export async function resolveAsset(svc: Services, q: AssetQuery, opts: OutcomeRule = {}): Promise<ResolvedAsset> {
  const { exchange, id, outcome } = assetTarget(svc, q, opts);
  if (opts.op) requireCapability(exchange, opts.op, id);
  const ex = await svc.exchange(exchange);
  return { exchange, ex, assetId: await ex.resolveAsset(id, outcome), outcome };
}

/** What an account op acts on: exchanges, and the native asset id when one asset was named. */
export interface AccountScope {
  ids: ExchangeId[];
  /** The market's orderable asset ids, joined for display, when the caller named an asset. */
  assetId?: string;
  /**
   * Every orderable asset of the market named (contract: scoping by market covers every outcome:
   * both tokens of a Polymarket market, both sides of a Kalshi ticker).
   */
  assets?: string[];
}

/**
 * The exchanges an account read or cancel acts on: the asset's exchange, else the named one, else
 * every exchange with credentials (none is `Config`). Credentials are checked before any request.
 */
export { missingCredentials } from './credentials.js';

export async function accountScope(svc: Services, q: { asset_id?: unknown; exchange?: ExchangeId }, op: CapabilityName): Promise<AccountScope> {
  if (q.asset_id !== undefined) {
    const { exchange, id } = assetTarget(svc, { asset_id: q.asset_id, exchange: q.exchange });
    await requireAccess(svc, exchange, op);
    const assets = await (await svc.exchange(exchange)).resolveMarketAssets(id);
    return { ids: [exchange], assetId: assets.join(', '), assets };
  }
  if (q.exchange) {
    await requireAccess(svc, q.exchange, op);
    return { ids: [q.exchange] };
  }
  const ids = capable(svc, await svc.configured(), op);
  if (ids.length === 0) throw await svc.noCredentials();
  return { ids };
}
