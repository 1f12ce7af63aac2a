/** Polymarket US doubles: the public gateway (markets, books, price history) and the signed API (account, orders, portfolio). */
import { Router, UpstreamDouble } from '../server.js';
import { buildUsCatalog } from './catalog.js';
import { createUsGateway } from './gateway-routes.js';
import { createUsApi } from './api-routes.js';
import { createUsStream } from './stream-routes.js';

export interface PolymarketUsOptions {
  /** Generated markets beyond the named ones (for paging). */
  markets?: number;
}

export function createPolymarketUsDoubles(opts: PolymarketUsOptions = {}) {
  const catalog = buildUsCatalog(opts.markets ?? 0);
  const gateway = createUsGateway(catalog);
  const gatewayRouter = new Router();
  gateway.register(gatewayRouter);
  const api = createUsApi(catalog);
  const apiRouter = new Router();
  api.routes(apiRouter);
  const apiDouble = new UpstreamDouble('polymarket-us-api', apiRouter);
  const stream = createUsStream(catalog, api.authed, api);
  stream.attach(apiDouble);
  return {
    api,
    stream,
    catalog,
    gateway,
    gatewayDouble: new UpstreamDouble('polymarket-us-gateway', gatewayRouter),
    apiDouble,
  };
}
export type PolymarketUsDoubles = ReturnType<typeof createPolymarketUsDoubles>;
