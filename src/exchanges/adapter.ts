/**
 * The Exchange interface over one exchange's client. Each exchange keeps its operations in
 * per-concern modules (markets, book, orders, fees) as functions of its client; this class binds
 * them, so the adapters differ only in what they bind, never in how. An operation an exchange
 * does not bind answers NotSupported (a read-only exchange binds its reads and nothing else).
 */
import { notSupported } from './capabilities.js';
import type { Capabilities, Capability, Exchange } from './exchange.js';
import type { ExchangeId } from './types.js';

type Operation = Exclude<keyof Exchange, 'id' | 'has' | 'environment'>;

/** The interface's operations an exchange binds, each as a function of the exchange's client. */
export type Operations<C> = { [K in Operation]?: (client: C, ...args: Parameters<Exchange[K]>) => ReturnType<Exchange[K]> };

/** The operations that answer with a promise (all but the streams and the fee estimate). */
type AsyncOperation = { [K in Operation]: ReturnType<Exchange[K]> extends Promise<unknown> ? K : never }[Operation];

/**
 * A concern's operations, its module loaded on the first call of any of them: a one-request
 * command compiles the book code, not the order, portfolio and tape code beside it. `names` lists
 * every operation the module exports (the type refuses a missing or an extra one, and a module
 * with a synchronous operation, which cannot wait for a load).
 */
export function lazily<C, M extends Operations<C>>(
  load: () => Promise<M>,
  names: Extract<keyof M, Exclude<Operation, AsyncOperation>> extends never ? Record<Extract<keyof M, Operation>, true> : 'a module with a synchronous operation cannot load lazily',
): Operations<C> {
  const ops: Record<string, (client: C, ...args: unknown[]) => Promise<unknown>> = {};
  for (const name of Object.keys(names)) {
    ops[name] = async (client, ...args) => ((await load()) as unknown as Record<string, (c: C, ...a: unknown[]) => Promise<unknown>>)[name]!(client, ...args);
  }
  return ops as Operations<C>;
}

export class Adapter<Id extends ExchangeId, C> implements Exchange {
  constructor(
    readonly id: Id,
    readonly has: Capabilities,
    /** `production` or `demo` (Kalshi), `production` (Polymarket). */
    readonly environment: string,
    readonly client: C,
    private readonly ops: Operations<C>,
  ) {}

  /** The bound operation, or NotSupported (rejected, or thrown for the synchronous ones: the streams). */
  private call<K extends Operation>(op: K, a: Parameters<Exchange[K]>): ReturnType<Exchange[K]> {
    const f = this.ops[op] as ((client: C, ...args: Parameters<Exchange[K]>) => ReturnType<Exchange[K]>) | undefined;
    if (f) return f(this.client, ...a);
    const err = notSupported(this.id, op, (this.has as Partial<Record<string, Capability>>)[op], typeof a[0] === 'string' ? a[0] : undefined);
    if (op === 'watchBook' || op === 'watchOrders') throw err;
    return Promise.reject(err) as ReturnType<Exchange[K]>;
  }

