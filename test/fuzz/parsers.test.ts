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
import * as kalshiParse from '../../src/exchanges/kalshi/parse.js';
import { eventAsMarket } from '../../src/exchanges/kalshi/event-market.js';
import * as kalshiCoerce from '../../src/exchanges/kalshi/coerce.js';
import { parseOpenOrder, parseSendResponse } from '../../src/exchanges/polymarket/order-parse.js';
import { ORDER_STATUSES } from '../../src/exchanges/types.js';
import { expectWellFormedMarket, expectWellFormedOrder, finiteOrNull, isoOrNull } from './shapes.js';

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
const junkValue = fc.oneof(junkScalar, fc.array(junkScalar, { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 6 }), junkScalar, { maxKeys: 3, noNullPrototype: true }), fc.jsonValue({ maxDepth: 2 }));

/** An object with the upstream's field names, each holding any junk. */
function junkRecord(keys: string[]) {
  // Objects as JSON.parse makes them (never with a null prototype).
  return fc.record(Object.fromEntries(keys.map((k) => [k, junkValue])), { requiredKeys: [], noNullPrototype: true });
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

const KALSHI_MARKET_KEYS = [
  'ticker', 'event_ticker', 'series_ticker', 'market_type', 'title', 'subtitle', 'sub_title', 'yes_sub_title', 'no_sub_title', 'status', 'result', 'rules_primary',
  'rules_secondary', 'open_time', 'close_time', 'created_time', 'expiration_time', 'settlement_ts', 'strike_date', 'price_ranges', 'tick_size', 'fractional_trading_enabled',
  'notional_value_dollars', 'yes_bid_dollars', 'yes_ask_dollars', 'last_price_dollars', 'yes_bid', 'yes_ask', 'last_price', 'volume_fp', 'volume', 'volume_24h_fp', 'volume_24h',
  'open_interest_fp', 'open_interest', 'mutually_exclusive', 'category', 'markets', 'tags', 'settlement_sources', 'frequency', 'fee_type', 'last_updated_ts',
];
const kalshiMarket = fc.tuple(junkRecord(KALSHI_MARKET_KEYS), fc.stringMatching(/^[A-Z0-9-]{1,30}$/)).map(([r, ticker]) => ({ ...r, ticker }));

describe('Kalshi market-data parsers never throw and return well-formed models', () => {
  it('parseMarket / parseMarkets on anything, and on market-shaped junk', () => {
    fc.assert(fc.property(fc.oneof(fc.anything(), kalshiMarket), (raw) => {
      const m = kalshiParse.parseMarket(raw);
      if (m) expectWellFormedMarket(m);
      for (const x of kalshiParse.parseMarkets([raw, raw, null])) expectWellFormedMarket(x);
    }), { numRuns: RUNS * 2 });
  });

  it('parseEvent, parseSeries and eventAsMarket on junk', () => {
    const ev = fc.tuple(junkRecord(KALSHI_MARKET_KEYS), fc.stringMatching(/^[A-Z0-9-]{1,20}$/)).map(([r, t]) => ({ ...r, event_ticker: t }));
    fc.assert(fc.property(fc.oneof(ev, junkValue), fc.array(fc.oneof(kalshiMarket, junkValue), { maxLength: 4 }), (raw, children) => {
      const e = kalshiParse.parseEvent(raw, children);
      if (e) {
        for (const k of ['start_ts', 'end_ts', 'last_updated_ts'] as const) expect(isoOrNull(e[k])).toBe(true);
        expect(JSON.parse(JSON.stringify(e))).toEqual(e);
      }
      const s = kalshiParse.parseSeries(raw);
      if (s) expect(JSON.parse(JSON.stringify(s))).toEqual(s);
      const m = eventAsMarket(raw, children);
      if (m) expectWellFormedMarket(m);
    }), { numRuns: RUNS });
  });

  it('the Kalshi coercions return their type or null', () => {
    fc.assert(fc.property(junkValue, (v) => {
      expect(finiteOrNull(kalshiCoerce.num(v))).toBe(true);
      expect(isoOrNull(kalshiCoerce.isoTime(v))).toBe(true);
      const rec = { x_dollars: v, x: v, x_fp: v };
      const p = kalshiCoerce.price(rec, 'x');
      expect(p === null || (Number.isFinite(p) && p >= 0 && p <= 1)).toBe(true);
      expect(finiteOrNull(kalshiCoerce.count(rec, 'x'))).toBe(true);
    }), { numRuns: RUNS });
  });
});

describe('Polymarket order parsers never throw and return well-formed orders', () => {
  const keys = ['id', 'orderID', 'status', 'market', 'asset_id', 'outcome', 'side', 'price', 'original_size', 'size_matched', 'created_at', 'expiration', 'order_type', 'makingAmount', 'takingAmount', 'success', 'errorMsg'];
  it('parseOpenOrder on order-shaped junk', () => {
    fc.assert(fc.property(junkRecord(keys), (raw) => expectWellFormedOrder(parseOpenOrder(raw, Date.now()))), { numRuns: RUNS });
  });
  it('parseSendResponse on response-shaped junk', () => {
    fc.assert(fc.property(junkRecord(keys), fc.constantFrom('gtc', 'ioc', 'fok') as fc.Arbitrary<'gtc' | 'ioc' | 'fok'>, (raw, orderType) => {
      const ctx = { id: '0x' + 'ab'.repeat(32), marketTicker: 'm', outcome: 'Yes', side: 'buy' as const, price: Decimal.from('0.5'), size: Decimal.from('10'), orderType, nowMs: Date.now() };
      expectWellFormedOrder(parseSendResponse(raw, ctx));
    }), { numRuns: RUNS });
  });
});
