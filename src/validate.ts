/**
 * Validation at the edge, shared by the CLI and `pmt serve`: every flag and id is checked before
 * any request. Numbers must be plain decimals (no exponents, NaN, Infinity, hex or "-0"), strings
 * bounded and free of control characters. Failures are usage errors (kind Api, exit 2 / HTTP 400)
 * naming the field and the rule.
 */
import { EXCHANGE_IDS } from './models/exchange-ids.js';
import { Decimal } from './decimal.js';
import { usageError } from './errors.js';

const PLAIN_DECIMAL_RE = /^\d{1,15}(?:\.\d{1,12})?$/;
/**
 * Id characters: printable ASCII without space, plus letters, marks and digits of any script
 * (an outcome label such as "São Paulo"). Refused: look-alike punctuation (en dash, curly
 * quotes), symbols, separators, invisible characters and lone surrogates.
 */
const ID_CHARS_RE = /^[\x21-\x7e\p{L}\p{M}\p{N}]+$/u;
/**
 * The same test for the ids people type and exchanges send (printable ASCII only): a subset of
 * ID_CHARS_RE's class, so a match here is a match there; V8 compiling the Unicode classes costs
 * a one-request command about 1 ms, so they are consulted only for other text.
 */
const ASCII_ID_RE = /^[\x21-\x7e]+$/;
/** Cursors are pmt's or the exchange's own text: printable ASCII only. */
const CURSOR_CHARS_RE = /^[\x21-\x7e]+$/;
const PLAIN_INT_RE = /^\d{1,9}$/;
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
export const MAX_ID_LENGTH = 200;

function show(v: unknown): string {
  const s = String(v);
  const clean = s.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 40 ? clean.slice(0, 40) + '…' : clean;
}

/** A negative plain decimal ("-10", "-.5"): refused by naming the field's rule, not the syntax. */
const NEGATIVE_DECIMAL_RE = /^-(?:\d{1,15}(?:\.\d{1,12})?|\.\d{1,12})$/;

/**
 * A plain non-negative decimal ("0.52", "10", ".6" = 0.6), returned exactly. `rule` (e.g. "greater
 * than 0") is what a negative number is told, since "-10" is a plain decimal to a person.
 */
export function parseDecimal(field: string, input: unknown, rule?: string): Decimal {
  let s = typeof input === 'number' ? (Number.isFinite(input) && !Object.is(input, -0) ? String(input) : 'x') : String(input ?? '').trim();
  // ".6" is how many people write 0.6: the same number, no ambiguity.
  if (/^\.\d{1,12}$/.test(s)) s = '0' + s;
  if (rule && NEGATIVE_DECIMAL_RE.test(s)) throw usageError(`${field} must be ${rule} (got ${show(input)})`);
  if (typeof input === 'number' && /e/i.test(s)) {
    // A JSON number like 1e-7: accept when it denotes a plain decimal value.
    const d = Decimal.parse(s);
    // Same bounds as the text form: at most 15 integer digits and 12 decimals.
    if (d && !d.isNegative() && d.places() <= 12 && d.lt('1000000000000000')) return d;
  }
  if (!PLAIN_DECIMAL_RE.test(s)) {
    throw usageError(`${field} must be a plain decimal number like 0.52 or 10 (got "${show(input)}")`);
  }
  return Decimal.parse(s)!;
}

/** A probability strictly inside (0, 1). */
export function parsePrice(field: string, input: unknown): Decimal {
  const d = parseDecimal(field, input, 'between 0 and 1, exclusive');
  if (d.lte(0) || d.gte(1)) {
    // "60" is almost always 60 cents: say the probability it stands for.
    // In the message, not a hint: the guided entry's prompt shows messages only.
    const cents = d.gt(1) && d.lt(100) && d.places() === 0 ? `; did you mean ${d.times('0.01').toFixed(2)}? prices are probabilities` : '';
    throw usageError(`${field} must be between 0 and 1, exclusive (got ${d.toFixed()}${cents})`);
  }
  return d;
}

/** A size in contracts, > 0. */
export function parseSize(field: string, input: unknown): Decimal {
  const d = parseDecimal(field, input, 'greater than 0');
  if (d.lte(0)) throw usageError(`${field} must be greater than 0 (got ${d.toFixed()})`);
  return d;
}

