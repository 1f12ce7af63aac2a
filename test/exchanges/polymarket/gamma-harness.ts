/**
 * Test harness for the Polymarket market-data adapter: the Gamma double on a loopback port, a
 * PolymarketClient pointed at it (no pacing, fast retries), and the expected catalogue contents
 * computed straight from the wire (independently of the parser under test).
 */
import { PolymarketClient } from '../../../src/exchanges/polymarket/client.js';
import { fetchMarkets } from '../../../src/exchanges/polymarket/markets.js';
import type { MarketsPage, MarketStatus, MarketStatusFilter } from '../../../src/exchanges/types.js';
import { Router, UpstreamDouble } from '../../upstream/server.js';
import { createGamma, type GammaOptions } from '../../upstream/polymarket/gamma-routes.js';
import type { CatalogMarket, GammaCatalog } from '../../upstream/polymarket/gamma-catalog.js';

export async function startGamma(opts: GammaOptions = {}) {
  process.env.PMT_RETRY_BASE_MS = '1';
  const gamma = createGamma(opts);
  const router = new Router();
  gamma.register(router);
  const double = await new UpstreamDouble('polymarket-gamma', router).start();
  const client = new PolymarketClient({
    env: { PMT_POLYMARKET_RATE: '1000000' },
    urls: { kalshi: 'http://127.0.0.1:9', gamma: double.url, clob: 'http://127.0.0.1:9' },
    environment: 'custom',
    credentials: () => Promise.reject(new Error('no credentials in market-data tests')),
    now: () => Date.now(),
  });
  return { gamma, catalog: gamma.catalog, double, client, close: () => double.close() };
}
export type GammaHarness = Awaited<ReturnType<typeof startGamma>>;

/** The unified status a wire market should get (reference §2.1), read from its booleans. */
export function wireStatus(m: CatalogMarket): MarketStatus {
  if (m.wire.closed === true) return 'resolved';
  if (m.wire.active === false) return 'closed';
  return 'active';
}

/** Slugs the catalogue listing must return for a filter: open events for active, all events else. */
export function expectedSlugs(catalog: GammaCatalog, status: MarketStatusFilter): string[] {
  return catalog.events
    .filter((e) => status !== 'active' || (e.active && !e.closed))
    .flatMap((e) => e.markets)
    .filter((m) => status === 'all' || wireStatus(m) === status)
    .map((m) => m.slug);
}

/** Follow cursors to the end. */
export async function pageAll(client: PolymarketClient, status: MarketStatusFilter, limit: number): Promise<MarketsPage[]> {
  const pages: MarketsPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchMarkets(client, { status, limit, cursor });
    pages.push(page);
    cursor = page.cursor ?? undefined;
    if (pages.length > 5000) throw new Error('paging did not end');
  } while (cursor);
  return pages;
}
