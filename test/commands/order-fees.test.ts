/** The preview's fee estimate: the published formulas to the exact cent, taker/maker split, unknowns. */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/decimal.js';
import { estimateFees, feeLegs, type FeeFill, type FeeLookup } from '../../src/ops/preview-fees.js';
import { estimateKalshiFees, kalshiFee, KALSHI_MAKER_RATE, KALSHI_TAKER_RATE } from '../../src/exchanges/kalshi/fee-estimate.js';
import { estimatePolymarketFees, polymarketTakerFee } from '../../src/exchanges/polymarket/fee-estimate.js';
import { limitFill } from '../../src/analytics/limit-fill.js';
import { buildPreview, previewJson } from '../../src/ops/preview.js';
import type { FeeSchedule } from '../../src/exchanges/exchange.js';
import { book, FakeExchange, YES_TOKEN } from './order-fake.js';

const d = (s: string) => Decimal.parse(s)!;
const at = (price: string, size: string): FeeFill => ({ price: d(price), size: d(size) });
const taker = (m: string, ...fills: FeeFill[]) => kalshiFee(KALSHI_TAKER_RATE, d(m), fills).toFixed(2);
const maker = (m: string, ...fills: FeeFill[]) => kalshiFee(KALSHI_MAKER_RATE, d(m), fills).toFixed(2);
const kalshi = (fee_type: string, fee_multiplier: number | null = 1): FeeLookup => {
  const schedule = { exchange: 'kalshi', series: 'KXTEST', fee_type, fee_multiplier } as const;
  return { schedule, amounts: (legs) => estimateKalshiFees(schedule, legs) };
};
const poly = (s: Partial<Extract<FeeSchedule, { exchange: 'polymarket' }>>): FeeLookup => {
  const schedule = { exchange: 'polymarket', base_fee_bps: null, rate: null, exponent: null, taker_only: null, ...s } as const;
  return { schedule, amounts: (legs) => estimatePolymarketFees(schedule, legs) };
};

describe('Kalshi taker fee: round up to the next cent of 0.07 × M × C × P × (1 − P)', () => {
  it.each([
    ['1 at 0.50 (0.0175 → 2¢)', at('0.50', '1'), '0.02'],
    ['10 at 0.50 (0.175 → 18¢)', at('0.50', '10'), '0.18'],
    ['100 at 0.50 (exactly 1.75: no round-up)', at('0.50', '100'), '1.75'],
    ['100 at 0.25', at('0.25', '100'), '1.32'],
    ['100 at 0.75 (same as 0.25: P × (1 − P) is symmetric)', at('0.75', '100'), '1.32'],
    ['100 at 0.05', at('0.05', '100'), '0.34'],
    ['1 at 0.01 (0.000693 still costs a cent)', at('0.01', '1'), '0.01'],
    ['0.5 at 0.50 (a fractional contract)', at('0.50', '0.5'), '0.01'],
    ['0.01 at 0.99 (the smallest size)', at('0.99', '0.01'), '0.01'],
    ['3 at 0.355 (sub-cent price)', at('0.355', '3'), '0.05'],
  ])('%s', (_name, fill, want) => expect(taker('1', fill)).toBe(want));

  it('is largest at P = 0.50 for the same size', () => {
    const peak = d(taker('1', at('0.50', '1000')));
    for (const p of ['0.01', '0.10', '0.30', '0.45', '0.55', '0.70', '0.99']) expect(d(taker('1', at(p, '1000'))).lt(peak)).toBe(true);
    expect(taker('1', at('0.50', '1000'))).toBe('17.50');
  });

  it('sums the fills at several levels before the single round-up', () => {
    // 0.07 × (10 × 0.45 × 0.55 + 5 × 0.46 × 0.54) = 0.26019 → 27¢ (rounding each would give 18¢ + 9¢ = 27¢ here too)
    expect(taker('1', at('0.45', '10'), at('0.46', '5'))).toBe('0.27');
    // 0.07 × 2 × (1 × 0.5 × 0.5) = 0.035 → 4¢, where two separate round-ups would charge 2¢ + 2¢.
    expect(taker('1', at('0.50', '1'), at('0.50', '1'))).toBe('0.04');
    expect(taker('1')).toBe('0.00');
  });

  it('scales with the series fee_multiplier', () => {
    expect(taker('0.5', at('0.50', '100'))).toBe('0.88'); // 0.875 → 88¢
    expect(taker('2', at('0.50', '10'))).toBe('0.35');
    expect(taker('0', at('0.50', '100'))).toBe('0.00');
  });
});

