/**
 * Kalshi single cancel, amend, the public tape and candlesticks over real HTTP against the double.
 */
import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../src/errors.js';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder, amendReq } from '../../helpers/order-request.js';
import { failure } from '../../helpers/failure.js';
import { KEY_ID, kalshiAdapter, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';

let d: TradingDouble;
let k: KalshiExchange;
useTradingDouble({ balance: 1000 }, (double, adapter) => {
  d = double;
  k = adapter;
  d.markets.addEvent('KXTEST-25DEC31', 'KXTEST');
});

const order = (price: number, size: number, over: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({
  asset_id: MARKETS.cent, outcome: 'yes', side: 'buy', price, size, order_type: 'gtc', ...over,
});

describe('cancelOrder', () => {
  it('cancels just that order (DELETE …/orders/{id}), others keep resting, collateral comes back', async () => {
    const a = await k.createOrder(order(0.3, 5));
    const b = await k.createOrder(order(0.31, 5));
    const c = await k.cancelOrder(a.id);
    expect([c.id, c.status, c.size, c.filled]).toEqual([a.id, 'cancelled', 5, 0]);
    expect(d.double.requests.some((r) => r.method === 'DELETE' && r.path === `/portfolio/events/orders/${a.id}`)).toBe(true);
    expect((await k.fetchOpenOrders()).map((o) => o.id)).toEqual([b.id]);
    expect(d.orders.available(KEY_ID)).toBe(1000 - 1.55);
  });

  it('an unknown id is OrderNotFound (exit 6); a cancelled one is refused with the reason', async () => {
    const e = await failure(k.cancelOrder('00000000-0000-4000-8000-000000000000'));
    expect([e.kind, exitCodeFor(e)]).toEqual(['OrderNotFound', 6]);
    const a = await k.createOrder(order(0.3, 5));
    await k.cancelOrder(a.id);
    expect((await failure(k.cancelOrder(a.id))).message).toMatch(/not resting/);
  });

  it('a malformed id is a usage error before any request; a bad key is Authentication', async () => {
    const e = await failure(k.cancelOrder('nope'));
    expect([e.kind, exitCodeFor(e)]).toEqual(['Api', 2]);
    expect(d.double.requests).toHaveLength(0);
    const a = await k.createOrder(order(0.3, 5));
    expect((await failure(kalshiAdapter(d, { key: d.impostor }).cancelOrder(a.id))).kind).toBe('Authentication');
  });
});

describe('amendOrder', () => {
  it('moves the price and size of a resting order (the whole new state on the wire)', async () => {
    const a = await k.createOrder(order(0.3, 5));
    const m = await k.amendOrder(a.id, amendReq({ price: 0.32, size: 8 }));
    expect([m.id, m.price, m.size, m.status]).toEqual([a.id, 0.32, 8, 'open']);
    const wire = d.double.requests.find((r) => r.path === `/portfolio/events/orders/${a.id}/amend`);
    expect(JSON.parse(wire!.body)).toMatchObject({ ticker: MARKETS.cent, side: 'bid', price: '0.3200', count: '8.00' });
    expect(d.orders.available(KEY_ID)).toBe(1000 - 2.56);
  });

  it('keeps what is not given; an amend that crosses fills', async () => {
    const a = await k.createOrder(order(0.3, 5));
    d.orders.seedBook(MARKETS.cent, { asks: [['0.35', '5']] });
    const m = await k.amendOrder(a.id, amendReq({ price: 0.35 }));
    expect([m.size, m.filled, m.status]).toEqual([5, 5, 'filled']);
    expect((await k.fetchFills()).fills[0]).toMatchObject({ order_id: a.id, price: 0.35, size: 5 });
  });

  it('a NO order is amended at its NO price (mirrored onto the YES book)', async () => {
    const s = d.orders.seedOrder(KEY_ID, { ticker: MARKETS.cent, side: 'no', action: 'buy', price: '0.60', count: '4' });
    await k.amendOrder(s.id, amendReq({ price: 0.35 }));
    const wire = d.double.requests.find((r) => r.path.endsWith('/amend'));
    expect(JSON.parse(wire!.body)).toMatchObject({ side: 'ask', price: '0.6500' });
  });

  it('refuses off-grid prices and nothing-to-change before signing; OrderNotFound for unknown ids', async () => {
    const a = await k.createOrder(order(0.3, 5));
    d.double.resetLog();
    expect(exitCodeFor(await failure(k.amendOrder(a.id, amendReq({ price: 0.305 }))))).toBe(2);
    expect(exitCodeFor(await failure(k.amendOrder(a.id, {})))).toBe(2);
    expect(d.double.requests.some((r) => r.path.endsWith('/amend'))).toBe(false);
    expect((await failure(k.amendOrder('00000000-0000-4000-8000-000000000000', amendReq({ price: 0.4 })))).kind).toBe('OrderNotFound');
  });
});

describe('fetchTrades (public tape)', () => {
  it('lists fills of everyone newest first, YES-priced, taker side as buy/sell; pages', async () => {
    const t0 = Date.UTC(2026, 10, 20, 12, 0, 0);
    d.orders.portfolio.ledger.seedTrades(MARKETS.cent, [
      { price: '0.41', count: '3', ms: t0, taker: 'yes' },
      { price: '0.43', count: '2.5', ms: t0 + 60_000, taker: 'no' },
      { price: '0.42', count: '1', ms: t0 + 120_000 },
    ]);
    const p1 = await k.fetchTrades(MARKETS.cent, { limit: 2 });
    expect(p1.trades.map((t) => [t.price, t.size, t.aggressor_side, t.outcome, t.no_price, t.taker_address])).toEqual([
      [0.42, 1, 'buy', 'Yes', 0.58, null],
      [0.43, 2.5, 'sell', 'Yes', 0.57, null],
    ]);
    expect(p1.trades[0]!.exchange_ts).toBe(new Date(t0 + 120_000).toISOString());
    const p2 = await k.fetchTrades(`kalshi:${MARKETS.cent}`, { limit: 2, cursor: p1.cursor! });
    expect([p2.trades.map((t) => t.price), p2.cursor]).toEqual([[0.41], null]);
    // Public: no signature sent.
    expect(d.double.requests.every((r) => !r.headers['kalshi-access-key'] || r.path !== '/markets/trades')).toBe(true);
  });

  it('our own fill shows on the tape', async () => {
    d.orders.seedBook(MARKETS.cent, { asks: [['0.45', '2']] });
    await k.createOrder(order(0.45, 2));
    expect((await k.fetchTrades(MARKETS.cent)).trades[0]).toMatchObject({ price: 0.45, size: 2, aggressor_side: 'buy' });
  });
});

describe('fetchPriceHistory', () => {
  it('reads the series from the event and builds candles from the tape (null where nothing traded)', async () => {
    const h = Date.UTC(2026, 10, 20, 10, 0, 0);
    d.orders.portfolio.ledger.seedTrades(MARKETS.cent, [
      { price: '0.40', count: '1', ms: h + 5 * 60_000 },
      { price: '0.46', count: '2', ms: h + 20 * 60_000 },
      { price: '0.38', count: '1', ms: h + 40 * 60_000 },
      { price: '0.44', count: '3', ms: h + 2 * 3_600_000 + 60_000 },
    ]);
    const cs = await k.fetchPriceHistory(MARKETS.cent, { interval: '1h', start_ts: h / 1000, end_ts: h / 1000 + 4 * 3600 });
    expect(cs).toEqual([
      { start: new Date(h).toISOString(), open: 0.4, high: 0.46, low: 0.38, close: 0.38, volume: 4 },
      { start: new Date(h + 3_600_000).toISOString(), open: null, high: null, low: null, close: null, volume: 0 },
      { start: new Date(h + 7_200_000).toISOString(), open: 0.44, high: 0.44, low: 0.44, close: 0.44, volume: 3 },
    ]);
    const req = d.double.requests.find((r) => r.path.endsWith('/candlesticks'));
    expect(req?.path).toBe(`/series/KXTEST/markets/${MARKETS.cent}/candlesticks`);
    expect(req?.query.get('period_interval')).toBe('60');
  });

  it('a chart ending now includes the period in progress (its latest trade), which Kalshi returns only when end_ts reaches its end (issue 21 item 11)', async () => {
    const h = Date.UTC(2026, 10, 21, 10, 0, 0);
    d.orders.portfolio.ledger.seedTrades(MARKETS.cent, [
      { price: '0.40', count: '1', ms: h + 5 * 60_000 },
      { price: '0.47', count: '2', ms: h + 3_600_000 + 10 * 60_000 },
    ]);
    // "Now" is 11:30: the 11:00-12:00 candle is in progress, and holds the latest trade.
    const cs = await k.fetchPriceHistory(MARKETS.cent, { interval: '1h', start_ts: h / 1000, end_ts: h / 1000 + 5400 });
    expect(cs.at(-1)).toEqual({ start: new Date(h + 3_600_000).toISOString(), open: 0.47, high: 0.47, low: 0.47, close: 0.47, volume: 2 });
    const req = d.double.requests.filter((r) => r.path.endsWith('/candlesticks')).at(-1);
    expect(req?.query.get('end_ts')).toBe(String(h / 1000 + 7200));
  });

  it('an unknown market is MarketNotFound (exit 5)', async () => {
    const e = await failure(k.fetchPriceHistory('KXNONE-1', { interval: '1d', start_ts: 0, end_ts: 1 }));
    expect([e.kind, exitCodeFor(e)]).toEqual(['MarketNotFound', 5]);
  });
});
