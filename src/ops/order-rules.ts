/**
 * Venue rules checked before anything is signed: price inside (0, 1) and on the market's tick
 * grid, size > 0, at most two decimals (both exchanges' wire precision: more would be silently
 * rounded) and at least the market's minimum. Each check returns the message to show, naming the
 * rule and the nearest valid values, or null when the value passes. The same functions validate
 * flags (as usage errors) and prompts (at each keystroke).
 */
import { Decimal } from '../decimal.js';
import { PmtError, usageError } from '../errors.js';
import { parsePrice, parseSize } from '../validate.js';
import { isValidPrice, mirrored, nearestValidPrices as nearestOnGrid, rangesText, stepAt, type PriceRange } from '../price-grid.js';
import type { AssetInfo } from '../exchanges/exchange.js';

/** Wire precision of a size on both exchanges (Kalshi `count` 2 dp; Polymarket 2 dp shares). */
export const SIZE_PLACES = 2;

/** The grid prices next to `price` that lie inside (0, 1): below and above (one when on grid). */
export function nearestValidPrices(price: Decimal, tick: Decimal): Decimal[] {
  const down = price.snap(tick, 'down');
  const up = price.snap(tick, 'up');
  const inside = (d: Decimal) => d.gt(0) && d.lt(1);
  const out = [down, up].filter(inside);
  return out.length === 2 && out[0]!.eq(out[1]!) ? [out[0]!] : out;
}

function usageMessage(e: unknown): string {
  if (e instanceof PmtError) return e.message;
  throw e;
}

/** Parse a price and check it against the tick grid; the problem as text, or null. */
export function priceProblem(field: string, text: string, tick: number | null, ranges?: readonly PriceRange[] | null): string | null {
  let p: Decimal;
  try {
    p = parsePrice(field, text);
  } catch (e) {
    return usageMessage(e);
  }
  return tickProblem(field, p, tick, ranges);
}

/**
 * A price as given (a flag's text, or serve's JSON number, whose shortest text is the decimal that
 * was sent), parsed once into the exact decimal every later step uses (the preview, the tick check
 * once the market is known, the request and the adapter's wire value): a usage error naming the
 * rule, or it.
 */
export function orderPrice(field: string, value: string | number): Decimal {
  try {
    return parsePrice(field, typeof value === 'string' ? value.trim() : value);
  } catch (e) {
    throw usageError(usageMessage(e));
  }
}

/** A parsed price against the market's tick grid (per range on a tiered grid); the problem as text, or null. */
export function tickProblem(field: string, p: Decimal, tick: number | null, ranges?: readonly PriceRange[] | null): string | null {
  if (ranges && ranges.length) return gridProblem(field, p, ranges);
  if (tick == null || !(tick > 0)) return null;
  const t = Decimal.from(tick);
  if (p.isMultipleOf(t)) return null;
  const near = nearestValidPrices(p, t).map((d) => d.toFixed());
  return `${field} ${p.toFixed()} is not on this market's ${t.toFixed()} tick grid; nearest valid price${near.length === 1 ? '' : 's'}: ${near.join(' or ')}`;
}

/** Parse a size and check precision and the market minimum; the problem as text, or null. */
export function sizeProblem(field: string, text: string | number, min: number | null): string | null {
  let s: Decimal;
  try {
    s = parseSize(field, text);
  } catch (e) {
    return usageMessage(e);
  }
  return sizeRuleProblem(field, s, min);
}

/** A parsed size against the wire precision and the market minimum; the problem as text, or null. */
export function sizeRuleProblem(field: string, s: Decimal, min: number | null): string | null {
  if (s.places() > SIZE_PLACES) {
    return `${field} ${s.toFixed()} has more than ${SIZE_PLACES} decimal places (the exchange would round it); use ${s.round(SIZE_PLACES, 'down').toFixed()}`;
  }
  if (min != null && min > 0 && s.lt(min)) {
    return `${field} ${s.toFixed()} is below this market's minimum order size of ${Decimal.from(min).toFixed()} contracts`;
  }
  return null;
}

/**
 * A size as given (a flag's text, or serve's JSON number), parsed once into the exact decimal
 * every later step uses, checked against the wire precision; a usage error naming the rule otherwise.
 */
export function orderSize(field: string, value: string | number): Decimal {
  let s: Decimal;
  try {
    s = parseSize(field, typeof value === 'string' ? value.trim() : value);
  } catch (e) {
    throw usageError(usageMessage(e));
  }
  const problem = sizeRuleProblem(field, s, null);
  if (problem) throw usageError(problem);
  return s;
}

/** The price complement on the other outcome's scale: 1 − p, exactly. */
export function complementPrice(p: Decimal): Decimal {
  return Decimal.ONE.minus(p);
}

/**
 * The asset's tiered grid on the scale of `outcome` (the book outcome's own, mirrored p ↔ 1 − p
 * for the other outcome), or null when the asset has one tick everywhere.
 */
export function gridOf(info: Pick<AssetInfo, 'price_ranges' | 'book_outcome'>, outcome: string): PriceRange[] | null {
  const raw = info.price_ranges;
  if (!raw || raw.length === 0) return null;
  const ranges = raw.map((r) => ({ start: Decimal.from(r.start), end: Decimal.from(r.end), step: Decimal.from(r.step) }));
  return outcome.trim().toLowerCase() === info.book_outcome.trim().toLowerCase() ? ranges : mirrored(ranges);
}

/** A price against a tiered grid: null when valid, else the rule of its range and the nearest valid prices. */
export function gridProblem(field: string, p: Decimal, ranges: readonly PriceRange[]): string | null {
  if (isValidPrice(p, ranges)) return null;
  const { below, above } = nearestOnGrid(p, ranges);
  const near = [below, above].filter((d): d is Decimal => d !== null).map((d) => d.toFixed());
  const step = stepAt(p, ranges);
  const what = step ? `is off the ${step.toFixed()} step of its price range` : "is outside this market's price ranges";
  return `${field} ${p.toFixed()} ${what} (steps ${rangesText(ranges)}); nearest valid price${near.length === 1 ? '' : 's'}: ${near.join(' or ')}`;
}

