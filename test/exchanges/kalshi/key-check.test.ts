/** `exchanges --check` on Kalshi: does the key belong to the environment in use? */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterConfig } from '../../../src/context.js';
import { createKalshi } from '../../../src/exchanges/kalshi/index.js';
import { credentialsFor, startTradingDouble, type TradingDouble } from './orders-harness.js';
import { UpstreamDouble, Router } from '../../upstream/server.js';
import { KALSHI_PREFIX, KalshiAuth } from '../../upstream/kalshi/auth.js';
import { createKalshiMarkets } from '../../upstream/kalshi/markets-routes.js';
import { createKalshiBooks } from '../../upstream/kalshi/book-routes.js';
import { createKalshiOrders } from '../../upstream/kalshi/orders-routes.js';

let prod: TradingDouble;
let demo: UpstreamDouble;
let demoAuth: KalshiAuth;

beforeAll(async () => {
  prod = await startTradingDouble();
  // A second Kalshi (the "demo" environment) that knows only its own keys.
  demoAuth = new KalshiAuth();
  const markets = createKalshiMarkets({ markets: 5 });
  const orders = createKalshiOrders(demoAuth, markets, createKalshiBooks(demoAuth, markets));
  const router = new Router();
  orders.register(router);
  demo = await new UpstreamDouble('kalshi-demo', router, KALSHI_PREFIX).start();
});
afterAll(async () => {
  await prod.double.close();
  await demo.close();
});

function adapter(environment: 'production' | 'demo', key = prod.key) {
  const cfg: AdapterConfig = {
    env: { PMT_KALSHI_RATE: '1000' },
    urls: { kalshi: prod.double.url, gamma: 'http://127.0.0.1:9', clob: 'http://127.0.0.1:9', kalshiOther: demo.url },
    environment,
    credentials: async () => credentialsFor(key),
    now: Date.now,
  };
  return createKalshi(cfg);
}

describe('Kalshi key vs environment', () => {
  it('a key the environment knows: ok', async () => {
    const r = await adapter('production').checkFunds();
    expect([r.ok, r.fix]).toEqual([true, null]);
    expect(r.lines[0]).toMatch(/^the key belongs to Kalshi production/);
  });

  it('a demo key used on production: names the demo setting', async () => {
    demoAuth.register(prod.stranger.keyId, prod.stranger.publicKey);
    const r = await adapter('production', prod.stranger).checkFunds();
    expect(r.ok).toBe(false);
    expect(r.lines[1]).toMatch(/demo .* accepts it/);
    expect(r.fix).toMatch(/this is a demo key: use a profile with --kalshi-demo/);
  });

  it('a key neither knows: says so', async () => {
    const r = await adapter('production', prod.impostor).checkFunds();
    expect(r.fix).toMatch(/not known to either environment/);
  });
});
