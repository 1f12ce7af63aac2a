/**
 * An in-process stand-in for the adapters: typed fixture models (so the compiler checks they are
 * the interface's shapes) and a switch that makes every call fail with a chosen error kind. Lets
 * the server's own behaviour (auth, validation, errors, schemas, concurrency) be tested over real
 * HTTP without any upstream.
 */
import { DayOpsUnsupported } from '../helpers/day-ops-unsupported.js';
import { PmtError, type ErrorKind } from '../../src/errors.js';
import { type AssetInfo, type CancelResult, type Capabilities, type Exchange } from '../../src/exchanges/exchange.js';
import type { CreateOrderRequest, ExchangeId, FetchMarketsParams, Market, MarketLineage, Order, Orderbook } from '../../src/exchanges/types.js';
import { missingCredentials } from '../../src/ops/credentials.js';
import { EXCHANGE_IDS } from '../../src/models/exchange-ids.js';
import { SERVE_NAMES, type Services } from '../../src/ops/services.js';
import { requestJson } from '../../src/ops/order-preview.js';
import type { BookStream, BookUpdate, WatchBookOptions } from '../../src/exchanges/stream.js';

export const market = (exchange: ExchangeId, ticker: string): Market => ({
  exchange,
  market_type: 'binary',
  unified_id: `${exchange}:${ticker}`,
  status: 'active',
  ticker,
  title: `Will ${ticker} happen?`,
  volume: 1234.5,
  best_ask: 0.53,
  best_bid: 0.51,
  last_trade_price: 0.52,
  close_time: '2026-04-15T17:00:00Z',
  open_time: '2026-01-01T00:00:00Z',
  created_at: null,
  settlement_time: null,
  condition_id: exchange === 'polymarket' ? '0x' + 'ab'.repeat(32) : null,
  event_ticker: 'EVT',
  min_order_size: 1,
  neg_risk: exchange === 'polymarket' ? false : null,
  neg_risk_market_id: null,
  numeric_id: exchange === 'polymarket' ? '501' : null,
  outcomes: [
    { label: 'Yes', price: 0.52, token_id: exchange === 'polymarket' ? '1'.repeat(40) : null },
    { label: 'No', price: 0.48, token_id: exchange === 'polymarket' ? '2'.repeat(40) : null },
  ],
  result: null,
  rules: 'Resolves YES if it happens.',
  tick_size: 0.01,
  volume_24h: null,
});

export const order = (id: string, status: Order['status'] = 'open'): Order => ({
  id,
  market_ticker: 'KXTEST-26',
  outcome: 'Yes',
  side: 'buy',
  price: 0.42,
  size: 10,
  filled: 0,
  status,
  created_at: '2026-04-01T12:00:00Z',
  fee: null,
  updated_at: null,
});

export const book = (assetId: string): Orderbook => ({
  asset_id: assetId,
  asks: [
    { price: 0.53, size: 100 },
    { price: 0.55, size: 50 },
  ],
  bids: [
    { price: 0.51, size: 80 },
    { price: 0.5, size: 20 },
  ],
  hash: null,
  last_update_id: null,
  timestamp: '2026-04-01T12:00:00.000Z',
});

const has = Object.fromEntries(
  ['fetchMarkets', 'fetchMarketLineage', 'fetchOrderbook', 'fetchOrder', 'fetchOpenOrders', 'createOrder', 'cancelAllOrders'].map((k) => [k, { supported: true, auth: false }]),
) as Capabilities;

export class FakeExchange extends DayOpsUnsupported implements Exchange {
  readonly has = has;
  readonly environment = 'production';
  /** Make every call fail with this kind (RateLimited carries retryAfter 7). */
  failWith?: ErrorKind;
  /** Milliseconds each call waits before answering. */
  delayMs = 0;
  /** What each call received, for assertions. */
  readonly calls: Array<{ op: string; args: unknown[] }> = [];
  cancelFailures: CancelResult['failed'] = [];
  /** Outcome labels describeAsset reports: the asset's own book first. */
  assetOutcomes = ['Yes', 'No'];
  /** Message of injected failures (default names the operation). */
  failMessage?: string;
  /** While set, every call waits for it: holds requests in flight without timing. */
  gate?: Promise<void>;
  /** Calls that have entered and not yet returned. */
  inflight = 0;
  private waiters: Array<{ n: number; resolve: () => void }> = [];


