/**
 * Exact decimal arithmetic for money: order amounts, tick snapping, cost. A Decimal is an integer
 * mantissa and a power-of-ten scale (value = units / 10^scale), so 0.1 + 0.2 is exactly 0.3.
 * Numbers enter through their shortest round-trip text (`String(0.1)` is "0.1"), which is the
 * value the user typed or the exchange sent.
 */
export type Rounding = 'down' | 'up' | 'half-up';

const DECIMAL_RE = /^([+-])?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
const LEADING_DOT_RE = /^([+-])?\.(\d+)$/;

export class Decimal {
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Decimal(0n, 0);
  static readonly ONE = new Decimal(1n, 0);

  /** Parse a decimal string ("0.52", "10", "1e-3"). Returns null for anything else. */
  static parse(text: string): Decimal | null {
    const s = text.trim().replace(LEADING_DOT_RE, '$10.$2');
    const m = DECIMAL_RE.exec(s);
    if (!m) return null;
    const [, sign, intPart, frac = '', exp = '0'] = m;
    const e = Number(exp);
    if (!Number.isSafeInteger(e) || Math.abs(e) > 400) return null;
    let units = BigInt(intPart + frac);
    let scale = frac.length - e;
    if (scale < 0) {
      units *= 10n ** BigInt(-scale);
      scale = 0;
    }
    if (sign === '-') units = -units;
    return new Decimal(units, scale).normalize();
  }

  /** From a finite JS number via its shortest round-trip text. */
  static from(value: number | string | Decimal): Decimal {
    if (value instanceof Decimal) return value;
    if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    const d = Decimal.parse(String(value));
    if (!d) throw new RangeError(`not a decimal number: ${String(value)}`);
    return d;
  }

  /**
   * A value read off the wire (JSON number or decimal string, e.g. a `_fp` count or `_dollars`
   * price): exact, or null when absent, malformed or beyond a double ("1e400" parses exactly but
   * is no count or price, and would reach --json as null).
   */
  static read(v: unknown): Decimal | null {
    const d = typeof v === 'number' && Number.isFinite(v) ? Decimal.from(v) : typeof v === 'string' ? Decimal.parse(v) : null;
    return d && Number.isFinite(d.toNumber()) ? d : null;
  }

  static fromUnits(units: bigint, scale: number): Decimal {
    return new Decimal(units, scale).normalize();
  }

