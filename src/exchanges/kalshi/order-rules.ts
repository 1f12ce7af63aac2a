/**
 * Kalshi's pre-trade rules, checked before anything is signed or sent. Pure: the market's rules
 * come in as data (from `GET /markets/{ticker}`), a violation leaves as a usage error (exit 2)
 * that names the rule and the nearest valid value(s), in one pattern:
 *
 *   "<field> <value> <what is wrong>; nearest valid <field>s: <a> or <b>"
 *
 * Rules:
 * - outcome is `yes` or `no` (Kalshi markets are binary; a `{label}` is refused);
 * - the market is `active` (Kalshi takes no orders on closed or settled markets);
 * - price strictly inside (0, 1) and on the tick grid of the `price_ranges` tier it falls in
 *   (tiers may overlap at their edges; a price on either tier's grid is valid);
 * - size >= the market's minimum (0.01 when fractional trading is on, else 1) and on its grid
 *   (0.01 contracts when fractional, else whole contracts).
 */
import { Decimal } from '../../decimal.js';
import { usageError, type PmtError } from '../../errors.js';
import type { OutcomeSpec } from '../types.js';

// The tiered grid's pure rules are shared with the order preview and prompt (src/price-grid.ts).
export { isValidPrice, nearestValidPrices, type PriceRange } from '../../price-grid.js';
import { isValidPrice, nearestValidPrices, type PriceRange } from '../../price-grid.js';

export interface KalshiOrderRules {
  ticker: string;
  /** Tiered price grid in YES dollars; each price must sit on the step of its tier. */
  ranges: PriceRange[];
  /** Fractional contracts allowed (0.01 grid, minimum 0.01); else whole contracts, minimum 1. */
  fractional: boolean;
  /** Upstream lifecycle status (`active`, `closed`, …); null when the market does not say. */
  status: string | null;
  /** The settled side (`yes`, `no`, …) once the market is determined; null before. */
  result?: string | null;
}

/** Upstream statuses of a market whose outcome is decided. */
const DECIDED = new Set(['determined', 'finalized', 'settled', 'amended', 'disputed']);

/** "market X is resolved on Kalshi (result: Yes)": what a trader needs instead of "not found". */
export function resolvedMessage(ticker: string, result: string | null | undefined): string {
  const r = result ? `result: ${result.charAt(0).toUpperCase()}${result.slice(1)}` : 'result not yet published';
  return `market ${ticker} is resolved on Kalshi (${r}); it no longer trades`;
}

/** Kalshi's classic one-cent grid, used when a market publishes no usable `price_ranges`. */
export const DEFAULT_RANGES: readonly PriceRange[] = [
  { start: Decimal.parse('0.01')!, end: Decimal.parse('0.99')!, step: Decimal.parse('0.01')! },
];

const CENT = Decimal.parse('0.01')!;

/**
 * `price_ranges` → tiers, tolerant of junk (entries with a missing or non-positive step or an
 * inverted range are dropped). Falls back to the deprecated integer `tick_size` (cents) on a
 * 0.01–0.99 range, then to the one-cent grid.
 */
export function parsePriceRanges(raw: unknown, legacyTickCents?: unknown): PriceRange[] {
  const out: PriceRange[] = [];
  if (Array.isArray(raw)) {
    for (const r of raw as Array<Record<string, unknown> | null>) {
      const start = Decimal.read(r?.start);
      const end = Decimal.read(r?.end);
      const step = Decimal.read(r?.step);
      if (!start || !end || !step || step.lte(0) || end.lt(start) || start.isNegative()) continue;
      out.push({ start, end, step });
    }
  }
  if (out.length > 0) return out;
  const tick = Decimal.read(legacyTickCents);
  if (tick && tick.gt(0) && tick.lt(100)) {
    const step = tick.div(100, 6);
    return [{ start: step, end: Decimal.ONE.minus(step), step }];
  }
  return [...DEFAULT_RANGES];
}

/** The finest step of any tier: the market's `tick_size`. */
export function finestStep(ranges: readonly PriceRange[]): Decimal {
  return ranges.reduce((min, r) => (r.step.lt(min) ? r.step : min), ranges[0]?.step ?? CENT);
}

export function minOrderSize(rules: Pick<KalshiOrderRules, 'fractional'>): Decimal {
  return rules.fractional ? CENT : Decimal.ONE;
}

/** The usage error every rule raises, in one pattern (see the module comment). */
export function ruleViolation(field: string, value: string, problem: string, nearest: Decimal[] = []): PmtError {
  const shown = nearest.map((d) => d.toFixed());
  const tail =
    shown.length === 0 ? '' : shown.length === 1 ? `; nearest valid ${field}: ${shown[0]}` : `; nearest valid ${field}s: ${shown.join(' or ')}`;
  return usageError(`${field} ${value} ${problem}${tail}`);
}

/** `yes` / `no` only: a Kalshi market is one binary book. */
export function checkOutcome(outcome: OutcomeSpec): 'yes' | 'no' {
  if (outcome === 'yes' || outcome === 'no') return outcome;
  const label = typeof outcome === 'object' && outcome ? outcome.label : String(outcome);
  const lower = String(label).trim().toLowerCase();
  if (lower === 'yes' || lower === 'no') return lower;
  throw usageError(`outcome "${String(label).slice(0, 40)}" is not valid on Kalshi: its markets are binary; valid outcomes: yes or no`);
}

