/**
 * Calls that span exchanges (fetch_markets without `exchange`, fetch_open_orders without a scope):
 * when one exchange fails, the others' data is served with `Pmt-Failures` naming each failure;
 * when every exchange fails, the first failure is the answer. And the book routes refuse an
 * outcome beside a token id, as the CLI does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { market } from './fake.js';
import { docValidator, startApp } from './helpers.js';

let s: Awaited<ReturnType<typeof startApp>>;
let doc: Record<string, any>;

beforeAll(async () => {
  s = await startApp();
  doc = (await s.call('/v1/openapi.json')).json as Record<string, any>;
  docValidator(doc);
});
afterAll(async () => {
  await s.app.close();
});

function reset(): void {
  for (const ex of Object.values(s.exchanges)) {
    ex.failWith = undefined;
    ex.failMessage = undefined;
    ex.calls.length = 0;
  }
}

describe('partial results across exchanges', () => {
  it('fetch_markets: 200 with what answered and Pmt-Failures for the exchange that failed', async () => {
    reset();
    s.exchanges.polymarket.failWith = 'NetworkError';
    s.exchanges.polymarket.failMessage = 'Polymarket Gamma did not answer — timed out';
    const r = await s.call('/v1/markets/fetch_markets');
    expect(r.status).toBe(200);
    const body = r.json as { markets: unknown[]; cursor: string | null };
    expect(body.markets).toEqual([market('kalshi', 'KXTEST-26'), market('polymarket-us', 'will-test-happen')]);
    const failures = JSON.parse(r.headers.get('pmt-failures')!);
    expect(failures).toEqual([{ exchange: 'polymarket', kind: 'NetworkError', message: 'Polymarket Gamma did not answer — timed out' }]);
    // ASCII on the wire (a header), the message intact once parsed.
    expect(/^[\x20-\x7e]*$/.test(r.headers.get('pmt-failures')!)).toBe(true);
    expect(body.cursor).not.toBeNull();
  });

  it('fetch_open_orders: the other exchange\'s orders and Pmt-Failures', async () => {
    reset();
    s.exchanges.kalshi.failWith = 'Authentication';
    const r = await s.call('/v1/orders/fetch_open_orders');
    expect(r.status).toBe(200);
    expect((r.json as Array<{ id: string }>).length).toBeGreaterThan(0);
    expect(JSON.parse(r.headers.get('pmt-failures')!).map((f: { exchange: string; kind: string }) => [f.exchange, f.kind])).toEqual([['kalshi', 'Authentication']]);
  });

  it('every exchange failing: the first failure\'s error object and status, no header', async () => {
    reset();
    s.exchanges.kalshi.failWith = 'RateLimited';
    s.exchanges.polymarket.failWith = 'NetworkError';
    s.exchanges['polymarket-us'].failWith = 'NetworkError';
    const r = await s.call('/v1/markets/fetch_markets');
    expect(r.status).toBe(429);
    expect((r.json as { kind: string }).kind).toBe('RateLimited');
    expect(r.headers.get('pmt-failures')).toBeNull();
  });

  it('no failure: no header', async () => {
    reset();
    const r = await s.call('/v1/orders/fetch_open_orders');
    expect(r.status).toBe(200);
    expect(r.headers.get('pmt-failures')).toBeNull();
  });

  it('the OpenAPI document names Pmt-Failures on both spanning operations', () => {
    const ok = (path: string) => doc.paths[path].get.responses['200'].headers?.['Pmt-Failures'];
    expect(ok('/v1/markets/fetch_markets')).toBeDefined();
    expect(ok('/v1/orders/fetch_open_orders')).toBeDefined();
    expect(doc.paths['/v1/orders/fetch_order'].get.responses['200'].headers).toBeUndefined();
  });
});

describe('book routes and outcomes', () => {
  it('refuse an outcome beside a token id (it already names one outcome), as the CLI does', async () => {
    reset();
    const r = await s.call(`/v1/orderbook/fetch_orderbook_impact?asset_id=${'1'.repeat(40)}&outcome=No&size=10`);
    expect(r.status).toBe(400);
    expect((r.json as { message: string }).message).toBe('outcome goes with a market id (polymarket:<slug>), not with a token id, which already names one outcome');
    expect(s.exchanges.polymarket.calls).toEqual([]);
  });
});
