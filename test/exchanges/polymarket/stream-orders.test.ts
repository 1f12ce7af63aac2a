/**
 * The stream double is driven by the CLOB double's order engine: an order signed and placed
 * through the real adapter (REST) shows up on the book stream as a price_change, a fill as a trade.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AppliedBook } from '../../../src/exchanges/book-state.js';
import type { BookUpdate } from '../../../src/exchanges/stream.js';
import { adapterFor, addressOf, catalogMarket, KEYS, startTrading } from './trading-fixture.js';
import { orderReq } from '../../helpers/order-request.js';

let env: Awaited<ReturnType<typeof startTrading>>;
let yes: string;

beforeAll(async () => {
  env = await startTrading();
  ({ yes } = catalogMarket(env.d, { tick: '0.01', negRisk: false }));
  env.t.fund(addressOf(KEYS.alice), 1000);
});
afterAll(async () => env.d.close());

test('a resting order placed through REST is a delta on the stream', async () => {
  const ex = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.alice }).ex;
  const applied = new AppliedBook();
  const events: BookUpdate[] = [];
  let wake = () => {};
  const s = ex.watchBook(yes, { onUpdate: (u) => (events.push(u), applied.apply(u), wake()) });
  const until = (pred: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`timeout: ${events.map((e) => e.kind)}`)), 4000);
      wake = () => pred() && (clearTimeout(t), resolve());
      wake();
    });
  try {
    await until(() => applied.live);
    const before = applied.orderbook()!.bids.find((l) => l.price === 0.02)?.size ?? 0;
    await ex.createOrder(orderReq({ asset_id: yes, outcome: 'yes', side: 'buy', price: 0.02, size: 10, order_type: 'gtc' }));
    await until(() => events.some((e) => e.kind === 'delta'));
    expect(applied.orderbook()!.bids.find((l) => l.price === 0.02)).toEqual({ price: 0.02, size: before + 10 });
  } finally {
    s.close();
  }
});
