/**
 * Validation at the edge: wrong types, enums, ranges, missing or unknown parameters, bodies that
 * are not JSON objects, too large or not sent as JSON. Each is refused with the error object and
 * the status naming the problem, and nothing reaches the adapters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './helpers.js';
import { ErrorObjectSchema } from '../../src/models/error.js';
import { fieldsOf } from '../helpers/models.js';

let s: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => {
  s = await startApp({ bodyLimit: 1024 });
});
afterAll(async () => {
  await s.app.close();
});

const noCalls = () => [...s.exchanges.kalshi.calls, ...s.exchanges.polymarket.calls];

describe('query parameters', () => {
  const KX = '00000000-0000-4000-8000-000000000001';
  const cases: Array<[string, RegExp]> = [
    ['/v1/markets/fetch_markets?limit=abc', /query parameter "limit" must be a whole number/],
    ['/v1/markets/fetch_markets?limit=2.5', /"limit" must be a whole number/],
    ['/v1/markets/fetch_markets?limit=-1', /"limit" must be >= 0/],
    ['/v1/markets/fetch_markets?status=open', /"status" must be one of active, closed, resolved, all/],
    ['/v1/markets/fetch_markets?exchange=binance', /"exchange" must be one of kalshi, polymarket/],
    ['/v1/markets/fetch_markets?ticker=KXA', /unknown query parameter "ticker"/],
    ['/v1/markets/fetch_markets?event_ticker=', /"event_ticker" must NOT have fewer than 1 characters/],
    ['/v1/markets/fetch_markets?market_tickers=kalshi:KXA&exchange=polymarket', /not on exchange polymarket/],
    ['/v1/markets/fetch_markets?cursor=garbage', /cursor is malformed/],
    ['/v1/markets/fetch_market_lineage', /query parameter "market_ticker" is required/],
    ['/v1/markets/fetch_market_lineage?market_ticker=Mixed_Case%3F', /market_ticker/],
    ['/v1/markets/fetch_market_lineage?market_ticker=kalshi:KXA&exchange=polymarket', /is on kalshi, not exchange polymarket/],
    ['/v1/orders/fetch_order', /"order_id" is required/],
    ['/v1/orders/fetch_order?order_id=12345', /is not an order id/],
    [`/v1/orders/fetch_order?order_id=${KX}&exchange=polymarket`, /is a kalshi order id, not polymarket/],
    ['/v1/orders/fetch_open_orders?asset_id=has%20space', /must not contain spaces/],
    ['/v1/orderbook/fetch_orderbook', /"asset_id" is required/],
    ['/v1/orderbook/fetch_orderbook?asset_id=' + 'A'.repeat(201), /"asset_id" must NOT have more than 200 characters/],
    ['/v1/orderbook/fetch_orderbook?asset_id=lowercase', /cannot tell the exchange of asset/],
    ['/v1/orderbook/fetch_orderbook?asset_id=' + '1'.repeat(40) + '&exchange=kalshi', /looks like a Polymarket token id/],
    ['/v1/orderbook/fetch_orderbook_stats?asset_id=KXA&depth=3', /unknown query parameter "depth"/],
    ['/v1/orderbook/fetch_orderbook_impact?asset_id=KXA', /"size" is required/],
    ['/v1/orderbook/fetch_orderbook_impact?asset_id=KXA&size=0', /"size" must be > 0/],
    ['/v1/orderbook/fetch_orderbook_impact?asset_id=KXA&size=ten', /"size" must be a number/],
    ['/v1/orderbook/fetch_orderbook_impact?asset_id=KXA&size=NaN', /"size" must be a number/],
  ];
  it.each(cases)('%s → 400 Api', async (path, message) => {
    s.exchanges.kalshi.calls.length = 0;
    s.exchanges.polymarket.calls.length = 0;
    const r = await s.call(path);
    expect(r.status, r.text).toBe(400);
    expect(r.json.kind).toBe('Api');
    expect(r.json.message).toMatch(message);
    expect(Object.keys(r.json)).toEqual(fieldsOf(ErrorObjectSchema));
    expect(noCalls().filter((c) => c.op !== 'resolveAsset')).toEqual([]);
  });
});

describe('POST bodies', () => {
  const good = { asset_id: 'KXTEST-26', price: 0.5, side: 'buy', size: 1 };
  const cases: Array<[string, unknown, RegExp]> = [
    ['a missing price', { ...good, price: undefined }, /body field "price" is required/],
    ['a missing side', { ...good, side: undefined }, /"side" is required/],
    ['a price as a string', { ...good, price: '0.5' }, /"price" must be a number/],
    ['a size as a boolean', { ...good, size: true }, /"size" must be a number/],
    ['a size in an array', { ...good, size: [1] }, /"size" must be a number/],
    ['an asset id as a number', { ...good, asset_id: 1234567890123456789012345 }, /"asset_id" must be a string/],
    ['price 0', { ...good, price: 0 }, /"price" must be > 0/],
    ['price 1', { ...good, price: 1 }, /"price" must be < 1/],
    ['size 0', { ...good, size: 0 }, /"size" must be > 0/],
    ['a price finer than the decimal rules allow', { ...good, price: 0.1234567890123456 }, /price must be a plain decimal/],
    ['an unknown side', { ...good, side: 'short' }, /"side" must be one of buy, sell/],
    ['an unknown order type', { ...good, order_type: 'day' }, /"order_type" must be one of gtc, ioc, fok/],
    ['an outcome that is a number', { ...good, outcome: 1 }, /"outcome" must be "yes", "no", or \{"label"/],
    ['an outcome object without label', { ...good, outcome: { name: 'x' } }, /"outcome" must be/],
    ['an unknown field', { ...good, client_id: 'x' }, /unknown body field "client_id"/],
    ['an array', [good], /the body must be a JSON object/],
    ['null', null, /the body must be a JSON object/],
  ];
  it.each(cases)('create_order with %s → 400 Api', async (_n, body, message) => {
    const r = await s.call('/v1/orders/create_order', { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    expect(r.status, r.text).toBe(400);
    expect(r.json).toEqual({ kind: 'Api', message: expect.stringMatching(message) });
    expect(noCalls().filter((c) => c.op === 'createOrder')).toEqual([]);
  });

  it('malformed JSON → 400', async () => {
    const r = await s.call('/v1/orders/create_order', { body: '{"asset_id": "KXA", "price": 0.', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ kind: 'Api', message: 'the request body is not valid JSON' });
  });

  it('an empty body → 400', async () => {
    const r = await s.call('/v1/orders/cancel_all_orders', { method: 'POST', body: '', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.json.kind).toBe('Api');
  });

  it.each([
    ['text/plain', JSON.stringify(good)],
    ['application/x-www-form-urlencoded', 'asset_id=KXA&price=0.5'],
  ])('a %s body → 415', async (type, body) => {
    const r = await s.call('/v1/orders/create_order', { body, headers: { 'content-type': type } });
    expect(r.status).toBe(415);
    expect(r.json).toEqual({ kind: 'Api', message: expect.stringContaining('Content-Type: application/json') });
  });

  it('a POST without a content type → 415, even with no body', async () => {
    const r = await s.call('/v1/orders/cancel_all_orders', { method: 'POST' });
    expect(r.status).toBe(415);
    expect(r.json.kind).toBe('Api');
  });

  it('a body over the limit → 413, before it is parsed', async () => {
    const r = await s.call('/v1/orders/create_order', { body: JSON.stringify({ ...good, pad: 'x'.repeat(2000) }), headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(413);
    expect(r.json).toEqual({ kind: 'Api', message: expect.stringContaining('too large') });
  });
});

describe('paths and methods', () => {
  it('an unknown path → 404 Api pointing at the OpenAPI document', async () => {
    const r = await s.call('/v1/portfolio/fetch_everything');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ kind: 'Api', message: expect.stringContaining('/v1/openapi.json') });
  });

  it.each([
    ['GET', '/v1/orders/create_order', 'POST'],
    ['POST', '/v1/orderbook/fetch_orderbook', 'GET'],
    ['DELETE', '/v1/orders/cancel_all_orders', 'POST'],
  ])('%s %s → 405 with Allow', async (method, path, allow) => {
    const r = await s.call(path, { method });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe(allow);
    expect(r.json.kind).toBe('Api');
  });
});
