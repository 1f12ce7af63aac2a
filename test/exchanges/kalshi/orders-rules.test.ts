import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../../src/decimal.js';
import { exitCodeFor, PmtError } from '../../../src/errors.js';
import {
  checkKalshiOrder,
  checkOutcome,
  checkPrice,
  checkSize,
  finestStep,
  isValidPrice,
  nearestValidPrices,
  parsePriceRanges,
  type KalshiOrderRules,
} from '../../../src/exchanges/kalshi/order-rules.js';
import { bookSideFor, createOrderBody } from '../../../src/exchanges/kalshi/order-wire.js';
import { TAPERED_RANGES } from '../../upstream/kalshi/market-fixtures.js';

const CENT = parsePriceRanges([{ start: '0.0100', end: '0.9900', step: '0.0100' }]);
const TAPERED = parsePriceRanges(TAPERED_RANGES);

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PmtError);
    expect(exitCodeFor(e)).toBe(2);
    return (e as PmtError).message;
  }
  throw new Error('expected a usage error');
}

describe('price grid', () => {
  it('accepts prices on the one-cent grid, exactly', () => {
    expect(checkPrice(0.55, CENT).toFixed()).toBe('0.55');
    expect(checkPrice(0.01, CENT).toFixed()).toBe('0.01');
    expect(checkPrice(0.99, CENT).toFixed()).toBe('0.99');
  });

  it('names the tick and the nearest valid prices for an off-grid price', () => {
    expect(message(() => checkPrice(0.555, CENT))).toBe('price 0.555 is off the 0.01 tick grid; nearest valid prices: 0.55 or 0.56');
  });

  it('uses the step of the tier a price falls in', () => {
    expect(checkPrice(0.055, TAPERED).toFixed()).toBe('0.055');
    expect(checkPrice(0.905, TAPERED).toFixed()).toBe('0.905');
    expect(message(() => checkPrice(0.0555, TAPERED))).toBe('price 0.0555 is off the 0.001 tick grid; nearest valid prices: 0.055 or 0.056');
    expect(message(() => checkPrice(0.105, TAPERED))).toBe('price 0.105 is off the 0.01 tick grid; nearest valid prices: 0.1 or 0.11');
    expect(message(() => checkPrice(0.895, TAPERED))).toBe(
      'price 0.895 is off the 0.01 tick grid; nearest valid prices: 0.89 or 0.9',
    );
  });

  it('accepts tier boundaries from either side', () => {
    for (const p of ['0.1', '0.9', '0.001', '0.999', '0.099', '0.901']) expect(isValidPrice(Decimal.from(p), TAPERED)).toBe(true);
  });

  it('never suggests 0 or 1', () => {
    expect(message(() => checkPrice(0.9995, TAPERED))).toBe('price 0.9995 is off the 0.001 tick grid; nearest valid price: 0.999');
    expect(message(() => checkPrice(0.0005, TAPERED))).toBe('price 0.0005 is off the 0.001 tick grid; nearest valid price: 0.001');
  });

  it('refuses prices outside the market range and outside (0, 1)', () => {
    expect(message(() => checkPrice(0.995, CENT))).toBe("price 0.995 is outside this market's price range (0.01 to 0.99); nearest valid price: 0.99");
    expect(message(() => checkPrice(0.005, CENT))).toBe("price 0.005 is outside this market's price range (0.01 to 0.99); nearest valid price: 0.01");
    expect(message(() => checkPrice(1, CENT))).toBe('price 1 must be strictly between 0 and 1; nearest valid price: 0.99');
    expect(message(() => checkPrice(0, TAPERED))).toBe('price 0 must be strictly between 0 and 1; nearest valid price: 0.001');
    expect(message(() => checkPrice(1.5, CENT))).toBe('price 1.5 must be strictly between 0 and 1; nearest valid price: 0.99');
    expect(message(() => checkPrice(-0.2, CENT))).toBe('price -0.2 must be strictly between 0 and 1; nearest valid price: 0.01');
  });

  it('suggestions are valid and nothing valid lies between them and the price (tapered grid)', () => {
    // Every tapered price is a whole number of 0.001; enumerate them as the oracle.
    const valid = (m: number) => m > 0 && m < 1000 && (m <= 100 || m >= 900 || m % 10 === 0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), (micro) => {
        const p = Decimal.fromUnits(BigInt(micro), 6);
        const onGrid = micro % 1000 === 0 && valid(micro / 1000);
        expect(isValidPrice(p, TAPERED)).toBe(onGrid);
        if (onGrid) return;
        const { below, above } = nearestValidPrices(p, TAPERED);
        const milli = micro / 1000;
        let lo: number | null = null;
        for (let m = Math.ceil(milli) - 1; m >= 1; m--) if (valid(m)) { lo = m; break; }
        let hi: number | null = null;
        for (let m = Math.floor(milli) + 1; m <= 999; m++) if (valid(m)) { hi = m; break; }
        expect(below?.toFixed() ?? null).toBe(lo === null ? null : Decimal.fromUnits(BigInt(lo), 3).toFixed());
        expect(above?.toFixed() ?? null).toBe(hi === null ? null : Decimal.fromUnits(BigInt(hi), 3).toFixed());
      }),
      { numRuns: 500 },
    );
  });
});

