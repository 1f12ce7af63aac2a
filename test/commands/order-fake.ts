/**
 * An in-memory Exchange and a scripted Prompter for unit-testing the order and profile command
 * logic without HTTP: every call is recorded so tests can assert exactly what was (not) sent.
 */
import type { FeeAmounts, FeeLegs } from '../../src/exchanges/fees.js';
import { estimateKalshiFees } from '../../src/exchanges/kalshi/fee-estimate.js';
import { estimatePolymarketFees } from '../../src/exchanges/polymarket/fee-estimate.js';
import { Writable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DayOpsUnsupported } from '../helpers/day-ops-unsupported.js';
import { PmtError } from '../../src/errors.js';
import { Decimal } from '../../src/decimal.js';
import { Context } from '../../src/context.js';
import type { ResolvedCredentials } from '../../src/credentials.js';
import { estimateFees as estimatePolymarketUsFees } from '../../src/exchanges/polymarket-us/fees.js';
import { type AssetInfo, type CancelResult, type Exchange, type FeeSchedule } from '../../src/exchanges/exchange.js';
import type { CreateOrderRequest, ExchangeId, Market, Order, Orderbook } from '../../src/exchanges/types.js';
import { IO } from '../../src/render/io.js';
import { requestJson, type RequestJson } from '../../src/ops/order-preview.js';
import type { Choice, InputOptions, Prompter } from '../../src/render/prompt.js';

export class Capture extends Writable {
  text = '';
  constructor(
    readonly isTTY: boolean,
    readonly columns = 160,
  ) {
    super();
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, cb: () => void): void {
    this.text += chunk.toString();
    cb();
  }
}

export function market(exchange: ExchangeId, ticker: string, over: Partial<Market> = {}): Market {
  return {
    exchange,
    market_type: 'binary',
    unified_id: `${exchange}:${ticker}`,
    status: 'active',
    ticker,
    title: `Test market ${ticker}?`,
    volume: 1000,
    best_ask: null,
    best_bid: null,
    last_trade_price: null,
    close_time: null,
    open_time: null,
    created_at: null,
    settlement_time: null,
    condition_id: null,
    event_ticker: null,
    min_order_size: 1,
    neg_risk: null,
    neg_risk_market_id: null,
    numeric_id: null,
    outcomes: [
      { label: 'Yes', price: 0.65, token_id: null },
      { label: 'No', price: 0.35, token_id: null },
    ],
    result: null,
    rules: null,
    tick_size: 0.01,
    volume_24h: null,
    ...over,
  };
}

export const YES_TOKEN = '11111111111111111111111111111111111111111111111111111111111111111111111111';
export const NO_TOKEN = '22222222222222222222222222222222222222222222222222222222222222222222222222';

export function order(over: Partial<Order> = {}): Order {
  return {
    id: '0b3f4d8e-1a2b-4c3d-8e9f-0123456789ab',
    market_ticker: 'KXTEST-25DEC31',
    outcome: 'Yes',
    side: 'buy',
    price: 0.64,
    size: 10,
    filled: 0,
    status: 'open',
    created_at: '2025-11-21T12:00:00Z',
    fee: null,
    updated_at: null,
    ...over,
  };
}

/** A book with three levels a side around 0.64 / 0.66. */
export function book(assetId: string): Orderbook {
  return {
    asset_id: assetId,
    bids: [
      { price: 0.64, size: 5 },
      { price: 0.63, size: 10 },
      { price: 0.6, size: 100 },
    ],
    asks: [
      { price: 0.66, size: 4 },
      { price: 0.67, size: 6 },
      { price: 0.7, size: 100 },
    ],
    hash: null,
    last_update_id: null,
    timestamp: '2025-11-21T12:00:00.000Z',
  };
}

export class FakeExchange extends DayOpsUnsupported implements Exchange {
  readonly has = {} as Exchange['has'];
  environment = 'production';
  calls: Array<{ op: string; arg?: unknown }> = [];
  /** Each request sent, as the contract prints it (its decimals as numbers). */
  created: RequestJson[] = [];
  open: Order[] = [];
  cancelResult?: CancelResult;
  createError?: Error;
  markets = new Map<string, AssetInfo>();
  /** What fetchFeeSchedule answers (Kalshi quadratic ×1, Polymarket 0 bps); an Error is thrown. */
  feeSchedule: FeeSchedule | Error;


