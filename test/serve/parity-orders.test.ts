/**
 * Orders two ways against the trading doubles, with one profile holding both exchanges' keys:
 * `pmt order ... --yes --json` and `pmt serve`. Reads of the same state are byte-for-byte equal;
 * two creates (or cancels) of the same order are equal but for what makes each order itself (id,
 * timestamps). Refusals have the CLI's kind with the contract's status.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';
import { KEYS, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import type { Doubles } from '../upstream/doubles.js';
import { TOKEN } from './helpers.js';
import { startServe, type ServeProcess } from './process.js';
import { startTradingEnv } from './trading-env.js';

const K = 'KXSERVE-26DEC31-A';
let d: Doubles;
let m: CatalogPick;
let env: Record<string, string>;
let s: ServeProcess;

beforeAll(async () => {
  ({ d, m, env } = await startTradingEnv(K, 'Will the server agree?'));
  s = await startServe([], { ...env, PMT_SERVE_TOKEN: TOKEN });
});
afterAll(async () => {
  const code = await s?.stop();
  expect(s.stderr()).not.toMatch(/does not match its schema/);
  expect(s.stderr()).not.toContain(KEYS.alice.slice(2, 30));
  expect(code).toBe(0);
  await d?.close();
});
beforeEach(async () => {
  await runInProcess(['order', 'cancel-all', '--yes'], { env });
  d.polymarket.trading.clearHouse();
});

const cli = async (...args: string[]) => {
  const r = await runInProcess([...args, '--json'], { env });
  return { ...r, json: r.exitCode === 0 ? JSON.parse(r.stdout) : JSON.parse(r.stderr.trim().split('\n').at(-1)!) };
};
/** What is the same for two equal orders sent at different moments. */
const own = (o: Record<string, unknown>) => ({ ...o, id: '<id>', created_at: '<t>', updated_at: o.updated_at === null ? null : '<t>' });
const byShape = (a: { price: number; size: number; side: string }, b: { price: number; size: number; side: string }) => a.price - b.price || a.size - b.size || a.side.localeCompare(b.side);

describe('create_order', () => {
  const cases: Array<[string, () => Record<string, unknown>, () => string[]]> = [
    ['a kalshi YES buy', () => ({ asset_id: K, side: 'buy', price: 0.42, size: 10 }), () => ['--asset', K, '--side', 'buy', '--price', '0.42', '--size', '10']],
    [
      'a kalshi NO buy at 0.30 (a YES ask at 0.70), immediate-or-cancel',
      () => ({ asset_id: `kalshi:${K}`, outcome: 'no', side: 'buy', price: 0.3, size: 4, order_type: 'ioc' }),
      () => ['--asset', `kalshi:${K}`, '--outcome', 'no', '--side', 'buy', '--price', '0.30', '--size', '4', '--type', 'ioc'],
    ],
    [
      'a polymarket unified id choosing the No token',
      () => ({ asset_id: `polymarket:${m.slug}`, outcome: 'no', side: 'buy', price: 0.3, size: 10 }),
      () => ['--asset', `polymarket:${m.slug}`, '--outcome', 'no', '--side', 'buy', '--price', '0.30', '--size', '10'],
    ],
    ['a polymarket token id', () => ({ asset_id: m.yes, side: 'buy', price: 0.1, size: 5 }), () => ['--asset', m.yes, '--side', 'buy', '--price', '0.10', '--size', '5']],
  ];
  it.each(cases)('%s: the same Order model, and each reads back identically', async (_n, body, flags) => {
    const r = await s.call('/v1/orders/create_order', { body: body() });
    expect(r.status, r.text).toBe(200);
    const c = await cli('order', 'create', ...flags(), '--yes');
    expect(c.exitCode, c.stderr).toBe(0);
    expect(own(r.json)).toEqual(own(c.json));
    expect(Object.keys(r.json)).toEqual(Object.keys(c.json));
    for (const id of [r.json.id, c.json.id]) {
      const [got, mine] = await Promise.all([runInProcess(['order', 'get', id, '--json'], { env }), s.call(`/v1/orders/fetch_order?order_id=${id}`)]);
      expect(mine.text + '\n').toBe(got.stdout);
    }
    // With its exchange named, on both surfaces.
    const ex = r.json.id.startsWith('0x') ? 'polymarket' : 'kalshi';
    const [got, mine] = await Promise.all([runInProcess(['--exchange', ex, 'order', 'get', r.json.id, '--json'], { env }), s.call(`/v1/orders/fetch_order?order_id=${r.json.id}&exchange=${ex}`)]);
    expect(mine.text + '\n').toBe(got.stdout);
  });

  it('two POSTs with one Idempotency-Key give one order, also at once; the Kalshi client id comes from the key', async () => {
    const body = { asset_id: K, side: 'buy', price: 0.3, size: 3 };
    const polyPosts = () => d.polymarket.clobDouble.requests.filter((q) => q.method === 'POST' && q.path === '/order').length;
    const kalshiPosts = () => d.kalshi.double.requests.filter((q) => q.method === 'POST' && q.path === '/portfolio/events/orders').length;
    const [k0, p0] = [kalshiPosts(), polyPosts()];
    const headers = { 'idempotency-key': 'bot-order-0001' };
    const [a, b] = await Promise.all([s.call('/v1/orders/create_order', { body, headers }), s.call('/v1/orders/create_order', { body, headers })]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect(b.json.id).toBe(a.json.id);
    const c = await s.call('/v1/orders/create_order', { body, headers });
    expect(c.json.id).toBe(a.json.id);
    expect(kalshiPosts() - k0).toBe(1);
    const sent = d.kalshi.double.requests.filter((q) => q.method === 'POST' && q.path === '/portfolio/events/orders').at(-1)!;
    expect(JSON.parse(sent.body).client_order_id).toBe('bot-order-0001');
    // Read back by the id it was sent with, alike on both surfaces.
    const [got, mine] = await Promise.all([runInProcess(['order', 'get', '--client-id', 'bot-order-0001', '--json'], { env }), s.call('/v1/orders/fetch_order?client_order_id=bot-order-0001')]);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.text + '\n').toBe(got.stdout);
    // The same key for another order is refused; client_order_id in the body is a key too.
    const other = await s.call('/v1/orders/create_order', { body: { ...body, price: 0.31 }, headers });
    expect([other.status, other.json.kind]).toEqual([400, 'Api']);
    const p1 = await s.call('/v1/orders/create_order', { body: { asset_id: m.yes, side: 'buy', price: 0.1, size: 5, client_order_id: 'poly-1' } });
    const p2 = await s.call('/v1/orders/create_order', { body: { asset_id: m.yes, side: 'buy', price: 0.1, size: 5, client_order_id: 'poly-1' } });
    expect(p2.json.id).toBe(p1.json.id);
    expect(polyPosts() - p0).toBe(1);
  });

  it('refusals: the other outcome of a token, a size under the minimum, more than the balance', async () => {
    const other = await s.call('/v1/orders/create_order', { body: { asset_id: m.yes, outcome: 'no', side: 'buy', price: 0.3, size: 10 } });
    expect([other.status, other.json.kind]).toEqual([400, 'Api']);
    const tiny = await s.call('/v1/orders/create_order', { body: { asset_id: m.yes, side: 'buy', price: 0.3, size: 0.5 } });
    const tinyCli = await cli('order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.30', '--size', '0.5', '--yes');
    expect([tiny.status, tiny.json.kind, tinyCli.exitCode]).toEqual([400, 'Api', 2]);
    const rich = await s.call('/v1/orders/create_order', { body: { asset_id: K, side: 'buy', price: 0.5, size: 100000 } });
    const richCli = await cli('order', 'create', '--asset', K, '--side', 'buy', '--price', '0.50', '--size', '100000', '--yes');
    expect(richCli.exitCode).toBe(4);
    expect([rich.status, rich.json]).toEqual([402, richCli.json]);
    expect(JSON.parse((await runInProcess(['order', 'list', '--json'], { env })).stdout)).toEqual([]);
  });
});

