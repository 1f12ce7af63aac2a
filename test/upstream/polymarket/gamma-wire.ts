/**
 * Small deterministic building blocks for the Gamma catalogue: a seeded PRNG, realistic ids
 * (uint256 token ids, 0x condition ids) derived by hashing, exact decimal price text, and Gamma's
 * date flavours.
 */
import { createHash } from 'node:crypto';

export type Wire = Record<string, unknown>;

export { prng } from '../seeded.js';

export function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

export function intIn(rand: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

function sha256(label: string): string {
  return createHash('sha256').update(label).digest('hex');
}

const MIN_TOKEN = 10n ** 70n;

/** A conditional-token id: a decimal uint256 of 71–78 digits, unique per label. */
export function tokenIdFor(label: string): string {
  let n = BigInt('0x' + sha256('token:' + label));
  if (n < MIN_TOKEN) n += 10n ** 76n;
  return n.toString();
}

/** 0x + 64 hex, as Gamma sends condition, question and neg-risk market ids. */
export function hex32(label: string): string {
  return '0x' + sha256(label);
}

/** `units / 10^places` as Gamma writes prices ("0.65", "0.012", "1", "0"). */
export function decText(units: number, places: number): string {
  const neg = units < 0;
  const digits = String(Math.abs(units)).padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const frac = digits.slice(digits.length - places).replace(/0+$/, '');
  return (neg ? '-' : '') + int + (frac ? '.' + frac : '');
}

const BASE = Date.UTC(2025, 0, 6, 12, 0, 0);
const HOUR = 3_600_000;

const isoCache = new Map<number, string>();
/** RFC 3339 with Z, Gamma's usual date format (memoised: the catalogue reuses whole hours). */
export function isoAt(hoursFromBase: number): string {
  let s = isoCache.get(hoursFromBase);
  if (s === undefined) {
    s = new Date(BASE + hoursFromBase * HOUR).toISOString().replace('.000Z', 'Z');
    isoCache.set(hoursFromBase, s);
  }
  return s;
}

/** Gamma's `closedTime` flavour: "2025-03-01 17:00:00+00". */
export function pgAt(hoursFromBase: number): string {
  return new Date(BASE + hoursFromBase * HOUR).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, '+00');
}

export function slugify(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
