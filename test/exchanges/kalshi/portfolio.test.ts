/**
 * Kalshi balance, positions and fills over real HTTP against the double, whose own matching
 * engine produces them: buy, see the position and the fill, sell, see it shrink, cash move.
 */
import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../src/errors.js';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { kalshiWireMarket } from '../../upstream/kalshi/market-fixtures.js';
import { failure } from '../../helpers/failure.js';
import { KEY_ID, kalshiAdapter, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';

let d: TradingDouble;
let k: KalshiExchange;
useTradingDouble({ balance: 1000 }, (double, adapter) => {
  d = double;
  k = adapter;
  // The traded market is listed (GET /markets?tickers=) with bid 0.50 / ask 0.52 / last 0.51.
  d.markets.put(kalshiWireMarket({ ticker: MARKETS.cent }));
});

const buy = (price: number, size: number, over: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({
  asset_id: MARKETS.cent, outcome: 'yes', side: 'buy', price, size, order_type: 'gtc', ...over,
});

describe('fetchBalance', () => {
  it('reads cents as dollars, exactly, with the portfolio value for people', async () => {
    d.orders.setBalance(KEY_ID, '1234.56');
    const b = await k.fetchBalance();
    expect(b.balance).toEqual({ USD: 1234.56 });
    expect(b.portfolio_value).toBe(0);
    const [req] = d.double.requests.filter((r) => r.path === '/portfolio/balance');
    expect(req?.headers['kalshi-access-signature']).toBeTruthy();
  });

  it('moves with a fill: cost and fee leave the cash', async () => {
    d.orders.seedBook(MARKETS.cent, { asks: [['0.40', '10']] });
    await k.createOrder(buy(0.4, 10));
    // 10 × 0.40 = 4.00, fee ⌈0.07 × 10 × 0.4 × 0.6⌉ = 0.17.
    expect((await k.fetchBalance()).balance).toEqual({ USD: 995.83 });
  });

  it('a key Kalshi does not know is Authentication (exit 3)', async () => {
    const e = await failure(kalshiAdapter(d, { key: d.stranger }).fetchBalance());
    expect([e.kind, exitCodeFor(e)]).toEqual(['Authentication', 3]);
  });

  it('no credentials is Config (exit 9) naming the fix, and nothing is sent', async () => {
    const e = await failure(kalshiAdapter(d, { key: null }).fetchBalance());
    expect([e.kind, exitCodeFor(e)]).toEqual(['Config', 9]);
    expect(d.double.requests).toHaveLength(0);
  });
});

describe('fetchPositions and fetchFills from the double\'s matching', () => {
  it('buy → a YES position with its average and mark, and the fill; sell → it shrinks', async () => {
    d.orders.seedBook(MARKETS.cent, { asks: [['0.40', '4'], ['0.44', '6']], bids: [['0.55', '3']] });
    const o = await k.createOrder(buy(0.44, 10));
    let [p] = await k.fetchPositions();
    // (4 × 0.40 + 6 × 0.44) / 10 = 0.424; mark = YES best bid 0.50 (the listed market).
    expect(p).toEqual({ market_ticker: MARKETS.cent, outcome: 'Yes', size: 10, average_price: 0.424, current_price: 0.5 });
    const f1 = await k.fetchFills();
    expect(f1.fills.map((f) => [f.order_id, f.outcome, f.side, f.price, f.size, f.is_taker])).toEqual([
      [o.id, 'Yes', 'buy', 0.44, 6, true],
      [o.id, 'Yes', 'buy', 0.4, 4, true],
    ]);
    // The order's fee (⌈0.07 × (4×0.4×0.6 + 6×0.44×0.56)⌉ = 0.18) is spread over its fills.
    expect(f1.fills.reduce((s, f) => s + f.fee * 100, 0) / 100).toBeCloseTo(0.18, 10);
    expect(f1.cursor).toBeNull();

    await k.createOrder(buy(0.55, 3, { side: 'sell' }));
    [p] = await k.fetchPositions(MARKETS.cent);
    expect([p!.size, p!.average_price]).toEqual([7, 0.424]);
    expect((await k.fetchFills({ market_ticker: MARKETS.cent })).fills[0]).toMatchObject({ side: 'sell', price: 0.55, size: 3 });
  });

  it('selling YES while flat holds NO: priced as NO (1 − YES) with the NO mark', async () => {
    d.orders.seedBook(MARKETS.cent, { bids: [['0.70', '5']] });
    await k.createOrder(buy(0.7, 5, { side: 'sell' }));
    const [p] = await k.fetchPositions();
    // NO bought at 1 − 0.70 = 0.30; NO mark = 1 − YES ask 0.52 = 0.48.
    expect(p).toEqual({ market_ticker: MARKETS.cent, outcome: 'No', size: 5, average_price: 0.3, current_price: 0.48 });
  });

  it('follows every page of positions', async () => {
    const tickers = ['KXPAGE-25DEC31-A', 'KXPAGE-25DEC31-B', 'KXPAGE-25DEC31-C'];
    for (const t of tickers) {
      d.orders.addMarket({ ticker: t });
      d.orders.seedBook(t, { asks: [['0.20', '1']] });
      await k.createOrder(buy(0.2, 1, { asset_id: t }));
    }
    d.portfolio.state.positionsPageCap = 2;
    try {
      const ps = await k.fetchPositions();
      expect(ps.map((p) => p.market_ticker)).toEqual(tickers);
      expect(ps.every((p) => p.current_price === null)).toBe(true); // not listed: no quote
      expect(d.double.requests.filter((r) => r.path === '/portfolio/positions')).toHaveLength(2);
    } finally {
      d.portfolio.state.positionsPageCap = 1000;
    }
  });

  it('fills page with limit and cursor', async () => {
    d.orders.seedBook(MARKETS.cent, { asks: [['0.30', '1'], ['0.31', '1'], ['0.32', '1']] });
    await k.createOrder(buy(0.32, 3));
    const first = await k.fetchFills({ limit: 2 });
    expect(first.fills.map((f) => f.price)).toEqual([0.32, 0.31]);
    expect(first.cursor).toBeTruthy();
    const rest = await k.fetchFills({ limit: 2, cursor: first.cursor! });
    expect([rest.fills.map((f) => f.price), rest.cursor]).toEqual([[0.3], null]);
  });

  it('positions and fills are per key and need a valid signature', async () => {
    d.orders.seedBook(MARKETS.cent, { asks: [['0.40', '2']] });
    await k.createOrder(buy(0.4, 2));
    const e = await failure(kalshiAdapter(d, { key: d.impostor }).fetchPositions());
    expect(e.kind).toBe('Authentication');
    expect((await failure(kalshiAdapter(d, { key: d.stranger }).fetchFills())).kind).toBe('Authentication');
  });
});
