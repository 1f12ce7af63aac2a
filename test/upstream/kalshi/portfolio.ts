/**
 * The Kalshi portfolio behind the orders double: per-key cash, resting orders and a small YES
 * book per ticker that marketable orders trade against. Kept simple but real:
 * - a `bid` (buy YES) at p trades with seeded asks priced <= p, an `ask` (sell YES) at p with
 *   seeded bids priced >= p, best price first, at the resting price;
 * - GTC rests what did not fill, IOC cancels it, FOK fills all or nothing;
 * - collateral: a bid costs p per contract, an ask (≡ buying NO) costs 1 − p; resting orders
 *   hold theirs until filled or cancelled; an order whose collateral plus the fee at its limit
 *   exceeds the available cash is refused (`insufficient_balance`);
 * - taker fee per Kalshi's general schedule: 0.07 × contracts × P × (1 − P), rounded up to the cent.
 * Money is exact (Decimal). Orders render as V1 `Order` objects in portfolio-wire.ts.
 */
import { randomUUID } from 'node:crypto';
import { Decimal } from '../../../src/decimal.js';
import { Ledger } from './ledger.js';

export type BookSide = 'bid' | 'ask';
export type Tif = 'good_till_canceled' | 'immediate_or_cancel' | 'fill_or_kill';

export interface Level {
  price: Decimal;
  size: Decimal;
}

export interface PortfolioOrder {
  id: string;
  clientOrderId: string;
  keyId: string;
  ticker: string;
  bookSide: BookSide;
  /** How V1 shows it: V2 orders are YES orders (bid = buy YES, ask = sell YES). */
  v1Side: 'yes' | 'no';
  v1Action: 'buy' | 'sell';
  yesPrice: Decimal;
  initial: Decimal;
  filled: Decimal;
  remaining: Decimal;
  takerCost: Decimal;
  takerFees: Decimal;
  status: 'resting' | 'canceled' | 'executed';
  tif: Tif;
  stp: string;
  createdMs: number;
  updatedMs: number | null;
  seq: number;
  /** The exchange shard the order lives on: its market's `exchange_index`. */
  exchangeIndex: number;
}

export interface Account {
  keyId: string;
  /** Cash, dollars. */
  balance: Decimal;
  /** Collateral held by resting orders, dollars. */
  reserved: Decimal;
  /** Cost of contracts bought so far (portfolio value at cost), dollars. */
  positionCost: Decimal;
  orders: PortfolioOrder[];
  updatedMs: number;
}

export interface PlaceRequest {
  ticker: string;
  clientOrderId: string;
  side: BookSide;
  count: Decimal;
  price: Decimal;
  tif: Tif;
  stp: string;
  /** Rest or nothing: an order that would trade at once is refused. */
  postOnly?: boolean;
}

export type PlaceResult =
  | { ok: true; order: PortfolioOrder; fillCount: Decimal; remainingCount: Decimal; avgPrice: Decimal | null; avgFee: Decimal | null }
  | { ok: false; status: number; code: string; message: string; details?: string };

const FEE_RATE = Decimal.parse('0.07')!;

export function collateral(side: BookSide, price: Decimal, n: Decimal): Decimal {
  return (side === 'bid' ? price : Decimal.ONE.minus(price)).times(n);
}

export function takerFee(fills: Array<{ price: Decimal; n: Decimal }>): Decimal {
  const raw = fills.reduce((s, f) => s.plus(FEE_RATE.times(f.n).times(f.price).times(Decimal.ONE.minus(f.price))), Decimal.ZERO);
  return raw.round(2, 'up');
}

