import { describe, expect, it } from 'vitest';
import { eventAsMarket } from '../../../src/exchanges/kalshi/event-market.js';
import { MARKET_KEYS } from './helpers.js';

const event = { event_ticker: 'KXPRES-28', series_ticker: 'KXPRES', title: 'Who wins in 2028?', sub_title: 'Presidential election', mutually_exclusive: true };
const child = (ticker: string, extra: Record<string, unknown>) => ({
  ticker,
  event_ticker: 'KXPRES-28',
  yes_sub_title: ticker.slice(-1),
  no_sub_title: ticker.slice(-1),
  status: 'active',
  ...extra,
});

describe('eventAsMarket (a Kalshi event shown as one categorical market)', () => {
  it('one outcome per child, exact volume sums, latest close, earliest open', () => {
    const m = eventAsMarket(event, [
      child('KXPRES-28-A', { yes_ask_dollars: '0.4100', volume_fp: '0.10', volume_24h_fp: '1.00', close_time: '2028-11-07T00:00:00Z', open_time: '2025-01-02T00:00:00Z', price_ranges: [{ step: '0.0010' }], fractional_trading_enabled: true }),
      child('KXPRES-28-B', { yes_sub_title: '', title: 'Old title B', last_price_dollars: '0.3300', volume_fp: '0.20', close_time: '2028-11-08T00:00:00Z', open_time: '2025-01-01T00:00:00Z' }),
      child('KXPRES-28-C', { yes_sub_title: '', yes_ask: 7, volume: 3, status: 'closed' }),
      { no: 'ticker' },
    ])!;
    expect(m).toStrictEqual({
      exchange: 'kalshi',
      market_type: 'categorical',
      unified_id: 'kalshi:KXPRES-28',
      status: 'active',
      ticker: 'KXPRES-28',
      title: 'Who wins in 2028?',
      volume: 3.3,
      best_ask: null,
      best_bid: null,
      last_trade_price: null,
      close_time: '2028-11-08T00:00:00.000Z',
      open_time: '2025-01-01T00:00:00.000Z',
      created_at: null,
      settlement_time: null,
      condition_id: null,
      event_ticker: 'KXPRES-28',
      min_order_size: 0.01,
      neg_risk: null,
      neg_risk_market_id: null,
      numeric_id: null,
      outcomes: [
        { label: 'A', price: 0.41, token_id: null },
        { label: 'Old title B', price: 0.33, token_id: null },
        { label: 'KXPRES-28-C', price: 0.07, token_id: null },
      ],
      result: null,
      rules: 'Presidential election',
      tick_size: 0.001,
      volume_24h: 1,
    });
    expect(Object.keys(m)).toEqual(MARKET_KEYS);
  });

  it('all children settled → resolved with the single YES winner as result', () => {
    const m = eventAsMarket(event, [
      child('KXPRES-28-A', { status: 'finalized', result: 'no', settlement_ts: '2028-11-10T00:00:00Z' }),
      child('KXPRES-28-B', { status: 'determined', result: 'yes', settlement_ts: '2028-11-11T00:00:00Z' }),
    ])!;
    expect(m.status).toBe('resolved');
    expect(m.result).toBe('B');
    expect(m.settlement_time).toBe('2028-11-11T00:00:00.000Z');
  });

  it('no child trading → closed; no children at all → closed, reference defaults for tick and size', () => {
    expect(eventAsMarket(event, [child('X-A', { status: 'closed' }), child('X-B', { status: 'finalized' })])!.status).toBe('closed');
    const empty = eventAsMarket(event, [])!;
    expect([empty.status, empty.outcomes, empty.tick_size, empty.min_order_size, empty.volume, empty.volume_24h]).toEqual(['closed', [], 0.01, 1, 0, null]);
  });

  it('no event ticker → null', () => {
    expect(eventAsMarket({ title: 'x' }, [])).toBeNull();
    expect(eventAsMarket(null, [])).toBeNull();
  });
});
