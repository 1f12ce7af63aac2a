/**
 * All upstream doubles at once, on free loopback ports, with the environment that points pmt at
 * them (the contract's PMT_*_URL variables). Used by adapter, command, serve tests and the bench.
 */
import { createKalshiDouble } from './kalshi/index.js';
import type { KalshiMarketsOptions } from './kalshi/markets-routes.js';
import { createPolymarketDoubles } from './polymarket/index.js';
import type { GammaOptions } from './polymarket/gamma-routes.js';
import { createPolymarketUsDoubles, type PolymarketUsOptions } from './polymarket-us/index.js';

export interface DoublesOptions {
  kalshi?: KalshiMarketsOptions;
  polymarket?: GammaOptions;
  polymarketUs?: PolymarketUsOptions;
}

export async function startDoubles(opts: DoublesOptions = {}) {
  const kalshi = createKalshiDouble(opts.kalshi);
  const poly = createPolymarketDoubles(opts.polymarket);
  const us = createPolymarketUsDoubles(opts.polymarketUs);
  await Promise.all([kalshi.double.start(), poly.gammaDouble.start(), poly.clobDouble.start(), poly.dataDouble.start(), us.gatewayDouble.start(), us.apiDouble.start()]);
  const env: Record<string, string> = {
    PMT_KALSHI_API_URL: kalshi.double.url,
    PMT_POLYMARKET_GAMMA_URL: poly.gammaDouble.url,
    PMT_POLYMARKET_CLOB_URL: poly.clobDouble.url,
    PMT_POLYMARKET_DATA_URL: poly.dataDouble.url,
    PMT_KALSHI_WS_URL: kalshi.stream.url(kalshi.double),
    PMT_POLYMARKET_WS_URL: poly.stream.url(poly.clobDouble),
    // Origins (pmt appends /v1/...); the WebSockets are served by the API double.
    PMT_POLYMARKET_US_GATEWAY_URL: us.gatewayDouble.url,
    PMT_POLYMARKET_US_API_URL: us.apiDouble.url,
    PMT_POLYMARKET_US_WS_URL: us.apiDouble.url.replace(/^http:/, 'ws:'),
  };
  return {
    kalshi,
    polymarket: poly,
    polymarketUs: us,
    env,
    all: [kalshi.double, poly.gammaDouble, poly.clobDouble, poly.dataDouble, us.gatewayDouble, us.apiDouble],
    resetLogs(): void {
      for (const d of [kalshi.double, poly.gammaDouble, poly.clobDouble, poly.dataDouble, us.gatewayDouble, us.apiDouble]) d.resetLog();
    },
    async close(): Promise<void> {
      kalshi.stream.close();
      poly.stream.close();
      us.stream.close();
      await Promise.all([kalshi.double.close(), poly.gammaDouble.close(), poly.clobDouble.close(), poly.dataDouble.close(), us.gatewayDouble.close(), us.apiDouble.close()]);
    },
  };
}
export type Doubles = Awaited<ReturnType<typeof startDoubles>>;
/** For the benchmark (.doubles/lib.js): a Kalshi key the doubles can register. */
export { makeKalshiKey } from './kalshi/auth.js';
