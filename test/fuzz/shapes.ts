/** Shape checks for unified models produced from untrusted upstream data. */
import { expect } from 'vitest';
import type { Market, Order } from '../../src/exchanges/types.js';
import { MarketSchema } from '../../src/models/market.js';
import { OrderSchema } from '../../src/models/order.js';
import { expectModel } from '../helpers/models.js';

export const finiteOrNull = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
// ISO 8601 as Date#toISOString writes it (extended years included).
export const isoOrNull = (v: unknown) => v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /^(\d{4}|[+-]\d{6})-\d{2}-\d{2}T/.test(v));

export function expectWellFormedMarket(m: Market): void {
  // Exactly the model's fields, nested outcomes too, each of its type, enum, nullability and range.
  expectModel(MarketSchema, m);
  expect(Number.isFinite(m.volume)).toBe(true);
  for (const k of ['best_ask', 'best_bid', 'last_trade_price', 'min_order_size', 'tick_size', 'volume_24h'] as const) expect(finiteOrNull(m[k])).toBe(true);
  for (const k of ['close_time', 'open_time', 'created_at', 'settlement_time'] as const) expect(isoOrNull(m[k])).toBe(true);
  for (const o of m.outcomes) {
    expect(finiteOrNull(o.price)).toBe(true);
    expect(o.token_id === null || /^\d{1,78}$/.test(o.token_id)).toBe(true);
  }
  // Survives the trip to --json unchanged (no NaN/Infinity turning into null, no undefined).
  expect(JSON.parse(JSON.stringify(m))).toEqual(m);
}

export function expectWellFormedOrder(o: Order): void {
  // Junk without a price parses to price 0, outside the model's (0, 1): the structure is checked.
  expectModel(OrderSchema, o, { ranges: false });
  for (const k of ['price', 'size', 'filled'] as const) expect(Number.isFinite(o[k])).toBe(true);
  expect(finiteOrNull(o.fee)).toBe(true);
  expect(isoOrNull(o.created_at) && o.created_at !== null).toBe(true);
  expect(isoOrNull(o.updated_at)).toBe(true);
  expect(JSON.parse(JSON.stringify(o))).toEqual(o);
}
