/**
 * The Exchange interface over one exchange's client. Each exchange keeps its operations in
 * per-concern modules (markets, book, orders, fees) as functions of its client; this class binds
 * them, so the two adapters differ only in what they bind, never in how.
 */
import type { Capabilities, Exchange } from './exchange.js';
import type { ExchangeId } from './types.js';

type Operation = Exclude<keyof Exchange, 'id' | 'has' | 'environment'>;

/** Every operation of the interface, as a function of the exchange's client. */
export type Operations<C> = { [K in Operation]: (client: C, ...args: Parameters<Exchange[K]>) => ReturnType<Exchange[K]> };

export class Adapter<Id extends ExchangeId, C> implements Exchange {
  constructor(
    readonly id: Id,
    readonly has: Capabilities,
    /** `production` or `demo` (Kalshi), `production` (Polymarket). */
    readonly environment: string,
    readonly client: C,
    private readonly ops: Operations<C>,
  ) {}

  fetchMarkets(...a: Parameters<Exchange['fetchMarkets']>) {
    return this.ops.fetchMarkets(this.client, ...a);
  }
  searchMarkets(...a: Parameters<Exchange['searchMarkets']>) {
    return this.ops.searchMarkets(this.client, ...a);
  }
  fetchEventTitles(...a: Parameters<Exchange['fetchEventTitles']>) {
    return this.ops.fetchEventTitles(this.client, ...a);
  }
  fetchMarketLineage(...a: Parameters<Exchange['fetchMarketLineage']>) {
    return this.ops.fetchMarketLineage(this.client, ...a);
  }
  fetchOrderbook(...a: Parameters<Exchange['fetchOrderbook']>) {
    return this.ops.fetchOrderbook(this.client, ...a);
  }
  fetchOrder(...a: Parameters<Exchange['fetchOrder']>) {
    return this.ops.fetchOrder(this.client, ...a);
  }
  fetchOrderByClientId(...a: Parameters<Exchange['fetchOrderByClientId']>) {
    return this.ops.fetchOrderByClientId(this.client, ...a);
  }
  fetchOpenOrders(...a: Parameters<Exchange['fetchOpenOrders']>) {
    return this.ops.fetchOpenOrders(this.client, ...a);
  }
  createOrder(...a: Parameters<Exchange['createOrder']>) {
    return this.ops.createOrder(this.client, ...a);
  }
  cancelAllOrders(...a: Parameters<Exchange['cancelAllOrders']>) {
    return this.ops.cancelAllOrders(this.client, ...a);
  }
  cancelOrder(...a: Parameters<Exchange['cancelOrder']>) {
    return this.ops.cancelOrder(this.client, ...a);
  }
  amendOrder(...a: Parameters<Exchange['amendOrder']>) {
    return this.ops.amendOrder(this.client, ...a);
  }
  fetchBalance(...a: Parameters<Exchange['fetchBalance']>) {
    return this.ops.fetchBalance(this.client, ...a);
  }
  fetchPositions(...a: Parameters<Exchange['fetchPositions']>) {
    return this.ops.fetchPositions(this.client, ...a);
  }
  fetchFills(...a: Parameters<Exchange['fetchFills']>) {
    return this.ops.fetchFills(this.client, ...a);
  }
  fetchTrades(...a: Parameters<Exchange['fetchTrades']>) {
    return this.ops.fetchTrades(this.client, ...a);
  }
  fetchPriceHistory(...a: Parameters<Exchange['fetchPriceHistory']>) {
    return this.ops.fetchPriceHistory(this.client, ...a);
  }
  describeAsset(...a: Parameters<Exchange['describeAsset']>) {
    return this.ops.describeAsset(this.client, ...a);
  }
  resolveAsset(...a: Parameters<Exchange['resolveAsset']>) {
    return this.ops.resolveAsset(this.client, ...a);
  }
  resolveMarketAssets(...a: Parameters<Exchange['resolveMarketAssets']>) {
    return this.ops.resolveMarketAssets(this.client, ...a);
  }
  previewOrder(...a: Parameters<Exchange['previewOrder']>) {
    return this.ops.previewOrder(this.client, ...a);
  }
  fetchFeeSchedule(...a: Parameters<Exchange['fetchFeeSchedule']>) {
    return this.ops.fetchFeeSchedule(this.client, ...a);
  }
  estimateFees(...a: Parameters<Exchange['estimateFees']>) {
    return this.ops.estimateFees(this.client, ...a);
  }
  orderGroups(...a: Parameters<Exchange['orderGroups']>) {
    return this.ops.orderGroups(this.client, ...a);
  }
  checkFunds(...a: Parameters<Exchange['checkFunds']>) {
    return this.ops.checkFunds(this.client, ...a);
  }
  checkAuth(...a: Parameters<Exchange['checkAuth']>) {
    return this.ops.checkAuth(this.client, ...a);
  }
  watchBook(...a: Parameters<Exchange['watchBook']>) {
    return this.ops.watchBook(this.client, ...a);
  }
}
