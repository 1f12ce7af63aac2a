/**
 * The Polymarket adapter (exchange B): a thin class over per-concern modules. Markets (Gamma):
 * markets.ts; book (CLOB): book.ts; orders (CLOB, signed): orders.ts.
 */
import type { AdapterConfig } from '../../context.js';
import type { AssetInfo, AuthCheck, Capabilities, CancelResult, CreateOrderOptions, Exchange } from '../exchange.js';
import type { CreateOrderRequest, FetchMarketsParams } from '../types.js';
import { PolymarketClient } from './client.js';
import * as markets from './markets.js';
import * as book from './book.js';
import * as orders from './orders.js';
import * as fees from './fees.js';

const has: Capabilities = {
  fetchMarkets: { supported: true, auth: false },
  fetchMarketLineage: { supported: true, auth: false },
  fetchOrderbook: { supported: true, auth: false },
  fetchOrder: { supported: true, auth: true },
  fetchOpenOrders: { supported: true, auth: true },
  createOrder: { supported: true, auth: true },
  cancelAllOrders: { supported: true, auth: true },
};

export class PolymarketExchange implements Exchange {
  readonly id = 'polymarket' as const;
  readonly has = has;
  readonly environment = 'production';
  readonly client: PolymarketClient;

  constructor(cfg: AdapterConfig) {
    this.client = new PolymarketClient(cfg);
  }

  fetchMarkets(params: FetchMarketsParams) {
    return markets.fetchMarkets(this.client, params);
  }
  fetchMarketLineage(ticker: string) {
    return markets.fetchMarketLineage(this.client, ticker);
  }
  fetchOrderbook(assetId: string) {
    return book.fetchOrderbook(this.client, assetId);
  }
  resolveAsset(input: string, outcome?: string) {
    return book.resolveAsset(this.client, input, outcome);
  }
  describeAsset(assetId: string) {
    return orders.describeAsset(this.client, assetId);
  }
  fetchOrder(orderId: string) {
    return orders.fetchOrder(this.client, orderId);
  }
  fetchOpenOrders(assetId?: string) {
    return orders.fetchOpenOrders(this.client, assetId);
  }
  createOrder(req: CreateOrderRequest, opts?: CreateOrderOptions) {
    return orders.createOrder(this.client, req, opts);
  }
  previewOrder(req: CreateOrderRequest) {
    return orders.previewOrder(this.client, req);
  }
  cancelAllOrders(assetId?: string): Promise<CancelResult> {
    return orders.cancelAllOrders(this.client, assetId);
  }
  fetchFeeSchedule(info: AssetInfo) {
    return fees.fetchFeeSchedule(this.client, info);
  }
  checkAuth(): Promise<AuthCheck> {
    return orders.checkAuth(this.client);
  }
}

export function createPolymarket(cfg: AdapterConfig): PolymarketExchange {
  return new PolymarketExchange(cfg);
}