  fetchMarkets(...a: Parameters<Exchange['fetchMarkets']>): ReturnType<Exchange['fetchMarkets']> {
    return this.call('fetchMarkets', a);
  }
  searchMarkets(...a: Parameters<Exchange['searchMarkets']>): ReturnType<Exchange['searchMarkets']> {
    return this.call('searchMarkets', a);
  }
  fetchEventTitles(...a: Parameters<Exchange['fetchEventTitles']>): ReturnType<Exchange['fetchEventTitles']> {
    return this.call('fetchEventTitles', a);
  }
  fetchMarketLineage(...a: Parameters<Exchange['fetchMarketLineage']>): ReturnType<Exchange['fetchMarketLineage']> {
    return this.call('fetchMarketLineage', a);
  }
  fetchOrderbook(...a: Parameters<Exchange['fetchOrderbook']>): ReturnType<Exchange['fetchOrderbook']> {
    return this.call('fetchOrderbook', a);
  }
  fetchOrder(...a: Parameters<Exchange['fetchOrder']>): ReturnType<Exchange['fetchOrder']> {
    return this.call('fetchOrder', a);
  }
  fetchOrderByClientId(...a: Parameters<Exchange['fetchOrderByClientId']>): ReturnType<Exchange['fetchOrderByClientId']> {
    return this.call('fetchOrderByClientId', a);
  }
  fetchOpenOrders(...a: Parameters<Exchange['fetchOpenOrders']>): ReturnType<Exchange['fetchOpenOrders']> {
    return this.call('fetchOpenOrders', a);
  }
  createOrder(...a: Parameters<Exchange['createOrder']>): ReturnType<Exchange['createOrder']> {
    return this.call('createOrder', a);
  }
  cancelAllOrders(...a: Parameters<Exchange['cancelAllOrders']>): ReturnType<Exchange['cancelAllOrders']> {
    return this.call('cancelAllOrders', a);
  }
  cancelOrder(...a: Parameters<Exchange['cancelOrder']>): ReturnType<Exchange['cancelOrder']> {
    return this.call('cancelOrder', a);
  }
  amendOrder(...a: Parameters<Exchange['amendOrder']>): ReturnType<Exchange['amendOrder']> {
    return this.call('amendOrder', a);
  }
  orderGroups(...a: Parameters<Exchange['orderGroups']>): ReturnType<Exchange['orderGroups']> {
    return this.call('orderGroups', a);
  }
  fetchBalance(...a: Parameters<Exchange['fetchBalance']>): ReturnType<Exchange['fetchBalance']> {
    return this.call('fetchBalance', a);
  }
  watchOrders(...a: Parameters<Exchange['watchOrders']>): ReturnType<Exchange['watchOrders']> {
    return this.call('watchOrders', a);
  }
  fetchPositions(...a: Parameters<Exchange['fetchPositions']>): ReturnType<Exchange['fetchPositions']> {
    return this.call('fetchPositions', a);
  }
  fetchFills(...a: Parameters<Exchange['fetchFills']>): ReturnType<Exchange['fetchFills']> {
    return this.call('fetchFills', a);
  }
  fetchTrades(...a: Parameters<Exchange['fetchTrades']>): ReturnType<Exchange['fetchTrades']> {
    return this.call('fetchTrades', a);
  }
  fetchPriceHistory(...a: Parameters<Exchange['fetchPriceHistory']>): ReturnType<Exchange['fetchPriceHistory']> {
    return this.call('fetchPriceHistory', a);
  }
  describeAsset(...a: Parameters<Exchange['describeAsset']>): ReturnType<Exchange['describeAsset']> {
    return this.call('describeAsset', a);
  }
  resolveAsset(...a: Parameters<Exchange['resolveAsset']>): ReturnType<Exchange['resolveAsset']> {
    return this.call('resolveAsset', a);
  }
  resolveMarketAssets(...a: Parameters<Exchange['resolveMarketAssets']>): ReturnType<Exchange['resolveMarketAssets']> {
    return this.call('resolveMarketAssets', a);
  }
  previewOrder(...a: Parameters<Exchange['previewOrder']>): ReturnType<Exchange['previewOrder']> {
    return this.call('previewOrder', a);
  }
  fetchFeeSchedule(...a: Parameters<Exchange['fetchFeeSchedule']>): ReturnType<Exchange['fetchFeeSchedule']> {
    return this.call('fetchFeeSchedule', a);
  }
  estimateFees(...a: Parameters<Exchange['estimateFees']>): ReturnType<Exchange['estimateFees']> {
    return this.call('estimateFees', a);
  }
  checkFunds(...a: Parameters<Exchange['checkFunds']>): ReturnType<Exchange['checkFunds']> {
    return this.call('checkFunds', a);
  }
  checkAuth(...a: Parameters<Exchange['checkAuth']>): ReturnType<Exchange['checkAuth']> {
    return this.call('checkAuth', a);
  }
  watchBook(...a: Parameters<Exchange['watchBook']>): ReturnType<Exchange['watchBook']> {
    return this.call('watchBook', a);
  }
}