  /** Resolves once `n` calls are in flight at the same time. */
  whenInflight(n: number): Promise<void> {
    if (this.inflight >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }

  constructor(readonly id: ExchangeId) {
    super();
  }

  private async enter(op: string, args: unknown[]): Promise<void> {
    this.calls.push({ op, args });
    this.inflight += 1;
    this.waiters = this.waiters.filter((w) => (this.inflight >= w.n ? (w.resolve(), false) : true));
    try {
      if (this.gate) await this.gate;
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    } finally {
      this.inflight -= 1;
    }
    if (this.failWith) {
      const message = this.failMessage ?? `${op} failed on ${this.id} (injected)`;
      throw new PmtError(this.failWith, message, this.failWith === 'RateLimited' ? { retryAfter: 7 } : {});
    }
  }

  async searchMarkets(): Promise<never> {
    throw new Error('not used');
  }
  async fetchMarkets(p: FetchMarketsParams) {
    await this.enter('fetchMarkets', [p]);
    const tickers = p.market_tickers ?? [this.id === 'kalshi' ? 'KXTEST-26' : 'will-test-happen'];
    return { markets: tickers.filter((t) => !t.includes('MISSING')).map((t) => market(this.id, t)), cursor: p.market_tickers ? null : `${this.id}-page-2` };
  }
  async fetchMarketLineage(ticker: string): Promise<MarketLineage> {
    await this.enter('fetchMarketLineage', [ticker]);
    return { market: market(this.id, ticker), event: null, series: null };
  }
  async fetchOrderbook(assetId: string) {
    await this.enter('fetchOrderbook', [assetId]);
    return book(assetId);
  }
  async fetchOrder(id: string) {
    await this.enter('fetchOrder', [id]);
    return order(id);
  }
  async fetchOrderByClientId(id: string) {
    await this.enter('fetchOrderByClientId', [id]);
    return order(id);
  }
  async resolveMarketAssets(input: string): Promise<string[]> {
    return [await this.resolveAsset(input)];
  }
  async fetchOpenOrders(assetId?: string) {
    await this.enter('fetchOpenOrders', [assetId]);
    return [order(this.id === 'kalshi' ? '00000000-0000-4000-8000-000000000001' : '0x' + '1'.repeat(64))];
  }
  async createOrder(req: CreateOrderRequest) {
    // Recorded as the contract prints a request (its decimals as numbers).
    await this.enter('createOrder', [requestJson(req)]);
    return { ...order('00000000-0000-4000-8000-0000000000aa'), price: req.price.toNumber(), size: req.size.toNumber(), side: req.side };
  }
  async cancelAllOrders(assetId?: string): Promise<CancelResult> {
    await this.enter('cancelAllOrders', [assetId]);
    return { cancelled: [order(this.id === 'kalshi' ? '00000000-0000-4000-8000-000000000001' : '0x' + '1'.repeat(64), 'cancelled')], failed: this.cancelFailures };
  }
  async describeAsset(assetId: string): Promise<AssetInfo> {
    await this.enter('describeAsset', [assetId]);
    const m = { ...market(this.id, 'X'), outcomes: this.assetOutcomes.map((label) => ({ label, price: null, token_id: null })) };
    return { exchange: this.id, asset_id: assetId, market: m, book_outcome: this.assetOutcomes[0]!, outcomes: this.assetOutcomes, tick_size: 0.01, min_order_size: 1, neg_risk: null };
  }
  /** While set, asset resolution waits for it (a client can leave meanwhile); `resolving` counts the waits. */
  resolveGate?: Promise<void>;
  resolving = 0;
  async resolveAsset(input: string) {
    if (this.resolveGate) {
      this.resolving += 1;
      await this.resolveGate;
    }
    return input.replace(/^(kalshi|polymarket):/i, '');
  }
  async previewOrder() {
    return { method: 'POST', url: 'x', body: null };
  }
  async fetchFeeSchedule(): Promise<never> {
    throw new PmtError('NotSupported', 'fees are not served by the fake');
  }
  estimateFees(): never {
    throw new PmtError('NotSupported', 'fees are not served by the fake');
  }
  async checkAuth() {
    return { ok: true, clock_skew_ms: null, detail: '' };
  }

  /** Open book streams (one per upstream subscription), for tests to push events into. */
  readonly streams: Array<{ assetId: string; opts: WatchBookOptions; closed: boolean }> = [];
  watchBook(assetId: string, opts: WatchBookOptions): BookStream {
    this.calls.push({ op: 'watchBook', args: [assetId, opts.outcome] });
    const s = { assetId, opts, closed: false };
    this.streams.push(s);
    return { close: () => void (s.closed = true) };
  }
  watchOrders(): never {
    throw new Error('fake: not used');
  }
  /** Deliver an event to every open stream of `assetId`. */
  push(assetId: string, u: BookUpdate): void {
    for (const s of this.streams) if (!s.closed && s.assetId === assetId) s.opts.onUpdate(u);
  }
}

export function fakeServices(now = Date.parse('2026-04-01T12:00:01Z')) {
  const exchanges = Object.fromEntries(EXCHANGE_IDS.map((id) => [id, new FakeExchange(id)])) as Record<ExchangeId, FakeExchange>;
  /** Exchanges the fake profile has credentials for. */
  const configured: ExchangeId[] = ['kalshi', 'polymarket'];
  const services: Services = {
    exchange: async (id) => exchanges[id],
    configured: async () => [...configured],
    requireCredentials: async (id) => {
      if (!configured.includes(id)) throw missingCredentials(id, 'test');
    },
    noCredentials: async () => new PmtError('Config', "the server's profile has no exchange credentials"),
    now: () => now,
    names: SERVE_NAMES,
  };
  return { exchanges, services, configured };
}
