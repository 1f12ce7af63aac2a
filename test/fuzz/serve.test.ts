/**
 * `pmt serve` under hostile requests (in-process app, fake adapters that record every call): a
 * create_order body with one field corrupted, and query parameters full of hostile values, are
 * each refused with 400 and the error object (one printable line), and no adapter call is made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startApp } from '../serve/helpers.js';
import { badCursor, badId, badInteger, notOneOf } from './arbitraries.js';

let s: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => {
  s = await startApp();
});
afterAll(async () => {
  await s.app.close();
});

const RUNS = 200;
const calls = () => [...s.exchanges.kalshi.calls, ...s.exchanges.polymarket.calls].filter((c) => c.op !== 'resolveAsset');
function reset(): void {
  s.exchanges.kalshi.calls.length = 0;
  s.exchanges.polymarket.calls.length = 0;
}

/** Numbers (and not-numbers) no price may be: JSON can carry all of these. */
const badPriceJson = fc.oneof(
  fc.constantFrom(0, 1, -0, -0.5, 1.5, 1e308, -1e308, 5e-324, 0.1234567890123456, 1e21, '0.5', '', null, true, [], {}, [0.5], { value: 0.5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !(x > 0 && x < 1) || Object.is(x, -0)),
  fc.string(),
);
const badSizeJson = fc.oneof(
  fc.constantFrom(0, -0, -1, 1e21, 1e308, 0.1234567890123456, '10', null, false, [], {}, [10]),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !(x > 0) || x >= 1e15),
  fc.string(),
);
const badText = fc.oneof(badId, fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }));

const GOOD = { asset_id: 'KXTEST-26', side: 'buy', price: 0.5, size: 1, order_type: 'gtc', outcome: 'yes' };
const corrupted = fc.oneof(
  badPriceJson.map((price) => ({ ...GOOD, price })),
  badSizeJson.map((size) => ({ ...GOOD, size })),
  badText.map((asset_id) => ({ ...GOOD, asset_id })),
  fc.oneof(notOneOf(['buy', 'sell']), fc.integer()).map((side) => ({ ...GOOD, side })),
  fc.oneof(notOneOf(['gtc', 'ioc', 'fok']), fc.constant(null)).map((order_type) => ({ ...GOOD, order_type })),
  fc.oneof(fc.constantFrom('', ' ', 'yes\u0007', 1, [], { label: '' }, { label: 'x\u001b[2J' }, { name: 'x' })).map((outcome) => ({ ...GOOD, outcome })),
  fc.tuple(fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !(k in GOOD)), fc.jsonValue()).map(([k, v]) => ({ ...GOOD, [k]: v })),
);

function expectRefused(r: { status: number; json: { kind?: string; message?: string } | undefined; text: string }, what: string): void {
  expect(r.status, `${what}: ${r.text}`).toBe(400);
  expect(Object.keys(r.json ?? {}), what).toEqual(['kind', 'message']);
  expect(r.json!.kind).toBe('Api');
  expect(r.json!.message, what).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
}

describe('pmt serve refuses hostile input before any adapter call', () => {
  it('create_order with one field corrupted', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(corrupted, async (body) => {
        reset();
        const r = await s.call('/v1/orders/create_order', { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        expectRefused(r, JSON.stringify(body));
        expect(calls()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('query parameters with hostile values', { timeout: 120_000 }, async () => {
    // A URL cannot carry a lone surrogate: it travels as U+FFFD.
    const q = (v: string) => encodeURIComponent(Buffer.from(v, 'utf8').toString('utf8'));
    const requests = fc.oneof(
      // The REST surface reads "10.0" as 10 (a JSON-schema integer); only values no integer can be are bad.
      // Whitespace-only limits are read as 0 by the schema's coercion ("\t" == 0): handed back, left out here.
      badInteger(0, 1_000_000).filter((v) => v.trim() !== '' && !(Number.isInteger(Number(v)) && Number(v) >= 0)).map((v) => `/v1/markets/fetch_markets?limit=${q(v)}`),
      notOneOf(['active', 'closed', 'resolved', 'all']).map((v) => `/v1/markets/fetch_markets?status=${q(v)}`),
      badCursor.filter((c) => c.length < 3000).map((v) => `/v1/markets/fetch_markets?cursor=${q(v)}`),
      badId.filter((v) => v !== '').map((v) => `/v1/markets/fetch_markets?event_ticker=${q(v)}`),
      // Tickers are split on commas and trimmed (as the CLI's --ticker is): test what survives that.
      badId.filter((v) => v.trim() !== '' && v.trim() === v && !v.includes(',')).map((v) => `/v1/markets/fetch_markets?market_tickers=${q(v)}`),
      badId.map((v) => `/v1/markets/fetch_market_lineage?market_ticker=${q(v)}`),
      fc.oneof(badId, fc.stringMatching(/^[A-Za-z0-9-]{1,30}$/)).map((v) => `/v1/orders/fetch_order?order_id=${q(v)}`),
      badId.map((v) => `/v1/orderbook/fetch_orderbook?asset_id=${q(v)}`),
      fc.oneof(fc.constantFrom('0', '-1', 'NaN', 'Infinity', '1e400', '-0', ''), fc.string()).filter((v) => !(Number(v) > 0 && /^\d{1,15}(\.\d{1,12})?$/.test(v))).map((v) => `/v1/orderbook/fetch_orderbook_impact?asset_id=KXA&size=${q(v)}`),
      notOneOf(['kalshi', 'polymarket']).map((v) => `/v1/markets/fetch_markets?exchange=${q(v)}`),
    );
    await fc.assert(
      fc.asyncProperty(requests, async (path) => {
        reset();
        expectRefused(await s.call(path), path);
        expect(calls()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
