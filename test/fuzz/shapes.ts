/** Shape checks for unified models produced from untrusted upstream data. */
import { expect } from 'vitest';
import { ORDER_STATUSES, type Market, type Order } from '../../src/exchanges/types.js';

export const finiteOrNull = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
// ISO 8601 as Date#toISOString writes it (extended years included).
export const isoOrNull = (v: unknown) => v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /^(\d{4}|[+-]\d{6})-\d{2}-\d{2}T/.test(v));

export function expectWellFormedMarket(m: Market): void {
  expect(Object.keys(m).length).toBe(25);
  expect(typeof m.unified_id).toBe('string');
  expect(typeof m.ticker).toBe('string');
  expect(typeof m.title).toBe('string');
  expect(['active', 'closed', 'resolved']).toContain(m.status);
  expect(['binary', 'categorical', 'scalar']).toContain(m.market_type);
  expect(Number.isFinite(m.volume)).toBe(true);
  for (const k of ['best_ask', 'best_bid', 'last_trade_price'] as const) {
    expect(finiteOrNull(m[k])).toBe(true);
    if (m[k] !== null) expect(m[k]! >= 0 && m[k]! <= 1).toBe(true);
  }
  for (const k of ['min_order_size', 'tick_size', 'volume_24h'] as const) expect(finiteOrNull(m[k])).toBe(true);
  for (const k of ['close_time', 'open_time', 'created_at', 'settlement_time'] as const) expect(isoOrNull(m[k])).toBe(true);
  for (const k of ['condition_id', 'event_ticker', 'neg_risk_market_id', 'numeric_id', 'result', 'rules'] as const) expect(m[k] === null || typeof m[k] === 'string').toBe(true);
  expect(m.neg_risk === null || typeof m.neg_risk === 'boolean').toBe(true);
  expect(Array.isArray(m.outcomes)).toBe(true);
  for (const o of m.outcomes) {
    expect(Object.keys(o).sort()).toEqual(['label', 'price', 'token_id']);
    expect(typeof o.label).toBe('string');
    expect(o.price === null || (Number.isFinite(o.price) && o.price >= 0 && o.price <= 1)).toBe(true);
    expect(o.token_id === null || /^\d{1,78}$/.test(o.token_id)).toBe(true);
  }
  // Survives the trip to --json unchanged (no NaN/Infinity turning into null, no undefined).
  expect(JSON.parse(JSON.stringify(m))).toEqual(m);
}

export function expectWellFormedOrder(o: Order): void {
  expect(Object.keys(o).sort()).toEqual(['created_at', 'fee', 'filled', 'id', 'market_ticker', 'outcome', 'price', 'side', 'size', 'status', 'updated_at']);
  expect(typeof o.id).toBe('string');
  expect(typeof o.market_ticker).toBe('string');
  expect(typeof o.outcome).toBe('string');
  expect(['buy', 'sell']).toContain(o.side);
  expect(ORDER_STATUSES).toContain(o.status);
  for (const k of ['price', 'size', 'filled'] as const) expect(Number.isFinite(o[k])).toBe(true);
  expect(finiteOrNull(o.fee)).toBe(true);
  expect(isoOrNull(o.created_at) && o.created_at !== null).toBe(true);
  expect(isoOrNull(o.updated_at)).toBe(true);
  expect(JSON.parse(JSON.stringify(o))).toEqual(o);
}
