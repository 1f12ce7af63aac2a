// Placeholder until the Kalshi market-data work lands.
import { notSupported } from '../exchange.js';
import type { FetchMarketsParams, MarketLineage, MarketsPage } from '../types.js';
import type { PolymarketClient } from './client.js';

export async function fetchMarkets(_c: PolymarketClient, _p: FetchMarketsParams): Promise<MarketsPage> {
  throw notSupported('polymarket', 'fetch_markets');
}
export async function fetchMarketLineage(_c: PolymarketClient, _t: string): Promise<MarketLineage> {
  throw notSupported('polymarket', 'fetch_market_lineage');
}