  constructor(readonly id: ExchangeId) {
    super();
    this.feeSchedule =
      id === 'kalshi'
        ? { exchange: 'kalshi', series: 'KXTEST', fee_type: 'quadratic', fee_multiplier: 1 }
        : { exchange: 'polymarket', base_fee_bps: 0, rate: null, exponent: null, taker_only: null };
    if (id === 'kalshi') {
      const m = market('kalshi', 'KXTEST-25DEC31');
      this.markets.set('KXTEST-25DEC31', { exchange: 'kalshi', asset_id: 'KXTEST-25DEC31', market: m, book_outcome: 'Yes', outcomes: ['Yes', 'No'], tick_size: 0.01, min_order_size: 1, neg_risk: null });
    } else {
      const m = market('polymarket', 'will-it-rain', {
        min_order_size: 5,
        outcomes: [
          { label: 'Yes', price: 0.65, token_id: YES_TOKEN },
          { label: 'No', price: 0.35, token_id: NO_TOKEN },
        ],
      });
      for (const [t, label] of [[YES_TOKEN, 'Yes'], [NO_TOKEN, 'No']] as const) {
        this.markets.set(t, { exchange: 'polymarket', asset_id: t, market: m, book_outcome: label, outcomes: [label], tick_size: 0.01, min_order_size: 5, neg_risk: false });
      }
    }
  }

  private info(asset: string): AssetInfo {
    const i = this.markets.get(asset);
    if (!i) throw new PmtError('MarketNotFound', `fake: no market "${asset}"`);
    return i;
  }
  async searchMarkets(): Promise<never> {
    throw new Error('not used');
  }
  async fetchMarkets(): Promise<never> {
    throw new Error('fake: not used');
  }
  async fetchMarketLineage(): Promise<never> {
    throw new Error('fake: not used');
  }
  async fetchOrderbook(assetId: string, outcome?: string): Promise<Orderbook> {
    this.calls.push({ op: 'fetchOrderbook', arg: assetId });
    const b = book(assetId);
    // As the Kalshi adapter: the NO book is the YES book mirrored (NO bids 1 − YES asks, NO asks 1 − YES bids).
    if (this.id !== 'kalshi' || outcome?.toLowerCase() !== 'no') return b;
    const flip = (l: { price: number; size: number }) => ({ ...l, price: Decimal.ONE.minus(l.price).toNumber() });
    return { ...b, bids: b.asks.map(flip), asks: b.bids.map(flip) };
  }
  async fetchOrder(orderId: string): Promise<Order> {
    this.calls.push({ op: 'fetchOrder', arg: orderId });
    return order({ id: orderId });
  }
  async fetchOrderByClientId(clientOrderId: string): Promise<Order> {
    this.calls.push({ op: 'fetchOrderByClientId', arg: clientOrderId });
    return order({ id: clientOrderId });
  }
  async resolveMarketAssets(input: string): Promise<string[]> {
    return [await this.resolveAsset(input)];
  }
  async fetchOpenOrders(assetId?: string): Promise<Order[]> {
    this.calls.push({ op: 'fetchOpenOrders', arg: assetId });
    return this.open;
  }
  async createOrder(req: CreateOrderRequest): Promise<Order> {
    this.calls.push({ op: 'createOrder', arg: req });
    if (this.createError) throw this.createError;
    this.created.push(requestJson(req));
    return order({ outcome: typeof req.outcome === 'string' ? (req.outcome === 'yes' ? 'Yes' : 'No') : req.outcome.label, side: req.side, price: req.price.toNumber(), size: req.size.toNumber() });
  }
  async cancelAllOrders(assetId?: string): Promise<CancelResult> {
    this.calls.push({ op: 'cancelAllOrders', arg: assetId });
    return this.cancelResult ?? { cancelled: this.open.map((o) => ({ ...o, status: 'cancelled' as const })), failed: [] };
  }
  async describeAsset(assetId: string): Promise<AssetInfo> {
    this.calls.push({ op: 'describeAsset', arg: assetId });
    return this.info(assetId);
  }
  async resolveAsset(input: string, outcome?: string): Promise<string> {
    this.calls.push({ op: 'resolveAsset', arg: [input, outcome] });
    if (input === 'polymarket:will-it-rain') return outcome?.toLowerCase() === 'no' ? NO_TOKEN : YES_TOKEN;
    return input.replace(/^kalshi:/, '');
  }
  async previewOrder(req: CreateOrderRequest) {
    this.calls.push({ op: 'previewOrder', arg: req });
    return { method: 'POST', url: `https://fake/${this.id}/orders`, body: { fake: true, price: req.price.toNumber() } };
  }
  async fetchFeeSchedule(info: AssetInfo): Promise<FeeSchedule> {
    this.calls.push({ op: 'fetchFeeSchedule', arg: info.asset_id });
    if (this.feeSchedule instanceof Error) throw this.feeSchedule;
    return this.feeSchedule;
  }
  /** The real published formulas, as the adapters bind them. */
  estimateFees(s: FeeSchedule, legs: FeeLegs): FeeAmounts {
    if (s.exchange === 'kalshi') return estimateKalshiFees(s, legs);
    return s.exchange === 'polymarket' ? estimatePolymarketFees(s, legs) : estimatePolymarketUsFees(null, s, legs);
  }
  async checkAuth(): Promise<never> {
    throw new Error('fake: not used');
  }
  watchBook(): never {
    throw new Error('fake: not used');
  }
  watchOrders(): never {
    throw new Error('fake: not used');
  }
  ops(): string[] {
    return this.calls.map((c) => c.op);
  }
}

