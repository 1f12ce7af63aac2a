/**
 * Polymarket Protocol V2 markets (docs.polymarket.com/protocol-v2-migration and
 * /migrate/polymarket-v2/api-integrations, 2026): a Gamma market's `version` says which ledger its
 * outcomes live on, and so which id trades them, which exchange signs them and which CLOB balance
 * reads them.
 *
 *   version   outcome ids                                   orders signed for             CLOB balance
 *   "v2"      `positionIds` (array of decimal strings)      ExchangeV3, domain "3"        CONDITIONAL-V2
 *   "v1"/—    `clobTokenIds` (JSON-encoded string array)    the CLOB's order version      CONDITIONAL
 *
 * The id field is chosen by `version` even when both fields are present (a V2 market may still
 * carry legacy `clobTokenIds`). A version pmt does not know gives no tradable ids at all.
 *
 * The unified Market has no field for the version; the parser records it here, per parsed object,
 * so order entry can ask `protocolOf(market)` without changing what `--json` prints.
 */
import type { Market } from '../types.js';
import { jsonArray, text } from './coerce.js';
import type { OrderVersion } from './order-versions.js';

export type Protocol = 'v1' | 'v2';

/** A market's protocol from Gamma's `version`; null when it names one pmt does not know. */
export function marketProtocol(raw: Record<string, unknown>): Protocol | null {
  const v = text(raw.version)?.toLowerCase() ?? null;
  if (v === null || v === 'v1') return 'v1';
  if (v === 'v2') return 'v2';
  return null;
}

/** The raw outcome ids of a Gamma market, from the field its version names (empty for an unknown version). */
export function outcomeIdsOf(raw: Record<string, unknown>): unknown[] {
  const p = marketProtocol(raw);
  if (p === 'v2') return jsonArray(raw.positionIds) ?? [];
  if (p === 'v1') return jsonArray(raw.clobTokenIds) ?? [];
  return [];
}

const recorded = new WeakMap<Market, Protocol>();

export function recordProtocol(m: Market, p: Protocol): Market {
  recorded.set(m, p);
  return m;
}

/** The protocol a parsed market was read with (v1 for markets pmt built itself, e.g. from the CLOB). */
export function protocolOf(m: Market): Protocol {
  return recorded.get(m) ?? 'v1';
}

/** ExchangeV3 (order version 3, domain "3") for a V2 market; the CLOB's current order version otherwise. */
export function orderVersionFor(p: Protocol, clobVersion: OrderVersion): OrderVersion {
  return p === 'v2' ? 3 : clobVersion;
}

/** The `asset_type` of `GET /balance-allowance` for a market's outcome tokens. */
export function conditionalAssetType(p: Protocol): 'CONDITIONAL' | 'CONDITIONAL-V2' {
  return p === 'v2' ? 'CONDITIONAL-V2' : 'CONDITIONAL';
}

/**
 * A market's fee schedule as Gamma publishes it (2026: fees per category): `feeType` (the
 * category's schedule name), `feeSchedule` `{rate, exponent, takerOnly, rebateRate}` and
 * `feesEnabled` (false: no fee). An input of the fee estimate where the CLOB's own curve
 * (`/clob-markets` `fd`) is not given.
 */
export interface GammaFees {
  type: string | null;
  rate: number | null;
  exponent: number | null;
  takerOnly: boolean | null;
}

const fees = new WeakMap<Market, GammaFees>();

const finiteNonNeg = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** The Gamma fee fields of a raw market, or null when it publishes none. */
export function gammaFees(raw: Record<string, unknown>): GammaFees | null {
  const sched = raw.feeSchedule !== null && typeof raw.feeSchedule === 'object' && !Array.isArray(raw.feeSchedule) ? (raw.feeSchedule as Record<string, unknown>) : null;
  const type = text(raw.feeType);
  if (raw.feesEnabled === false) return { type, rate: 0, exponent: null, takerOnly: null };
  if (!sched && type === null) return null;
  return {
    type,
    rate: sched ? finiteNonNeg(sched.rate) : null,
    exponent: sched ? finiteNonNeg(sched.exponent) : null,
    takerOnly: sched && typeof sched.takerOnly === 'boolean' ? sched.takerOnly : null,
  };
}

export function recordFees(m: Market, f: GammaFees | null): Market {
  if (f) fees.set(m, f);
  return m;
}

export function feesOf(m: Market): GammaFees | null {
  return fees.get(m) ?? null;
}

/** A copy of a market (order entry refreshes tick and neg-risk) keeps what was recorded about it. */
export function carryFacts(from: Market, to: Market): Market {
  recordProtocol(to, protocolOf(from));
  return recordFees(to, feesOf(from));
}
