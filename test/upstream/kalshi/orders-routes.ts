/**
 * The Kalshi portfolio double: V2 create (`POST /portfolio/events/orders`), V1 reads
 * (`GET /portfolio/orders`, `GET /portfolio/orders/{id}`), V2 batched cancel
 * (`DELETE /portfolio/events/orders/batched`, JSON body) and `GET /portfolio/balance`, every one
 * behind Kalshi's RSA-PSS signature check (auth.ts). State and matching live in portfolio.ts,
 * the V1 rendering in portfolio-wire.ts.
 *
 * Order groups (`/portfolio/order_groups`: create, list, get, trigger, reset, delete): an order
 * placed with `order_group_id` joins its group; an unknown group is 404 `not_found`, a triggered
 * one 400 `order_group_triggered`; triggering cancels the group's resting orders.
 *
 * Rejections follow Kalshi's order-error envelope `{"error":{"code","message","details"}}`
 * (unparseable bodies: the flat `{"code","message","details"}`): unknown ticker 404
 * `market_not_found`; off-grid price, bad count or fractional count on a whole-contract market
 * 400 `invalid_order`; missing ticker/client_order_id 400 `missing_parameters`; cash short 400
 * `insufficient_balance`; a reused client_order_id 409 `order_already_exists` (the spec lists
 * 409 Conflict for create; Kalshi dedups on client_order_id). Tests inject faults through the
 * UpstreamDouble (`inject`), e.g. `reset-after-handling` for an order that landed but whose
 * answer was lost.
 */
import type { PortfolioOrder } from './portfolio.js';
import type { Reply, Router, RecordedRequest } from '../server.js';
import type { KalshiAuth } from './auth.js';
import type { KalshiMarkets, KalshiMarketWire } from './markets-routes.js';
import type { KalshiBooks } from './book-routes.js';
import { kalshiWireMarket, type MarketSpec } from './market-fixtures.js';
import { Portfolio, type BookSide, type Tif } from './portfolio.js';
import { toV1Order } from './portfolio-wire.js';
import { Decimal } from '../../../src/decimal.js';

const TIFS: Tif[] = ['good_till_canceled', 'immediate_or_cancel', 'fill_or_kill'];
const COUNT_RE = /^\d{1,9}(?:\.\d{1,2})?$/;
const PRICE_RE = /^\d(?:\.\d{1,6})?$/;

export function kalshiError(status: number, code: string, message: string, details?: string): Reply {
  return { status, json: { error: { code, message, ...(details === undefined ? {} : { details }) } } };
}

/** Independent of pmt's own rules: integer micro-dollars, one modulo per tier. */
function onKalshiGrid(price: string, ranges: unknown): boolean {
  const micro = (s: unknown) => (typeof s === 'string' && /^\d+(\.\d{1,6})?$/.test(s) ? BigInt(Math.round(Number(s) * 1e6)) : null);
  const p = micro(price);
  if (p === null || p <= 0n || p >= 1_000_000n) return false;
  return (Array.isArray(ranges) ? ranges : []).some((r: { start?: unknown; end?: unknown; step?: unknown }) => {
    const [start, end, step] = [micro(r?.start), micro(r?.end), micro(r?.step)];
    return start !== null && end !== null && step !== null && step > 0n && p >= start && p <= end && (p - start) % step === 0n;
  });
}

