import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { complement, complementExact, Decimal } from '../../src/decimal.js';

const d = (s: string | number) => Decimal.from(s);

describe('Decimal', () => {
  it.each([
    ['0.1', '0.2', '0.3'],
    ['0.7', '0.1', '0.8'],
    ['1', '-0.0001', '0.9999'],
    ['123456789.123456', '0.000001', '123456789.123457'],
  ])('%s + %s = %s exactly', (a, b, sum) => {
    expect(d(a).plus(b).toFixed()).toBe(sum);
  });

  it('multiplies money without float noise', () => {
    expect(d('0.29').times(100).toFixed()).toBe('29');
    expect(d('0.57').times('19.99').toFixed()).toBe('11.3943');
    expect(0.57 * 19.99).not.toBe(11.3943); // the float product is the trap this type avoids
  });

  it('parses only decimals and rejects garbage', () => {
    for (const bad of ['', 'abc', '1.2.3', '0x10', 'NaN', 'Infinity', '1e', '--1']) expect(Decimal.parse(bad)).toBeNull();
    expect(Decimal.parse('1e-3')!.toFixed()).toBe('0.001');
    expect(Decimal.parse('.5')!.toFixed()).toBe('0.5');
    expect(() => Decimal.from(Number.NaN)).toThrow();
  });

  it('reads wire values: numbers and decimal strings exactly, anything else or beyond a double as null', () => {
    expect(Decimal.read('12.50')!.toFixed()).toBe('12.5');
    expect(Decimal.read(0.1)!.plus(Decimal.read('0.2')!).toFixed()).toBe('0.3');
    for (const v of ['', '  ', 'abc', '1e400', NaN, Infinity, null, undefined, {}, [], true]) expect(Decimal.read(v), String(v)).toBeNull();
  });

  it('rounds down, up and half-up, sign-aware', () => {
    expect(d('2.345').round(2, 'half-up').toFixed()).toBe('2.35');
    expect(d('2.344').round(2, 'half-up').toFixed()).toBe('2.34');
    expect(d('2.349').round(2, 'down').toFixed()).toBe('2.34');
    expect(d('2.341').round(2, 'up').toFixed()).toBe('2.35');
    expect(d('-2.345').round(2, 'half-up').toFixed()).toBe('-2.35');
    expect(d('-2.349').round(2, 'down').toFixed()).toBe('-2.34');
  });

  it('snaps to a tick grid and tests membership', () => {
    expect(d('0.555').snap('0.01', 'down').toFixed()).toBe('0.55');
    expect(d('0.555').snap('0.01', 'up').toFixed()).toBe('0.56');
    expect(d('0.5525').snap('0.005').toFixed()).toBe('0.555');
    expect(d('0.55').isMultipleOf('0.01')).toBe(true);
    expect(d('0.555').isMultipleOf('0.01')).toBe(false);
    expect(d('0.0025').isMultipleOf('0.0025')).toBe(true);
  });

  it('converts to integer units and fixed text', () => {
    expect(d('5.2').toUnits(6)).toBe(5_200_000n);
    expect(d('0.5').toFixed(4)).toBe('0.5000');
    expect(d('10').toFixed(2)).toBe('10.00');
    expect(d('1').div('3', 4).toFixed()).toBe('0.3333');
    expect(d('2').div('3', 4).toFixed()).toBe('0.6667');
  });

  it('complement is exact', () => {
    expect(complement(0.7)).toBe(0.3);
    expect(complement(0.93)).toBe(0.07);
    expect(1 - 0.93).not.toBe(0.07);
  });

  it('addition agrees with exact integer arithmetic (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 8 }), (a, b, s) => {
        const x = Decimal.fromUnits(BigInt(a), s);
        const y = Decimal.fromUnits(BigInt(b), s);
        expect(x.plus(y).eq(Decimal.fromUnits(BigInt(a + b), s))).toBe(true);
        expect(x.plus(y).minus(y).eq(x)).toBe(true);
      }),
    );
  });
});

describe('complement fast path', () => {
  const same = (p: number): void => {
    expect(Object.is(complement(p), complementExact(p)), String(p)).toBe(true);
  };

  it('agrees with the Decimal path on prices of up to 6 places and on the edges', () => {
    for (let u = 0; u <= 10_000; u++) same(u / 10_000);
    for (const p of [0, -0, 1, 0.000001, 0.999999, 0.1 + 0.2, 1 / 3, 5e-7, 1e-7, 1.5, -0.25, 999_999.999999, 1e6, 1e6 + 0.5, 2 ** 52, 1e21, Number.MIN_VALUE]) same(p);
  });

  it('agrees with the Decimal path on generated numbers', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.integer({ min: 0, max: 9 })).map(([u, k]) => u / 10 ** k),
          fc.double({ min: -2e6, max: 2e6, noNaN: true }),
        ),
        same,
      ),
      { numRuns: 10_000 },
    );
  });
});
