/**
 * The Kalshi adapter (exchange A): a thin class over per-concern modules, so no file grows into
 * a 2,000-line adapter. Markets: markets.ts; book: book.ts; orders: orders.ts.
 */
import type { AdapterConfig } from '../../context.js';
import type { AssetInfo, AuthCheck, Capabilities, CancelResult, CreateOrderOptions, Exchange } from '../exchange.js';
import type { CreateOrderRequest, FetchMarketsParams } from '../types.js';
import { KalshiClient } from './client.js';
import * as markets from './markets.js';
import * as book from './book.js';
import * as orders from './orders.js';
import * as fees from './fees.js';

const has: Capabilities = {
  fetchMarkets: { supported: true, auth: false },
  fetchMarketLineage: { supported: true, auth: false },
  fetchOrderbook: { supported: true, auth: true },
  fetchOrder: { supported: true, auth: true },
  fetchOpenOrders: { supported: true, auth: true },
  createOrder: { supported: true, auth: true },
  cancelAllOrders: { supported: true, auth: true },
};

export class KalshiExchange implements Exchange {
  readonly id = 'kalshi' as const;
  readonly has = has;
  readonly environment: string;
  readonly client: KalshiClient;

  constructor(cfg: AdapterConfig) {
    this.client = new KalshiClient(cfg);
    this.environment = cfg.kalshiEnvironment;
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

export function createKalshi(cfg: AdapterConfig): KalshiExchange {
  return new KalshiExchange(cfg);
}
