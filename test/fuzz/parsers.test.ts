/**
 * Upstream parsers under arbitrary JSON: they never throw, and what they return is always a
 * well-formed unified model (every field present, numbers finite, enums in range, dates ISO),
 * whatever types the upstream put in its fields.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eventMarkets, parseEvent, parseMarket, parseSeries } from '../../src/exchanges/polymarket/parse.js';
import { bool, idStr, isoDate, jsonArray, num, prob, text, tokenId } from '../../src/exchanges/polymarket/coerce.js';
import { isoTime, parseCreateV2, parseKalshiOrder, statusFromCounts, unifiedStatus } from '../../src/exchanges/kalshi/order-parse.js';
import { Decimal } from '../../src/decimal.js';
import { ORDER_STATUSES, type Market, type Order } from '../../src/exchanges/types.js';

const RUNS = 400;

/** Values upstreams actually confuse: numbers as strings, exponents, huge, NaN-ish, nested junk. */
const junkScalar = fc.oneof(
  fc.constantFrom('', ' ', 'null', 'NaN', 'Infinity', '-Infinity', '-0', '1e400', '-1e400', '1e-400', '0x10', '1,5', '١', '１', 'true', 'false', '[]', '{}', '["a"', '[1e999]', '9'.repeat(40), '2025-13-45T99:99:99Z', '2025-01-01', '\u0000', '\u001b[2J'),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.boolean(),
  fc.constant(null),
  fc.string(),
  fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
  fc.constantFrom(1e20, -1e20, 8.64e15 + 1, Number.MAX_VALUE, Number.MIN_VALUE, -0),
);
const junkValue = fc.oneof(junkScalar, fc.array(junkScalar, { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 6 }), junkScalar, { maxKeys: 3 }), fc.jsonValue({ maxDepth: 2 }));

/** An object with the upstream's field names, each holding any junk. */
function junkRecord(keys: string[]) {
  return fc.record(Object.fromEntries(keys.map((k) => [k, junkValue])), { requiredKeys: [] });
}

const GAMMA_MARKET_KEYS = [
  'id', 'slug', 'question', 'conditionId', 'description', 'active', 'closed', 'startDate', 'endDate', 'startDateIso', 'endDateIso', 'createdAt',
  'closedTime', 'outcomes', 'outcomePrices', 'clobTokenIds', 'volumeNum', 'volume', 'volume24hr', 'lastTradePrice', 'bestBid', 'bestAsk',
  'orderMinSize', 'orderPriceMinTickSize', 'negRisk', 'negRiskMarketID', 'events',
];
const GAMMA_EVENT_KEYS = ['id', 'slug', 'title', 'description', 'category', 'active', 'closed', 'startDate', 'endDate', 'updatedAt', 'volume', 'openInterest', 'negRisk', 'mutuallyExclusive', 'markets', 'series'];
const GAMMA_SERIES_KEYS = ['id', 'ticker', 'slug', 'title', 'category', 'frequency', 'recurrence', 'volume', 'updatedAt'];
const KALSHI_ORDER_KEYS = [
  'order_id', 'client_order_id', 'ticker', 'side', 'action', 'status', 'yes_price_dollars', 'no_price_dollars', 'yes_price', 'no_price', 'fill_count_fp', 'fill_count',
  'filled_count', 'remaining_count_fp', 'remaining_count', 'initial_count_fp', 'initial_count', 'count', 'taker_fees_dollars', 'maker_fees_dollars', 'created_time',
  'last_update_time', 'updated_time',
];

/** A market-shaped record whose slug is usable, so the full parse path runs. */
const gammaMarket = fc.tuple(junkRecord(GAMMA_MARKET_KEYS), fc.stringMatching(/^[a-z0-9-]{1,30}$/)).map(([r, slug]) => ({ ...r, slug }));
const gammaEvent = fc
  .tuple(junkRecord(GAMMA_EVENT_KEYS), fc.stringMatching(/^[a-z0-9-]{1,30}$/), fc.array(fc.oneof(gammaMarket, junkValue), { maxLength: 4 }), fc.array(fc.oneof(junkRecord(GAMMA_SERIES_KEYS), junkValue), { maxLength: 2 }))
  .map(([r, slug, markets, series]) => ({ ...r, slug, markets, series }));