const SET = { value: 'x', source: 'env' as const, origin: 'ENV' };

/** A Context over fakes: IO captured, credentials for the given exchanges, adapters replaced. */
export function fakeContext(opts: { tty: boolean; json?: boolean; exchanges?: FakeExchange[]; configured?: ExchangeId[]; exchangeFlag?: ExchangeId; columns?: number }) {
  const stdout = new Capture(opts.tty, opts.columns);
  const stderr = new Capture(opts.tty, opts.columns);
  const env = { PMT_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'pmt-unit-')) };
  const io = new IO({ stdout, stderr, stdinIsTTY: opts.tty, env, noColor: true });
  const ctx = new Context({ io, env, globals: { json: opts.json, exchange: opts.exchangeFlag } });
  const fakes = new Map((opts.exchanges ?? []).map((e) => [e.id, e]));
  const configured = opts.configured ?? [...fakes.keys()];
  const creds: ResolvedCredentials = {
    profileName: 'test',
    kalshi: configured.includes('kalshi') ? { apiKeyId: SET, privateKeyPem: SET } : null,
    polymarket: configured.includes('polymarket') ? { privateKey: SET, signatureType: { ...SET, value: 'eoa' } } : null,
    kalshiDemo: null,
  };
  ctx.credentials = async () => creds;
  ctx.exchange = async (id: ExchangeId) => {
    const f = fakes.get(id);
    if (!f) throw new Error(`fake: no ${id} exchange in this test`);
    return f;
  };
  ctx.now = () => Date.parse('2025-11-21T12:00:05Z');
  return { ctx, stdout, stderr };
}

/**
 * A scripted Prompter: answers are taken in order. An input answer that fails `validate` is
 * recorded in `rejected` and the next answer is tried, as a person would retype it.
 */
export class ScriptedPrompter implements Prompter {
  asked: string[] = [];
  rejected: Array<{ value: string; message: string }> = [];
  hints: string[] = [];
  constructor(private readonly answers: unknown[]) {}

  private next(message: string): unknown {
    this.asked.push(message);
    if (this.answers.length === 0) throw new Error(`scripted prompter: no answer left for "${message}"`);
    const a = this.answers.shift();
    if (a instanceof Error) throw a;
    return a;
  }
  async input(o: InputOptions): Promise<string> {
    for (;;) {
      const v = String(this.next(o.message));
      if (o.transformer) this.hints.push(o.transformer(v, { isFinal: false }));
      const r = o.validate ? await o.validate(v) : true;
      if (r === true) return v;
      this.rejected.push({ value: v, message: r });
    }
  }
  async password(o: { message: string; validate?: (v: string) => true | string }): Promise<string> {
    for (;;) {
      const v = String(this.next(o.message));
      const r = o.validate ? o.validate(v) : true;
      if (r === true) return v;
      this.rejected.push({ value: '<secret>', message: r });
    }
  }
  /** The choices each select offered, by message (what a person saw). */
  choices: Record<string, string[]> = {};
  async select<T>(o: { message: string; choices: Choice<T>[] }): Promise<T> {
    this.choices[o.message] = o.choices.map((c) => c.name ?? String(c.value));
    const v = this.next(o.message) as T;
    if (!o.choices.some((c) => c.value === v)) throw new Error(`scripted prompter: ${String(v)} is not a choice of "${o.message}"`);
    return v;
  }
  async checkbox<T>(o: { message: string }): Promise<T[]> {
    return this.next(o.message) as T[];
  }
  async confirm(o: { message: string }): Promise<boolean> {
    return Boolean(this.next(o.message));
  }
}
