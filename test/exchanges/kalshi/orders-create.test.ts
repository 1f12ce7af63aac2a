import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../src/errors.js';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { createsOnWire, KEY_ID, kalshiAdapter, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';
import { failure } from '../../helpers/failure.js';

let d: TradingDouble;
let k: KalshiExchange;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

useTradingDouble({ balance: 1000 }, (double, adapter) => {
  d = double;
  k = adapter;
});

const req = (over: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({
  asset_id: MARKETS.cent,
  outcome: 'yes',
  side: 'buy',
  price: 0.3,
  size: 2,
  order_type: 'gtc',
  ...over,
});

describe('create: outcome/side mapping on the wire', () => {
  const cases = [
    { outcome: 'yes', side: 'buy', wire: 'bid', price: '0.3000' },
    { outcome: 'yes', side: 'sell', wire: 'ask', price: '0.3000' },
    { outcome: 'no', side: 'buy', wire: 'ask', price: '0.7000' },
    { outcome: 'no', side: 'sell', wire: 'bid', price: '0.7000' },
  ] as const;

  for (const c of cases) {
    it(`${c.outcome} ${c.side} at 0.30 → V2 ${c.wire} at ${c.price}`, async () => {
      const order = await k.createOrder(req({ outcome: c.outcome, side: c.side }));
      const [body] = createsOnWire(d);
      expect(body).toEqual({
        ticker: MARKETS.cent,
        // pmt's own id for a NO order carries the outcome placed, so it reads back as placed anywhere.
        client_order_id: expect.stringMatching(c.outcome === 'no' ? new RegExp(`^pmtno-${UUID_V4.source.replace(/^\^/, '')}`) : UUID_V4),
        side: c.wire,
        count: '2.00',
        price: c.price,
        time_in_force: 'good_till_canceled',
        self_trade_prevention_type: 'taker_at_cross',
      });
      expect(order).toEqual({
        id: expect.any(String),
        market_ticker: MARKETS.cent,
        outcome: c.outcome === 'yes' ? 'Yes' : 'No',
        side: c.side,
        price: 0.3,
        size: 2,
        filled: 0,
        status: 'open',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        fee: null,
        updated_at: null,
      });
      // The exchange knows a V2 order only in its YES-book form; pmt's client id for a NO order
      // says how it was placed, so it reads back as placed (no journal needed).
      const back = await k.fetchOrder(order.id);
      expect([back.id, back.outcome, back.side, back.price, back.size, back.status]).toEqual([
        order.id,
        c.outcome === 'yes' ? 'Yes' : 'No',
        c.side,
        0.3,
        2,
        'open',
      ]);
      // Collateral: a buy of either outcome holds its price (0.30) per contract, a sell 1 − 0.30.
      expect(d.orders.available(KEY_ID)).toBe(c.side === 'buy' ? 999.4 : 998.6);
    });
  }

  it('every order gets a fresh client_order_id and is sent once', async () => {
    await k.createOrder(req());
    await k.createOrder(req());
    const ids = createsOnWire(d).map((b) => b.client_order_id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('a NO buy trades against YES bids (it is a YES ask), reported at the YES price', async () => {
    d.orders.seedBook(MARKETS.cent, { bids: [['0.62', '5']] });
    const o = await k.createOrder(req({ outcome: 'no', side: 'buy', price: 0.6, size: 5 }));
    expect([o.outcome, o.side, o.price, o.filled, o.status]).toEqual(['No', 'buy', 0.6, 5, 'filled']);
    // Bought NO at 1 − 0.62 = 0.38 × 5 = 1.90, fee ⌈0.07 × 5 × 0.62 × 0.38⌉ = 0.09.
    expect(d.orders.available(KEY_ID)).toBe(998.01);
  });
});

describe('create: fills and time in force', () => {
  it('GTC that crosses two levels fills at the resting prices, fee per contract', async () => {
    d.orders.seedBook(MARKETS.cent, { asks: [['0.40', '5'], ['0.42', '5']] });
    const o = await k.createOrder(req({ price: 0.42, size: 8 }));
    // fee ⌈0.07 × (5×0.40×0.60 + 3×0.42×0.58)⌉ = ⌈0.135156⌉ = 0.14 → 0.0175 per contract.
    expect([o.filled, o.size, o.status, o.fee]).toEqual([8, 8, 'filled', 0.0175]);
    expect(d.orders.available(KEY_ID)).toBe(996.6);
  });

  it('GTC partly filled rests the rest: partially_filled, listed as such', async () => {
    d.orders.seedBook(MARKETS.cent, { asks: [['0.40', '3']] });
    const o = await k.createOrder(req({ price: 0.45, size: 10 }));
    expect([o.filled, o.size, o.status]).toEqual([3, 10, 'partially_filled']);
    const open = (await k.fetchOpenOrders(MARKETS.cent)).find((x) => x.id === o.id);
    expect(open && [open.status, open.size, open.filled, open.price]).toEqual(['partially_filled', 10, 3, 0.45]);
    expect(open?.fee).toBe(0.02); // ⌈0.07 × 3 × 0.40 × 0.60⌉ = ⌈0.0504⌉ = 0.06, / 3
  });

  it('IOC fills what it can and cancels the rest', async () => {
    d.orders.seedBook(MARKETS.cent, { asks: [['0.40', '3']] });
    const o = await k.createOrder(req({ price: 0.45, size: 10, order_type: 'ioc' }));
    expect([o.filled, o.size, o.status]).toEqual([3, 10, 'cancelled']);
    expect(createsOnWire(d)[0]?.time_in_force).toBe('immediate_or_cancel');
    const none = await k.createOrder(req({ price: 0.3, size: 4, order_type: 'ioc' }));
    expect([none.filled, none.status, none.fee]).toEqual([0, 'cancelled', null]);
    expect((await k.fetchOrder(o.id)).status).toBe('cancelled');
  });

  it('FOK is all or nothing', async () => {
    d.orders.seedBook(MARKETS.cent, { asks: [['0.40', '3']] });
    const killed = await k.createOrder(req({ price: 0.45, size: 10, order_type: 'fok' }));
    expect([killed.filled, killed.status]).toEqual([0, 'cancelled']);
    expect(createsOnWire(d)[0]?.time_in_force).toBe('fill_or_kill');
    const filled = await k.createOrder(req({ price: 0.45, size: 3, order_type: 'fok' }));
    expect([filled.filled, filled.status]).toEqual([3, 'filled']);
    expect((await k.fetchOrder(filled.id)).status).toBe('filled');
  });

  it('tiered grid: a 0.1¢ price in the tail is sent exactly', async () => {
    const o = await k.createOrder(req({ asset_id: MARKETS.tapered, price: 0.055, size: 1.5 }));
    expect(createsOnWire(d)[0]).toMatchObject({ price: '0.0550', count: '1.50' });
    expect([o.price, o.size]).toEqual([0.055, 1.5]);
  });
});

describe('create: checks before anything is signed', () => {
  const rejected = async (r: CreateOrderRequest, msg: RegExp) => {
    const e = await failure(k.createOrder(r));
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toMatch(msg);
    expect(d.double.count(/^\/portfolio\//)).toBe(0);
    expect(d.double.requests.every((x) => x.headers['kalshi-access-signature'] === undefined)).toBe(true);
  };

  it('off-grid price', () => rejected(req({ price: 0.555 }), /^price 0.555 is off the 0.01 tick grid; nearest valid prices: 0.55 or 0.56$/));
  it('off-grid price on the tiered grid', () => rejected(req({ asset_id: MARKETS.tapered, price: 0.105 }), /nearest valid prices: 0.1 or 0.11$/));
  it('fractional size on a whole-contract market', () => rejected(req({ asset_id: MARKETS.whole, size: 2.5 }), /nearest valid sizes: 2 or 3$/));
  it('size below the minimum', () => rejected(req({ size: 0.001 }), /minimum of 0.01 contracts/));
  it('closed market', () => rejected(req({ asset_id: MARKETS.closed }), /not open for trading/));
  it('price outside (0, 1)', () => rejected(req({ price: 1 }), /strictly between 0 and 1/));

  it('a label outcome is refused without any request', async () => {
    const e = await failure(k.createOrder(req({ outcome: { label: 'Maybe' } })));
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toMatch(/valid outcomes: yes or no/);
    expect(d.double.requests).toHaveLength(0);
  });

  it('an unknown ticker is MarketNotFound (exit 5), nothing sent', async () => {
    const e = await failure(k.createOrder(req({ asset_id: 'KXNOPE-1' })));
    expect([e.kind, exitCodeFor(e)]).toEqual(['MarketNotFound', 5]);
    expect(e.message).toContain('KXNOPE-1');
    expect(d.double.count(/^\/portfolio\//)).toBe(0);
  });

  it('missing credentials are Config (exit 9) with the fixing command, nothing sent', async () => {
    const e = await failure(kalshiAdapter(d, { key: null }).createOrder(req()));
    expect([e.kind, exitCodeFor(e)]).toEqual(['Config', 9]);
    expect(e.hint).toContain('pmt profile add');
    expect(d.double.requests).toHaveLength(0);
  });

  it('preview shows the exact request and sends nothing', async () => {
    // Buy NO at 0.30 = a YES ask at 0.70.
    const p = await k.previewOrder(req({ outcome: 'no', side: 'buy', price: 0.3, size: 3, order_type: 'fok' }));
    expect(p).toEqual({
      method: 'POST',
      url: `${d.double.url}/portfolio/events/orders`,
      body: {
        ticker: MARKETS.cent,
        client_order_id: '<new UUIDv4 generated when sent>',
        side: 'ask',
        count: '3.00',
        price: '0.7000',
        time_in_force: 'fill_or_kill',
        self_trade_prevention_type: 'taker_at_cross',
      },
    });
    expect(d.double.count(/^\/portfolio\//)).toBe(0);
    await expect(k.previewOrder(req({ price: 0.555 }))).rejects.toThrow(/nearest valid prices/);
  });

  it('preview needs no credentials (it signs nothing)', async () => {
    const p = await kalshiAdapter(d, { key: null }).previewOrder(req());
    expect(p.body).toMatchObject({ side: 'bid', price: '0.3000' });
  });
});

describe('create: exchange rejections', () => {
  it('insufficient balance → InsufficientFunds (exit 4)', async () => {
    d.orders.setBalance(KEY_ID, 1);
    const e = await failure(k.createOrder(req({ price: 0.5, size: 10 })));
    expect([e.kind, exitCodeFor(e)]).toEqual(['InsufficientFunds', 4]);
    expect(e.message).toMatch(/insufficient balance/);
    expect(d.double.count(/^\/portfolio\/events\/orders$/, 'POST')).toBe(1);
  });

  it('a key Kalshi does not know → Authentication (exit 3)', async () => {
    const e = await failure(kalshiAdapter(d, { key: d.stranger }).createOrder(req()));
    expect([e.kind, exitCodeFor(e)]).toEqual(['Authentication', 3]);
    expect(d.auth.refusals).toBeGreaterThan(0);
  });

  it('a wrong private key for a known key id → Authentication', async () => {
    const e = await failure(kalshiAdapter(d, { key: d.impostor }).createOrder(req()));
    expect(e.kind).toBe('Authentication');
    expect(e.message).toMatch(/invalid signature/);
  });

  it('a market gone by the time the order arrives → MarketNotFound naming it', async () => {
    d.double.inject({ kind: 'status', status: 404, body: '{"error":{"code":"market_not_found","message":"market not found"}}' }, { method: 'POST', path: /^\/portfolio\/events\/orders$/ });
    const e = await failure(k.createOrder(req()));
    expect([e.kind, exitCodeFor(e), e.message]).toEqual(['MarketNotFound', 5, `Kalshi has no market "${MARKETS.cent}"`]);
    expect(d.double.count(/^\/portfolio\/events\/orders$/, 'POST')).toBe(1);
  });

  it('an order Kalshi rejects for another reason is Api (exit 1) with its explanation', async () => {
    d.double.inject({ kind: 'status', status: 400, body: '{"error":{"code":"invalid_order","message":"invalid order","details":"post only cross"}}' }, { method: 'POST', path: /^\/portfolio\/events\/orders$/ });
    const e = await failure(k.createOrder(req()));
    expect([e.kind, exitCodeFor(e)]).toEqual(['Api', 1]);
    expect(e.message).toMatch(/invalid order \(invalid_order\)/);
  });

  it('429 → RateLimited (exit 7), the POST not retried', async () => {
    d.double.inject(
      { kind: 'status', status: 429, body: JSON.stringify({ error: { code: 'too_many_requests', message: 'too many requests' } }), headers: { 'retry-after': '2' } },
      { method: 'POST', path: /^\/portfolio\/events\/orders$/ },
    );
    const e = await failure(k.createOrder(req()));
    expect([e.kind, exitCodeFor(e), e.retryAfter]).toEqual(['RateLimited', 7, 2]);
    expect(d.double.count(/^\/portfolio\/events\/orders$/, 'POST')).toBe(1);
  });
});
