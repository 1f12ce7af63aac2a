/**
 * Order entry fields Kalshi added in 2026 (kalshi-typescript 3.30.0 CreateOrderV2Request): GTD as
 * `expiration_time` (unix seconds) with good_till_canceled, and `reduce_only` (capped by the
 * position held).
 */
import { describe, expect, it } from 'vitest';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder, amendReq } from '../../helpers/order-request.js';
import { failure } from '../../helpers/failure.js';
import { createsOnWire, KEY_ID, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';

let d: TradingDouble;
let k: KalshiExchange;
useTradingDouble({ balance: 1000 }, (double, adapter) => {
  d = double;
  k = adapter;
});

const order = (over: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({ asset_id: MARKETS.cent, outcome: 'yes', side: 'buy', price: 0.3, size: 5, order_type: 'gtc', ...over });

describe('GTD and reduce-only on create', () => {
  it('expires_at goes out as expiration_time with good_till_canceled (preview shows the same body)', async () => {
    const at = Math.floor(Date.now() / 1000) + 3600;
    const preview = await k.previewOrder(order({ expires_at: at }));
    expect(preview.body).toMatchObject({ time_in_force: 'good_till_canceled', expiration_time: at });
    const o = await k.createOrder(order({ expires_at: at }));
    expect(o.status).toBe('open');
    expect(createsOnWire(d).at(-1)).toMatchObject({ time_in_force: 'good_till_canceled', expiration_time: at });
    expect(createsOnWire(d).at(-1)).not.toHaveProperty('reduce_only');
  });

  it('expires_at, reduce_only and order_group_id travel in the same body (previewOrder builds the wire body)', async () => {
    const at = Math.floor(Date.now() / 1000) + 3600;
    const preview = await k.previewOrder(order({ side: 'sell', expires_at: at, reduce_only: true, order_group_id: 'grp-1' }));
    expect(preview.body).toMatchObject({ expiration_time: at, reduce_only: true, order_group_id: 'grp-1', time_in_force: 'good_till_canceled' });
  });

  it('reduce_only is sent; Kalshi caps it by the position, and refuses one that reduces nothing', async () => {
    const e = await failure(k.createOrder(order({ side: 'sell', reduce_only: true })));
    expect(e.message, e.message).toMatch(/reduce_only order would not reduce a position/);
    // Hold 2 YES, then sell 5 reduce-only: 2 are placed.
    d.orders.seedBook(MARKETS.cent, { asks: [[0.31, 2]] });
    await k.createOrder(order({ price: 0.31, size: 2, order_type: 'ioc' }));
    const s = await k.createOrder(order({ side: 'sell', price: 0.5, size: 5, reduce_only: true }));
    expect(createsOnWire(d).at(-1)).toMatchObject({ side: 'ask', reduce_only: true, count: '5.00' });
    expect(d.orders.portfolio.findOrder(KEY_ID, s.id)!.initial.toFixed()).toBe('2');
  });

  it('amend of a resting ask answered with only canonical fields sends side ask (not bid)', async () => {
    const a = await k.createOrder(order({ side: 'sell', price: 0.7, size: 3 }));
    d.orders.portfolio.wire.canonicalOnly = true;
    try {
      const m = await k.amendOrder(a.id, amendReq({ price: 0.69 }));
      expect([m.outcome, m.side, m.price]).toEqual(['Yes', 'sell', 0.69]);
      const wire = d.double.requests.find((r) => r.path.endsWith('/amend'))!;
      expect(JSON.parse(wire.body)).toMatchObject({ side: 'ask', price: '0.6900' });
    } finally {
      d.orders.portfolio.wire.canonicalOnly = false;
    }
  });
});
