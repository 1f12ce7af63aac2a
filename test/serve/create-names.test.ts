/**
 * serve's create_order runs the CLI's orchestration (ops/order-create.ts) with serve's field names:
 * each venue rule the CLI checks before any request is checked there too, in the same words with
 * `price`, `size`, `outcome` for `--price`, `--size`, `--outcome`; and a send reads only what it
 * needs (no book, no adapter preview: nothing is shown).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './helpers.js';

let s: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => {
  s = await startApp();
});
afterAll(async () => {
  await s.app.close();
});
const reset = () => {
  for (const ex of Object.values(s.exchanges)) ex.calls.length = 0;
};
const ops = () => Object.values(s.exchanges).flatMap((ex) => ex.calls.map((c) => c.op));

describe('create_order refusals in serve’s words, before anything is sent', () => {
  const base = { asset_id: 'KXTEST-26', side: 'buy', price: 0.3, size: 2 };
  it.each([
    ['an off-tick price', { price: 0.555 }, "price 0.555 is not on this market's 0.01 tick grid; nearest valid prices: 0.55 or 0.56"],
    ['a size finer than the wire', { size: 2.555 }, 'size 2.555 has more than 2 decimal places (the exchange would round it); use 2.55'],
    ['a size under the minimum', { size: 0.5 }, "size 0.5 is below this market's minimum order size of 1 contracts"],
    ['an outcome the market does not have', { outcome: 'Maybe' }, 'outcome "Maybe" is not an outcome of kalshi:X (Kalshi markets are yes or no)'],
    ['post_only on fok', { post_only: true, order_type: 'fok' }, 'post_only orders rest on the book, so they must be order_type gtc (got fok)'],
    ['reduce_only where the exchange has none', { asset_id: '7'.repeat(70), reduce_only: true }, 'Polymarket orders cannot be reduce-only in this pmt (reduce_only); nothing was sent'],
  ])('%s', async (_n, over, message) => {
    reset();
    const r = await s.call('/v1/orders/create_order', { body: { ...base, ...over } });
    expect(r.status === 400 || r.status === 501, r.text).toBe(true);
    expect((r.json as { message: string }).message).toBe(message);
    expect(r.text).not.toContain('--');
    expect(ops()).not.toContain('createOrder');
  });
});

describe('a send reads what it needs and no more', () => {
  it('the asset and the create: no book, no adapter preview (the adapter checks the venue itself)', async () => {
    reset();
    const r = await s.call('/v1/orders/create_order', { body: { asset_id: 'KXTEST-26', outcome: 'no', side: 'buy', price: 0.07, size: 2.29 } });
    expect(r.status, r.text).toBe(200);
    expect(ops()).toEqual(['describeAsset', 'createOrder']);
    // The exact decimals reach the adapter (the fake records them as the contract prints them).
    expect(s.exchanges.kalshi.calls.at(-1)!.args[0]).toEqual({ asset_id: 'KXTEST-26', outcome: 'no', side: 'buy', price: 0.07, size: 2.29, order_type: 'gtc' });
  });
});
