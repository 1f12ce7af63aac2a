// Placeholder until the orderbook work lands.
import { notSupported } from '../exchange.js';
import type { Orderbook } from '../types.js';
import type { KalshiClient } from './client.js';

export async function fetchOrderbook(_c: KalshiClient, _a: string): Promise<Orderbook> {
  throw notSupported('kalshi', 'fetch_orderbook');
}
export async function resolveAsset(_c: KalshiClient, input: string, _o?: string): Promise<string> {
  return input.replace(/^kalshi:/i, '');
}
