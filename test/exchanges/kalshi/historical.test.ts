/**
 * Fills and the public tape reach Kalshi's historical tier: the live pages first, then
 * `GET /historical/fills` / `GET /historical/trades` (older than the cutoff) as one stream.
 */
import { describe, expect, it } from 'vitest';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import { KEY_ID, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';
import { orderReq } from '../../helpers/order-request.js';

let d: TradingDouble;
let k: KalshiExchange;
useTradingDouble({ balance: 1000 }, (double, adapter) => {
  d = double;
  k = adapter;
});

const oldFill = (id: string, day: number) => ({
  fill_id: id, trade_id: id, order_id: 'a0000000-0000-4000-8000-000000000001', ticker: MARKETS.cent, market_ticker: MARKETS.cent, exchange_index: 0,
  outcome_side: 'no', book_side: 'ask', count_fp: '1.00', yes_price_dollars: '0.6000', no_price_dollars: '0.4000', is_taker: true, fee_cost: '0.0100',
  created_time: `2025-01-0${day}T00:00:00Z`,
});
const oldTrade = (id: string, day: number) => ({
  trade_id: id, ticker: MARKETS.cent, count_fp: '2.00', yes_price_dollars: '0.5500', no_price_dollars: '0.4500', taker_outcome_side: 'yes', taker_book_side: 'bid',
  created_time: `2025-01-0${day}T00:00:00Z`, is_block_trade: false,
});

describe('historical tier', () => {
  it('fills: live pages, then the historical ones, one cursor through both', async () => {
    d.orders.seedBook(MARKETS.cent, { asks: [[0.3, 3]] });
    for (let i = 0; i < 3; i++) await k.createOrder(orderReq({ asset_id: MARKETS.cent, outcome: 'yes', side: 'buy', price: 0.3, size: 1, order_type: 'ioc' }));
    d.portfolio.historical.fills.set(KEY_ID, [oldFill('h1', 2), oldFill('h2', 1)]);
    const p1 = await k.fetchFills({ limit: 2 });
    expect(p1.fills).toHaveLength(2);
    const p2 = await k.fetchFills({ limit: 2, cursor: p1.cursor! });
    // The last live fill, then the newest historical one: read by its canonical fields (long NO = Yes sell at the YES price).
    expect(p2.fills.map((f) => f.fill_id).slice(1)).toEqual(['h1']);
    expect(p2.fills[1]).toMatchObject({ outcome: 'Yes', side: 'sell', price: 0.6, size: 1 });
    expect(p2.cursor).toMatch(/^hist:/);
    const p3 = await k.fetchFills({ limit: 2, cursor: p2.cursor! });
    expect(p3.fills.map((f) => f.fill_id)).toEqual(['h2']);
    expect(p3.cursor).toBeNull();
    expect(d.double.requests.filter((r) => r.path === '/historical/fills').length).toBe(2);
  });

  it('trades: the tape continues into GET /historical/trades', async () => {
    d.portfolio.historical.trades.set(MARKETS.cent, [oldTrade('t1', 3), oldTrade('t2', 2)]);
    const p = await k.fetchTrades(MARKETS.cent, { limit: 5 });
    expect(p.trades.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(p.trades[0]).toMatchObject({ aggressor_side: 'buy', price: 0.55, size: 2 });
    expect(p.cursor).toBeNull();
  });

  it('markets history: a market settled before the cutoff reads its candles from the historical tier', async () => {
    const T = 'KXOLD-24JAN01-A';
    d.portfolio.historical.candles.set(T, [
      { end_period_ts: 1_704_070_800, price: { open: '0.4000', high: '0.4500', low: '0.3900', close: '0.4400', mean: null, previous: null }, volume: '12.00', open_interest: '5.00', yes_bid: {}, yes_ask: {} },
    ]);
    const candles = await k.fetchPriceHistory(T, { interval: '1h', start_ts: 1_704_067_200, end_ts: 1_704_074_400 });
    expect(candles).toEqual([{ start: '2024-01-01T00:00:00.000Z', open: 0.4, high: 0.45, low: 0.39, close: 0.44, volume: 12 }]);
    expect(d.double.requests.some((r) => r.path === `/historical/markets/${T}/candlesticks`)).toBe(true);
  });
});
