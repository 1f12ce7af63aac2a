/**
 * The CLOB double's state: tokens (tick, neg-risk, minimum size, outcome), collateral balances
 * and positions per maker address, orders, and a price-time matching engine per token. Incoming
 * orders match resting ones at the resting price; GTC remainders rest, FAK remainders are killed,
 * FOK orders fill completely or not at all. House liquidity (seeded by tests) has unlimited funds.
 */
import { randomBytes } from 'node:crypto';
import { Decimal } from '../../../src/decimal.js';

export interface TokenDef {
  tokenId: string;
  conditionId: string;
  outcome: string;
  tickSize: string;
  negRisk: boolean;
  minSize: number;
  /** A Protocol V2 position: orders must be signed for ExchangeV3 (domain "3"). */
  protocol?: 'v2';
}

export type EngineStatus = 'LIVE' | 'MATCHED' | 'CANCELED' | 'CANCELED_MARKET_RESOLVED' | 'INVALID';

export interface EngineOrder {
  id: string;
  /** API key that placed it ('house' for seeded liquidity). */
  owner: string;
  /** Lower-case addresses. */
  maker: string;
  signer: string;
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: Decimal;
  size: Decimal;
  matched: Decimal;
  status: EngineStatus;
  orderType: string;
  createdAt: number;
  expiration: string;
  trades: string[];
  seq: number;
}

/** One match between a taker and a resting (maker) order, as the CLOB's trade records keep it. */
export interface TradeRecord {
  id: string;
  tokenId: string;
  /** The incoming order (a house stand-in when a counterparty takes a resting order). */
  taker: { id: string; owner: string; maker: string; side: 'BUY' | 'SELL' };
  maker: { id: string; owner: string; maker: string; side: 'BUY' | 'SELL' };
  /** Shares. */
  size: Decimal;
  /** The resting order's price. */
  price: Decimal;
  /** Unix seconds. */
  ts: number;
}

export interface MatchResult {
  filled: Decimal;
  /** Collateral that changed hands (at resting prices). */
  notional: Decimal;
  trades: string[];
}

const HOUSE = 'house';

export class ClobEngine {
  readonly tokens = new Map<string, TokenDef>();
  readonly orders = new Map<string, EngineOrder>();
  readonly collateral = new Map<string, Decimal>();
  readonly positions = new Map<string, Decimal>();
  /** What each `address:token` position cost (for the Data API's avgPrice). */
  readonly costs = new Map<string, Decimal>();
  /** Every match, oldest first (the CLOB's /data/trades, the Data API's tape). */
  readonly trades: TradeRecord[] = [];
  /** Collateral allowances per address (micro-dollar strings); unset means unlimited. */
  readonly allowances = new Map<string, string>();
  private seq = 0;
  private tradeSeq = 0;

  addToken(t: TokenDef): void {
    this.tokens.set(t.tokenId, t);
  }

  fund(address: string, usd: number | string): void {
    this.collateral.set(address.toLowerCase(), Decimal.from(usd));
  }
  balanceOf(address: string): Decimal {
    return this.collateral.get(address.toLowerCase()) ?? Decimal.ZERO;
  }
  /** Give an address shares of a token (bought at `avgPrice`, default 0.5, for the Data API's cost basis). */
  setPosition(address: string, tokenId: string, shares: number | string, avgPrice: number | string = '0.5'): void {
    const k = `${address.toLowerCase()}:${tokenId}`;
    this.positions.set(k, Decimal.from(shares));
    this.costs.set(k, Decimal.from(shares).times(avgPrice));
  }
  positionOf(address: string, tokenId: string): Decimal {
    return this.positions.get(`${address.toLowerCase()}:${tokenId}`) ?? Decimal.ZERO;
  }

  remaining(o: EngineOrder): Decimal {
    return o.size.minus(o.matched);
  }

  /** Collateral not committed to the maker's resting buys; shares not committed to resting sells. */
  available(maker: string, side: 'BUY' | 'SELL', tokenId: string): Decimal {
    let committed = Decimal.ZERO;
    for (const o of this.orders.values()) {
      if (o.maker !== maker || o.status !== 'LIVE' || o.side !== side) continue;
      if (side === 'BUY') committed = committed.plus(this.remaining(o).times(o.price));
      else if (o.tokenId === tokenId) committed = committed.plus(this.remaining(o));
    }
    const held = side === 'BUY' ? this.balanceOf(maker) : this.positionOf(maker, tokenId);
    return held.minus(committed);
  }

  /** Resting house liquidity: a house SELL is an ask, a house BUY a bid. */
  seed(tokenId: string, side: 'BUY' | 'SELL', price: number | string, size: number | string): EngineOrder {
    return this.rest({ owner: HOUSE, maker: HOUSE, signer: HOUSE, tokenId, side, price: Decimal.from(price), size: Decimal.from(size), orderType: 'GTC', expiration: '0' }, `0x${randomBytes(32).toString('hex')}`);
  }

  rest(o: Omit<EngineOrder, 'id' | 'matched' | 'status' | 'createdAt' | 'trades' | 'seq'>, id: string): EngineOrder {
    const order: EngineOrder = { ...o, id, matched: Decimal.ZERO, status: 'LIVE', createdAt: Math.floor(Date.now() / 1000), trades: [], seq: ++this.seq };
    this.orders.set(id, order);
    return order;
  }

