import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Decimal } from '../../../src/decimal.js';
import { nearestSizesForPrecision, orderAmounts, ROUNDING, type WireSide } from '../../../src/exchanges/polymarket/amounts.js';

const D = (s: string) => Decimal.from(s);

// [side, price, size, tick, makerAmount, takerAmount]; float products noted where JS gets them wrong.
const TABLE: Array<[WireSide, string, string, string, string, string]> = [
  ['BUY', '0.52', '10', '0.01', '5200000', '10000000'],
  ['BUY', '0.29', '100', '0.01', '29000000', '100000000'], // 0.29*100 = 28.999999999999996
  ['SELL', '0.29', '100', '0.01', '100000000', '29000000'],
  ['BUY', '0.57', '19.99', '0.01', '11394300', '19990000'], // 0.57*19.99 = 11.394299999999998
  ['SELL', '0.57', '19.99', '0.01', '19990000', '11394300'],
  ['BUY', '0.07', '100', '0.01', '7000000', '100000000'], // 7.000000000000001
  ['BUY', '0.3', '3.33', '0.1', '999000', '3330000'],
  ['SELL', '0.7', '10.01', '0.1', '10010000', '7007000'],
  ['BUY', '0.123', '10.01', '0.001', '1231230', '10010000'],
  ['SELL', '0.999', '1.01', '0.001', '1010000', '1008990'],
  ['BUY', '0.515', '33.33', '0.005', '17164950', '33330000'],
  ['SELL', '0.005', '5', '0.005', '5000000', '25000'],
  ['BUY', '0.0001', '12345.67', '0.0001', '1234567', '12345670000'],
  ['SELL', '0.9999', '0.01', '0.0001', '10000', '9999'], // 0.009999000000000001
  ['SELL', '0.0025', '7.77', '0.0025', '7770000', '19425'], // 0.019424999999999998
  ['BUY', '0.9975', '3', '0.0025', '2992500', '3000000'],
];

describe('order amounts (CLOB V2, 6-decimal fixed point)', () => {
  test.each(TABLE)('%s %s × %s on tick %s → maker %s, taker %s', (side, price, size, tick, maker, taker) => {
    const a = orderAmounts(side, D(price), D(size), D(tick));
    expect(a.makerAmount).toBe(maker);
    expect(a.takerAmount).toBe(taker);
  });

  test('every tick size Polymarket uses has a rounding config', () => {
    expect(Object.keys(ROUNDING).sort()).toEqual(['0.0001', '0.001', '0.0025', '0.005', '0.01', '0.1']);
    expect(ROUNDING['0.005']).toEqual({ price: 3, size: 2, amount: 5 });
    expect(ROUNDING['0.0025']).toEqual({ price: 4, size: 2, amount: 6 });
  });

  test('size is rounded down to 0.01 shares and price half-up to the tick places, as the official clients do', () => {
    const a = orderAmounts('BUY', D('0.525'), D('10.129'), D('0.01'));
    expect(a.takerAmount).toBe('10120000');
    expect(a.price.toFixed()).toBe('0.53');
    expect(a.makerAmount).toBe('5363600');
  });

  test('property: maker/taker is exactly the price for on-grid orders (BUY), taker/maker for SELL', () => {
    const ticks = ['0.1', '0.01', '0.005', '0.001', '0.0025', '0.0001'];
    fc.assert(
      fc.property(fc.constantFrom(...ticks), fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 10_000_000 }), fc.boolean(), (tick, k, cents, buy) => {
        const t = D(tick);
        const steps = Decimal.ONE.div(t, 0).toNumber();
        const price = t.times((k % (steps - 1)) + 1);
        const size = Decimal.fromUnits(BigInt(cents), 2);
        const a = orderAmounts(buy ? 'BUY' : 'SELL', price, size, t);
        const usd = BigInt(buy ? a.makerAmount : a.takerAmount);
        const shares = BigInt(buy ? a.takerAmount : a.makerAmount);
        const d = price.places();
        // usd / shares == price  ⇔  usd × 10^d == shares × P
        expect(usd * 10n ** BigInt(d)).toBe(shares * price.toUnits(d));
        expect(shares).toBe(BigInt(cents) * 10_000n);
      }),
      { numRuns: 500 },
    );
  });
});

describe('sizes that fit the exchange precision', () => {
  test.each([
    // price, size, places → below, above
    ['0.123', '10.01', 4, '10', '10.1'],
    ['0.57', '19.99', 2, '19', '20'],
    ['0.5', '10.01', 2, '10', '10.02'],
    ['0.0001', '1.23', 4, '1', '2'],
    ['0.52', '10', 2, '10', '10.25'],
  ])('%s × %s within %i places → %s or %s', (price, size, places, below, above) => {
    const r = nearestSizesForPrecision(D(price), D(size), places as number);
    expect(r.below.toFixed()).toBe(below);
    expect(r.above.toFixed()).toBe(above);
    for (const s of [r.below, r.above]) expect(s.times(D(price)).places()).toBeLessThanOrEqual(places as number);
  });
});
