// Placeholder until the trading work lands.
import { notSupported, type AssetInfo, type AuthCheck, type CancelResult, type CreateOrderOptions } from '../exchange.js';
import type { CreateOrderRequest, Order } from '../types.js';
import type { PolymarketClient } from './client.js';

export async function describeAsset(_c: PolymarketClient, _a: string): Promise<AssetInfo> {
  throw notSupported('polymarket', 'describe_asset');
}
export async function fetchOrder(_c: PolymarketClient, _id: string): Promise<Order> {
  throw notSupported('polymarket', 'fetch_order');
}
export async function fetchOpenOrders(_c: PolymarketClient, _a?: string): Promise<Order[]> {
  throw notSupported('polymarket', 'fetch_open_orders');
}
export async function createOrder(_c: PolymarketClient, _r: CreateOrderRequest, _o?: CreateOrderOptions): Promise<Order> {
  throw notSupported('polymarket', 'create_order');
}
export async function previewOrder(_c: PolymarketClient, _r: CreateOrderRequest): Promise<{ method: string; url: string; body: unknown }> {
  throw notSupported('polymarket', 'create_order');
}
export async function cancelAllOrders(_c: PolymarketClient, _a?: string): Promise<CancelResult> {
  throw notSupported('polymarket', 'cancel_all_orders');
}
export async function checkAuth(_c: PolymarketClient): Promise<AuthCheck> {
  throw notSupported('polymarket', 'check_auth');
}