const finiteOrNull = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
// ISO 8601 as Date#toISOString writes it (extended years included).
const isoOrNull = (v: unknown) => v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /^(\d{4}|[+-]\d{6})-\d{2}-\d{2}T/.test(v));

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

describe('Polymarket Gamma parsers never throw and return well-formed models', () => {
  it('parseMarket on anything at all', () => {
    fc.assert(fc.property(fc.anything(), (raw) => {
      const m = parseMarket(raw);
      if (m) expectWellFormedMarket(m);
    }), { numRuns: RUNS });
  });

  it('parseMarket on market-shaped records with junk in every field', () => {
    fc.assert(fc.property(gammaMarket, fc.option(fc.string()), (raw, parent) => {
      const m = parseMarket(raw, parent);
      expect(m).not.toBeNull();
      expectWellFormedMarket(m!);
    }), { numRuns: RUNS });
  });

  it('parseEvent, parseSeries and eventMarkets on event-shaped junk', () => {
    fc.assert(fc.property(gammaEvent, (raw) => {
      const e = parseEvent(raw);
      expect(e).not.toBeNull();
      for (const k of ['start_ts', 'end_ts', 'last_updated_ts'] as const) expect(isoOrNull(e![k])).toBe(true);
      for (const k of ['open_interest', 'volume'] as const) expect(finiteOrNull(e![k])).toBe(true);
      expect(e!.market_tickers.every((t) => typeof t === 'string')).toBe(true);
      for (const m of eventMarkets(raw)) expectWellFormedMarket(m);
      for (const s of (raw.series as unknown[]) ?? []) {
        const series = parseSeries(s);
        if (series) expect(JSON.parse(JSON.stringify(series))).toEqual(series);
      }
    }), { numRuns: RUNS });
  });

  it('the coercions return their type or null', () => {
    fc.assert(fc.property(junkValue, (v) => {
      expect(finiteOrNull(num(v))).toBe(true);
      const p = prob(v);
      expect(p === null || (p >= 0 && p <= 1)).toBe(true);
      expect([true, false, null]).toContain(bool(v));
      expect(text(v) === null || typeof text(v) === 'string').toBe(true);
      expect(idStr(v) === null || typeof idStr(v) === 'string').toBe(true);
      expect(isoOrNull(isoDate(v))).toBe(true);
      const arr = jsonArray(v);
      expect(arr === null || Array.isArray(arr)).toBe(true);
      expect(tokenId(v) === null || /^\d+$/.test(tokenId(v)!)).toBe(true);
    }), { numRuns: RUNS * 2 });
  });
});

describe('Kalshi order parsers never throw and return well-formed orders', () => {
  const now = new Date().toISOString();
  it('parseKalshiOrder on anything', () => {
    fc.assert(fc.property(fc.oneof(fc.anything(), junkRecord(KALSHI_ORDER_KEYS)), (raw) => {
      expectWellFormedOrder(parseKalshiOrder(raw, now));
    }), { numRuns: RUNS * 2 });
  });

  it('parseCreateV2 on create-response junk', () => {
    const ctx = { ticker: 'KXTEST-25DEC31-A', outcome: 'yes' as const, side: 'buy' as const, price: Decimal.from('0.42'), count: Decimal.from('3'), nowIso: now };
    fc.assert(fc.property(junkRecord(['order_id', 'client_order_id', 'fill_count', 'fill_count_fp', 'remaining_count', 'remaining_count_fp', 'average_fill_price', 'average_fee_paid']), (raw) => {
      const o = parseCreateV2(raw, ctx);
      if (o) expectWellFormedOrder(o);
    }), { numRuns: RUNS });
  });

  it('status mapping is total', () => {
    fc.assert(fc.property(fc.option(fc.string()), fc.nat(1000), fc.nat(1000), (s, size, filled) => {
      expect(ORDER_STATUSES).toContain(unifiedStatus(s, Decimal.from(size), Decimal.from(filled)));
      expect(ORDER_STATUSES).toContain(statusFromCounts(Decimal.from(size), Decimal.from(filled), Decimal.from(Math.max(0, size - filled))));
    }), { numRuns: RUNS });
  });

  it('isoTime: ISO or null, even for times a Date cannot hold', () => {
    fc.assert(fc.property(junkValue, (v) => {
      expect(isoOrNull(isoTime(v))).toBe(true);
    }), { numRuns: RUNS });
  });
});
