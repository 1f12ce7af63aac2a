/**
 * Hostile command-line input, by kind: numbers that are not plain decimals (NaN, Infinity,
 * negative zero, exponents, hex, locale digits, huge, overlong), ids with control characters,
 * spaces, non-ASCII look-alikes, path tricks or too many characters, enum values that are not
 * choices. Every generator yields only values pmt must reject locally (each is filtered through
 * a model of the rule), so a test can demand exit 2 and zero upstream requests for all of them.
 */
import fc from 'fast-check';
import { decodeCombinedCursor } from '../../src/ops/markets-across.js';

/** argv cannot carry NUL; everything else can. */
const argvSafe = (s: string) => !s.includes('\u0000');

/** Plain decimals, ".6" included (it is 0.6). */
const PLAIN_DECIMAL = /^(?:\d{1,15}(?:\.\d{1,12})?|\.\d{1,12})$/;
const PLAIN_INT = /^\d{1,9}$/;
/** What an id may hold: printable ASCII, and letters, marks and digits of any script. */
export const ID_CHARS = /^[\x21-\x7e\p{L}\p{M}\p{N}]+$/u;

/** Strings that look numeric to someone, but are not plain decimals. */
export const numberLike = fc.oneof(
  fc.constantFrom(
    'NaN', 'nan', 'Infinity', '-Infinity', '+Infinity', '∞', '-0', '-0.0', '-1', '-0.5', '1e3', '1E-2', '5e-1', '0x1F', '0b1', '0o7', '1_000', '1,5', '1 000',
    '١٢', '٠٫٥', '１', '０.５', '0.5.5', '.5', '5.', '+1', '+0.5', '', ' ', '\t', '9'.repeat(40), '0.' + '1'.repeat(20), '1'.repeat(16), '0.5\u200b',
    '0.5\u202e', '\u00a00.5', '0.5\u0007', '½', 'Ⅴ', '0,5', 'null', 'undefined', 'true', '[]', '{}', '0.5;rm -rf /', '$(echo 1)', '`id`',
  ),
  fc.double({ noDefaultInfinity: false, noNaN: false }).map(String),
  fc.double().map((d) => d.toExponential()),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.bigInt({ min: 10n ** 16n, max: 10n ** 40n }).map(String),
  fc.tuple(fc.nat(99), fc.stringMatching(/^\d{13,20}$/)).map(([i, f]) => `${i}.${f}`),
).filter(argvSafe);

/** A price that is not a plain decimal strictly inside (0, 1). */
export const badPrice = fc
  .oneof(numberLike, fc.constantFrom('0', '0.0', '1', '1.0', '1.5', '2', '100', '0.000000000000', '999999999999999'))
  .filter((s) => !(PLAIN_DECIMAL.test(s.trim()) && Number(s) > 0 && Number(s) < 1));

/** A size that is not a plain decimal > 0. */
export const badSize = fc.oneof(numberLike, fc.constantFrom('0', '0.0', '0.000000000000')).filter((s) => !(PLAIN_DECIMAL.test(s.trim()) && Number(s) > 0));

/** Not a whole number within [min, max]. */
export function badInteger(min: number, max: number) {
  return fc
    .oneof(numberLike, fc.constantFrom(String(min - 1), String(max + 1), '1.5', '10.0', '99999999999'), fc.integer({ min: max + 1, max: 2 ** 40 }).map(String))
    .filter((s) => !(PLAIN_INT.test(s.trim()) && Number(s) >= min && Number(s) <= max));
}

/** Ids pmt refuses before any request. */
export const badId = fc
  .oneof(
    fc.constantFrom('', ' ', 'a b', 'KX\u0007A', 'KX\u001b[2JA', 'KX\u200bA', 'KX\u202eA', 'KX\u2013A', 'kalshi:KX\u2014', 'KX\u201cA\u201d', 'poly/../x', '..', '.', 'a?b', 'a#b', 'a\\b', 'a/b', '🙂', 'KX™', 'KX\u00a0A', 'x'.repeat(201), 'kalshi:', 'polymarket: x'),
    fc.tuple(fc.stringMatching(/^[A-Z]{1,8}$/), fc.constantFrom('\u0000', '\u0001', '\n', '\r', '\t', '\u007f', '\u0085', '\u2028', '\ufeff', ' ', '/', '\u2010', '\u2212', '\u00b7', '\u3000', '\ud800'), fc.stringMatching(/^[A-Z0-9-]{0,8}$/)).map(([a, c, b]) => a + c + b),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((s) => !ID_CHARS.test(s)),
    fc.string({ minLength: 201, maxLength: 400 }).map((s) => s.replace(/\s/g, 'x')),
  )
  .filter(argvSafe)
  // Plain spaces around an id are trimmed, so judge what remains.
  .filter((raw) => ((s) => s === '' || s.length > 200 || !ID_CHARS.test(s) || /[/\\?#]/.test(s) || s === '.' || s === '..' || /^(kalshi|polymarket):$/i.test(s))(raw.replace(/^ +| +$/g, '')));

/** A cursor no page ever printed, rejected before any request. */
export const badCursor = fc
  .oneof(
    fc.constantFrom('x\u0007', 'pmt1.\u00e9', 'pm1.***', 'pmt1.e30', 'pmt1.' + Buffer.from('[1]').toString('base64url'), 'pmt1.' + Buffer.from('{"nyse":"x"}').toString('base64url'), 'c'.repeat(5000), 'pm1.', 'pmt1.'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => /[^\x21-\x7e]/.test(s)),
    fc.jsonValue({ maxDepth: 2 }).map((j) => 'pmt1.' + Buffer.from(JSON.stringify(j) ?? 'null').toString('base64url')),
  )
  .filter(argvSafe)
  .filter((s) => {
    // Leave out the rare generated cursor that is a well-formed combined position.
    try {
      decodeCombinedCursor(s);
      return /[^\x21-\x7e]/.test(s) || s.length > 4096;
    } catch {
      return true;
    }
  });

/** Anything but one of `allowed` (exactly). */
export function notOneOf(allowed: readonly string[]) {
  return fc
    .oneof(
      fc.string({ maxLength: 16 }),
      fc.constantFrom(...allowed.map((a) => a.toUpperCase()), ...allowed.map((a) => ` ${a}`), ...allowed.map((a) => `${a}\u0000`.slice(0, -1) + '\u200b'), '', '*', '--json'),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
    )
    .filter(argvSafe)
    .filter((s) => !allowed.includes(s) && !s.startsWith('-'));
}

/** `--outcome` values pmt refuses: empty, control characters, overlong. */
export const badOutcome = fc
  .oneof(
    fc.constantFrom('', ' ', 'yes\u0007', 'no\u001b[2J', 'y\u202ees', 'x'.repeat(201)),
    fc.tuple(fc.string({ maxLength: 5 }), fc.constantFrom('\u0001', '\u001b', '\u007f', '\u009b', '\u200b', '\ufeff'), fc.string({ maxLength: 5 })).map(([a, c, b]) => a + c + b),
  )
  .filter(argvSafe)
  // Plain spaces around an id are trimmed, so judge what remains.
  .filter((raw) => ((s) => s === '' || s.length > 200 || /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(s))(raw.replace(/^ +| +$/g, '')));
