/**
 * `watchOrders` on Polymarket US: the private WebSocket (`/v1/ws/private`), its upgrade signed as
 * the `polymarket-us` SDK signs it (the double verifies the Ed25519 signature and refuses anything
 * else with 401), subscribed to SUBSCRIPTION_TYPE_ORDER for every market. The double pushes the
 * venue's execution reports as its API places, fills, modifies and cancels orders; they arrive as
 * OrderEvents on the outcome's own price scale (a short order reads at 1 − the long price). The
 * snapshot of open orders at subscribe is not an event; a refused key ends the watch (exit 3 on
 * the CLI). Then `pmt order watch --exchange polymarket-us` end to end on the built binary.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterConfig } from '../../../src/context.js';
import { Decimal } from '../../../src/decimal.js';
import { resolveCredentials } from '../../../src/credentials.js';
import type { OrderEvent } from '../../../src/exchanges/order-stream.js';
import { PolymarketUsClient } from '../../../src/exchanges/polymarket-us/client.js';
import { createOrder, amendOrder, cancelOrder } from '../../../src/exchanges/polymarket-us/orders.js';
import { polymarketUsUserEvents, watchOrders } from '../../../src/exchanges/polymarket-us/user-stream.js';
import { runPmt, tempConfigDir } from '../../helpers/cli.js';
import { startDoubles, type Doubles } from '../../upstream/doubles.js';

const KEY_ID = 'pmus-watch-0001';
const SEED = Buffer.alloc(32, 7);

let d: Doubles;
beforeAll(async () => {
  d = await startDoubles();
  d.polymarketUs.api.registerSeed(KEY_ID, SEED);
  d.polymarketUs.api.setBuyingPower(KEY_ID, 500);
});
afterAll(() => d?.close());

function client(keyId = KEY_ID): PolymarketUsClient {
  const env = { POLYMARKET_US_API_KEY_ID: keyId, POLYMARKET_US_PRIVATE_KEY: SEED.toString('base64') };
  const cfg: AdapterConfig = {
    env: {},
    urls: { pmusGateway: d.env.PMT_POLYMARKET_US_GATEWAY_URL!, pmusApi: d.env.PMT_POLYMARKET_US_API_URL!, pmusWs: d.env.PMT_POLYMARKET_US_WS_URL! },
    environment: 'custom',
    credentials: async () => resolveCredentials({ env, profile: undefined, profileName: null }),
    now: Date.now,
  };
  return new PolymarketUsClient(cfg);
}

/** A market of the double with a book and a minimum of one contract. */
function market(): { slug: string; bestOffer: string } {
  for (const [slug, m] of d.polymarketUs.catalog.markets) {
    const offer = d.polymarketUs.catalog.books.get(slug)?.offers[0];
    if (m.active && !m.closed && m.minimumTradeQty === 1 && m.tick === '0.01' && offer) return { slug, bestOffer: offer[0] };
  }
  throw new Error('the double has no open market with a book');
}