/** A non-negative integer within [min, max]. */
export function parseInteger(field: string, input: unknown, min = 0, max = 1_000_000_000): number {
  const s = typeof input === 'number' ? (Number.isInteger(input) && !Object.is(input, -0) ? String(input) : 'x') : String(input ?? '').trim();
  if (!PLAIN_INT_RE.test(s)) throw usageError(`${field} must be a whole number (got "${show(input)}")`);
  const n = Number(s);
  if (n < min || n > max) throw usageError(`${field} must be between ${min} and ${max} (got ${n})`);
  return n;
}

export function parseEnum<T extends string>(field: string, input: unknown, allowed: readonly T[]): T {
  const s = String(input ?? '').trim().toLowerCase();
  if (!(allowed as readonly string[]).includes(s)) {
    throw usageError(`${field} must be one of ${allowed.join(', ')} (got "${show(input)}")`);
  }
  return s as T;
}

/** `<exchange>:..` and `<exchange>:` for any registered exchange (the ids from the list that imports nothing). */
const EXCHANGE_PREFIX = `(?:${EXCHANGE_IDS.join('|')})`;
const DOT_SEGMENT_RE = new RegExp(`^${EXCHANGE_PREFIX}:\\.{1,2}$`, 'i');
const PREFIX_ONLY_RE = new RegExp(`^${EXCHANGE_PREFIX}:$`, 'i');

/**
 * An identifier (ticker, slug, token id, order id, cursor): non-empty, bounded, printable, no
 * whitespace or control characters, no path tricks.
 */
export function parseId(field: string, input: unknown, pattern?: RegExp, max = MAX_ID_LENGTH): string {
  const s = String(input ?? '');
  if (s.trim() === '') throw usageError(`${field} must not be empty`);
  if (s.length > max) throw usageError(`${field} is too long (${s.length} characters, at most ${max})`);
  if (CONTROL_RE.test(s) || /\s/.test(s)) throw usageError(`${field} must not contain spaces or control characters`);
  if (!ASCII_ID_RE.test(s) && !ID_CHARS_RE.test(s)) {
    throw usageError(`${field} must be letters, digits and plain ASCII punctuation (got "${show(s)}")`, 'copy the id again: look-alike characters such as a long dash are not part of any id');
  }
  if (s.includes('/') || s.includes('\\') || s === '.' || s === '..' || s.includes('?') || s.includes('#')) {
    throw usageError(`${field} contains a character that is not allowed in an id ("/", "\\", "?" or "#")`);
  }
  // "kalshi:.." : a dot segment after the prefix would be resolved away in the URL path, turning
  // GET /markets/../orderbook into a request for another resource.
  if (DOT_SEGMENT_RE.test(s)) throw usageError(`${field} "${show(s)}" is a path segment ("." or ".."), not an id`);
  // "kalshi:" names an exchange but no id: sent on, it would ask the upstream for an empty id.
  if (PREFIX_ONLY_RE.test(s)) throw usageError(`${field} "${show(s)}" names an exchange but no id after the colon`);
  if (pattern && !pattern.test(s)) throw usageError(`${field} "${show(s)}" is not a valid id`);
  return s;
}

/**
 * An outcome label ("yes", "Los Angeles", "São Paulo"): spaces and any printable character
 * allowed, since it is only compared with the labels the exchange publishes. Control and
 * invisible characters are refused anywhere, before trimming, so "W\ufeff" is an error rather
 * than a quiet "W"; then surrounding spaces go and 1 to `max` characters must remain.
 */
export function parseLabel(field: string, input: unknown, max = 200): string {
  const raw = String(input ?? '');
  if (CONTROL_RE.test(raw) || /[\u2028\u2029]/.test(raw) || /[\ud800-\udfff]/.test(raw.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) {
    throw usageError(`${field} must not contain control or invisible characters`);
  }
  const s = raw.trim();
  if (s === '') throw usageError(`${field} must not be empty (yes, no, or an outcome label)`);
  if (s.length > max) throw usageError(`${field} is too long (${s.length} characters, at most ${max})`);
  return s;
}

/** Cursor text: opaque, but bounded and printable. */
export function parseCursor(input: unknown): string {
  const s = String(input ?? '');
  if (s.length > 4096 || CONTROL_RE.test(s) || (s !== '' && !CURSOR_CHARS_RE.test(s))) {
    throw usageError('cursor is malformed (use the cursor printed by a previous page)');
  }
  return s;
}
