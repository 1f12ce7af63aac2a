// Placeholder until the kalshi market-data work lands.
import { notSupported } from '../exchange.js';
import type { FetchMarketsParams, Market, MarketLineage, MarketsPage } from '../types.js';
import type { KalshiClient } from './client.js';

export async function fetchMarkets(_c: KalshiClient, _p: FetchMarketsParams): Promise<MarketsPage> {
  throw notSupported('kalshi', 'fetch_markets');
}
export async function fetchMarketLineage(_c: KalshiClient, _t: string): Promise<MarketLineage> {
  throw notSupported('kalshi', 'fetch_market_lineage');
}
/** One market by its native ticker (Kalshi ticker / Polymarket slug); MarketNotFound if absent. */
export async function fetchMarket(_c: KalshiClient, _t: string): Promise<Market> {
  throw notSupported('kalshi', 'fetch_market');
}