describe('Polymarket US private channel', () => {
  it('a resting order, a maker fill, a modify, a cancel and a taker fill arrive as pushed, with both outcomes priced as they trade', async () => {
    const c = client();
    const { slug, bestOffer } = market();
    const events: OrderEvent[] = [];
    let fatal: Error | undefined;
    const stats = d.polymarketUs.stream.stats;
    const subscribes = stats.orderSubscribes;
    const s = watchOrders(c, { onEvent: (e) => events.push(e), onFatal: (e) => (fatal = e) });
    const until = async (ok: () => boolean, what: string) => {
      const t0 = Date.now();
      while (!ok()) {
        if (fatal) throw fatal;
        if (Date.now() - t0 > 5000) throw new Error(`stuck at ${what}: ${JSON.stringify(events)} ${JSON.stringify(stats)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    try {
      await until(() => stats.orderSubscribes > subscribes, 'subscribe');
      // A No bought at 0.40 rests on the venue as BUY_SHORT at a long price of 0.60.
      const no = await createOrder(c, { asset_id: `polymarket-us:${slug}`, outcome: 'no', side: 'buy', price: Decimal.from(0.4), size: Decimal.from(5), order_type: 'gtc' });
      await until(() => events.length >= 1, 'placed');
      d.polymarketUs.api.fillResting(no.id, 2);
      await until(() => events.length >= 3, 'maker fill');
      await amendOrder(c, no.id, { price: Decimal.from('0.35') });
      await until(() => events.length >= 4, 'modify');
      await cancelOrder(c, no.id);
      await until(() => events.length >= 5, 'cancel');
      // A Yes bought at the best offer fills at once: the account took liquidity.
      const yes = await createOrder(c, { asset_id: `polymarket-us:${slug}`, outcome: 'yes', side: 'buy', price: Decimal.from(Number(bestOffer)), size: Decimal.from(3), order_type: 'gtc' });
      await until(() => events.length >= 7, 'taker fill');
      const brief = events.map((e) => [e.kind, e.order_id, e.status, e.outcome, e.side, e.price, e.size, e.filled, e.is_taker]);
      expect(brief).toEqual([
        ['order', no.id, 'open', 'No', 'buy', 0.4, 5, 0, null],
        ['order', no.id, 'partially_filled', 'No', 'buy', 0.4, 5, 2, null],
        ['fill', no.id, null, 'No', 'buy', 0.4, 2, null, false],
        ['order', no.id, 'partially_filled', 'No', 'buy', 0.35, 5, 2, null],
        ['order', no.id, 'cancelled', 'No', 'buy', 0.35, 5, 2, null],
        ['order', yes.id, 'filled', 'Yes', 'buy', Number(bestOffer), 3, 3, null],
        ['fill', yes.id, null, 'Yes', 'buy', Number(bestOffer), 3, null, true],
      ]);
      expect(events.every((e) => e.exchange === 'polymarket-us' && e.market_ticker === slug && e.asset_id === slug && !Number.isNaN(Date.parse(e.exchange_ts)))).toBe(true);
      expect(events.filter((e) => e.kind === 'fill').map((e) => e.fill_id)).toEqual([expect.stringMatching(/^pmus-maker-trade-/), expect.stringMatching(/^pmus-trade-/)]);
    } finally {
      s.close();
    }
  });

  it('the snapshot, heartbeats and other messages are not events; the older message names are read too', () => {
    const order = { id: 'o-1', marketSlug: 'm', intent: 'ORDER_INTENT_SELL_LONG', price: { value: '0.7', currency: 'USD' }, quantity: 4, cumQuantity: 0, state: 'ORDER_STATE_NEW' };
    expect(polymarketUsUserEvents({ requestId: 'r', orderSubscriptionSnapshot: { orders: [order], eof: true } }, 0)).toEqual([]);
    expect(polymarketUsUserEvents({ heartbeat: {} }, 0)).toEqual([]);
    expect(polymarketUsUserEvents({ requestId: 'r', orderUpdate: { execution: { id: 'x', order: { ...order, id: '' }, type: 'EXECUTION_TYPE_NEW' } } }, 0)).toEqual([]);
    const [e] = polymarketUsUserEvents({ requestId: 'r', orderUpdate: { execution: { id: 'x', order, type: 'EXECUTION_TYPE_NEW', transactTime: '2026-10-01T12:00:00Z' } } }, 0);
    expect([e?.side, e?.outcome, e?.price, e?.status, e?.exchange_ts]).toEqual(['sell', 'Yes', 0.7, 'open', '2026-10-01T12:00:00.000Z']);
  });

  it('a key the venue does not know: the signed upgrade is refused (401) and the watch ends as Authentication', async () => {
    const refused = d.polymarketUs.stream.stats.refused;
    const fatal = await new Promise<Error>((resolve) => {
      const s = watchOrders(client('pmus-unknown-key'), { onEvent: () => {}, onFatal: (e) => (s.close(), resolve(e)) });
    });
    expect(fatal).toMatchObject({ kind: 'Authentication' });
    expect(d.polymarketUs.stream.stats.refused).toBeGreaterThan(refused);
  });
});

describe('pmt order watch --exchange polymarket-us', () => {
  it('piped: one OrderEvent per line as pushed, until --count; without credentials, Config before anything connects', async () => {
    const dir = tempConfigDir();
    const keyFile = join(dir, 'us.key');
    writeFileSync(keyFile, SEED.toString('base64') + '\n', { mode: 0o600 });
    const env = { ...d.env, PMT_CONFIG_DIR: dir, POLYMARKET_US_API_KEY_ID: KEY_ID, POLYMARKET_US_PRIVATE_KEY_PATH: keyFile };
    const { slug } = market();
    const before = d.polymarketUs.stream.stats.orderSubscribes;
    const run = runPmt(['order', 'watch', '--exchange', 'polymarket-us', '--count', '2'], { env });
    while (d.polymarketUs.stream.stats.orderSubscribes === before) await new Promise((r) => setTimeout(r, 10));
    const o = await createOrder(client(), { asset_id: `polymarket-us:${slug}`, outcome: 'yes', side: 'buy', price: Decimal.from(0.2), size: Decimal.from(2), order_type: 'gtc' });
    await cancelOrder(client(), o.id);
    const r = await run;
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((e) => [e.exchange, e.kind, e.order_id, e.status, e.side, e.price, e.size])).toEqual([
      ['polymarket-us', 'order', o.id, 'open', 'buy', 0.2, 2],
      ['polymarket-us', 'order', o.id, 'cancelled', 'buy', 0.2, 2],
    ]);
    const none = await runPmt(['order', 'watch', '--exchange', 'polymarket-us', '--count', '1'], { env: { ...d.env, PMT_CONFIG_DIR: tempConfigDir() } });
    expect([none.exitCode, none.stderr]).toEqual([9, expect.stringMatching(/polymarket-us needs credentials/)]);
  });
});
