// Placeholder until the orderbook work lands.
import { notSupported } from '../exchange.js';
import type { Orderbook } from '../types.js';
import type { PolymarketClient } from './client.js';

export async function fetchOrderbook(_c: PolymarketClient, _a: string): Promise<Orderbook> {
  throw notSupported('polymarket', 'fetch_orderbook');
}
export async function resolveAsset(_c: PolymarketClient, input: string, _o?: string): Promise<string> {
  return input.replace(/^polymarket:/i, '');
}