describe('Kalshi maker fee: round up of 0.0175 × M × C × P × (1 − P)', () => {
  it.each([
    [at('0.50', '100'), '1', '0.44'],
    [at('0.50', '10'), '1', '0.05'],
    [at('0.50', '1'), '1', '0.01'],
    [at('0.10', '100'), '1', '0.16'],
    [at('0.50', '100'), '0.5', '0.22'],
  ])('%o × %s', (fill, m, want) => expect(maker(m, fill)).toBe(want));
});

describe('Polymarket taker fee: C × rate × p × (1 − p) to 0.00001 USDC', () => {
  it.each([
    ['0.07', at('0.50', '100'), '1.75'],
    ['0.04', at('0.50', '100'), '1'],
    ['0.07', at('0.33', '7'), '0.10834'], // 0.1083390
    ['0.07', at('0.01', '0.1'), '0.00007'], // 0.0000693
    ['0.07', at('0.01', '0.01'), '0.00001'], // 0.00000693
    ['0', at('0.50', '100'), '0'],
  ])('rate %s, %o', (rate, fill, want) => expect(polymarketTakerFee(d(rate), [fill]).toFixed()).toBe(want));
});

describe('taker and maker parts of an order', () => {
  const fill = limitFill(book('X'), 'buy', d('0.67'), d('20')); // asks 0.66 × 4, 0.67 × 6 → 10 fill
  it('a resting order: what fills now takes, the rest makes', () => {
    const legs = feeLegs('gtc', d('0.67'), d('20'), fill);
    expect(legs.taker.map((f) => [f.price.toFixed(), f.size.toFixed()])).toEqual([['0.66', '4'], ['0.67', '6']]);
    expect(legs.maker).toEqual({ price: d('0.67'), size: d('10') });
  });
  it('immediate-or-cancel never rests; a fill-or-kill that cannot fill pays nothing', () => {
    expect(feeLegs('ioc', d('0.67'), d('20'), fill).maker).toBeNull();
    expect(feeLegs('fok', d('0.67'), d('20'), fill)).toEqual({ taker: [], maker: null, assumed: false });
    expect(feeLegs('fok', d('0.67'), d('10'), limitFill(book('X'), 'buy', d('0.67'), d('10'))).taker).toHaveLength(2);
  });
  it('without a book every contract is counted as taking at the limit, and the basis says so', () => {
    const legs = feeLegs('gtc', d('0.40'), d('10'), null);
    expect(legs).toEqual({ taker: [at('0.40', '10')], maker: null, assumed: true });
    const e = estimateFees(kalshi('quadratic'), legs);
    expect(e.taker?.toFixed()).toBe('0.17'); // 0.07 × 10 × 0.24 = 0.168
    expect(e.basis).toContain('no live book, so all 10 contracts are counted as taking');
  });
});