function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}
function decodeCursor(c: string): number | null {
  const m = /^offset:(\d+)$/.exec(Buffer.from(c, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
}

/** An order the double accepted: what rests on the book, what filled and at what average YES price. */
export interface Placed {
  ticker: string;
  side: BookSide;
  /** YES price, dollars (wire text). */
  price: string;
  resting: number;
  filled: number;
  avgPrice: number | null;
  /** The order as the portfolio keeps it (the user_orders channel reports it). */
  order?: PortfolioOrder;
}

export function createKalshiOrders(auth: KalshiAuth, markets: KalshiMarkets, _books: KalshiBooks) {
  const portfolio = new Portfolio();
  const ownMarkets = new Map<string, KalshiMarketWire>();
  /** Parsed bodies of every create the double handled. */
  const received: Array<Record<string, unknown>> = [];
  /** Order ids of every batched cancel the double handled. */
  const cancelBatches: string[][] = [];
  /** The routing of every batched cancellation (order id, exchange_index, market_ticker as sent). */
  const cancelRouting: Array<{ order_id: string; exchange_index: unknown; market_ticker: unknown }> = [];
  /** Every V2 cancel-all (`DELETE /portfolio/events/orders`), by its subaccount query. */
  const cancelAllCalls: Array<string | null> = [];
  /** Order ids whose cancel Kalshi refuses (a per-order error in the batch response). */
  const refuseCancel = new Set<string>();
  const state = { maxCancelBatch: 100 };
  /** Listeners told of every order placed (the stream double turns them into deltas and trades). */
  const placedListeners: Array<(p: Placed) => void> = [];
  const cancelListeners: Array<(o: PortfolioOrder) => void> = [];

  const marketOf = (t: string) => ownMarkets.get(t) ?? markets.market(t);
  portfolio.shardOf = (t: string) => {
    const n = Number(marketOf(t)?.exchange_index ?? 0);
    return Number.isInteger(n) && n >= 0 ? n : 0;
  };
  const wire = portfolio.wire;
  /** The account's API tier as `GET /account/limits` answers it (tests may raise it). */
  const tier = { usage_tier: 'basic', read: { refill_rate: 200, bucket_capacity: 200 }, write: { refill_rate: 100, bucket_capacity: 100 } };
  /** When each `GET /account/limits` was served. */
  const limitsReads: number[] = [];
  /** Order groups per key: id → limit, triggered flag, the orders in it. */
  const groups = new Map<string, Map<string, { limit: number; triggered: boolean; orders: Set<string> }>>();
  const groupsOf = (keyId: string) => groups.get(keyId) ?? groups.set(keyId, new Map()).get(keyId)!;
  let groupSeq = 0;

  function create(req: RecordedRequest): Reply {
    let b: Record<string, unknown>;
    try {
      b = JSON.parse(req.body) as Record<string, unknown>;
      if (!b || typeof b !== 'object' || Array.isArray(b)) throw new Error('body is not an object');
    } catch (e) {
      return { status: 400, json: { code: 'bad_request', message: 'bad request', details: (e as Error).message } };
    }
    received.push(b);
    const keyId = auth.keyOf(req);
    const { ticker, client_order_id: coid, side, count, price, time_in_force: tif, self_trade_prevention_type: stp } = b;
    if (typeof ticker !== 'string' || !ticker) return kalshiError(400, 'missing_parameters', 'missing parameters', 'ticker is required');
    if (typeof coid !== 'string' || !coid) return kalshiError(400, 'missing_parameters', 'missing parameters', 'client_order_id is required');
    if (side !== 'bid' && side !== 'ask') return kalshiError(400, 'invalid_order', 'invalid order', 'side must be bid or ask');
    if (typeof count !== 'string' || !COUNT_RE.test(count) || Decimal.parse(count)!.lte(0)) {
      return kalshiError(400, 'invalid_order', 'invalid order', 'count must be a positive fixed-point count with at most 2 decimals');
    }
    if (typeof price !== 'string' || !PRICE_RE.test(price)) return kalshiError(400, 'invalid_order', 'invalid order', 'price must be a fixed-point dollar string');
    if (!TIFS.includes(tif as Tif)) return kalshiError(400, 'invalid_order', 'invalid order', 'invalid time_in_force');
    if (stp !== 'taker_at_cross' && stp !== 'maker') return kalshiError(400, 'invalid_order', 'invalid order', 'invalid self_trade_prevention_type');
    if (b.post_only !== undefined && typeof b.post_only !== 'boolean') return kalshiError(400, 'invalid_order', 'invalid order', 'post_only must be a boolean');
    if (b.reduce_only !== undefined && typeof b.reduce_only !== 'boolean') return kalshiError(400, 'invalid_order', 'invalid order', 'reduce_only must be a boolean');
    const exp = b.expiration_time;
    if (exp !== undefined && (typeof exp !== 'number' || !Number.isInteger(exp) || exp <= 0)) return kalshiError(400, 'invalid_order', 'invalid order', 'expiration_time must be unix seconds');
    if (exp !== undefined && tif === 'immediate_or_cancel') return kalshiError(400, 'invalid_order', 'invalid order', 'immediate_or_cancel cannot be combined with expiration_time');
    const market = marketOf(ticker);
    if (!market) return kalshiError(404, 'market_not_found', 'market not found');
    if (market.status !== 'active') return kalshiError(400, 'market_closed', 'market is not open for trading');
    let n = Decimal.parse(count)!;
    if (b.reduce_only === true) {
      // Capped by the position it reduces: a bid (long YES) reduces a NO position, an ask a YES one.
      const held = portfolio.ledger.positionsOf(keyId).find((p) => p.ticker === ticker)?.position ?? Decimal.ZERO;
      const room = side === 'bid' ? (held.isNegative() ? Decimal.ZERO.minus(held) : Decimal.ZERO) : held.gt(0) ? held : Decimal.ZERO;
      if (room.isZero()) return kalshiError(400, 'invalid_order', 'reduce_only order would not reduce a position');
      if (n.gt(room)) n = room;
    }
    if (market.fractional_trading_enabled === false && !n.isMultipleOf(1)) {
      return kalshiError(400, 'invalid_order', 'invalid order', 'fractional contracts are not enabled for this market');
    }
    if (!onKalshiGrid(price, market.price_ranges)) return kalshiError(400, 'invalid_order', 'invalid order', `invalid price: ${price} is not a valid price level for this market`);
    if (portfolio.hasClientOrderId(keyId, coid)) return kalshiError(409, 'order_already_exists', 'order already exists', 'client_order_id has already been used');
    const group = b.order_group_id === undefined ? undefined : groupsOf(keyId).get(String(b.order_group_id));
    if (b.order_group_id !== undefined && !group) return kalshiError(404, 'not_found', 'order group not found');
    if (group?.triggered) return kalshiError(400, 'order_group_triggered', 'order group is triggered', 'reset the order group to place orders in it');
    const r = portfolio.place(keyId, { ticker, clientOrderId: coid, side: side as BookSide, count: n, price: Decimal.parse(price)!, tif: tif as Tif, stp, postOnly: b.post_only === true });
    if (!r.ok) return kalshiError(r.status, r.code, r.message, r.details);
    group?.orders.add(r.order.id);
    for (const l of placedListeners) l({ ticker, side: side as BookSide, price, resting: r.remainingCount.toNumber(), filled: r.fillCount.toNumber(), avgPrice: r.avgPrice?.toNumber() ?? null, order: r.order });
    return {
      status: 201,
      json: {
        order_id: r.order.id,
        client_order_id: coid,
        fill_count: r.fillCount.toFixed(2),
        remaining_count: r.remainingCount.toFixed(2),
        ...(r.avgPrice ? { average_fill_price: r.avgPrice.toFixed(Math.max(4, r.avgPrice.places())) } : {}),
        ...(r.avgFee ? { average_fee_paid: r.avgFee.toFixed(Math.max(4, r.avgFee.places())) } : {}),
      },
    };
  }

  function list(req: RecordedRequest): Reply {
    const q = req.query;
    const limitText = q.get('limit');
    const limit = limitText === null ? 100 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return { status: 400, json: { code: 'bad_request', message: 'bad request', details: 'limit must be between 1 and 1000' } };
    const status = q.get('status') || undefined;
    if (status && !['resting', 'canceled', 'executed'].includes(status)) return kalshiError(400, 'bad_request', 'bad request', 'invalid status');
    const cursor = q.get('cursor') || '';
    const offset = cursor ? decodeCursor(cursor) : 0;
    if (offset === null) return kalshiError(400, 'bad_request', 'bad request', 'invalid cursor');
    const ts = (k: string) => (q.get(k) ? Number(q.get(k)) : undefined);
    const shard = q.get('exchange_index');
    const all = portfolio
      .list(auth.keyOf(req), { ticker: q.get('ticker') || undefined, status, minTs: ts('min_ts'), maxTs: ts('max_ts') })
      // Kalshi: "Filter results by exchange shard. Omit to return results from all exchange shards."
      .filter((o) => shard === null || shard === '' || o.exchangeIndex === Number(shard));
    const page = all.slice(offset, offset + limit);
    const next = offset + limit < all.length ? encodeCursor(offset + limit) : '';
    return { json: { orders: page.map((o) => toV1Order(o, wire)), cursor: next } };
  }

  function batchCancel(req: RecordedRequest): Reply {
    let b: { orders?: Array<{ order_id?: unknown; exchange_index?: unknown; market_ticker?: unknown }> };
    try {
      b = JSON.parse(req.body) as typeof b;
    } catch (e) {
      return { status: 400, json: { code: 'bad_request', message: 'bad request', details: (e as Error).message } };
    }
    const items = Array.isArray(b?.orders) ? b.orders : null;
    if (!items || items.length === 0) return kalshiError(400, 'missing_parameters', 'missing parameters', 'orders is required');
    if (items.length > state.maxCancelBatch) return kalshiError(400, 'invalid_parameters', 'invalid parameters', `at most ${state.maxCancelBatch} orders per batch`);
    const keyId = auth.keyOf(req);
    const ids = items.map((i) => String(i?.order_id ?? ''));
    cancelBatches.push(ids);
    cancelRouting.push(...items.map((i) => ({ order_id: String(i?.order_id ?? ''), exchange_index: i?.exchange_index, market_ticker: i?.market_ticker })));
    const orders = items.map((item, n) => {
      const id = ids[n]!;
      const o = portfolio.findOrder(keyId, id);
      if (refuseCancel.has(id)) {
        return { order_id: id, client_order_id: o?.clientOrderId ?? null, reduced_by: '0.00', error: { code: 'cancel_rejected', message: 'order could not be canceled', details: 'the market is paused' } };
      }
      // Each cancellation is routed on its own: without exchange_index or market_ticker, shard 0.
      const r = portfolio.cancel(keyId, id, portfolio.routeOf(item?.exchange_index, item?.market_ticker));
      if ('error' in r) return { order_id: id, client_order_id: o?.clientOrderId ?? null, reduced_by: '0.00', error: r.error };
      for (const l of cancelListeners) l(r.order);
      return { order_id: id, client_order_id: r.order.clientOrderId, reduced_by: r.reducedBy.toFixed(2), error: null };
    });
    return { json: { orders } };
  }

  /**
   * Cancel All Orders (kalshi-typescript 3.30.0): `DELETE /portfolio/events/orders` cancels every
   * resting order of the member on every shard; the SDK types its answer as empty (void).
   */
  function cancelAll(req: RecordedRequest): Reply {
    const keyId = auth.keyOf(req);
    cancelAllCalls.push(req.query.get('subaccount'));
    for (const o of portfolio.list(keyId, { status: 'resting' })) portfolio.cancel(keyId, o.id);
    return { status: 200, json: {} };
  }

  /**
   * Get Account API Limits (kalshi-typescript 3.30.0, GetAccountApiLimitsResponse): the tier and
   * its token buckets (Basic: 200 read tokens/s, 100 write tokens/s at 10 tokens a request).
   */
  function limits(): Reply {
    limitsReads.push(Date.now());
    return { json: { usage_tier: tier.usage_tier, read: { ...tier.read }, write: { ...tier.write }, grants: [] } };
  }

  /**
   * `GET /portfolio/balance`: cents (`balance`), the fixed-point `balance_dollars`, and the
   * per-shard `balance_breakdown` (IndexedBalance[]); `balance` is every shard's total.
   */
  function balance(req: RecordedRequest): Reply {
    const a = portfolio.account(auth.keyOf(req));
    const cents = (d: Decimal) => Number(d.times(100).round(0, 'down').toFixed());
    const shard0 = portfolio.available(a.keyId);
    const others = [...(portfolio.shardCash.get(a.keyId) ?? new Map<number, Decimal>())].sort(([x], [y]) => x - y);
    const total = others.reduce((s, [, v]) => s.plus(v), shard0);
    const dollars = (d: Decimal) => d.round(4, 'down').toFixed(4);
    return {
      headers: { date: new Date(Date.now() + auth.clockOffsetMs).toUTCString() },
      json: {
        balance: cents(total),
        balance_dollars: dollars(total),
        portfolio_value: cents(a.positionCost),
        updated_ts: Math.floor(a.updatedMs / 1000),
        ...(others.length ? { balance_breakdown: [{ exchange_index: 0, balance: dollars(shard0) }, ...others.map(([i, v]) => ({ exchange_index: i, balance: dollars(v) }))] } : {}),
      },
    };
  }

  function groupRoutes(router: Router): void {
    const wire = (id: string, g: { limit: number; triggered: boolean }) => ({ id, contracts_limit_fp: g.limit.toFixed(2), is_auto_cancel_enabled: g.triggered });
    router.get('/portfolio/order_groups', guarded((req) => ({ json: { order_groups: [...groupsOf(auth.keyOf(req)).entries()].map(([id, g]) => wire(id, g)) } })));
    router.post('/portfolio/order_groups/create', guarded((req) => {
      const b = JSON.parse(req.body || '{}') as { contracts_limit?: unknown };
      if (!Number.isInteger(b.contracts_limit) || (b.contracts_limit as number) < 1) return kalshiError(400, 'invalid_parameters', 'invalid parameters', 'contracts_limit must be a whole number >= 1');
      const id = `og-${++groupSeq}`;
      groupsOf(auth.keyOf(req)).set(id, { limit: b.contracts_limit as number, triggered: false, orders: new Set() });
      return { status: 201, json: { order_group_id: id } };
    }));
    router.get('/portfolio/order_groups/:id', guarded((req, p) => {
      const g = groupsOf(auth.keyOf(req)).get(p.id!);
      return g ? { json: { is_auto_cancel_enabled: g.triggered, contracts_limit_fp: g.limit.toFixed(2), orders: [...g.orders] } } : kalshiError(404, 'not_found', 'order group not found');
    }));
    router.on('PUT', '/portfolio/order_groups/:id/:action', guarded((req, p) => {
      const keyId = auth.keyOf(req);
      const g = groupsOf(keyId).get(p.id!);
      if (!g) return kalshiError(404, 'not_found', 'order group not found');
      if (p.action === 'trigger') {
        g.triggered = true;
        for (const id of g.orders) portfolio.cancel(keyId, id);
      } else if (p.action === 'reset') g.triggered = false;
      else return kalshiError(404, 'not_found', 'not found');
      return { json: {} };
    }));
    router.delete('/portfolio/order_groups/:id', guarded((req, p) => {
      const keyId = auth.keyOf(req);
      const g = groupsOf(keyId).get(p.id!);
      if (!g) return kalshiError(404, 'not_found', 'order group not found');
      for (const id of g.orders) portfolio.cancel(keyId, id);
      groupsOf(keyId).delete(p.id!);
      return { json: {} };
    }));
  }

  const guarded =
    (h: (req: RecordedRequest, params: Record<string, string>) => Reply) =>
    (req: RecordedRequest, params: Record<string, string>): Reply =>
      auth.check(req) ?? h(req, params);

  return {
    /** Order groups by key (tests read them). */
    groups,
    register(router: Router): void {
      router.post('/portfolio/events/orders', guarded(create));
      router.get('/portfolio/orders', guarded(list));
      router.get('/portfolio/orders/:order_id', guarded((req, p) => {
        const o = portfolio.findOrder(auth.keyOf(req), p.order_id!);
        return o ? { json: { order: toV1Order(o, wire) } } : kalshiError(404, 'not_found', 'order not found');
      }));
      router.delete('/portfolio/events/orders/batched', guarded(batchCancel));
      router.delete('/portfolio/events/orders', guarded(cancelAll));
      router.get('/portfolio/balance', guarded(balance));
      router.get('/account/limits', guarded(limits));
      groupRoutes(router);
      // The markets double registers before this one, so once it serves GET /markets/{ticker}
      // this route answers only where it does not; see registerMarkets for fixtures.
      this.registerMarkets(router);
    },
    /**
     * GET /markets/{ticker} for markets added with addMarket (and the markets double's own).
     * Register it before the markets double to serve fixtures whatever that double knows.
     */
    registerMarkets(router: Router, opts: { passThrough?: boolean } = {}): void {
      router.get('/markets/:ticker', (_req, p) => {
        if (opts.passThrough) {
          // Ahead of the markets double: answer for fixtures only, let it answer the rest.
          const own = ownMarkets.get(p.ticker!);
          return own ? { json: { market: own } } : undefined;
        }
        const m = marketOf(p.ticker!);
        return m ? { json: { market: m } } : kalshiError(404, 'not_found', 'market not found');
      });
    },
    portfolio,
    received,
    cancelBatches,
    cancelRouting,
    cancelAllCalls,
    tier,
    limitsReads,
    refuseCancel,
    wire,
    /** Cash on another shard than 0 (dollars), reported in the balance's `balance_breakdown`. */
    setShardCash(keyId: string, exchangeIndex: number, dollars: number | string): void {
      const m = portfolio.shardCash.get(keyId) ?? new Map<number, Decimal>();
      m.set(exchangeIndex, Decimal.from(dollars));
      portfolio.shardCash.set(keyId, m);
    },
    /** Largest batch the batched cancel accepts (Kalshi: scales with the tier's write budget). */
    set maxCancelBatch(n: number) {
      state.maxCancelBatch = n;
    },
    get maxCancelBatch(): number {
      return state.maxCancelBatch;
    },
    /** Register a tradeable market (wire shape) the markets double may not know. */
    addMarket(spec: MarketSpec | KalshiMarketWire): KalshiMarketWire {
      const m = 'event_ticker' in spec ? (spec as KalshiMarketWire) : kalshiWireMarket(spec as MarketSpec);
      ownMarkets.set(m.ticker, m);
      return m;
    },
    /** The routes for a ticker lookup, for tests that compose their own router. */
    market: marketOf,
    /** Forget accounts, orders, books and the request logs of this double (markets stay). */
    reset(): void {
      portfolio.reset();
      received.length = 0;
      cancelBatches.length = 0;
      cancelRouting.length = 0;
      cancelAllCalls.length = 0;
      refuseCancel.clear();
      portfolio.shardCash.clear();
    },
    /** Be told of every order placed through REST. */
    onPlaced(fn: (p: Placed) => void): void {
      placedListeners.push(fn);
    },
    onCancelled(fn: (o: PortfolioOrder) => void): void {
      cancelListeners.push(fn);
    },
    seedBook: portfolio.seedBook.bind(portfolio),
    seedOrder: portfolio.seedOrder.bind(portfolio),
    setBalance: portfolio.setBalance.bind(portfolio),
    /** Cash available to trade, dollars. */
    available: (keyId: string) => portfolio.available(keyId).toNumber(),
  };
}
export type KalshiOrders = ReturnType<typeof createKalshiOrders>;