  private normalize(): Decimal {
    let { units, scale } = this;
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n;
      scale -= 1;
    }
    return units === this.units && scale === this.scale ? this : new Decimal(units, scale);
  }

  private static align(a: Decimal, b: Decimal): [bigint, bigint, number] {
    const scale = Math.max(a.scale, b.scale);
    return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
  }

  plus(other: Decimal | number | string): Decimal {
    const [x, y, s] = Decimal.align(this, Decimal.from(other));
    return Decimal.fromUnits(x + y, s);
  }

  minus(other: Decimal | number | string): Decimal {
    const [x, y, s] = Decimal.align(this, Decimal.from(other));
    return Decimal.fromUnits(x - y, s);
  }

  times(other: Decimal | number | string): Decimal {
    const o = Decimal.from(other);
    return Decimal.fromUnits(this.units * o.units, this.scale + o.scale);
  }

  /** Division rounded to `scale` places. */
  div(other: Decimal | number | string, scale: number, mode: Rounding = 'half-up'): Decimal {
    const o = Decimal.from(other);
    if (o.units === 0n) throw new RangeError('division by zero');
    // (a / 10^sa) / (b / 10^sb) = a * 10^(sb - sa) / b, wanted with `scale` digits.
    const shift = scale + o.scale - this.scale;
    let num = this.units;
    let den = o.units;
    if (shift >= 0) num *= 10n ** BigInt(shift);
    else den *= 10n ** BigInt(-shift);
    return Decimal.fromUnits(roundQuotient(num, den, mode), scale);
  }

  cmp(other: Decimal | number | string): -1 | 0 | 1 {
    const [x, y] = Decimal.align(this, Decimal.from(other));
    return x < y ? -1 : x > y ? 1 : 0;
  }

  eq(other: Decimal | number | string): boolean {
    return this.cmp(other) === 0;
  }
  lt(other: Decimal | number | string): boolean {
    return this.cmp(other) < 0;
  }
  lte(other: Decimal | number | string): boolean {
    return this.cmp(other) <= 0;
  }
  gt(other: Decimal | number | string): boolean {
    return this.cmp(other) > 0;
  }
  gte(other: Decimal | number | string): boolean {
    return this.cmp(other) >= 0;
  }
  isZero(): boolean {
    return this.units === 0n;
  }
  isNegative(): boolean {
    return this.units < 0n;
  }

  /** Round to `places` decimal places. */
  round(places: number, mode: Rounding = 'half-up'): Decimal {
    if (this.scale <= places) return this;
    return Decimal.fromUnits(roundQuotient(this.units, 10n ** BigInt(this.scale - places), mode), places);
  }

  /** Number of decimal places actually used. */
  places(): number {
    return this.scale;
  }

  /** True when this is a whole multiple of `step`. */
  isMultipleOf(step: Decimal | number | string): boolean {
    const [x, y] = Decimal.align(this, Decimal.from(step));
    return y !== 0n && x % y === 0n;
  }

  /** The multiple of `step` reached by rounding this value with `mode`. */
  snap(step: Decimal | number | string, mode: Rounding = 'half-up'): Decimal {
    const st = Decimal.from(step);
    const [x, y, s] = Decimal.align(this, st);
    if (y === 0n) throw new RangeError('step must not be zero');
    return Decimal.fromUnits(roundQuotient(x, y, mode) * y, s);
  }

  /** The value as an integer count of 10^-places units (e.g. 6-decimal token amounts). */
  toUnits(places: number, mode: Rounding = 'half-up'): bigint {
    const r = this.round(places, mode);
    return r.units * 10n ** BigInt(places - r.scale);
  }

  /** Plain decimal text, never exponent notation; `minPlaces` pads with zeros ("0.5000"). */
  toFixed(minPlaces = 0): string {
    const scale = Math.max(this.scale, minPlaces);
    const units = this.units * 10n ** BigInt(scale - this.scale);
    const neg = units < 0n;
    const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
    const int = digits.slice(0, digits.length - scale);
    const frac = digits.slice(digits.length - scale);
    return (neg ? '-' : '') + int + (scale > 0 ? '.' + frac : '');
  }

  toString(): string {
    return this.toFixed();
  }

  toNumber(): number {
    return Number(this.toFixed());
  }
}

/** Integer division of n by d (d != 0) with the given rounding, sign-aware ('down' is toward zero). */
function roundQuotient(n: bigint, d: bigint, mode: Rounding): bigint {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const away = n < 0n ? q - 1n : q + 1n;
  switch (mode) {
    case 'down':
      return q;
    case 'up':
      return away;
    case 'half-up':
      return 2n * (r < 0n ? -r : r) >= d ? away : q;
  }
}

/**
 * Exact `1 - p` on a plain number, returned as a number without float noise.
 *
 * Fast path, same result: when p is the double nearest some u / 10^6 (u an integer; every Kalshi
 * and Polymarket price has at most 6 places), p's shortest text is that decimal (two decimals of
 * at most 6 places are at least 1e-6 apart, too far to share a double), so the exact complement
 * is (10^6 - u) / 10^6, and one IEEE division of those integers is the double nearest it: what
 * `Number(Decimal.ONE.minus(p).toFixed())` gives. Anything else takes the Decimal path
 * (test/unit/decimal.test.ts compares the two).
 */
export function complement(p: number): number {
  if (p >= -1e6 && p <= 1e6) {
    const u = Math.round(p * 1e6);
    if (u / 1e6 === p) return (1e6 - u) / 1e6 + 0;
  }
  return complementExact(p);
}

/** `1 - p` through Decimal: the reference `complement` agrees with. */
export function complementExact(p: number): number {
  return Decimal.ONE.minus(p).toNumber();
}
