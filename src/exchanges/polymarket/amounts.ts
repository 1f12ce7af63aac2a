/**
 * Order amounts for Polymarket CLOB V2, computed exactly with Decimal (no float noise: 0.29 × 100
 * is 29, not 28.999999999999996).
 *
 * Polymarket's clients round per tick size {price places, size places, amount places}; both
 * amounts are 6-decimal fixed point (collateral and outcome tokens have 6 decimals):
 *   BUY : takerAmount = shares = size rounded down to 2 places; makerAmount = shares × price
 *   SELL: makerAmount = shares;                                  takerAmount = shares × price
 * where the collateral product is trimmed to `amount` places (round up at amount+4, then down).
 * With pmt's pre-trade checks (price on the tick grid, size on the 0.01 grid) the product is exact
 * and the trimming never changes it; it is kept so the arithmetic matches the official clients.
 */
import { Decimal } from '../../decimal.js';

export interface RoundConfig {
  price: number;
  size: number;
  amount: number;
}

/** Rounding per tick size, as in Polymarket's official V2 clients (0.005 and 0.0025 included). */
export const ROUNDING: Readonly<Record<string, RoundConfig>> = {
  '0.1': { price: 1, size: 2, amount: 3 },
  '0.01': { price: 2, size: 2, amount: 4 },
  '0.005': { price: 3, size: 2, amount: 5 },
  '0.001': { price: 3, size: 2, amount: 5 },
  '0.0025': { price: 4, size: 2, amount: 6 },
  '0.0001': { price: 4, size: 2, amount: 6 },
};

export const TOKEN_DECIMALS = 6;
/** Shares are traded on a 0.01 grid. */
export const SIZE_PLACES = 2;

/** The rounding config of a tick size, or null when Polymarket has no such tick. */
export function roundConfig(tick: Decimal): RoundConfig | null {
  return ROUNDING[tick.toFixed()] ?? null;
}

export type WireSide = 'BUY' | 'SELL';

export interface OrderAmounts {
  side: WireSide;
  /** Decimal string of the integer count of 10^-6 units. */
  makerAmount: string;
  takerAmount: string;
  /** The same amounts in human units (shares and USD). */
  shares: Decimal;
  collateral: Decimal;
  price: Decimal;
}

/** makerAmount/takerAmount for a limit order of `size` shares at `price` on a `tick` grid. */
export function orderAmounts(side: WireSide, price: Decimal, size: Decimal, tick: Decimal): OrderAmounts {
  const cfg = roundConfig(tick) ?? { price: tick.places(), size: SIZE_PLACES, amount: tick.places() + SIZE_PLACES };
  const p = price.round(cfg.price, 'half-up');
  const shares = size.round(cfg.size, 'down');
  let collateral = shares.times(p);
  if (collateral.places() > cfg.amount) {
    collateral = collateral.round(cfg.amount + 4, 'up');
    if (collateral.places() > cfg.amount) collateral = collateral.round(cfg.amount, 'down');
  }
  const units = (d: Decimal) => d.toUnits(TOKEN_DECIMALS, 'down').toString();
  return side === 'BUY'
    ? { side, makerAmount: units(collateral), takerAmount: units(shares), shares, collateral, price: p }
    : { side, makerAmount: units(shares), takerAmount: units(collateral), shares, collateral, price: p };
}

/**
 * Sizes (on the 0.01 grid) whose collateral `size × price` has at most `places` decimals: the
 * largest at or below `size` and the smallest above it. Used to suggest valid sizes when the
 * exchange's amount precision would reject an order.
 */
export function nearestSizesForPrecision(price: Decimal, size: Decimal, places: number): { below: Decimal; above: Decimal; step: Decimal } {
  const d = price.places();
  const P = price.toUnits(d);
  const S = size.toUnits(SIZE_PLACES, 'down');
  const extra = d + SIZE_PLACES - places;
  let step = 1n;
  if (extra > 0) {
    const m = 10n ** BigInt(extra);
    step = m / gcd(P, m);
  }
  const below = (S / step) * step;
  const above = below === S ? S + step : below + step;
  const asShares = (u: bigint) => Decimal.fromUnits(u, SIZE_PLACES);
  return { below: asShares(below), above: asShares(above), step: asShares(step) };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}
