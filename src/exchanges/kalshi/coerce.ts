/**
 * Tolerant readers for Kalshi wire values. Every reader returns null for a missing or mistyped
 * value and never throws, so one odd field never costs the user a whole page of markets.
 *
 * Kalshi money is `FixedPointDollars` ("0.5600", up to 6 decimals) and counts are
 * `FixedPointCount` ("10.00"); the legacy integer cents/counts that preceded them are read only
 * when the fixed-point field is absent. All of it goes through `Decimal`, so "0.5600" is exactly
 * 0.56 and 65 cents is exactly 0.65 (no 0.6500000000000001).
 */
import { Decimal } from '../../decimal.js';

export type Raw = Record<string, unknown>;

/** A plain JSON object, else null. */
export function obj(v: unknown): Raw | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : null;
}

/** A non-empty (after trimming) string, else null. */
export function text(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

export function bool(v: unknown): boolean | null {
  return typeof v === 'boolean' ? v : null;
}

/** What `plainDecimal` accepts (its reference in the tests). */
export const PLAIN_RE = /^\d{1,15}(?:\.\d{1,12})?$/;

/**
 * A plain non-negative decimal (at most 12 places, no exponent) from a fixed-point string or a
 * JSON number; null for anything else. `Number("0.5600")` is the double nearest 0.56, the same value Decimal would
 * give back, so the hot path (thousands of markets per page) skips BigInt; arithmetic on these
 * values (NO = 1 − YES, sums, cents → dollars) goes through Decimal.
 */
export function num(v: unknown): number | null {
  // `+ 0` turns a negative zero into 0: "-0" is no price a table should print.
  if (typeof v === 'string') return plainDecimal(v);
  // A JSON number must read as a plain decimal too: 5.551115123125783e-17 is float noise, not a price.
  if (typeof v === 'number') return PLAIN_RE.test(String(v)) ? v + 0 : null;
  return null;
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12];

/**
 * `PLAIN_RE.test(v) ? Number(v) + 0 : null` in one pass over the characters, for the listing hot
 * path (five or six fixed-point fields a market): with at most 15 digits in all, the digits make
 * an integer u below 2^53 and the value is u / 10^k for k decimals, one correctly rounded IEEE
 * division of two exact doubles: the double nearest the decimal, which is what Number() returns
 * (test/exchanges/kalshi/coerce-exact.test.ts compares the two). Longer strings take Number().
 */
export function plainDecimal(v: string): number | null {
  const n = v.length;
  let u = 0;
  let i = 0;
  for (; i < n; i++) {
    const c = v.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    u = u * 10 + c;
  }
  const whole = i;
  if (whole < 1 || whole > 15) return null;
  if (i === n) return whole <= 15 ? u : null;
  if (v.charCodeAt(i) !== 46) return null;
  for (i++; i < n; i++) {
    const c = v.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return null;
    u = u * 10 + c;
  }
  const places = n - whole - 1;
  if (places < 1 || places > 12) return null;
  return whole + places <= 15 ? u / POW10[places]! : Number(v) + 0;
}

/**
 * Legacy integer cents (65) → dollars (0.65), exactly. A whole number of cents below 2^53 divides
 * by 100 in one correctly rounded IEEE division, which is the double nearest the exact quotient:
 * the value `Decimal` would give (test/exchanges/kalshi/coerce-exact.test.ts checks both agree).
 * Fractional cents take the Decimal path (rounded to 8 places).
 */
export function cents(v: unknown): number | null {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return null;
  // `+ 0`: -0 cents is 0 dollars, as the Decimal path reads it.
  if (Number.isSafeInteger(v)) return v / 100 + 0;
  return Decimal.from(v).div(100, 8).toNumber();
}

/**
 * A YES-probability price in dollars from the two spellings of one field: the fixed-point
 * `<key>_dollars` wins, the legacy `<key>` cents is the fallback. Values outside [0, 1] are not
 * prices (a mistyped or foreign field) and read as null.
 */
export function priceOf(dollars: unknown, legacyCents: unknown): number | null {
  const p = num(dollars) ?? cents(legacyCents);
  return p !== null && p <= 1 ? p : null;
}

/** `priceOf(raw[<key>_dollars], raw[<key>])`; hot paths pass the two fields themselves. */
export function price(raw: Raw, key: string): number | null {
  return priceOf(raw[`${key}_dollars`], raw[key]);
}

/** A contract count from `<key>_fp`, else the legacy integer `<key>`. */
export function countOf(fp: unknown, legacy: unknown): number | null {
  const n = num(fp);
  if (n !== null) return n;
  return typeof legacy === 'number' ? num(legacy) : null;
}

/** A contract count: `<key>_fp` wins over the legacy integer `<key>`. */
export function count(raw: Raw, key: string): number | null {
  return countOf(raw[`${key}_fp`], raw[key]);
}

const RFC3339_RE = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;
const DIGITS_RE = /^\d{1,16}$/;
const UTC_SECONDS_RE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/;

/** Whether day 29-31 exists in that month of that (proleptic Gregorian) year. */
function dayExists(v: string): boolean {
  const day = (v.charCodeAt(8) - 48) * 10 + (v.charCodeAt(9) - 48);
  if (day <= 28) return true;
  const month = (v.charCodeAt(5) - 48) * 10 + (v.charCodeAt(6) - 48);
  if (month === 2) {
    if (day > 29) return false;
    const year = Number(v.slice(0, 4));
    return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  }
  return day <= 30 || month === 1 || month === 3 || month === 5 || month === 7 || month === 8 || month === 10 || month === 12;
}

/**
 * A timestamp as ISO 8601 UTC with milliseconds ("2025-10-01T14:30:00.000Z": one fixed width, so
 * it also sorts as text). Accepts RFC 3339 strings (a missing zone is read as UTC, never as the
 * local zone), and legacy unix seconds as a number or digit string (values past 1e11 are taken as
 * milliseconds). Go's zero time ("0001-01-01T00:00:00Z") and 0 mean "unset" and read as null.
 */
export function isoTime(v: unknown): string | null {
  // Kalshi's usual shape, whole seconds in UTC on a day the calendar has: already ISO, only the
  // milliseconds are added (anything else, such as Feb 30, takes the slow path, whose Date rolls over).
  if (typeof v === 'string' && v.length === 20 && UTC_SECONDS_RE.test(v) && dayExists(v)) return v.startsWith('0000') || v.startsWith('0001') ? null : `${v.slice(0, 19)}.000Z`;
  let ms: number;
  if (typeof v === 'number' || (typeof v === 'string' && DIGITS_RE.test(v))) {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) return null;
    ms = n >= 1e11 ? n : n * 1000;
  } else if (typeof v === 'string' && RFC3339_RE.test(v.trim())) {
    const s = v.trim();
    const m = RFC3339_RE.exec(s)!;
    ms = Date.parse(s.length > 10 && !m[1] ? `${s}Z` : s);
  } else {
    return null;
  }
  if (!Number.isFinite(ms)) return null;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1 || d.getUTCFullYear() > 9999) return null;
  return d.toISOString();
}

/** Later of two ISO UTC strings (both from isoTime, so text order is time order). */
export function laterIso(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a >= b ? a : b;
}

export function earlierIso(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a <= b ? a : b;
}
