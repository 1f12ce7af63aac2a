/**
 * The rest of a trader's day on the Kalshi double, behind the same RSA-PSS check as orders:
 * single cancel (`DELETE /portfolio/events/orders/{id}`, V2 answer `{order_id, client_order_id,
 * reduced_by}`), amend (`POST /portfolio/events/orders/{id}/amend`, the whole new state: ticker,
 * book side, YES price, count), positions (`GET /portfolio/positions`), fills
 * (`GET /portfolio/fills`), and the public reads: the tape (`GET /markets/trades`) and
 * candlesticks (`GET /series/{s}/markets/{t}/candlesticks`, the series must be the market's).
 * Everything comes from the portfolio's own matching (portfolio.ts, ledger.ts).
 */
import type { Reply, Router, RecordedRequest } from '../server.js';
import { Decimal } from '../../../src/decimal.js';
import type { KalshiAuth } from './auth.js';
import type { KalshiMarkets } from './markets-routes.js';
import { collateral, takerFee, type Portfolio } from './portfolio.js';
import { kalshiError } from './orders-routes.js';

const enc = (o: number) => Buffer.from(`o:${o}`).toString('base64url');
const dec = (c: string) => {
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(c, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
};
const fp = (d: Decimal) => d.toFixed(2);
const usd = (d: Decimal) => d.toFixed(Math.max(4, d.places()));
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** limit/cursor paging shared by the listings; `cap` is the largest page the double serves. */
function page<T>(req: RecordedRequest, all: T[], cap: number, def = 100): { rows: T[]; cursor: string } | Reply {
  const lt = req.query.get('limit');
  const limit = lt === null ? def : Number(lt);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return kalshiError(400, 'bad_request', 'bad request', 'limit must be between 1 and 1000');
  const c = req.query.get('cursor') || '';
  const offset = c ? dec(c) : 0;
  if (offset === null) return kalshiError(400, 'bad_request', 'bad request', 'invalid cursor');
  const n = Math.min(limit, cap);
  return { rows: all.slice(offset, offset + n), cursor: offset + n < all.length ? enc(offset + n) : '' };
}

export function createKalshiPortfolioRoutes(auth: KalshiAuth, markets: KalshiMarkets, portfolio: Portfolio, marketOf: (t: string) => unknown) {
  const state = { positionsPageCap: 1000, fillsPageCap: 1000, tradesPageCap: 1000, settlementsPageCap: 1000 };
  /** Settlements by API key id, newest first, as `GET /portfolio/settlements` lists them (seeded by tests). */
  const settlements = new Map<string, Array<Record<string, unknown>>>();

  function settlementsList(req: RecordedRequest): Reply {
    const ticker = req.query.get('ticker');
    const all = (settlements.get(auth.keyOf(req)) ?? []).filter((s) => !ticker || s.ticker === ticker);
    const p = page(req, all, state.settlementsPageCap);
    if (!('rows' in p)) return p;
    return { json: { settlements: p.rows, cursor: p.cursor } };
  }
  const ledger = portfolio.ledger;

  /** Routing as sent on every single cancel (query `exchange_index`, `market_ticker`). */
  const cancelRouting: Array<{ order_id: string; exchange_index: string | null; market_ticker: string | null }> = [];

  function cancelOne(req: RecordedRequest, id: string): Reply {
    const keyId = auth.keyOf(req);
    const [ix, mt] = [req.query.get('exchange_index'), req.query.get('market_ticker')];
    cancelRouting.push({ order_id: id, exchange_index: ix, market_ticker: mt });
    // Without exchange_index or market_ticker Kalshi routes to shard 0.
    const r = portfolio.cancel(keyId, id, portfolio.routeOf(ix ?? undefined, mt ?? undefined));
    if ('error' in r) return r.error.code === 'not_found' ? kalshiError(404, 'not_found', 'order not found') : kalshiError(400, r.error.code, r.error.message, r.error.details);
    return { json: { order_id: id, client_order_id: r.order.clientOrderId, reduced_by: fp(r.reducedBy) } };
  }

  function amend(req: RecordedRequest, id: string): Reply {
    let b: Record<string, unknown>;
    try {
      b = JSON.parse(req.body) as Record<string, unknown>;
    } catch (e) {
      return kalshiError(400, 'bad_request', 'bad request', (e as Error).message);
    }
    const keyId = auth.keyOf(req);
    const o = portfolio.findOrder(keyId, id);
    if (!o) return kalshiError(404, 'not_found', 'order not found');
    if (b.ticker !== o.ticker) return kalshiError(400, 'invalid_parameters', 'invalid parameters', 'ticker does not match the order');
    if (b.side !== o.bookSide) return kalshiError(400, 'invalid_parameters', 'invalid parameters', 'side does not match the order');
    const price = typeof b.price === 'string' && /^0\.\d{1,6}$/.test(b.price) ? Decimal.parse(b.price)! : null;
    const count = typeof b.count === 'string' && /^\d{1,9}(\.\d{1,2})?$/.test(b.count) ? Decimal.parse(b.count)! : null;
    if (!price || price.lte(0) || !count) return kalshiError(400, 'invalid_order', 'invalid order', 'price and count are required fixed-point strings');
    if (!price.times(100).isMultipleOf(1)) return kalshiError(400, 'invalid_order', 'invalid order', `invalid price: ${b.price} is not a valid price level for this market`);
    if (o.status !== 'resting') return kalshiError(400, 'invalid_order', 'invalid order', `order is ${o.status}, not resting`);
    const remaining = count.minus(o.filled);
    if (remaining.lte(0)) return kalshiError(400, 'invalid_order', 'invalid order', 'count must exceed the filled count');
    const a = portfolio.account(keyId);
    const before = collateral(o.bookSide, o.yesPrice, o.remaining);
    const need = collateral(o.bookSide, price, remaining).plus(takerFee([{ price, n: remaining }]));
    if (need.gt(portfolio.available(keyId).plus(before))) return kalshiError(400, 'insufficient_balance', 'insufficient balance');
    a.reserved = a.reserved.minus(before);
    const fills = portfolio.cross(o.ticker, o.bookSide, price, remaining, false);
    const filled = fills.reduce((s, f) => s.plus(f.n), Decimal.ZERO);
    const cost = fills.reduce((s, f) => s.plus(collateral(o.bookSide, f.price, f.n)), Decimal.ZERO);
    const fee = filled.gt(0) ? takerFee(fills) : Decimal.ZERO;
    a.balance = a.balance.minus(cost).minus(fee);
    portfolio.record(a, o, fills, fee);
    o.yesPrice = price;
    o.initial = count;
    o.filled = o.filled.plus(filled);
    o.takerCost = o.takerCost.plus(cost);
    o.takerFees = o.takerFees.plus(fee);
    o.remaining = remaining.minus(filled);
    o.status = o.remaining.gt(0) ? 'resting' : 'executed';
    o.updatedMs = Date.now();
    a.reserved = a.reserved.plus(collateral(o.bookSide, price, o.remaining));
    const avg = filled.gt(0) ? fills.reduce((s, f) => s.plus(f.price.times(f.n)), Decimal.ZERO).div(filled, 4) : null;
    return {
      json: {
        order_id: o.id,
        client_order_id: o.clientOrderId,
        remaining_count: fp(o.remaining),
        fill_count: filled.gt(0) ? fp(filled) : null,
        average_fill_price: avg ? usd(avg) : null,
        average_fee_paid: filled.gt(0) ? usd(fee.div(filled, 4)) : null,
      },
    };
  }

  /**
   * The historical tier (`GET /historical/fills`, `GET /historical/trades`): wire rows older than
   * the cutoff, newest first, per key (fills) or per ticker (trades), as tests seed them.
   */
  const historical = {
    fills: new Map<string, Array<Record<string, unknown>>>(),
    trades: new Map<string, Array<Record<string, unknown>>>(),
    /** MarketCandlestickHistorical rows per ticker (`price.open` … dollar strings, `volume`). */
    candles: new Map<string, Array<Record<string, unknown>>>(),
  };

  function historicalFills(req: RecordedRequest): Reply {
    const ticker = req.query.get('ticker') || undefined;
    const rows = (historical.fills.get(auth.keyOf(req)) ?? []).filter((f) => !ticker || f.ticker === ticker);
    const pg = page(req, rows, state.fillsPageCap);
    return 'rows' in pg ? { json: { fills: pg.rows, cursor: pg.cursor } } : pg;
  }

  function historicalTrades(req: RecordedRequest): Reply {
    const rows = historical.trades.get(req.query.get('ticker') || '') ?? [];
    const pg = page(req, rows, state.tradesPageCap);
    return 'rows' in pg ? { json: { trades: pg.rows, cursor: pg.cursor } } : pg;
  }

  /** Every decrease as sent (parsed body). */
  const decreases: Array<Record<string, unknown>> = [];

  /**
   * Decrease Order (V2): exactly one of `reduce_by`/`reduce_to` (fixed-point counts; reduce_to is
   * the remaining count), routed like a cancel (`exchange_index`, `market_ticker`, else shard 0).
   * The order keeps its place (created time and sequence); its collateral shrinks.
   */
  function decrease(req: RecordedRequest, id: string): Reply {
    let b: Record<string, unknown>;
    try {
      b = JSON.parse(req.body) as Record<string, unknown>;
    } catch (e) {
      return kalshiError(400, 'bad_request', 'bad request', (e as Error).message);
    }
    decreases.push({ order_id: id, ...b });
    const keyId = auth.keyOf(req);
    const o = portfolio.findOrder(keyId, id);
    if (!o || o.exchangeIndex !== portfolio.routeOf(b.exchange_index, b.market_ticker)) return kalshiError(404, 'not_found', 'order not found');
    const COUNT = /^\d{1,9}(\.\d{1,2})?$/;
    const by = typeof b.reduce_by === 'string' && COUNT.test(b.reduce_by) ? Decimal.parse(b.reduce_by)! : null;
    const to = typeof b.reduce_to === 'string' && COUNT.test(b.reduce_to) ? Decimal.parse(b.reduce_to)! : null;
    if ((by === null) === (to === null)) return kalshiError(400, 'invalid_parameters', 'invalid parameters', 'exactly one of reduce_by or reduce_to must be provided');
    if (o.status !== 'resting') return kalshiError(400, 'invalid_order', 'invalid order', `order is ${o.status}, not resting`);
    const target = to ?? o.remaining.minus(by!);
    if (target.isNegative() || target.gte(o.remaining)) return kalshiError(400, 'invalid_order', 'invalid order', 'a decrease must leave fewer contracts resting');
    const a = portfolio.account(keyId);
    a.reserved = a.reserved.minus(collateral(o.bookSide, o.yesPrice, o.remaining.minus(target)));
    o.initial = o.initial.minus(o.remaining.minus(target));
    o.remaining = target;
    if (target.isZero()) o.status = 'canceled';
    o.updatedMs = Date.now();
    return { json: { order_id: o.id, client_order_id: o.clientOrderId, remaining_count: fp(o.remaining), ts_ms: Date.now() } };
  }

  function positions(req: RecordedRequest): Reply {
    const keyId = auth.keyOf(req);
    const ticker = req.query.get('ticker') || undefined;
    const filter = req.query.get('count_filter') || '';
    const rows = ledger
      .positionsOf(keyId)
      .filter((p) => (!ticker || p.ticker === ticker) && (!filter.includes('position') || !p.position.isZero()))
      .sort((x, y) => x.ticker.localeCompare(y.ticker));
    const pg = page(req, rows, state.positionsPageCap);
    if (!('rows' in pg)) return pg;
    return {
      json: {
        market_positions: pg.rows.map((p) => ({
          ticker: p.ticker,
          exchange_index: portfolio.shardOf(p.ticker),
          total_traded_dollars: usd(p.traded),
          position_fp: fp(p.position),
          market_exposure_dollars: usd(p.cost),
          realized_pnl_dollars: usd(p.realized),
          resting_orders_count: 0,
          fees_paid_dollars: usd(p.fees),
          last_updated_ts: iso(p.updatedMs),
        })),
        event_positions: [],
        cursor: pg.cursor,
      },
    };
  }

  function fills(req: RecordedRequest): Reply {
    const keyId = auth.keyOf(req);
    const q = req.query;
    const ticker = q.get('ticker') || undefined;
    const orderId = q.get('order_id') || undefined;
    const rows = ledger.fills
      .filter((f) => f.keyId === keyId && (!ticker || f.ticker === ticker) && (!orderId || f.orderId === orderId))
      .slice()
      .reverse();
    const pg = page(req, rows, state.fillsPageCap);
    if (!('rows' in pg)) return pg;
    return {
      json: {
        fills: pg.rows.map((f) => ({
          fill_id: f.fillId,
          trade_id: f.fillId,
          order_id: f.orderId,
          ticker: f.ticker,
          market_ticker: f.ticker,
          exchange_index: portfolio.shardOf(f.ticker),
          ...(portfolio.wire.canonicalOnly ? {} : { side: f.side, action: f.action }),
          // Kalshi's order direction table: buy yes / sell no → yes, bid; buy no / sell yes → no, ask.
          outcome_side: (f.side === 'yes') === (f.action === 'buy') ? 'yes' : 'no',
          book_side: (f.side === 'yes') === (f.action === 'buy') ? 'bid' : 'ask',
          count_fp: fp(f.count),
          yes_price_dollars: usd(f.yesPrice),
          no_price_dollars: usd(Decimal.ONE.minus(f.yesPrice)),
          is_taker: f.isTaker,
          created_time: iso(f.ms),
          fee_cost: usd(f.fee),
          ts: Math.floor(f.ms / 1000),
        })),
        cursor: pg.cursor,
      },
    };
  }

  function trades(req: RecordedRequest): Reply {
    const q = req.query;
    const ticker = q.get('ticker') || '';
    const ts = (k: string) => (q.get(k) ? Number(q.get(k)) : undefined);
    const rows = ticker ? ledger.tapeOf(ticker, ts('min_ts'), ts('max_ts')) : [];
    const pg = page(req, rows, state.tradesPageCap);
    if (!('rows' in pg)) return pg;
    return {
      json: {
        trades: pg.rows.map((t) => ({
          trade_id: t.id,
          ticker: t.ticker,
          count_fp: fp(t.count),
          yes_price_dollars: usd(t.yesPrice),
          no_price_dollars: usd(Decimal.ONE.minus(t.yesPrice)),
          ...(portfolio.wire.canonicalOnly ? {} : { taker_side: t.taker }),
          taker_outcome_side: t.taker,
          taker_book_side: t.taker === 'yes' ? 'bid' : 'ask',
          created_time: iso(t.ms),
        })),
        cursor: pg.cursor,
      },
    };
  }

  function candles(req: RecordedRequest, series: string, ticker: string): Reply {
    if (!marketOf(ticker)) return kalshiError(404, 'not_found', 'market not found');
    const known = markets.seriesOf(ticker);
    if (known !== undefined && known !== series) return kalshiError(404, 'not_found', 'market not found in series');
    const q = req.query;
    const start = Number(q.get('start_ts'));
    const end = Number(q.get('end_ts'));
    const period = Number(q.get('period_interval'));
    if (!q.get('start_ts') || !q.get('end_ts') || !Number.isInteger(start) || !Number.isInteger(end)) return kalshiError(400, 'bad_request', 'bad request', 'start_ts and end_ts are required unix timestamps');
    if (![1, 60, 1440].includes(period)) return kalshiError(400, 'bad_request', 'bad request', 'period_interval must be 1, 60 or 1440');
    return { json: { ticker, candlesticks: ledger.candles(ticker, start, end, period) } };
  }

  const guarded =
    (h: (req: RecordedRequest, params: Record<string, string>) => Reply) =>
    (req: RecordedRequest, params: Record<string, string>): Reply =>
      auth.check(req) ?? h(req, params);

  return {
    state,
    cancelRouting,
    decreases,
    historical,
    /** Settled markets of a key, in Kalshi's wire shape (newest first). */
    seedSettlements(keyId: string, rows: Array<Record<string, unknown>>): void {
      settlements.set(keyId, [...(settlements.get(keyId) ?? []), ...rows]);
    },
    register(router: Router): void {
      router.get('/portfolio/settlements', guarded(settlementsList));
      // GET /account/limits is the orders double's (its tier can be raised by tests).
      // Registered ahead of the batched cancel: leave `batched` to it.
      router.delete('/portfolio/events/orders/:order_id', (req, p) => (p.order_id === 'batched' ? undefined : guarded((r) => cancelOne(r, p.order_id!))(req, p)));
      router.post('/portfolio/events/orders/:order_id/amend', guarded((req, p) => amend(req, p.order_id!)));
      router.post('/portfolio/events/orders/:order_id/decrease', guarded((req, p) => decrease(req, p.order_id!)));
      router.get('/portfolio/positions', guarded(positions));
      router.get('/portfolio/fills', guarded(fills));
      router.get('/markets/trades', trades);
      router.get('/historical/fills', guarded(historicalFills));
      router.get('/historical/trades', historicalTrades);
      router.get('/historical/markets/:ticker/candlesticks', (req, p) => {
        const rows = historical.candles.get(p.ticker!);
        if (!rows) return kalshiError(404, 'not_found', 'market not found');
        const [start, end] = [Number(req.query.get('start_ts')), Number(req.query.get('end_ts'))];
        return { json: { ticker: p.ticker, candlesticks: rows.filter((r) => (r.end_period_ts as number) >= start && (r.end_period_ts as number) <= end) } };
      });
      router.get('/series/:series/markets/:ticker/candlesticks', (req, p) => candles(req, p.series!, p.ticker!));
    },
  };
}
export type KalshiPortfolioRoutes = ReturnType<typeof createKalshiPortfolioRoutes>;
