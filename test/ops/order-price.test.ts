/** `--price` is parsed once (orderPrice) and the tick grid checked on that decimal (tickProblem). */
import { describe, expect, it } from 'vitest';
import { orderPrice, priceProblem, tickProblem } from '../../src/ops/order-rules.js';
import { usage } from '../helpers/failure.js';

describe('one parse of a price', () => {
  it('text to the exact decimal, spaces around it gone', () => {
    expect(orderPrice('--price', ' 0.42 ').toFixed()).toBe('0.42');
    expect(orderPrice('--price', '0.1234').toFixed()).toBe('0.1234');
  });

  it('refused with the same words as the text check', () => {
    for (const bad of ['60', '1', 'abc', '-0.1']) expect(usage(() => orderPrice('--price', bad)).message).toBe(priceProblem('--price', bad, null));
  });

  it('the tick check on the parsed decimal says what the text check said', () => {
    for (const [text, tick] of [['0.425', 0.01], ['0.42', 0.01], ['0.4201', 0.001], ['0.5', null]] as const) {
      expect(tickProblem('--price', orderPrice('--price', text), tick)).toBe(priceProblem('--price', text, tick));
    }
    expect(tickProblem('--price', orderPrice('--price', '0.425'), 0.01)).toBe("--price 0.425 is not on this market's 0.01 tick grid; nearest valid prices: 0.42 or 0.43");
  });
});