export class Portfolio {
  readonly accounts = new Map<string, Account>();
  readonly books = new Map<string, { bids: Level[]; asks: Level[] }>();
  /** Positions, fills and the public tape the matching produces (ledger.ts). */
  readonly ledger = new Ledger();
  /** Cash a key starts with, dollars. */
  defaultBalance = Decimal.from(1000);
  /** A market's exchange shard (`exchange_index`); the orders double answers from its markets. */
  shardOf: (ticker: string) => number = () => 0;
  /**
   * Wire options: `canonicalOnly` answers orders, fills and trades with the canonical direction
   * fields only (`outcome_side`/`book_side`, `taker_outcome_side`/`taker_book_side`), without the
   * deprecated `side`/`action`/`taker_side` (Kalshi's order direction page).
   */
  readonly wire = { canonicalOnly: false };
  /** Cash held on shards other than 0, per key (Kalshi's `balance_breakdown`), dollars. */
  readonly shardCash = new Map<string, Map<number, Decimal>>();
  private seq = 0;

  account(keyId: string): Account {
    let a = this.accounts.get(keyId);
    if (!a) {
      a = { keyId, balance: this.defaultBalance, reserved: Decimal.ZERO, positionCost: Decimal.ZERO, orders: [], updatedMs: Date.now() };
      this.accounts.set(keyId, a);
    }
    return a;
  }

  /** Forget every account, order and seeded book (markets stay). */
  reset(): void {
    this.accounts.clear();
    this.books.clear();
    this.ledger.reset();
  }

  setBalance(keyId: string, dollars: number | string): void {
    const a = this.account(keyId);
    a.balance = Decimal.from(dollars);
    a.updatedMs = Date.now();
  }

  available(keyId: string): Decimal {
    const a = this.account(keyId);
    return a.balance.minus(a.reserved);
  }

  /** Replace the resting liquidity of a ticker (YES prices and contracts). */
  seedBook(ticker: string, book: { bids?: Array<[number | string, number | string]>; asks?: Array<[number | string, number | string]> }): void {
    const lv = (xs: Array<[number | string, number | string]> = []) => xs.map(([p, s]) => ({ price: Decimal.from(p), size: Decimal.from(s) }));
    this.books.set(ticker, {
      bids: lv(book.bids).sort((a, b) => b.price.cmp(a.price)),
      asks: lv(book.asks).sort((a, b) => a.price.cmp(b.price)),
    });
  }

  findOrder(keyId: string, id: string): PortfolioOrder | undefined {
    return this.accounts.get(keyId)?.orders.find((o) => o.id === id);
  }

  hasClientOrderId(keyId: string, clientOrderId: string): boolean {
    return this.account(keyId).orders.some((o) => o.clientOrderId === clientOrderId);
  }

  place(keyId: string, req: PlaceRequest): PlaceResult {
    const a = this.account(keyId);
    const maxFee = takerFee([{ price: req.price, n: req.count }]);
    const need = collateral(req.side, req.price, req.count).plus(maxFee);
    if (need.gt(this.available(keyId))) {
      return { ok: false, status: 400, code: 'insufficient_balance', message: 'insufficient balance', details: `order needs $${need.toFixed(2)}, available $${this.available(keyId).toFixed(2)}` };
    }
    const book = this.books.get(req.ticker) ?? { bids: [], asks: [] };
    const levels = req.side === 'bid' ? book.asks : book.bids;
    const crossable = levels.some((l) => (req.side === 'bid' ? l.price.lte(req.price) : l.price.gte(req.price)));
    if (req.postOnly && crossable) {
      return { ok: false, status: 400, code: 'invalid_order', message: 'post only order would cross the book', details: 'post_only order would take liquidity' };
    }
    const fills = this.cross(req.ticker, req.side, req.price, req.count, req.tif === 'fill_or_kill');
    const filled = fills.reduce((s, f) => s.plus(f.n), Decimal.ZERO);
    const cost = fills.reduce((s, f) => s.plus(collateral(req.side, f.price, f.n)), Decimal.ZERO);
    const fee = filled.gt(0) ? takerFee(fills) : Decimal.ZERO;
    const unfilled = req.count.minus(filled);
    const rests = req.tif === 'good_till_canceled' && unfilled.gt(0);
    const now = Date.now();
    a.balance = a.balance.minus(cost).minus(fee);
    a.positionCost = a.positionCost.plus(cost);
    if (rests) a.reserved = a.reserved.plus(collateral(req.side, req.price, unfilled));
    a.updatedMs = now;
    const order: PortfolioOrder = {
      id: randomUUID(),
      clientOrderId: req.clientOrderId,
      keyId,
      ticker: req.ticker,
      bookSide: req.side,
      v1Side: 'yes',
      v1Action: req.side === 'bid' ? 'buy' : 'sell',
      yesPrice: req.price,
      initial: req.count,
      filled,
      remaining: rests ? unfilled : Decimal.ZERO,
      takerCost: cost,
      takerFees: fee,
      status: rests ? 'resting' : unfilled.isZero() ? 'executed' : 'canceled',
      tif: req.tif,
      stp: req.stp,
      createdMs: now,
      updatedMs: filled.gt(0) || !rests ? now : null,
      seq: ++this.seq,
      exchangeIndex: this.shardOf(req.ticker),
    };
    a.orders.push(order);
    this.record(a, order, fills, fee);
    const avgPrice = filled.gt(0) ? fills.reduce((s, f) => s.plus(f.price.times(f.n)), Decimal.ZERO).div(filled, 6) : null;
    const avgFee = filled.gt(0) ? fee.div(filled, 6) : null;
    return { ok: true, order, fillCount: filled, remainingCount: order.remaining, avgPrice, avgFee };
  }

