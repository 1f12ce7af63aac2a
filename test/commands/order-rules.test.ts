/** Venue-rule checks and the prompt validators/hints built on them (what a trader sees per keystroke). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../src/decimal.js';
import { nearestValidPrices, priceProblem, sizeProblem } from '../../src/ops/order-rules.js';
import { priceHint, sizeHint, outcomeChoices } from '../../src/commands/order/entry.js';
import { checkOutcome } from '../../src/ops/order-outcome.js';
import { parseOutcome } from '../../src/commands/order/common.js';
import { FakeExchange, NO_TOKEN, YES_TOKEN } from './order-fake.js';

const d = (s: string) => Decimal.parse(s)!;

describe('price on the tick grid', () => {
  it.each([
    ['0.65', 0.01, null],
    ['0.655', 0.01, 'nearest valid prices: 0.65 or 0.66'],
    ['0.655', 0.005, null],
    ['0.6525', 0.0025, null],
    ['0.653', 0.0025, 'nearest valid prices: 0.6525 or 0.655'],
    ['0.001', 0.01, 'nearest valid price: 0.01'],
    ['0.999', 0.01, 'nearest valid price: 0.99'],
    ['0.5', null, null],
  ])('%s with tick %s', (price, tick, problem) => {
    const got = priceProblem('--price', price, tick);
    if (problem === null) expect(got).toBeNull();
    else expect(got).toContain(problem);
  });

  it.each(['', '1', '0', '1.0', 'abc', '.5.', '1e-2', 'NaN', '-0.1', '0x1'])('rejects %j as a price', (v) => {
    expect(priceProblem('price', v, 0.01)).toMatch(/^price must/);
  });

  it('nearest prices always lie on the grid, inside (0, 1), and bracket the value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.constantFrom('0.01', '0.005', '0.001', '0.0025'), (n, t) => {
        const p = Decimal.fromUnits(BigInt(n), 4);
        const tick = d(t);
        const near = nearestValidPrices(p, tick);
        expect(near.length).toBeGreaterThan(0);
        for (const x of near) {
          expect(x.isMultipleOf(tick)).toBe(true);
          expect(x.gt(0) && x.lt(1)).toBe(true);
          expect(x.minus(p).times(x.gte(p) ? 1 : -1).lte(tick)).toBe(true);
        }
        if (p.isMultipleOf(tick)) expect(near.map(String)).toEqual([p.toFixed()]);
      }),
    );
  });
});

describe('size', () => {
  it.each([
    ['5', 5, null],
    ['4.99', 5, 'below this market\'s minimum order size of 5'],
    ['1.234', 1, 'more than 2 decimal places'],
    ['0', 1, 'greater than 0'],
    ['10', null, null],
  ])('%s with minimum %s', (size, min, problem) => {
    const got = sizeProblem('--size', size, min);
    if (problem === null) expect(got).toBeNull();
    else expect(got).toContain(problem);
  });
});

describe('live prompt hints', () => {
  const k = new FakeExchange('kalshi');
  const info = k.markets.get('KXTEST-25DEC31')!;
  it('show both outcomes\' prices and the cost as the price is typed', () => {
    // The typed price is No's own (what you pay); its place on the Yes book is beside it.
    expect(priceHint({ info, side: 'buy', outcome: 'No', book: null, size: d('10') }, '0.3')).toBe('✓ buy No at 0.30 = Yes ask at 0.70 · cost $3.00');
    expect(priceHint({ info, side: 'sell', outcome: 'No', book: null }, '0.3')).toBe('✓ sell No at 0.30 = Yes bid at 0.70');
    expect(priceHint({ info, side: 'sell', outcome: 'Yes', book: null }, '0.62')).toBe('✓ sell Yes at 0.62 = No at 0.38');
  });
  it('flag what is wrong, with the nearest valid prices, at each keystroke', () => {
    const ctx = { info, side: 'buy' as const, outcome: 'Yes', book: null };
    expect(priceHint(ctx, '')).toBe('');
    expect(priceHint(ctx, '0.')).toMatch(/^✗ must be a plain decimal/);
    expect(priceHint(ctx, '0.655')).toBe('✗ off the 0.01 grid: nearest 0.65 or 0.66');
    expect(priceHint({ ...ctx, info: { ...info, tick_size: 0.0025 } }, '0.653')).toBe('✗ off the 0.0025 grid: nearest 0.6525 or 0.655');
    expect(priceHint(ctx, '1')).toMatch(/^✗ must be between 0 and 1/);
  });
  it('size hints give the exact cost and payout', () => {
    expect(sizeHint(info, 'buy', d('0.355'), '7')).toBe('✓ cost $2.485, pays $7.00 if it wins');
    expect(sizeHint(info, 'sell', d('0.355'), '7')).toBe('✓ proceeds $2.485');
    expect(sizeHint({ ...info, min_order_size: 5 }, 'buy', d('0.5'), '4')).toContain('✗ 4 is below');
  });
  it('outcome choices come from the asset: Kalshi Yes/No on one book, Polymarket tokens', () => {
    expect(outcomeChoices(info).map((c) => c.value)).toEqual(['Yes', 'No']);
    expect(outcomeChoices(info)[1]!.description).toContain("you give No's own price; it is sent there at 1 - price");
    const p = new FakeExchange('polymarket').markets.get(YES_TOKEN)!;
    expect(outcomeChoices(p).map((c) => c.description)).toEqual([`token ${YES_TOKEN}`, `token ${NO_TOKEN}`]);
  });
  it('"now" is what buying each outcome costs: Yes its ask, No the NO ask = 1 − the YES bid, not 1 − the YES ask (issue 21)', () => {
    const quoted = { ...info, market: { ...info.market, best_bid: 0.29, best_ask: 0.31, outcomes: [{ label: 'Yes', price: 0.31, token_id: null }, { label: 'No', price: 0.69, token_id: null }] } };
    expect(outcomeChoices(quoted).map((c) => c.name)).toEqual(['Yes · now 0.31', 'No · now 0.71']);
  });
});

describe('outcomes', () => {
  it('parses yes/no in any case and labels', () => {
    expect(parseOutcome('YES')).toBe('yes');
    expect(parseOutcome('no')).toBe('no');
    expect(parseOutcome('Los Angeles')).toEqual({ label: 'Los Angeles' });
    expect(parseOutcome('label: "Lakers"')).toEqual({ label: 'Lakers' });
    expect(parseOutcome('Label : São Paulo')).toEqual({ label: 'São Paulo' });
    expect(parseOutcome({ label: 'No' })).toBe('no');
    expect(() => parseOutcome('label: "W\ufeff"')).toThrow(/control or invisible characters/);
    expect(() => parseOutcome('')).toThrow(/must not be empty/);
    expect(() => parseOutcome('a\u001b[31mb')).toThrow(/control or invisible characters/);
  });
  it('Kalshi takes yes or no; Polymarket only the token\'s own outcome', () => {
    const k = new FakeExchange('kalshi').markets.get('KXTEST-25DEC31')!;
    expect(checkOutcome(k, 'no')).toBe('No');
    expect(() => checkOutcome(k, 'maybe')).toThrow(/Kalshi markets are yes or no/);
    const p = new FakeExchange('polymarket').markets.get(YES_TOKEN)!;
    expect(checkOutcome(p, 'YES')).toBe('Yes');
    expect(() => checkOutcome(p, 'No')).toThrow(`--asset ${NO_TOKEN}`);
    expect(() => checkOutcome(p, 'Maybe')).toThrow(/outcomes: Yes, No/);
  });
});