  /** Resting orders an incoming order can trade with, best price first, then time. */
  private candidates(tokenId: string, side: 'BUY' | 'SELL', limit: Decimal, excludeId: string): EngineOrder[] {
    const opposite = side === 'BUY' ? 'SELL' : 'BUY';
    return [...this.orders.values()]
      .filter((o) => o.tokenId === tokenId && o.side === opposite && o.status === 'LIVE' && o.id !== excludeId)
      .filter((o) => (side === 'BUY' ? o.price.lte(limit) : o.price.gte(limit)))
      .sort((a, b) => (side === 'BUY' ? a.price.cmp(b.price) : b.price.cmp(a.price)) || a.seq - b.seq);
  }

  /** Shares an incoming order could fill right now. */
  fillable(tokenId: string, side: 'BUY' | 'SELL', limit: Decimal, excludeId = ''): Decimal {
    return this.candidates(tokenId, side, limit, excludeId).reduce((s, o) => s.plus(this.remaining(o)), Decimal.ZERO);
  }

  /** Match an order already stored (status LIVE) against the book; updates balances and both orders. */
  match(o: EngineOrder): MatchResult {
    let filled = Decimal.ZERO;
    let notional = Decimal.ZERO;
    const trades: string[] = [];
    for (const resting of this.candidates(o.tokenId, o.side, o.price, o.id)) {
      const want = this.remaining(o);
      if (want.lte(0)) break;
      const q = want.lt(this.remaining(resting)) ? want : this.remaining(resting);
      this.execute(o.side === 'BUY' ? o : resting, o.side === 'BUY' ? resting : o, q, resting.price);
      const trade = this.record(o, resting, q, resting.price);
      for (const x of [o, resting]) {
        x.matched = x.matched.plus(q);
        x.trades.push(trade);
        if (this.remaining(x).lte(0)) x.status = 'MATCHED';
      }
      filled = filled.plus(q);
      notional = notional.plus(q.times(resting.price));
      trades.push(trade);
    }
    return { filled, notional, trades };
  }

  /** A counterparty (house) takes `shares` of a resting order at its price. */
  takeResting(id: string, shares: number | string): EngineOrder {
    const o = this.orders.get(id);
    if (!o || o.status !== 'LIVE') throw new Error(`no live order ${id}`);
    const q = Decimal.from(shares);
    const house = { id: `0x${randomBytes(32).toString('hex')}`, owner: HOUSE, maker: HOUSE, side: o.side === 'BUY' ? 'SELL' : 'BUY' } as EngineOrder;
    this.execute(o.side === 'BUY' ? o : house, o.side === 'BUY' ? house : o, q, o.price);
    o.matched = o.matched.plus(q);
    o.trades.push(this.record(house, o, q, o.price));
    if (this.remaining(o).lte(0)) o.status = 'MATCHED';
    return o;
  }

  private record(taker: EngineOrder, maker: EngineOrder, q: Decimal, price: Decimal): string {
    const id = `trade-${++this.tradeSeq}`;
    const who = (x: EngineOrder) => ({ id: x.id, owner: x.owner, maker: x.maker, side: x.side });
    this.trades.push({ id, tokenId: maker.tokenId, taker: who(taker), maker: who(maker), size: q, price, ts: Math.floor(Date.now() / 1000) });
    return id;
  }

  /** Average cost per share of a position (0 when none). */
  avgPrice(address: string, tokenId: string): Decimal {
    const k = `${address.toLowerCase()}:${tokenId}`;
    const held = this.positions.get(k) ?? Decimal.ZERO;
    return held.gt(0) ? (this.costs.get(k) ?? Decimal.ZERO).div(held, 6) : Decimal.ZERO;
  }

  private execute(buy: EngineOrder, sell: EngineOrder, q: Decimal, price: Decimal): void {
    const usd = q.times(price);
    if (buy.maker !== HOUSE) {
      const k = `${buy.maker}:${buy.tokenId}`;
      this.collateral.set(buy.maker, this.balanceOf(buy.maker).minus(usd));
      this.positions.set(k, this.positionOf(buy.maker, buy.tokenId).plus(q));
      this.costs.set(k, (this.costs.get(k) ?? Decimal.ZERO).plus(usd));
    }
    if (sell.maker !== HOUSE) {
      const k = `${sell.maker}:${sell.tokenId}`;
      const held = this.positionOf(sell.maker, sell.tokenId);
      // Selling releases the average cost of the shares sold.
      const release = held.gt(0) ? (this.costs.get(k) ?? Decimal.ZERO).times(q.lt(held) ? q : held).div(held, 12) : Decimal.ZERO;
      this.collateral.set(sell.maker, this.balanceOf(sell.maker).plus(usd));
      this.positions.set(k, held.minus(q));
      this.costs.set(k, (this.costs.get(k) ?? Decimal.ZERO).minus(release));
    }
  }

  /** Open (LIVE) orders placed with addresses of this signer, oldest first. */
  openOrdersOf(signer: string): EngineOrder[] {
    return [...this.orders.values()].filter((o) => o.signer === signer && o.status === 'LIVE').sort((a, b) => a.seq - b.seq);
  }

  /** Resting levels per side for a token (house and user orders), e.g. for a book view. */
  levels(tokenId: string): { bids: Array<{ price: string; size: string }>; asks: Array<{ price: string; size: string }> } {
    const agg = (side: 'BUY' | 'SELL') => {
      const m = new Map<string, Decimal>();
      for (const o of this.orders.values()) {
        if (o.tokenId !== tokenId || o.side !== side || o.status !== 'LIVE') continue;
        const k = o.price.toFixed();
        m.set(k, (m.get(k) ?? Decimal.ZERO).plus(this.remaining(o)));
      }
      return [...m].map(([price, size]) => ({ price, size: size.toFixed() }));
    };
    return { bids: agg('BUY'), asks: agg('SELL') };
  }
}