  /**
   * Take liquidity from the seeded book: a bid with asks priced <= price, an ask with bids >=
   * price, best first, at the resting price. All or nothing when `allOrNothing`.
   */
  cross(ticker: string, side: BookSide, price: Decimal, count: Decimal, allOrNothing: boolean): Array<{ price: Decimal; n: Decimal }> {
    const book = this.books.get(ticker) ?? { bids: [], asks: [] };
    const levels = side === 'bid' ? book.asks : book.bids;
    const crosses = (l: Level) => (side === 'bid' ? l.price.lte(price) : l.price.gte(price));
    const crossable = levels.filter(crosses).reduce((s, l) => s.plus(l.size), Decimal.ZERO);
    const fills: Array<{ price: Decimal; n: Decimal }> = [];
    if (allOrNothing && crossable.lt(count)) return fills;
    let left = count;
    for (const l of levels) {
      if (left.isZero() || !crosses(l)) break;
      const n = l.size.lt(left) ? l.size : left;
      l.size = l.size.minus(n);
      left = left.minus(n);
      fills.push({ price: l.price, n });
    }
    const kept = levels.filter((l) => l.size.gt(0));
    if (side === 'bid') book.asks = kept;
    else book.bids = kept;
    this.books.set(ticker, book);
    return fills;
  }

  /**
   * Book an order's executions in the ledger (the order fee spread over its fills pro rata, the
   * last taking the rounding) and credit the $1 of every YES+NO pair they close.
   */
  record(a: Account, o: PortfolioOrder, fills: Array<{ price: Decimal; n: Decimal }>, fee: Decimal): void {
    const total = fills.reduce((s, f) => s.plus(f.n), Decimal.ZERO);
    let feeLeft = fee;
    fills.forEach((f, i) => {
      const share = i === fills.length - 1 ? feeLeft : fee.times(f.n).div(total, 4, 'down');
      feeLeft = feeLeft.minus(share);
      const closed = this.ledger.execute({ keyId: a.keyId, orderId: o.id, ticker: o.ticker, side: o.bookSide, n: f.n, yesPrice: f.price, fee: share, v1Side: o.v1Side, v1Action: o.v1Action });
      a.balance = a.balance.plus(closed);
    });
  }

