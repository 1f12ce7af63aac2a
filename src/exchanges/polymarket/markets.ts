// Placeholder until the polymarket market-data work lands.
import { notSupported } from '../exchange.js';
import type { FetchMarketsParams, Market, MarketLineage, MarketsPage } from '../types.js';
import type { PolymarketClient } from './client.js';

export async function fetchMarkets(_c: PolymarketClient, _p: FetchMarketsParams): Promise<MarketsPage> {
  throw notSupported('polymarket', 'fetch_markets');
}
export async function fetchMarketLineage(_c: PolymarketClient, _t: string): Promise<MarketLineage> {
  throw notSupported('polymarket', 'fetch_market_lineage');
}
/** One market by its native ticker (Kalshi ticker / Polymarket slug); MarketNotFound if absent. */
export async function fetchMarket(_c: PolymarketClient, _t: string): Promise<Market> {
  throw notSupported('polymarket', 'fetch_market');
}
