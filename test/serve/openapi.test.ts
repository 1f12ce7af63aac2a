/**
 * `GET /v1/openapi.json`: a valid OpenAPI 3.1 document, version 0.3.1, listing every operation of
 * the interface with the contract's parameter names, built from the schemas the server validates
 * with, whose models are the definitions in src/models.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/serve/openapi.js';
import { ROUTES } from '../../src/serve/routes.js';
import { LevelSchema, OrderbookImpactSchema, OrderbookSchema, OrderbookStatsSchema } from '../../src/models/book.js';
import { ErrorObjectSchema, RiskLimitErrorSchema } from '../../src/models/error.js';
import { EventSchema, MarketLineageSchema, MarketSchema, MarketsPageSchema, OutcomeSchema, SeriesSchema, SettlementSourceSchema } from '../../src/models/market.js';
import { OrderSchema } from '../../src/models/order.js';
import { CandleSchema, FillSchema, MarketTradeSchema, PositionSchema } from '../../src/models/portfolio.js';
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
  // issue 25 (docs/spec-additions.md)
  ['get', '/v1/account/fetch_approvals', 'Account'],
  ['get', '/v1/account/doctor', 'Account'],
  ['get', '/v1/account/fetch_settlements', 'Account'],
  ['get', '/v1/fills/fetch_fills', 'Account'],
  ['get', '/v1/trades/fetch_trades', 'Markets'],
  ['get', '/v1/markets/fetch_price_history', 'Markets'],
  // cli-contract.md, round 3: the kill switch
  ['post', '/v1/kill', 'Orders'],
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
    // Issue 28 item 3: an order also by the id it was sent with (settles an "unknown" create).
    expect(names('/v1/orders/fetch_order')).toEqual(['client_order_id', 'exchange', 'order_id']);
    expect(names('/v1/orders/fetch_open_orders')).toEqual(['asset_id', 'exchange']);
    expect(names('/v1/orderbook/fetch_orderbook')).toEqual(['asset_id', 'exchange', 'outcome']);
    expect(names('/v1/orderbook/fetch_orderbook_stats')).toEqual(['asset_id', 'exchange', 'outcome']);
    expect(names('/v1/orderbook/fetch_orderbook_impact')).toEqual(['asset_id', 'exchange', 'outcome', 'size']);
    const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body('/v1/orders/create_order').properties).sort()).toEqual(['asset_id', 'client_order_id', 'exchange', 'expires', 'group', 'order_type', 'outcome', 'post_only', 'price', 'reduce_only', 'side', 'size']);
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
    expect(doc.components.schemas.Error.properties.kind.enum).toHaveLength(10); // the interface's nine and the contract's RiskLimit
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

  it('uses only schema keywords that mean the same in draft-07 (ajv) and 2020-12 (OpenAPI 3.1)', () => {
    // Not allowed, e.g.: items as an array (a tuple in draft-07, an error in 2020-12), prefixItems,
    // $defs/definitions, dependencies, $id (ajv registers it once per compiler).
    const SAME = new Set([
      'type', 'properties', 'required', 'additionalProperties', 'patternProperties', 'items', 'enum', 'const', 'anyOf', 'oneOf',
      'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems',
      'format', 'description', 'default', '$ref',
    ]);
    const odd: string[] = [];
    const visit = (node: unknown, path: string, isSchema: boolean): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${path}/${i}`, isSchema));
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (isSchema && !SAME.has(k)) odd.push(`${path}/${k}`);
        if (k === 'items' && Array.isArray(v)) odd.push(`${path}/items[]`);
        // Keyword values that are schemas, or maps of names to schemas.
        if (['properties', 'patternProperties'].includes(k)) for (const [n, sub] of Object.entries(v as object)) visit(sub, `${path}/${k}/${n}`, true);
        else if (['items', 'additionalProperties', 'anyOf', 'oneOf'].includes(k)) visit(v, `${path}/${k}`, true);
      }
    };
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, unknown>)) visit(schema, name, true);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, r] of Object.entries(op.responses as Record<string, any>)) {
          const schema = r.content?.['application/json']?.schema;
          if (schema) visit(schema, `${method} ${path} ${status}`, true);
        }
        const body = op.requestBody?.content?.['application/json']?.schema;
        if (body) visit(body, `${method} ${path} body`, true);
        for (const p of (op.parameters ?? []) as Array<{ name: string; schema: unknown }>) visit(p.schema, `${method} ${path} ?${p.name}`, true);
      }
    }
    expect(odd).toEqual([]);
  });

  it('publishes each model as its definition in src/models: every field, all required, nothing else', () => {
    const models = [
      OutcomeSchema, MarketSchema, EventSchema, SeriesSchema, SettlementSourceSchema, MarketLineageSchema, MarketsPageSchema,
      OrderSchema, LevelSchema, OrderbookSchema, OrderbookStatsSchema, OrderbookImpactSchema, ErrorObjectSchema, RiskLimitErrorSchema,
      PositionSchema, FillSchema, MarketTradeSchema, CandleSchema,
    ];
    expect(Object.keys(doc.components.schemas).sort()).toEqual(models.map((m) => m.$id).sort());
    for (const m of models) {
      const schema = doc.components.schemas[m.$id!];
      expect(Object.keys(schema.properties), m.$id).toEqual(Object.keys(m.properties));
      expect(schema.required, m.$id).toEqual(Object.keys(m.properties));
      expect(schema.additionalProperties, m.$id).toBe(false);
      expect(schema.$id, m.$id).toBeUndefined();
    }
  });
});