export function checkMarketOpen(rules: KalshiOrderRules): void {
  if (rules.status === null || rules.status === 'active') return;
  if (DECIDED.has(rules.status)) throw usageError(resolvedMessage(rules.ticker, rules.result));
  throw usageError(
    `market ${rules.ticker} is not open for trading on Kalshi (status "${rules.status}"); orders are accepted only while a market is active`,
  );
}

function tierOf(p: Decimal, ranges: readonly PriceRange[]): PriceRange | undefined {
  return ranges.find((r) => p.gte(r.start) && p.lte(r.end));
}

/** The YES price, exact, or a usage error naming the rule and the nearest valid prices. */
export function checkPrice(price: number | string | Decimal, ranges: readonly PriceRange[]): Decimal {
  const p = Decimal.from(price);
  if (isValidPrice(p, ranges)) return p;
  const { below, above } = nearestValidPrices(p, ranges);
  const nearest = [below, above].filter((d): d is Decimal => d !== null);
  const shown = p.toFixed();
  if (p.lte(0) || p.gte(1)) return fail(ruleViolation('price', shown, 'must be strictly between 0 and 1', nearest));
  const tier = tierOf(p, ranges);
  if (!tier) {
    const lo = ranges.reduce((m, r) => (r.start.lt(m) ? r.start : m), ranges[0]!.start);
    const hi = ranges.reduce((m, r) => (r.end.gt(m) ? r.end : m), ranges[0]!.end);
    return fail(ruleViolation('price', shown, `is outside this market's price range (${lo.toFixed()} to ${hi.toFixed()})`, nearest));
  }
  return fail(ruleViolation('price', shown, `is off the ${tier.step.toFixed()} tick grid`, nearest));
}

/** The contract count, exact, or a usage error naming the rule and the nearest valid sizes. */
export function checkSize(size: number | string | Decimal, rules: Pick<KalshiOrderRules, 'fractional'>): Decimal {
  const s = Decimal.from(size);
  const min = minOrderSize(rules);
  const shown = s.toFixed();
  if (s.lt(min)) {
    const what = s.lte(0) ? 'must be greater than 0' : `is below this market's minimum of ${min.toFixed()} contract${min.eq(1) ? '' : 's'}`;
    return fail(ruleViolation('size', shown, what, [min]));
  }
  if (s.isMultipleOf(min)) return s;
  const nearest = [s.snap(min, 'down'), s.snap(min, 'up')].filter((d) => d.gte(min));
  const problem = rules.fractional
    ? 'is finer than the 0.01-contract grid'
    : 'is not a whole number of contracts (this market does not trade fractional contracts)';
  return fail(ruleViolation('size', shown, problem, nearest));
}

function fail(err: PmtError): never {
  throw err;
}

export interface CheckedOrder {
  outcome: 'yes' | 'no';
  /** The traded outcome's own price, as the trader gave it (contract: prices and outcomes). */
  price: Decimal;
  /** The YES-book equivalent, exactly as it goes on the wire: `price` for yes, 1 − `price` for no. */
  yesPrice: Decimal;
  /** Contracts, exactly as they go on the wire. */
  count: Decimal;
}

/** Every pre-trade rule, in the order a person fixes them: outcome, market, price, size. */
export function checkKalshiOrder(
  req: { outcome: OutcomeSpec; price: number | string | Decimal; size: number | string | Decimal },
  rules: KalshiOrderRules,
): CheckedOrder {
  const outcome = checkOutcome(req.outcome);
  checkMarketOpen(rules);
  const { price, yesPrice } = checkOutcomePrice(outcome, req.price, rules.ranges);
  const count = checkSize(req.size, rules);
  return { outcome, price, yesPrice, count };
}

/** The grid as seen from the NO side: a NO price q is valid when the YES price 1 − q is. */
export function mirrorRanges(ranges: readonly PriceRange[]): PriceRange[] {
  return ranges.map((r) => ({ start: Decimal.ONE.minus(r.end), end: Decimal.ONE.minus(r.start), step: r.step }));
}

/**
 * The outcome's price checked on the market's YES grid through its YES equivalent (1 − p for
 * NO), exactly; a violation names the rule on the scale the trader typed.
 */
export function checkOutcomePrice(outcome: 'yes' | 'no', price: number | string | Decimal, ranges: readonly PriceRange[]): { price: Decimal; yesPrice: Decimal } {
  if (outcome === 'yes') {
    const p = checkPrice(price, ranges);
    return { price: p, yesPrice: p };
  }
  const p = Decimal.from(price);
  const yes = Decimal.ONE.minus(p);
  if (p.gt(0) && p.lt(1) && isValidPrice(yes, ranges)) return { price: p, yesPrice: yes };
  // Explain on the NO scale; if the mirrored grid happens to accept it, still refuse (the YES grid rules).
  checkPrice(p, mirrorRanges(ranges));
  return fail(ruleViolation('price', p.toFixed(), `is not on this market's grid (its YES equivalent ${yes.toFixed()} is not a valid YES price)`));
}
