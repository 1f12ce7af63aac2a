/**
 * What people see beside a Position (interface-extensions: "derived for people, never extra JSON
 * fields"): cost basis, value at the mark, unrealized P&L and its percentage. Exact decimals;
 * pure. Without a mark there is no value and no P&L (null), never a guess.
 */
import { Decimal } from '../decimal.js';
import type { Position } from '../models/portfolio.js';

export interface PositionValue {
  /** size × average price, dollars. */
  cost: number;
  /** size × mark, dollars; null without a mark. */
  value: number | null;
  /** value − cost; null without a mark. */
  pnl: number | null;
  /** P&L as a percentage of cost (2 decimals); null without a mark or at zero cost. */
  pnl_pct: number | null;
}

export function positionValue(p: Pick<Position, 'size' | 'average_price' | 'current_price'>): PositionValue {
  const size = Decimal.from(p.size);
  const cost = size.times(p.average_price).round(6);
  if (p.current_price === null) return { cost: cost.toNumber(), value: null, pnl: null, pnl_pct: null };
  const value = size.times(p.current_price).round(6);
  const pnl = value.minus(cost);
  return {
    cost: cost.toNumber(),
    value: value.toNumber(),
    pnl: pnl.toNumber(),
    pnl_pct: cost.isZero() ? null : pnl.times(100).div(cost, 2).toNumber(),
  };
}

/** Totals over positions (dollars); value and P&L only over positions with a mark. */
export function positionTotals(ps: Array<Pick<Position, 'size' | 'average_price' | 'current_price'>>): { cost: number; value: number; pnl: number; unmarked: number } {
  let cost = Decimal.ZERO;
  let value = Decimal.ZERO;
  let pnl = Decimal.ZERO;
  let unmarked = 0;
  for (const p of ps) {
    const v = positionValue(p);
    cost = cost.plus(v.cost);
    if (v.value === null) unmarked += 1;
    else {
      value = value.plus(v.value);
      pnl = pnl.plus(v.pnl!);
    }
  }
  return { cost: cost.toNumber(), value: value.toNumber(), pnl: pnl.toNumber(), unmarked };
}
