// Placeholder until the trading work lands.
import { notSupported, type AssetInfo, type AuthCheck, type CancelResult, type CreateOrderOptions } from '../exchange.js';
import type { CreateOrderRequest, Order } from '../types.js';
import type { KalshiClient } from './client.js';

export async function describeAsset(_c: KalshiClient, _a: string): Promise<AssetInfo> {
  throw notSupported('kalshi', 'describe_asset');
}
export async function fetchOrder(_c: KalshiClient, _id: string): Promise<Order> {
  throw notSupported('kalshi', 'fetch_order');
}
export async function fetchOpenOrders(_c: KalshiClient, _a?: string): Promise<Order[]> {
  throw notSupported('kalshi', 'fetch_open_orders');
}
export async function createOrder(_c: KalshiClient, _r: CreateOrderRequest, _o?: CreateOrderOptions): Promise<Order> {
  throw notSupported('kalshi', 'create_order');
}
export async function previewOrder(_c: KalshiClient, _r: CreateOrderRequest): Promise<{ method: string; url: string; body: unknown }> {
  throw notSupported('kalshi', 'create_order');
}
export async function cancelAllOrders(_c: KalshiClient, _a?: string): Promise<CancelResult> {
  throw notSupported('kalshi', 'cancel_all_orders');
}
export async function checkAuth(_c: KalshiClient): Promise<AuthCheck> {
  throw notSupported('kalshi', 'check_auth');
}
