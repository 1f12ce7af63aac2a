import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/decimal.js';
import { parseCreateV2, parseKalshiOrder, statusFromCounts } from '../../../src/exchanges/kalshi/order-parse.js';

const NOW = '2026-01-02T03:04:05.000Z';

/** A V1 Order as the spec lists it (every required field). */
function v1(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_id: 'ord-1',
    user_id: 'u',
    client_order_id: 'c-1',
    ticker: 'KXBTCD-25APR1517',
    side: 'yes',
    action: 'buy',
    type: 'limit',
    status: 'resting',
    yes_price_dollars: '0.5600',
    no_price_dollars: '0.4400',
    fill_count_fp: '0.00',
    remaining_count_fp: '10.00',
    initial_count_fp: '10.00',
    taker_fill_cost_dollars: '0.0000',
    maker_fill_cost_dollars: '0.0000',
    taker_fees_dollars: '0.0000',
    maker_fees_dollars: '0.0000',
    created_time: '2025-11-12T10:00:00Z',
    ...over,
  };
}

describe('V1 order → Order', () => {
  it('maps a resting unfilled order', () => {
    expect(parseKalshiOrder(v1(), NOW)).toEqual({
      id: 'ord-1',
      market_ticker: 'KXBTCD-25APR1517',
      outcome: 'Yes',
      side: 'buy',
      price: 0.56,
      size: 10,
      filled: 0,
      status: 'open',
      created_at: '2025-11-12T10:00:00.000Z',
      fee: null,
      updated_at: null,
    });
  });

  it('resting with fills is partially_filled; size stays the order size; fee is per contract', () => {
    const o = parseKalshiOrder(
      v1({ fill_count_fp: '3.00', remaining_count_fp: '7.00', taker_fees_dollars: '0.0200', maker_fees_dollars: '0.0100', last_update_time: '2025-11-12T10:00:01Z' }),
      NOW,
    );
    expect([o.status, o.size, o.filled, o.fee, o.updated_at]).toEqual(['partially_filled', 10, 3, 0.01, '2025-11-12T10:00:01.000Z']);
  });

  it('per-contract fee is exact to 6 places', () => {
    expect(parseKalshiOrder(v1({ status: 'executed', fill_count_fp: '3.00', remaining_count_fp: '0.00', taker_fees_dollars: '0.0700' }), NOW).fee).toBe(0.023333);
  });

  it('executed → filled; canceled (even partly filled) → cancelled', () => {
    expect(parseKalshiOrder(v1({ status: 'executed', fill_count_fp: '10.00', remaining_count_fp: '0.00' }), NOW).status).toBe('filled');
    const c = parseKalshiOrder(v1({ status: 'canceled', fill_count_fp: '4.00', remaining_count_fp: '0.00' }), NOW);
    expect([c.status, c.size, c.filled]).toEqual(['cancelled', 10, 4]);
  });

  it('a NO order reads back in its own terms: outcome, action and no_price_dollars', () => {
    const o = parseKalshiOrder(v1({ side: 'no', action: 'sell', yes_price_dollars: '0.7000', no_price_dollars: '0.3000' }), NOW);
    expect([o.outcome, o.side, o.price]).toEqual(['No', 'sell', 0.3]);
    // Only the YES price sent: the NO price is its exact complement.
    const y = parseKalshiOrder(v1({ side: 'no', action: 'buy', yes_price_dollars: '0.6100', no_price_dollars: undefined }), NOW);
    expect([y.outcome, y.side, y.price]).toEqual(['No', 'buy', 0.39]);
  });

  it('a V2 order known only in its YES-book form reads as Yes: buy for a bid, sell for an ask', () => {
    const o = parseKalshiOrder(v1({ side: 'yes', action: 'sell', yes_price_dollars: '0.7000', no_price_dollars: '0.3000' }), NOW);
    expect([o.outcome, o.side, o.price]).toEqual(['Yes', 'sell', 0.7]);
  });

  it('reads legacy integer fields when the fixed-point ones are absent', () => {
    const o = parseKalshiOrder({ order_id: 'x', ticker: 'T', side: 'no', action: 'buy', status: 'resting', no_price: 30, count: 5, fill_count: 2, remaining_count: 3 }, NOW);
    expect([o.price, o.size, o.filled, o.status, o.outcome]).toEqual([0.3, 5, 2, 'partially_filled', 'No']);
  });

  it('never throws on junk; missing times fall back', () => {
    for (const junk of [null, 42, 'x', {}, { status: 7, yes_price_dollars: 'abc', created_time: 'not a date' }]) {
      const o = parseKalshiOrder(junk, NOW);
      expect(o.created_at).toBe(NOW);
      expect(o.price).toBe(0);
      expect(o.status).toBe('open');
    }
  });
});

describe('V2 create response → Order', () => {
  const ctx = { ticker: 'KX-A', outcome: 'no' as const, side: 'buy' as const, price: Decimal.from('0.3'), count: Decimal.from('10'), nowIso: NOW };

  it('uses the request for outcome, side, YES price and size; per-contract fee from average_fee_paid', () => {
    const o = parseCreateV2({ order_id: 'o1', client_order_id: 'c', fill_count: '4.00', remaining_count: '6.00', average_fill_price: '0.3100', average_fee_paid: '0.0150' }, ctx);
    expect(o).toEqual({
      id: 'o1',
      market_ticker: 'KX-A',
      outcome: 'No',
      side: 'buy',
      price: 0.3,
      size: 10,
      filled: 4,
      status: 'partially_filled',
      created_at: NOW,
      fee: 0.015,
      updated_at: null,
    });
  });

  it('status from counts against the order size', () => {
    const s = (f: string, r: string) => statusFromCounts(Decimal.from('10'), Decimal.from(f), Decimal.from(r));
    expect(s('10', '0')).toBe('filled');
    expect(s('0', '10')).toBe('open');
    expect(s('3', '7')).toBe('partially_filled');
    expect(s('3', '0')).toBe('cancelled');
    expect(s('0', '0')).toBe('cancelled');
  });

  it('no fill → fee null; no order_id → null (the caller looks the order up)', () => {
    expect(parseCreateV2({ order_id: 'o', fill_count: '0.00', remaining_count: '10.00' }, ctx)?.fee).toBeNull();
    expect(parseCreateV2({ fill_count: '0.00' }, ctx)).toBeNull();
    expect(parseCreateV2(null, ctx)).toBeNull();
  });
});
