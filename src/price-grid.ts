/**
 * Tiered price grids (Kalshi's `price_ranges`, 2026: steps down to $0.0001 at the edges, no single
 * tick): every valid price is strictly inside (0, 1), inside some range and on that range's step.
 * Pure, shared by the adapter that reads the ranges and by the order preview and prompt, which
 * validate and suggest prices per range.
 */
import { Decimal } from './decimal.js';

export interface PriceRange {
  start: Decimal;
  end: Decimal;
  step: Decimal;
}

function onGrid(p: Decimal, r: PriceRange): boolean {
  return p.gte(r.start) && p.lte(r.end) && p.minus(r.start).isMultipleOf(r.step);
}

/** Every valid price is in (0, 1), inside some range and on that range's step. */
export function isValidPrice(p: Decimal, ranges: readonly PriceRange[]): boolean {
  return p.gt(0) && p.lt(1) && ranges.some((r) => onGrid(p, r));
}

/** The closest valid prices strictly below and above `p` (either may be missing). */
export function nearestValidPrices(p: Decimal, ranges: readonly PriceRange[]): { below: Decimal | null; above: Decimal | null } {
  let below: Decimal | null = null;
  let above: Decimal | null = null;
  const consider = (c: Decimal, r: PriceRange) => {
    if (!isValidPrice(c, [r])) return;
    if (c.lt(p) && (!below || c.gt(below))) below = c;
    if (c.gt(p) && (!above || c.lt(above))) above = c;
  };
  for (const r of ranges) {
    const last = r.start.plus(r.end.minus(r.start).snap(r.step, 'down'));
    const clamped = p.lt(r.start) ? r.start : p.gt(last) ? last : p;
    const down = r.start.plus(clamped.minus(r.start).snap(r.step, 'down'));
    const up = r.start.plus(clamped.minus(r.start).snap(r.step, 'up'));
    // Grid points at 0 or 1 are not orderable: step one tick inwards.
    for (const c of [down, up, down.minus(r.step), up.plus(r.step)]) consider(c, r);
  }
  return { below, above };
}

/** The step of the range `p` falls in (the finer one where two ranges meet), or null outside them all. */
export function stepAt(p: Decimal, ranges: readonly PriceRange[]): Decimal | null {
  let step: Decimal | null = null;
  for (const r of ranges) if (p.gte(r.start) && p.lte(r.end) && (!step || r.step.lt(step))) step = r.step;
  return step;
}

/** The same grid on the other outcome's scale (p ↔ 1 − p). */
export function mirrored(ranges: readonly PriceRange[]): PriceRange[] {
  return ranges.map((r) => ({ start: Decimal.ONE.minus(r.end), end: Decimal.ONE.minus(r.start), step: r.step })).reverse();
}

/** "0.001 to 0.1, 0.01 to 0.9, 0.001 to 1": each range's step and where it ends. */
export function rangesText(ranges: readonly PriceRange[]): string {
  return ranges.map((r) => `${r.step.toFixed()} to ${r.end.toFixed()}`).join(', ');
}
