/** Polymarket US doubles: the public gateway (markets, books, price history) on one loopback origin. */
import { Router, UpstreamDouble } from '../server.js';
import { buildUsCatalog } from './catalog.js';
import { createUsGateway } from './gateway-routes.js';

export interface PolymarketUsOptions {
  /** Generated markets beyond the named ones (for paging). */
  markets?: number;
}

export function createPolymarketUsDoubles(opts: PolymarketUsOptions = {}) {
  const catalog = buildUsCatalog(opts.markets ?? 0);
  const gateway = createUsGateway(catalog);
  const gatewayRouter = new Router();
  gateway.register(gatewayRouter);
  const apiRouter = new Router();
  return {
    catalog,
    gateway,
    gatewayDouble: new UpstreamDouble('polymarket-us-gateway', gatewayRouter),
    apiDouble: new UpstreamDouble('polymarket-us-api', apiRouter),
    apiRouter,
  };
}
export type PolymarketUsDoubles = ReturnType<typeof createPolymarketUsDoubles>;
