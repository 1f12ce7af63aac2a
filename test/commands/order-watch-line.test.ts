/** `pmt order watch` on a terminal: one readable line per OrderEvent (the NDJSON path is e2e/order-watch.test.ts). */
import { describe, expect, it } from 'vitest';
import { eventLine } from '../../src/commands/order/watch.js';
import type { OrderEvent } from '../../src/exchanges/order-stream.js';

const base: OrderEvent = {
  exchange: 'polymarket', kind: 'order', order_id: '0xabc', market_ticker: '0xcond', asset_id: '123', outcome: 'Yes', side: 'buy',
  price: 0.4, size: 10, filled: 4, status: 'partially_filled', is_taker: null, fill_id: null, exchange_ts: '2026-11-27T12:00:00.000Z', local_ts_ms: 0,
};

describe('order watch lines', () => {
  it('an order: time, exchange, status, what, filled so far, market, id', () => {
    expect(eventLine(base)).toBe('2026-11-27 12:00:00 UTC  polymarket  partially_filled buy 10 Yes @ 0.4 · filled 4  0xcond  0xabc');
  });
  it('a fill: side, size, outcome, price, role and settlement state', () => {
    expect(eventLine({ ...base, exchange: 'kalshi', kind: 'fill', size: 4, filled: null, status: null, is_taker: false, market_ticker: 'KX-1', order_id: 'u-1' })).toBe(
      '2026-11-27 12:00:00 UTC  kalshi      fill    buy 4 Yes @ 0.4 (maker)  KX-1  u-1',
    );
  });
});
