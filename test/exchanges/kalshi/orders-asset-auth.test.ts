import { describe, expect, it } from 'vitest';
import { exitCodeFor, PmtError } from '../../../src/errors.js';
import type { KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import { KEY_ID, kalshiAdapter, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';

let d: TradingDouble;
let k: KalshiExchange;

useTradingDouble({}, (double, adapter) => {
  d = double;
  k = adapter;
});

describe('describeAsset', () => {
  it('a Kalshi market is one YES-priced asset with outcomes Yes and No', async () => {
    const a = await k.describeAsset(MARKETS.cent);
    expect(a).toMatchObject({ exchange: 'kalshi', asset_id: MARKETS.cent, book_outcome: 'Yes', outcomes: ['Yes', 'No'], tick_size: 0.01, min_order_size: 0.01, neg_risk: null });
    expect(a.market).toMatchObject({ exchange: 'kalshi', ticker: MARKETS.cent, unified_id: `kalshi:${MARKETS.cent}`, status: 'active' });
    // One read gives the rules and the unified market: no second request that could outlive the call.
    expect(d.double.requests.map((x) => `${x.method} ${x.path}`)).toEqual([`GET /markets/${MARKETS.cent}`]);
  });

  it('reports the finest tier of a tiered grid, and whole-contract minimums', async () => {
    expect((await k.describeAsset(MARKETS.tapered)).tick_size).toBe(0.001);
    expect((await k.describeAsset(`kalshi:${MARKETS.whole}`)).min_order_size).toBe(1);
  });

  it('an unknown market is MarketNotFound naming it', async () => {
    const e = await k.describeAsset('KXNOPE-9').catch((x: unknown) => x as PmtError);
    expect(e).toBeInstanceOf(PmtError);
    expect([(e as PmtError).kind, exitCodeFor(e)]).toEqual(['MarketNotFound', 5]);
    expect((e as PmtError).message).toContain('KXNOPE-9');
    // The live market, then the archive (a resolved market would be found there and say so).
    expect(d.double.requests.map((r) => r.path.replace(/^.*\/trade-api\/v2/, ''))).toEqual(['/markets/KXNOPE-9', '/historical/markets/KXNOPE-9']);
  });
});

describe('checkAuth', () => {
  it('one signed balance read: ok, the balance, and the clock skew from Date', async () => {
    d.orders.setBalance(KEY_ID, '1234.56');
    d.auth.clockOffsetMs = -10_000; // the exchange's clock is 10 s behind ours
    const r = await k.checkAuth();
    expect(r.ok).toBe(true);
    expect(r.detail).toBe('RSA key accepted; available balance $1234.56');
    // Date has one-second resolution.
    expect(r.clock_skew_ms).toBeGreaterThanOrEqual(9_000);
    expect(r.clock_skew_ms).toBeLessThanOrEqual(11_000);
    const reqs = d.double.requests;
    expect(reqs.map((x) => `${x.method} ${x.path}`)).toEqual(['GET /portfolio/balance']);
    expect(reqs[0]!.headers['kalshi-access-signature']).toBeTruthy();
  });

  it('a refused key: not ok, with the reason and what to check', async () => {
    const r = await kalshiAdapter(d, { key: d.stranger }).checkAuth();
    expect(r).toMatchObject({ ok: false, clock_skew_ms: null });
    expect(r.detail).toMatch(/refused the RSA key.*invalid API key/);
  });

  it('a clock far off: not ok, pointing at the clock', async () => {
    d.auth.clockOffsetMs = 120_000;
    const r = await k.checkAuth();
    expect(r.ok).toBe(false);
    expect(r.detail).toMatch(/clock/);
  });

  it('no credentials: not ok, with the command that fixes it, nothing sent', async () => {
    const r = await kalshiAdapter(d, { key: null }).checkAuth();
    expect(r.ok).toBe(false);
    expect(r.detail).toMatch(/no Kalshi credentials.*pmt profile add/);
    expect(d.double.requests).toHaveLength(0);
  });
});