describe('the estimate per schedule', () => {
  const legs = feeLegs('gtc', d('0.50'), d('30'), { filled: d('10'), notional: d('5'), avg: d('0.5'), fills: [at('0.50', '10')] });

  it('Kalshi quadratic: takers pay, resting contracts do not', () => {
    const e = estimateFees(kalshi('quadratic'), legs);
    expect([e.taker?.toFixed(2), e.maker?.toFixed(2), e.total?.toFixed(2)]).toEqual(['0.18', '0.00', '0.18']);
    expect([e.taker_size.toFixed(), e.maker_size.toFixed()]).toEqual(['10', '20']);
    expect(e.reason).toBeNull();
    expect(e.basis).toContain('0.07 × 1 × C × P × (1 − P)');
  });
  it('Kalshi quadratic_with_maker_fees: the resting part pays the maker rate if it fills', () => {
    const e = estimateFees(kalshi('quadratic_with_maker_fees', 1), legs);
    expect([e.taker?.toFixed(2), e.maker?.toFixed(2), e.total?.toFixed(2)]).toEqual(['0.18', '0.09', '0.27']); // 0.0175 × 20 × 0.25 = 0.0875
    expect(e.schedule).toEqual({ series: 'KXTEST', fee_type: 'quadratic_with_maker_fees', fee_multiplier: 1 });
  });
  it('Kalshi flat, an unknown fee type or a missing multiplier: amounts unknown, with the reason', () => {
    for (const [lookup, why] of [
      [kalshi('flat'), /"flat" fees \(Kalshi's Specific Trading Fees table\) are not computed/],
      [kalshi('tiered'), /"tiered", which pmt does not know/],
      [kalshi('quadratic', null), /no fee_multiplier/],
    ] as const) {
      const e = estimateFees(lookup, legs);
      expect([e.taker, e.maker, e.total]).toEqual([null, null, null]);
      expect(e.reason).toMatch(why);
    }
  });
  it('a failed lookup: unknown, never an error', () => {
    const e = estimateFees({ error: 'Kalshi: 503' }, legs);
    expect(e.total).toBeNull();
    expect(e.reason).toBe('fee schedule unavailable: Kalshi: 503');
  });
  it('Polymarket with a fee curve: taker formula, makers free', () => {
    const e = estimateFees(poly({ base_fee_bps: 1000, rate: 0.04, exponent: 1, taker_only: true }), legs);
    expect([e.taker?.toFixed(), e.maker?.toFixed(), e.total?.toFixed()]).toEqual(['0.1', '0', '0.1']); // 10 × 0.04 × 0.25
    expect(e.schedule).toEqual({ base_fee_bps: 1000, fee_rate: 0.04, exponent: 1, taker_only: true });
  });
  it('Polymarket 0 bps: $0.00, and it says so', () => {
    const e = estimateFees(poly({ base_fee_bps: 0 }), legs);
    expect(e.total?.toFixed()).toBe('0');
    expect(e.basis).toContain('0 bps base fee');
  });
  it('Polymarket base fee without the fee-curve rate: the rate is shown, the amount is not guessed', () => {
    const e = estimateFees(poly({ base_fee_bps: 1000 }), legs);
    expect(e.total).toBeNull();
    expect(e.reason).toContain('1000 bps base fee');
    expect(e.schedule?.base_fee_bps).toBe(1000);
  });
  it('Polymarket curve with another exponent, or not takers-only with a resting part: unknown with the reason', () => {
    expect(estimateFees(poly({ base_fee_bps: 1000, rate: 0.25, exponent: 2 }), legs).reason).toMatch(/exponent 2/);
    const e = estimateFees(poly({ base_fee_bps: 1000, rate: 0.04, exponent: 1, taker_only: false }), legs);
    expect(e.taker?.toFixed()).toBe('0.1');
    expect(e.maker).toBeNull();
    expect(e.total).toBeNull();
  });
});

describe('the preview carries the estimate', () => {
  const kinfo = new FakeExchange('kalshi').markets.get('KXTEST-25DEC31')!;
  const pinfo = new FakeExchange('polymarket').markets.get(YES_TOKEN)!;
  const base = { environment: 'production', side: 'buy' as const, order_type: 'gtc' as const, outcome: 'Yes', impact: null };

  it('JSON keeps every earlier field and adds fee_estimate and the cost with fees', () => {
    const p = buildPreview({ ...base, exchange: 'kalshi', info: kinfo, price: d('0.67'), size: d('20'), book: book('K'), fees: kalshi('quadratic_with_maker_fees') });
    const j = previewJson(p);
    for (const k of ['market', 'outcome', 'book_outcome', 'complement', 'book_price', 'outcome_price', 'complement_price', 'cost', 'max_payout', 'book_side', 'best_bid', 'best_ask', 'fill_now', 'impact', 'book_time', 'book_age_s', 'checks', 'warnings', 'estimate']) {
      expect(j).toHaveProperty(k);
    }
    // Taker: 0.07 × (4 × 0.66 × 0.34 + 6 × 0.67 × 0.33) = 0.155694 → 0.16; maker: 0.0175 × 10 × 0.67 × 0.33 = 0.0386925 → 0.04.
    expect(j.fee_estimate).toMatchObject({ taker: 0.16, maker: 0.04, total: 0.2, taker_size: 10, maker_size: 10, reason: null });
    expect(j.cost).toBe(13.4);
    expect(j.cost_with_fees).toBe(13.6);
    expect(j.estimate).not.toContain('fees not included');
  });
  it('a sell shows proceeds after fees; an unknown fee nulls it', () => {
    const s = buildPreview({ ...base, side: 'sell', exchange: 'kalshi', info: kinfo, price: d('0.60'), size: d('10'), book: book('K'), fees: kalshi('quadratic') });
    expect(previewJson(s).proceeds_after_fees).toBe(Number(s.notional.minus(s.fee.total!).toFixed()));
    const u = buildPreview({ ...base, exchange: 'polymarket', info: pinfo, price: d('0.62'), size: d('10'), book: null, fees: { error: 'timeout' } });
    expect(previewJson(u).fee_estimate).toMatchObject({ taker: null, maker: null, total: null, reason: 'fee schedule unavailable: timeout' });
    expect(previewJson(u).cost_with_fees).toBeNull();
    expect(previewJson(u).estimate).toContain('fee unknown');
  });
});