describe('reads and cancels', () => {
  it('fetch_open_orders: both exchanges, one asset, one exchange; fetch_order of a missing id', async () => {
    await s.call('/v1/orders/create_order', { body: { asset_id: K, side: 'buy', price: 0.3, size: 5 } });
    await s.call('/v1/orders/create_order', { body: { asset_id: m.yes, side: 'buy', price: 0.1, size: 5 } });
    const pairs: Array<[string[], string]> = [
      [['order', 'list'], '/v1/orders/fetch_open_orders'],
      [['order', 'list', '--asset', K], `/v1/orders/fetch_open_orders?asset_id=${K}`],
      [['order', 'list', '--asset', m.yes], `/v1/orders/fetch_open_orders?asset_id=${m.yes}`],
      [['--exchange', 'polymarket', 'order', 'list'], '/v1/orders/fetch_open_orders?exchange=polymarket'],
    ];
    for (const [args, path] of pairs) {
      const [c, r] = await Promise.all([runInProcess([...args, '--json'], { env }), s.call(path)]);
      expect(r.status).toBe(200);
      expect(r.text + '\n').toBe(c.stdout);
    }
    const missing = await s.call('/v1/orders/fetch_order?order_id=00000000-0000-4000-8000-000000000000');
    const missingCli = await cli('order', 'get', '00000000-0000-4000-8000-000000000000');
    expect(missingCli.exitCode).toBe(6);
    expect([missing.status, missing.json]).toEqual([404, missingCli.json]);
  });

  it('cancel_all_orders cancels what the CLI would, on both exchanges, and answers the same models', async () => {
    const place = async () => {
      await s.call('/v1/orders/create_order', { body: { asset_id: K, side: 'buy', price: 0.3, size: 5 } });
      await s.call('/v1/orders/create_order', { body: { asset_id: m.yes, side: 'buy', price: 0.1, size: 5 } });
    };
    await place();
    const r = await s.call('/v1/orders/cancel_all_orders', { body: {} });
    expect(r.status, r.text).toBe(200);
    expect(r.json.map((o: { status: string }) => o.status)).toEqual(['cancelled', 'cancelled']);
    expect(JSON.parse((await runInProcess(['order', 'list', '--json'], { env })).stdout)).toEqual([]);
    await place();
    const c = await cli('order', 'cancel-all', '--yes');
    expect(c.exitCode, c.stderr).toBe(0);
    expect(r.json.map(own).sort(byShape)).toEqual(c.json.map(own).sort(byShape));
    const none = await s.call('/v1/orders/cancel_all_orders', { body: { asset_id: K } });
    expect([none.status, none.json]).toEqual([200, []]);
  });
});
