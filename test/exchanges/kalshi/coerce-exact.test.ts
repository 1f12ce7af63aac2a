/**
 * The Kalshi readers' fast paths give exactly what the exact (Decimal / Date) paths give: the
 * listing hot path skips BigInt and Date, never the value. Each fast path is compared with its
 * reference over generated inputs, including the edges (leap days, month ends, -0, huge counts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/decimal.js';
import { cents, isoTime, num, PLAIN_RE, plainDecimal } from '../../../src/exchanges/kalshi/coerce.js';

/** The slow path isoTime had for every string before its fast path covered days 29-31. */
function isoTimeReference(v: string): string | null {
  const ms = Date.parse(v);
  if (!Number.isFinite(ms)) return null;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1 || d.getUTCFullYear() > 9999) return null;
  return d.toISOString();
}

const centsReference = (v: number): number => Decimal.from(v).div(100, 8).toNumber();

const pad = (n: number, w: number) => String(n).padStart(w, '0');

describe('Kalshi readers: fast paths are exact', () => {
  it('whole seconds in UTC: every day of every month, leap years and centuries', () => {
    for (const year of [1, 2, 4, 100, 1900, 1996, 2000, 2023, 2024, 2025, 2100, 2400, 9999]) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= 31; day++) {
          const s = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T23:59:59Z`;
          expect(isoTime(s), s).toBe(isoTimeReference(s));
        }
      }
    }
  });

  it('whole seconds in UTC: generated timestamps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (y, mo, d, h, mi, s) => {
          const v = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}Z`;
          expect(isoTime(v)).toBe(isoTimeReference(v));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('legacy cents: whole numbers divide exactly as Decimal does, fractions still go through Decimal', () => {
    for (const v of [0, -0, 1, 5, 10, 29, 33, 65, 99, 100, 101, 12345, 2 ** 53 - 1, 0.5, 65.5, 1e-9, 2 ** 53, 1e21]) {
      expect(Object.is(cents(v), centsReference(v)), String(v)).toBe(true);
    }
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.maxSafeNat(), fc.double({ min: 0, max: 1e6, noNaN: true })), (v) => {
        expect(Object.is(cents(v), centsReference(v))).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(cents(-1)).toBeNull();
    expect(cents(Number.NaN)).toBeNull();
    expect(cents('65')).toBeNull();
  });

  it('fixed-point strings: the one-pass reader gives what the pattern and Number() give', () => {
    const reference = (v: string) => (PLAIN_RE.test(v) ? Number(v) + 0 : null);
    for (const v of ['0', '00', '0.5600', '1.0000', '0.0001', '999999999999999', '9999999999999999', '123456789012.345', '1234567890123.456', '0.000000000001', '1.0000000000000', '5.', '.5', '', ' 1', '1 ', '+1', '-1', '1e5', '0x10', '1.2.3', '٣', '0.6700', '150000', '150000.00']) {
      expect(Object.is(plainDecimal(v), reference(v)), JSON.stringify(v)).toBe(true);
    }
    const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
    const decimal = fc.oneof(digits(0, 17), fc.tuple(digits(0, 17), digits(0, 14)).map(([a, b]) => `${a}.${b}`), fc.stringMatching(/^\d{1,15}(?:\.\d{1,12})?$/), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(decimal, (v) => {
        expect(Object.is(plainDecimal(v), reference(v)), JSON.stringify(v)).toBe(true);
        expect(Object.is(num(v), reference(v))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });
});
