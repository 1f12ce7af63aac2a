/**
 * `watchOrders` on Kalshi: the signed WebSocket's `user_orders` and `fill` channels (every market),
 * read into OrderEvents against the loopback double, which pushes them as its portfolio places,
 * fills and cancels orders: a resting bid, its cancel, and an immediate buy that fills against the
 * book. A NO order's price is NO's (the documented examples). Nothing is polled over REST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterConfig } from '../../../src/context.js';
import { resolveCredentials } from '../../../src/credentials.js';
import { KalshiClient } from '../../../src/exchanges/kalshi/client.js';
import { kalshiUserEvent, watchOrders } from '../../../src/exchanges/kalshi/user-stream.js';
import type { OrderEvent } from '../../../src/exchanges/order-stream.js';
import { makeKalshiKey, type KalshiKeyPair } from '../../upstream/kalshi/auth.js';
import { KALSHI_BOOK_TICKERS as T } from '../../upstream/kalshi/book-routes.js';
import { createKalshiDouble, type KalshiDouble } from '../../upstream/kalshi/index.js';

let k: KalshiDouble;
let key: KalshiKeyPair;

beforeAll(async () => {
  k = createKalshiDouble();
  await k.double.start();
  key = makeKalshiKey();
  k.auth.register(key.keyId, key.publicKey);
});
afterAll(async () => {
  k.stream.close();
  await k.double.close();
});

function client(): KalshiClient {
  const env = { KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY: key.privatePem };
  const cfg: AdapterConfig = {
    env: {},
    urls: { kalshi: k.double.url, gamma: 'http://127.0.0.1:9', clob: 'http://127.0.0.1:9', kalshiWs: k.stream.url(k.double) },
    environment: 'custom',
    credentials: async () => resolveCredentials({ env, profile: undefined, profileName: null }),
    now: Date.now,
  };
  return new KalshiClient(cfg);
}

describe('Kalshi user_orders and fill', () => {
  it('a resting order, its cancel, and a fill arrive as pushed', async () => {
    const c = client();
    const events: OrderEvent[] = [];
    let fatal: Error | undefined;
    const subscribes = k.stream.stats.subscribes;
    const s = watchOrders(c, { onEvent: (e) => events.push(e), onFatal: (e) => (fatal = e) });
    const until = async (ok: () => boolean, what = '') => {
      const t0 = Date.now();
      while (!ok()) {
        if (fatal) throw fatal;
        if (Date.now() - t0 > 3000) throw new Error(`stuck at ${what}: ${JSON.stringify(events)} ${JSON.stringify(k.stream.stats)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    try {
      await until(() => k.stream.stats.subscribes > subscribes, 'subscribe');
      await until(() => k.stream.stats.messages > 0, 'subscribed'); // the `subscribed` answer has been sent
      const signer = await c.signer('trade');
      k.orders.setBalance(key.keyId, 1000);
      k.orders.addMarket({ ticker: T.normal });
      const place = (json: Record<string, unknown>) => c.http.send('POST', '/portfolio/events/orders', { signer, json });
      await place({ ticker: T.normal, client_order_id: 'w-1', side: 'bid', count: '7.00', price: '0.3500', time_in_force: 'good_till_canceled', self_trade_prevention_type: 'taker_at_cross' });
      await until(() => events.length >= 1, 'placed');
      const restingId = events[0]!.order_id;
      const cancelled = await c.http.delete('/portfolio/events/orders/batched', { signer, json: { orders: [{ order_id: restingId }] } });
      await until(() => events.length >= 2, `cancel ${JSON.stringify(cancelled)}`);
      k.orders.seedBook(T.normal, { bids: [['0.60', '10']] });
      // An ask on the YES book takes the seeded bid; Kalshi reports it as a YES sell at 0.60.
      await place({ ticker: T.normal, client_order_id: 'w-2', side: 'ask', count: '4.00', price: '0.6000', time_in_force: 'immediate_or_cancel', self_trade_prevention_type: 'taker_at_cross' });
      await until(() => events.length >= 4);
      const brief = events.map((e) => [e.kind, e.status, e.outcome, e.side, e.price, e.size, e.filled, e.is_taker]);
      expect(brief).toEqual([
        ['order', 'open', 'Yes', 'buy', 0.35, 7, 0, null],
        ['order', 'cancelled', 'Yes', 'buy', 0.35, 7, 0, null],
        ['order', 'filled', 'Yes', 'sell', 0.6, 4, 4, null],
        ['fill', null, 'Yes', 'sell', 0.6, 4, null, true],
      ]);
      expect(events.every((e) => e.exchange === 'kalshi' && e.market_ticker === T.normal)).toBe(true);
      expect(events[1]!.order_id).toBe(restingId);
      expect(events[3]!.order_id).toBe(events[2]!.order_id);
    } finally {
      s.close();
    }
  });

  it('reads the documented message shapes (kalshi.asyncapi.yaml examples)', () => {
    const fill = { type: 'fill', sid: 13, msg: { trade_id: 'd91bc706-ee49-470d-82d8-11418bda6fed', order_id: 'ee587a1c-8b87-4dcf-b721-9f6f790619fa', market_ticker: 'HIGHNY-22DEC23-B53.5', is_taker: true, side: 'yes', yes_price_dollars: '0.750', count_fp: '278.00', action: 'buy', ts: 1671899397, ts_ms: 1671899397000, post_position_fp: '500.00', purchased_side: 'yes' } };
    expect(kalshiUserEvent(fill, 0)).toMatchObject({ kind: 'fill', outcome: 'Yes', side: 'buy', price: 0.75, size: 278, is_taker: true, fill_id: 'd91bc706-ee49-470d-82d8-11418bda6fed', exchange_ts: '2022-12-24T16:29:57.000Z' });
    const order = { type: 'user_order', sid: 22, msg: { order_id: 'ee587a1c', ticker: 'FED-23DEC-T3.00', status: 'resting', side: 'no', is_yes: false, yes_price_dollars: '0.3500', fill_count_fp: '2.00', remaining_count_fp: '8.00', initial_count_fp: '10.00', created_ts_ms: 1733047200000 } };
    expect(kalshiUserEvent(order, 0)).toMatchObject({ kind: 'order', status: 'partially_filled', outcome: 'No', price: 0.65, size: 10, filled: 2 });
  });
});
