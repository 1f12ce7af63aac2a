/**
 * `GET /v1/openapi.json`: a valid OpenAPI 3.1 document, version 0.3.1, listing every operation of
 * the interface with the contract's parameter names, built from the schemas the server validates
 * with, whose models match the unified types field for field.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/serve/openapi.js';
import { ROUTES } from '../../src/serve/routes.js';
import type { Event, OrderbookImpact, OrderbookStats, Series } from '../../src/exchanges/types.js';
import { book, market, order } from './fake.js';
import { startApp } from './helpers.js';

let s: Awaited<ReturnType<typeof startApp>>;
let doc: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
beforeAll(async () => {
  s = await startApp();
  const r = await s.call('/v1/openapi.json');
  expect(r.status).toBe(200);
  doc = r.json;
});
afterAll(async () => {
  await s.app.close();
});

const OPERATIONS = [
  ['get', '/v1/markets/fetch_markets', 'Markets'],
  ['get', '/v1/markets/fetch_market_lineage', 'Markets'],
  // `pmt markets search` (cli-contract.md)
  ['get', '/v1/markets/search_markets', 'Markets'],
  ['get', '/v1/orders/fetch_order', 'Orders'],
  ['get', '/v1/orders/fetch_open_orders', 'Orders'],
  ['post', '/v1/orders/create_order', 'Orders'],
  ['post', '/v1/orders/cancel_all_orders', 'Orders'],
  ['get', '/v1/orderbook/fetch_orderbook', 'Orderbook'],
  ['get', '/v1/orderbook/fetch_orderbook_stats', 'Orderbook'],
  ['get', '/v1/orderbook/fetch_orderbook_impact', 'Orderbook'],
  // interface-extensions.md
  ['post', '/v1/orders/cancel_order', 'Orders'],
  ['post', '/v1/orders/amend_order', 'Orders'],
  ['get', '/v1/balance/fetch_balance', 'Account'],
  ['get', '/v1/positions/fetch_positions', 'Account'],
  ['get', '/v1/fills/fetch_fills', 'Account'],
  ['get', '/v1/trades/fetch_trades', 'Markets'],
  ['get', '/v1/markets/fetch_price_history', 'Markets'],
] as const;

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const v = new Validator();
    const res = await v.validate(structuredClone(doc));
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(v.version).toBe('3.1');
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe('0.3.1');
  });

  it('a broken document is caught by the same check (the check can fail)', async () => {
    const broken = structuredClone(doc);
    broken.paths['/v1/orders/fetch_order'].get.responses = 'none';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('lists every operation of the interface at its path, and nothing else', () => {
    const listed = Object.entries(doc.paths as Record<string, Record<string, { tags: string[] }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => [method, path, op.tags[0]]),
    );
    expect(listed.sort()).toEqual([...OPERATIONS.map((o) => [...o]), ['get', '/v1/openapi.json', 'Server'], ['get', '/v1/orderbook/stream', 'Orderbook']].sort());
    expect(doc.paths['/v1/orders/create_order'].post.operationId).toBe('create_order');
  });

  it("uses the contract's parameter names", () => {
    const names = (path: string) => (doc.paths[path].get.parameters as Array<{ name: string }>).map((p) => p.name).sort();
    expect(names('/v1/markets/fetch_markets')).toEqual(['cursor', 'event_ticker', 'exchange', 'limit', 'market_tickers', 'series_ticker', 'status']);
    expect(names('/v1/markets/fetch_market_lineage')).toEqual(['exchange', 'market_ticker']);
    expect(names('/v1/markets/search_markets')).toEqual(['exchange', 'limit', 'query', 'status']);
    expect(names('/v1/orders/fetch_order')).toEqual(['exchange', 'order_id']);
    expect(names('/v1/orders/fetch_open_orders')).toEqual(['asset_id', 'exchange']);
    expect(names('/v1/orderbook/fetch_orderbook')).toEqual(['asset_id', 'exchange', 'outcome']);
    expect(names('/v1/orderbook/fetch_orderbook_stats')).toEqual(['asset_id', 'exchange', 'outcome']);
    expect(names('/v1/orderbook/fetch_orderbook_impact')).toEqual(['asset_id', 'exchange', 'outcome', 'size']);
    const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body('/v1/orders/create_order').properties).sort()).toEqual(['asset_id', 'client_order_id', 'exchange', 'order_type', 'outcome', 'post_only', 'price', 'side', 'size']);
    expect(body('/v1/orders/create_order').properties.order_type.default).toBe('gtc');
    expect(body('/v1/orders/create_order').properties.post_only).toMatchObject({ type: 'boolean', default: false });
    expect(Object.keys(body('/v1/orders/cancel_all_orders').properties).sort()).toEqual(['asset_id', 'exchange']);
    const tickers = (doc.paths['/v1/markets/fetch_markets'].get.parameters as Array<Record<string, unknown>>).find((p) => p.name === 'market_tickers');
    expect(tickers).toMatchObject({ in: 'query', style: 'form', explode: true, schema: { type: 'array' } });
  });

  it('every operation needs the bearer token and documents the error object', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const [method, path] of OPERATIONS) {
      const responses = doc.paths[path][method].responses;
      for (const status of ['400', '401', 'default']) {
        expect(responses[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    expect(doc.paths['/v1/orderbook/fetch_orderbook_stats'].get.responses['429'].headers['Retry-After']).toBeDefined();
    expect(doc.components.schemas.Error.properties.kind.enum).toHaveLength(9);
  });

  it('is generated from the route table the server validates with', () => {
    expect(doc).toEqual(buildOpenApi());
    for (const r of ROUTES) {
      const op = doc.paths[r.path][r.method.toLowerCase()];
      if (r.querystring) {
        const required = (op.parameters as Array<{ name: string; required: boolean }>).filter((p) => p.required).map((p) => p.name);
        expect(required).toEqual(r.querystring.required);
      }
    }
  });

  it('describes each model with exactly the fields of the unified types, all required', () => {
    const fields: Record<string, object> = {
      Market: market('kalshi', 'X'),
      Outcome: market('kalshi', 'X').outcomes[0]!,
      Order: order('x'),
      Orderbook: book('X'),
      Level: book('X').asks[0]!,
      MarketsPage: { markets: [], cursor: null },
      MarketLineage: { market: 1, event: null, series: null },
      Error: { kind: 'Api', message: '' },
      OrderbookStats: stats,
      OrderbookImpact: impact,
      Event: event,
      Series: series,
      SettlementSource: series.settlement_sources[0]!,
    };
    for (const [name, sample] of Object.entries(fields)) {
      const schema = doc.components.schemas[name];
      expect(Object.keys(schema.properties), name).toEqual(Object.keys(sample));
      expect(schema.required, name).toEqual(Object.keys(sample));
      expect(schema.additionalProperties, name).toBe(false);
    }
  });
});

// Typed samples: the compiler rejects a missing or extra field, so their keys are the types' keys.
const stats: OrderbookStats = {
  asset_id: '', ask_depth: 0, bid_depth: 0, service_ts: '', best_ask: 0, best_bid: 0, exchange_ts: null, imbalance: 0, mid: 0, spread_bps: 0, weighted_mid: 0,
};
const impact: OrderbookImpact = {
  asset_id: '', size: 0, buy_fill_pct: 0, sell_fill_pct: 0, service_ts: '', buy_avg_price: 0, sell_avg_price: 0, buy_slippage_bps: 0, sell_slippage_bps: 0, mid: 0, exchange_ts: null,
};
const event: Event = {
  ticker: '', title: '', category: null, description: null, start_ts: null, end_ts: null, last_updated_ts: null, market_tickers: [],
  mutually_exclusive: null, numeric_id: null, open_interest: null, series_ticker: null, status: null, volume: null,
};
const series: Series = {
  ticker: '', title: '', category: null, fee_type: null, frequency: null, last_updated_ts: null, numeric_id: null,
  settlement_sources: [{ name: null, url: null }], tags: [], volume: null,
};
