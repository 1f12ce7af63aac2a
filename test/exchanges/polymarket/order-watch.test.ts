/**
 * `watchOrders` on Polymarket: the authenticated user channel pushes the account's order and trade
 * events (the double sends them as the CLOB engine places, fills and cancels), read into
 * OrderEvents: placement, a taker fill, a maker fill at the resting order's price, a cancel. Wrong
 * credentials are a refused subscription; nothing is polled over REST while watching.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderEvent } from '../../../src/exchanges/order-stream.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { userEvents } from '../../../src/exchanges/polymarket/user-stream.js';
import { adapterFor, addressOf, KEYS, startTrading } from './trading-fixture.js';

let env: Awaited<ReturnType<typeof startTrading>>;
let yes: string;
const alice = addressOf(KEYS.alice);

beforeAll(async () => {
  env = await startTrading();
  [yes] = env.t.addMarket({}) as [string];
  env.t.fund(alice, 1000);
});
afterAll(async () => env.d.close());

/** Resolves once `n` events arrived (or rejects on a fatal error). */
function collect(ex: ReturnType<typeof adapterFor>['ex'], n: number) {
  const events: OrderEvent[] = [];
  let live!: () => void;
  const isLive = new Promise<void>((r) => (live = r));
  let done!: (e: OrderEvent[]) => void;
  let fail!: (e: Error) => void;
  const all = new Promise<OrderEvent[]>((res, rej) => ((done = res), (fail = rej)));
  const s = ex.watchOrders({
    onEvent: (e) => {
      events.push(e);
      if (events.length === n) done(events);
    },
    onState: (st) => st === 'live' && live(),
    onFatal: fail,
  });
  return { isLive, all, close: () => s.close() };
}

const req = (o: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({ asset_id: yes, outcome: 'yes', side: 'buy', price: 0.4, size: 10, order_type: 'gtc', ...o });

describe('the user channel', () => {
  test('placement, maker fill, taker fill and cancel arrive as pushed, no REST polling', async () => {
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.alice });
    await ex.fetchOpenOrders(); // derive the API key first, so the watch has its credentials
    const w = collect(ex, 6);
    await w.isLive;
    // The subscription must have landed on the double before the first order is placed.
    while (env.d.polymarket.userStream.stats.subscribes < 1) await new Promise((r) => setTimeout(r, 5));
    env.clob.resetLog();
    const resting = await ex.createOrder(req());
    env.t.fill(resting.id, 4);
    env.t.seed(yes, 'SELL', 0.45, 5);
    const taker = await ex.createOrder(req({ price: 0.45, size: 5, order_type: 'fok' }));
    await ex.cancelOrder(resting.id);
    const events = await w.all;
    w.close();
    const brief = events.map((e) => [e.kind, e.order_id === resting.id ? 'resting' : e.order_id === taker.id ? 'taker' : e.order_id, e.status, e.side, e.price, e.size, e.filled, e.is_taker]);
    expect(brief).toEqual([
      ['order', 'resting', 'open', 'buy', 0.4, 10, 0, null],
      ['order', 'resting', 'partially_filled', 'buy', 0.4, 10, 4, null],
      ['fill', 'resting', 'MATCHED', 'buy', 0.4, 4, null, false],
      ['order', 'taker', 'filled', 'buy', 0.45, 5, 5, null],
      ['fill', 'taker', 'MATCHED', 'buy', 0.45, 5, null, true],
      ['order', 'resting', 'cancelled', 'buy', 0.4, 10, 4, null],
    ]);
    expect(events.every((e) => e.exchange === 'polymarket' && e.asset_id === yes && e.outcome === 'Yes')).toBe(true);
    // Push, not polling: the only REST calls are the orders' own.
    expect(env.clob.requests.filter((r) => r.method === 'GET' && /^\/data\/(orders|trades)/.test(r.path))).toEqual([]);
  });

  test('someone else\'s maker order in a trade is not ours', () => {
    const ev = { event_type: 'trade', id: 't1', market: '0xc', asset_id: '1', status: 'MATCHED', side: 'BUY', trader_side: 'MAKER', maker_orders: [{ order_id: '0xa', owner: 'other', matched_amount: '2', price: '0.3', outcome: 'Yes', asset_id: '1' }, { order_id: '0xb', owner: 'mine', matched_amount: '1', price: '0.31', outcome: 'Yes', asset_id: '1' }], timestamp: '1767225600' };
    expect(userEvents(ev, 'mine', 0).map((e) => [e.order_id, e.side, e.price, e.size])).toEqual([['0xb', 'sell', 0.31, 1]]);
  });
});
