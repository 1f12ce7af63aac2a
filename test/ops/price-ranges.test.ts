/**
 * Tiered price grids (Kalshi's price_ranges; tick_size is gone): the preview, the prompt hint and
 * the flag check validate and suggest per range, on the traded outcome's scale.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/decimal.js';
import { gridOf, gridProblem, priceProblem } from '../../src/ops/order-rules.js';
import { priceHint } from '../../src/commands/order/entry.js';
import { FakeExchange } from '../commands/order-fake.js';

// Kalshi's tapered structure down to $0.0001 at the edges.
const RANGES = [
  { start: '0.0000', end: '0.0100', step: '0.0001' },
  { start: '0.0100', end: '0.9900', step: '0.0100' },
  { start: '0.9900', end: '1.0000', step: '0.0001' },
];
const k = new FakeExchange('kalshi');
const info = { ...k.markets.get('KXTEST-25DEC31')!, tick_size: 0.0001, price_ranges: RANGES };

describe('price ranges', () => {
  it('a price valid only under the ranges is accepted; one off its range step is refused with the nearest valid prices', () => {
    const yes = gridOf(info, 'Yes')!;
    expect(gridProblem('price', Decimal.from('0.9955'), yes)).toBeNull();
    expect(gridProblem('price', Decimal.from('0.0037'), yes)).toBeNull();
    expect(gridProblem('price', Decimal.from('0.505'), yes)).toBe(
      'price 0.505 is off the 0.01 step of its price range (steps 0.0001 to 0.01, 0.01 to 0.99, 0.0001 to 1); nearest valid prices: 0.5 or 0.51',
    );
    expect(priceProblem('--price', '0.505', info.tick_size, yes)).toContain('nearest valid prices: 0.5 or 0.51');
    // The finest step alone (the old tick_size) would have let 0.505 through.
    expect(priceProblem('--price', '0.505', info.tick_size)).toBeNull();
  });

  it('on the No scale the grid is mirrored (No 0.0045 = Yes 0.9955)', () => {
    const no = gridOf(info, 'No')!;
    expect(gridProblem('price', Decimal.from('0.0045'), no)).toBeNull();
    expect(gridProblem('price', Decimal.from('0.455'), no)).toContain('nearest valid prices: 0.45 or 0.46');
  });

  it('the prompt hint names the range step and the nearest prices', () => {
    expect(priceHint({ info, side: 'buy', outcome: 'Yes', book: null }, '0.505')).toBe('✗ is off the 0.01 step of its price range; nearest valid prices: 0.5 or 0.51');
    expect(priceHint({ info, side: 'buy', outcome: 'Yes', book: null }, '0.9955')).toMatch(/^✓ buy Yes at/);
  });
});
