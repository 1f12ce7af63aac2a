/**
 * Kalshi post-only orders: refused locally when they would cross the market's YES book (checked in
 * the wire frame, so NO orders are checked as the YES bid/ask they go as), sent with
 * `post_only: true` when they rest; the double refuses a crossing one as Kalshi does.
 */
import { describe, expect, it } from 'vitest';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { failure } from '../../helpers/failure.js';
import { createsOnWire, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';

let d: TradingDouble;
let k: KalshiExchange;
useTradingDouble({ balance: 1000 }, (double, adapter) => {
  d = double;
  k = adapter;
});

const req = (over: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({
  asset_id: MARKETS.cent, outcome: 'yes', side: 'buy', price: 0.3, size: 2, order_type: 'gtc', post_only: true, ...over,
});
/** YES bids 0.42 and 0.40; NO bids 0.55 (a YES ask at 0.45). */
const book = () => d.books.setBook(MARKETS.cent, { yes: [[0.42, 100], [0.4, 50]], no: [[0.55, 150]] });

async function refused(p: Promise<unknown>) {
  const e = await failure(p);
  expect([e.kind, e.usage]).toEqual(['Api', true]);
  expect(createsOnWire(d)).toHaveLength(0);
  return e.message;
}

describe('post-only on Kalshi', () => {
  it('a YES buy at or above the best YES ask is refused before sending, naming both prices', async () => {
    book();
    const m = await refused(k.createOrder(req({ price: 0.45 })));
    expect(m).toBe('post-only buy Yes at 0.45 would cross the book: the best YES ask is 0.45, so it would trade at once instead of resting; the best price that would rest is 0.44');
  });

  it('a YES sell at or below the best YES bid is refused', async () => {
    book();
    const m = await refused(k.createOrder(req({ side: 'sell', price: 0.41 })));
    expect(m).toContain('the best YES bid is 0.42');
    expect(m).toContain('the best price that would rest is 0.43');
  });

  it('a NO buy is checked as the YES ask it goes as', async () => {
    book();
    // Buying NO at 0.58 is a YES ask at 0.42 (contract: prices and outcomes), which meets the 0.42 bid.
    const m = await refused(k.createOrder(req({ outcome: 'no', side: 'buy', price: 0.58 })));
    // Said on the NO scale the trader typed: the NO ask it meets (1 − 0.42) and the NO price that rests.
    expect(m).toContain('post-only buy No at 0.58 (a YES ask at 0.42) would cross the book: the best NO ask is 0.58');
    expect(m).toContain('the best price that would rest is 0.57');
  });

  it('a resting post-only order is sent with post_only: true; without the flag the body is unchanged', async () => {
    book();
    const o = await k.createOrder(req({ price: 0.44 }));
    expect(o.status).toBe('open');
    await k.createOrder(req({ price: 0.44, post_only: false }));
    const [withFlag, without] = createsOnWire(d);
    expect(withFlag).toMatchObject({ side: 'bid', price: '0.4400', post_only: true });
    expect(without).not.toHaveProperty('post_only');
  });

  it('post-only with ioc or fok is a usage error', async () => {
    const m = await refused(k.createOrder(req({ order_type: 'ioc' })));
    expect(m).toMatch(/post-only orders rest on the book, so they must be gtc/);
  });

  it('the dry run checks it too', async () => {
    book();
    await refused(k.previewOrder(req({ price: 0.5 })));
    expect((await k.previewOrder(req({ price: 0.44 }))).body).toMatchObject({ post_only: true });
  });

  it('the double refuses a crossing post-only order as Kalshi does (a stale book pmt could not see)', async () => {
    d.books.setBook(MARKETS.cent, { yes: [], no: [] });
    d.orders.seedBook(MARKETS.cent, { asks: [[0.3, 10]] });
    const e = await failure(k.createOrder(req({ price: 0.3 })));
    expect(e.message).toMatch(/post only order would cross/);
  });
});
