/**
 * `order amend --size S` below the order's size without a new price goes through Kalshi's decrease
 * (it keeps the order's queue position), never amend; routed to the order's shard.
 */
import { describe, expect, it } from 'vitest';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { KEY_ID, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';
import { orderReq, amendReq } from '../../helpers/order-request.js';

let d: TradingDouble;
let k: KalshiExchange;
const SHARD1 = 'KXSHARD1-25DEC31-E';
useTradingDouble({ balance: 1000 }, (double, adapter) => {
  d = double;
  k = adapter;
  d.orders.addMarket({ ticker: SHARD1, exchange_index: 1 });
});

const order = (asset: string, price: number, size: number): CreateOrderRequest => orderReq({ asset_id: asset, outcome: 'yes', side: 'buy', price, size, order_type: 'gtc' });
const paths = () => d.double.requests.filter((r) => r.method === 'POST').map((r) => r.path);

describe('decrease', () => {
  it('a smaller size without a price: POST …/decrease with reduce_to (the resting count), no amend; the queue place is kept', async () => {
    const a = await k.createOrder(order(MARKETS.cent, 0.3, 10));
    const before = d.orders.portfolio.findOrder(KEY_ID, a.id)!;
    const [seq, created] = [before.seq, before.createdMs];
    const m = await k.amendOrder(a.id, amendReq({ size: 4 }));
    expect([m.id, m.price, m.size, m.status]).toEqual([a.id, 0.3, 4, 'open']);
    expect(paths()).toEqual(['/portfolio/events/orders', `/portfolio/events/orders/${a.id}/decrease`]);
    expect(d.portfolio.decreases.at(-1)).toEqual({ order_id: a.id, reduce_to: '4.00', market_ticker: MARKETS.cent, exchange_index: 0 });
    const after = d.orders.portfolio.findOrder(KEY_ID, a.id)!;
    expect([after.seq, after.createdMs, after.remaining.toFixed()]).toEqual([seq, created, '4']);
    // Collateral of the 6 contracts comes back.
    expect(d.orders.available(KEY_ID)).toBe(1000 - 1.2);
  });

  it('on shard 1 the decrease is routed there', async () => {
    const a = await k.createOrder(order(SHARD1, 0.3, 5));
    const m = await k.amendOrder(a.id, amendReq({ size: 2 }));
    expect([m.size, m.status]).toEqual([2, 'open']);
    expect(d.portfolio.decreases.at(-1)).toMatchObject({ market_ticker: SHARD1, exchange_index: 1 });
  });

  it('a larger size, or any new price, is still an amend', async () => {
    const a = await k.createOrder(order(MARKETS.cent, 0.3, 5));
    await k.amendOrder(a.id, amendReq({ size: 8 }));
    await k.amendOrder(a.id, amendReq({ price: 0.31, size: 3 }));
    expect(paths().filter((p) => p.endsWith('/decrease'))).toEqual([]);
    expect(paths().filter((p) => p.endsWith('/amend')).length).toBe(2);
  });
});