  /** A resting order added directly (V1 shape), for listings and cancel tests. */
  seedOrder(
    keyId: string,
    o: { ticker: string; side?: 'yes' | 'no'; action?: 'buy' | 'sell'; price: number | string; count: number | string; filled?: number | string; createdMs?: number; clientOrderId?: string },
  ): PortfolioOrder {
    const a = this.account(keyId);
    const side = o.side ?? 'yes';
    const action = o.action ?? 'buy';
    const bookSide: BookSide = (side === 'yes') === (action === 'buy') ? 'bid' : 'ask';
    const initial = Decimal.from(o.count);
    const filled = Decimal.from(o.filled ?? 0);
    const yesPrice = Decimal.from(o.price);
    const order: PortfolioOrder = {
      id: randomUUID(),
      clientOrderId: o.clientOrderId ?? randomUUID(),
      keyId,
      ticker: o.ticker,
      bookSide,
      v1Side: side,
      v1Action: action,
      yesPrice,
      initial,
      filled,
      remaining: initial.minus(filled),
      takerCost: collateral(bookSide, yesPrice, filled),
      takerFees: filled.gt(0) ? takerFee([{ price: yesPrice, n: filled }]) : Decimal.ZERO,
      status: 'resting',
      tif: 'good_till_canceled',
      stp: 'taker_at_cross',
      createdMs: o.createdMs ?? Date.now(),
      updatedMs: null,
      seq: ++this.seq,
      exchangeIndex: this.shardOf(o.ticker),
    };
    a.reserved = a.reserved.plus(collateral(bookSide, yesPrice, order.remaining));
    a.orders.push(order);
    return order;
  }

  /**
   * Which shard a routable write reaches (kalshi-typescript 3.30.0, Cancel Order (V2) and Batch
   * Cancel Orders (V2)): an `exchange_index` >= 0 names it; omitted or -1 with a `market_ticker`
   * auto-routes to that market's shard; neither is shard 0, the default shard.
   */
  routeOf(exchangeIndex: unknown, marketTicker: unknown): number {
    const n = typeof exchangeIndex === 'number' ? exchangeIndex : typeof exchangeIndex === 'string' && /^-?\d+$/.test(exchangeIndex) ? Number(exchangeIndex) : undefined;
    if (n !== undefined && n >= 0) return n;
    if (typeof marketTicker === 'string' && marketTicker) return this.shardOf(marketTicker);
    return 0;
  }

  /**
   * Cancel one order; the error object is what Kalshi puts in a batch entry. `shard`: where the
   * request was routed: an order on another shard is unknown there (not found), as on Kalshi.
   */
  cancel(keyId: string, id: string, shard?: number): { reducedBy: Decimal; order: PortfolioOrder } | { error: { code: string; message: string; details: string } } {
    const o = this.findOrder(keyId, id);
    if (!o || (shard !== undefined && o.exchangeIndex !== shard)) return { error: { code: 'not_found', message: 'order not found', details: shard === undefined ? '' : `no such order on exchange ${shard}` } };
    if (o.status !== 'resting') return { error: { code: 'invalid_order', message: 'invalid order', details: `order is ${o.status}, not resting` } };
    const a = this.account(keyId);
    const reducedBy = o.remaining;
    a.reserved = a.reserved.minus(collateral(o.bookSide, o.yesPrice, reducedBy));
    o.remaining = Decimal.ZERO;
    o.status = 'canceled';
    o.updatedMs = Date.now();
    return { reducedBy, order: o };
  }

  /** Newest first, like Kalshi. */
  list(keyId: string, f: { ticker?: string; status?: string; minTs?: number; maxTs?: number }): PortfolioOrder[] {
    return this.account(keyId)
      .orders.filter(
        (o) =>
          (!f.ticker || o.ticker === f.ticker) &&
          (!f.status || o.status === f.status) &&
          (f.minTs === undefined || o.createdMs / 1000 >= f.minTs) &&
          (f.maxTs === undefined || o.createdMs / 1000 <= f.maxTs),
      )
      .sort((x, y) => y.createdMs - x.createdMs || y.seq - x.seq);
  }
}