describe('price_ranges parsing', () => {
  it('reads tiers, reports the finest step', () => {
    expect(TAPERED).toHaveLength(3);
    expect(finestStep(TAPERED).toFixed()).toBe('0.001');
    expect(finestStep(CENT).toFixed()).toBe('0.01');
  });

  it('drops junk tiers and falls back to the legacy tick, then to one cent', () => {
    const junk = [{ start: '0.5', end: '0.1', step: '0.01' }, { start: '0.1', end: '0.9', step: '0' }, null, { start: 'x' }];
    expect(parsePriceRanges(junk, 2).map((r) => [r.start.toFixed(), r.end.toFixed(), r.step.toFixed()])).toEqual([['0.02', '0.98', '0.02']]);
    expect(parsePriceRanges(undefined).map((r) => r.step.toFixed())).toEqual(['0.01']);
    expect(parsePriceRanges([{ start: '0.0100', end: '0.9900', step: '0.0500' }, junk[0]])).toHaveLength(1);
  });
});

describe('size', () => {
  const whole = { fractional: false };
  const frac = { fractional: true };

  it('whole-contract markets: minimum 1, whole numbers', () => {
    expect(checkSize(10, whole).toFixed()).toBe('10');
    expect(message(() => checkSize(0.5, whole))).toBe("size 0.5 is below this market's minimum of 1 contract; nearest valid size: 1");
    expect(message(() => checkSize(2.5, whole))).toBe(
      'size 2.5 is not a whole number of contracts (this market does not trade fractional contracts); nearest valid sizes: 2 or 3',
    );
    expect(message(() => checkSize(0, whole))).toBe('size 0 must be greater than 0; nearest valid size: 1');
  });

  it('fractional markets: minimum 0.01 on the 0.01 grid', () => {
    expect(checkSize(0.01, frac).toFixed()).toBe('0.01');
    expect(checkSize(2.5, frac).toFixed()).toBe('2.5');
    expect(message(() => checkSize(0.005, frac))).toBe("size 0.005 is below this market's minimum of 0.01 contracts; nearest valid size: 0.01");
    expect(message(() => checkSize(1.234, frac))).toBe('size 1.234 is finer than the 0.01-contract grid; nearest valid sizes: 1.23 or 1.24');
  });
});

describe('outcome and market', () => {
  const rules: KalshiOrderRules = { ticker: 'KX-A', ranges: CENT, fractional: false, status: 'active' };

  it('takes yes/no (also as labels), refuses other labels', () => {
    expect(checkOutcome('yes')).toBe('yes');
    expect(checkOutcome('no')).toBe('no');
    expect(checkOutcome({ label: 'No' })).toBe('no');
    expect(message(() => checkOutcome({ label: 'Trump' }))).toBe('outcome "Trump" is not valid on Kalshi: its markets are binary; valid outcomes: yes or no');
  });

  it('refuses orders on a market that is not active', () => {
    expect(message(() => checkKalshiOrder({ outcome: 'yes', price: 0.5, size: 1 }, { ...rules, status: 'closed' }))).toBe(
      'market KX-A is not open for trading on Kalshi (status "closed"); orders are accepted only while a market is active',
    );
  });

  it('checks outcome, then price, then size', () => {
    expect(message(() => checkKalshiOrder({ outcome: { label: 'x' }, price: 2, size: 0 }, rules))).toMatch(/^outcome/);
    expect(message(() => checkKalshiOrder({ outcome: 'yes', price: 0.333, size: 0 }, rules))).toMatch(/^price 0.333/);
    expect(message(() => checkKalshiOrder({ outcome: 'yes', price: 0.33, size: 1.5 }, rules))).toMatch(/^size 1.5/);
    const ok = checkKalshiOrder({ outcome: 'no', price: 0.33, size: 3 }, rules);
    expect([ok.outcome, ok.price.toFixed(), ok.yesPrice.toFixed(), ok.count.toFixed()]).toEqual(['no', '0.33', '0.67', '3']);
  });

  it('checks a NO price through its exact YES equivalent and explains it on the NO scale', () => {
    const fine = { ticker: 'KX-F', ranges: parsePriceRanges([{ start: '0.0001', end: '0.9999', step: '0.0001' }]), fractional: true, status: 'active' };
    const ok = checkKalshiOrder({ outcome: 'no', price: '0.3001', size: 1 }, fine);
    expect([ok.price.toFixed(), ok.yesPrice.toFixed()]).toEqual(['0.3001', '0.6999']);
    expect(message(() => checkKalshiOrder({ outcome: 'no', price: 0.335, size: 1 }, rules))).toMatch(/^price 0.335 .*0.33 or 0.34/);
  });
});

describe('V2 wire mapping', () => {
  it('maps outcome × side to the YES book side', () => {
    expect(bookSideFor('yes', 'buy')).toBe('bid');
    expect(bookSideFor('yes', 'sell')).toBe('ask');
    expect(bookSideFor('no', 'buy')).toBe('ask');
    expect(bookSideFor('no', 'sell')).toBe('bid');
  });

  it('formats count with 2 decimals and price with 4', () => {
    // Buying NO at 0.30 is a YES ask at 0.70 (contract: prices and outcomes).
    const body = createOrderBody('KX-A', { outcome: 'no', price: Decimal.from('0.3'), yesPrice: Decimal.from('0.7'), count: Decimal.from('12') }, 'buy', 'ioc', 'id-1');
    expect(body).toEqual({
      ticker: 'KX-A',
      client_order_id: 'id-1',
      side: 'ask',
      count: '12.00',
      price: '0.7000',
      time_in_force: 'immediate_or_cancel',
      self_trade_prevention_type: 'taker_at_cross',
    });
    expect(createOrderBody('KX-A', { outcome: 'yes', price: Decimal.from('0.00125'), yesPrice: Decimal.from('0.00125'), count: Decimal.from('0.5') }, 'buy', 'fok', 'i').price).toBe('0.00125');
    expect(createOrderBody('KX-A', { outcome: 'yes', price: Decimal.from('0.5'), yesPrice: Decimal.from('0.5'), count: Decimal.from('1') }, 'buy', 'gtc', 'i').time_in_force).toBe(
      'good_till_canceled',
    );
  });
});
