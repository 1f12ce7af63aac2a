/**
 * Tolerant coercions for Gamma payloads. Gamma sends numbers as numbers or numeric strings, ids as
 * strings or numbers, list fields as stringified JSON arrays, and dates in more than one ISO
 * flavour. Every function here returns null for anything it cannot read; none of them throws.
 */

const NUMERIC_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
// date, optional time (T or space), optional zone (Z, +00, +0200, +02:00)
const ISO_RE = /^(\d{4}-\d{2}-\d{2})(?:[Tt ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** A finite number from a number or a numeric string. */
export function num(v: unknown): number | null {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && NUMERIC_RE.test(v.trim())) n = Number(v.trim());
  else return null;
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n; // no -0 in output
}

/** A probability in [0, 1]; anything outside is not a price and becomes null. */
export function prob(v: unknown): number | null {
  const n = num(v);
  return n !== null && n >= 0 && n <= 1 ? n : null;
}

/** A number > 0 (tick sizes, minimum sizes), else null. */
export function positive(v: unknown): number | null {
  const n = num(v);
  return n !== null && n > 0 ? n : null;
}

/** A boolean from a boolean or the strings "true"/"false". */
export function bool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return null;
}

/** A non-empty string (trimmed), else null. */
export function text(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return s === '' ? null : s;
}

/** An id sent as a string or as a (safe, non-negative) integer, as a string. */
export function idStr(v: unknown): string | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? String(v) : null;
  return text(v);
}

/**
 * ISO 8601 UTC from Gamma's date flavours: "2025-10-01T14:30:00Z", "2025-10-01T14:30:00.123456Z",
 * "2024-11-06 05:36:41+00" (closedTime), "2025-12-31" (the *Iso fields). A time without a zone is
 * taken as UTC (Gamma's clock), never as this machine's local time.
 */
export function isoDate(v: unknown): string | null {
  const raw = text(v);
  const m = raw === null ? null : ISO_RE.exec(raw);
  if (!m) return null;
  const [, day, time, zone] = m;
  let z = zone === undefined || zone.toUpperCase() === 'Z' ? 'Z' : zone;
  if (/^[+-]\d{2}$/.test(z)) z += ':00';
  else if (/^[+-]\d{4}$/.test(z)) z = `${z.slice(0, 3)}:${z.slice(3)}`;
  const t = Date.parse(`${day}T${time ?? '00:00:00'}${z}`);
  if (Number.isNaN(t)) return null;
  return new Date(t).toISOString().replace('.000Z', 'Z');
}

/**
 * A JSON array from a real array or a stringified one ("[\"Yes\",\"No\"]"). Bare integers too
 * long for a double (token ids written without quotes) are quoted before parsing so no digit is
 * lost.
 */
export function jsonArray(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!s.startsWith('[')) return null;
  try {
    const parsed: unknown = JSON.parse(s.replace(/([[,]\s*)(\d{16,})(?=\s*[\],])/g, '$1"$2"'));
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A conditional-token id: a decimal uint256 string. Imprecise JSON numbers are refused. */
export function tokenId(v: unknown): string | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? String(v) : null;
  const s = text(v);
  return s !== null && /^\d{1,78}$/.test(s) ? s : null;
}

/** A plain object, else null. */
export function obj(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** The first element of an array field when it is an object. */
export function firstObj(v: unknown): Record<string, unknown> | null {
  return Array.isArray(v) && v.length > 0 ? obj(v[0]) : null;
}
