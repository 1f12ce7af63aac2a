import { describe, expect, test } from 'vitest';
import { Decimal } from '../../../src/decimal.js';
import { checkOrder, collateralPlaces, type OrderInput, type TokenRules } from '../../../src/exchanges/polymarket/order-rules.js';
import { usage } from '../../helpers/failure.js';

const YES = '71321045679252212594626385532706912750332728571942532289631379312455583992563';
const NO = '52114319501245915516055106046884209969926127482827954674443846427813813222426';

function rules(tick = '0.01', min = '5'): TokenRules {
  return { tokenId: YES, outcome: 'Yes', siblings: [{ tokenId: NO, outcome: 'No' }], tick: Decimal.from(tick), minSize: Decimal.from(min), market: 'will-it-rain' };
}
const order = (o: Partial<OrderInput> = {}): OrderInput => ({ side: 'buy', price: 0.52, size: 10, order_type: 'gtc', outcome: 'yes', ...o });

describe('Polymarket pre-trade checks', () => {
  test('a valid order passes and comes back exact', () => {
    const r = checkOrder(order({ price: 0.57, size: 19.99 }), rules());
    expect(r.price.toFixed()).toBe('0.57');
    expect(r.size.toFixed()).toBe('19.99');
  });

  test('a closed or resolved market takes no orders', () => {
    for (const status of ['closed', 'resolved'] as const) {
      expect(usage(() => checkOrder(order(), { ...rules(), status })).message).toContain(`will-it-rain is ${status}`);
    }
    expect(() => checkOrder(order(), { ...rules(), status: 'active' })).not.toThrow();
  });

  test('outcome may be omitted, and is case-insensitive when given', () => {
    expect(() => checkOrder(order({ outcome: undefined }), rules())).not.toThrow();
    expect(() => checkOrder(order({ outcome: { label: 'YES' } }), rules())).not.toThrow();
  });

  test('the wrong outcome names the token to use instead', () => {
    const e = usage(() => checkOrder(order({ outcome: 'no' }), rules()));
    expect(e.message).toContain('"Yes" outcome');
    expect(e.message).toContain(NO);
  });

  test('an unknown label lists the market\'s outcomes', () => {
    const e = usage(() => checkOrder(order({ outcome: { label: 'Maybe' } }), rules()));
    expect(e.message).toContain('"No" (token');
  });

  test.each([
    [0.523, '0.01', '0.52 or 0.53'],
    [0.5205, '0.001', '0.52 or 0.521'],
    [0.512, '0.005', '0.51 or 0.515'],
    [0.5001, '0.0025', '0.5 or 0.5025'],
  ])('off-grid price %s on tick %s → nearest %s', (price, tick, nearest) => {
    const e = usage(() => checkOrder(order({ price, size: 100 }), rules(tick)));
    expect(e.message).toContain(`tick grid of ${tick}`);
    expect(e.message).toContain(`nearest valid: ${nearest}`);
  });

  test.each([
    [0.05, '0.1', '0.1'],
    [0.995, '0.01', '0.99'],
  ])('price %s outside [tick, 1 − tick] for tick %s → nearest %s', (price, tick, nearest) => {
    const e = usage(() => checkOrder(order({ price }), rules(tick)));
    expect(e.message).toContain(`nearest valid: ${nearest}`);
  });

  test.each([0, 1, -0.5, 1.5])('price %s outside (0, 1)', (price) => {
    expect(usage(() => checkOrder(order({ price }), rules())).message).toMatch(/between 0 and 1/);
  });

  test('size below the market minimum names the minimum', () => {
    const e = usage(() => checkOrder(order({ size: 4.99 }), rules('0.01', '5')));
    expect(e.message).toContain('minimum order size of 5 shares');
  });

  test('size with more than 2 decimals suggests the neighbours', () => {
    expect(usage(() => checkOrder(order({ size: 10.123 }), rules())).message).toContain('nearest valid: 10.12 or 10.13');
  });

  test('size <= 0 is refused', () => {
    expect(usage(() => checkOrder(order({ size: 0 }), rules())).message).toMatch(/greater than 0/);
  });

  test('limit orders: the USD amount follows the tick\'s rounding table (5 decimals at 0.001, 6 at 0.0001), not a flat 4', () => {
    // The official client signs these; pmt used to refuse every one of them.
    const r = checkOrder(order({ price: 0.555, size: 12.35 }), rules('0.001'));
    expect([r.price.toFixed(), r.size.toFixed()]).toEqual(['0.555', '12.35']);
    expect(() => checkOrder(order({ price: 0.123, size: 10.01 }), rules('0.001'))).not.toThrow();
    expect(() => checkOrder(order({ price: 0.1234, size: 10.01 }), rules('0.0001'))).not.toThrow();
    expect(() => checkOrder(order({ price: 0.1235, size: 99.99, side: 'sell' }), rules('0.0001'))).not.toThrow();
    expect(collateralPlaces('buy', 'gtc', Decimal.from('0.1'))).toBe(3);
    expect(collateralPlaces('buy', 'gtc', Decimal.from('0.01'))).toBe(4);
    expect(collateralPlaces('sell', 'gtc', Decimal.from('0.001'))).toBe(5);
    expect(collateralPlaces('buy', 'gtc', Decimal.from('0.0001'))).toBe(6);
    expect(collateralPlaces('buy', 'fok', Decimal.from('0.0001'))).toBe(2);
  });

  test('immediate (ioc/fok) buys: the USD amount may have at most 2 decimals', () => {
    const e = usage(() => checkOrder(order({ price: 0.57, size: 19.99, order_type: 'fok' }), rules()));
    expect(e.message).toContain('nearest valid sizes: 19 or 20');
    expect(() => checkOrder(order({ price: 0.57, size: 19.99, order_type: 'gtc' }), rules())).not.toThrow();
    expect(() => checkOrder(order({ price: 0.57, size: 19.99, order_type: 'ioc', side: 'sell' }), rules())).not.toThrow();
  });

  test('suggested sizes never go below the minimum', () => {
    const e = usage(() => checkOrder(order({ price: 0.57, size: 5.5, order_type: 'ioc' }), rules('0.01', '5.5')));
    expect(e.message).toContain('nearest valid sizes: 6');
    expect(e.message).not.toContain(' 5 or');
  });
});
