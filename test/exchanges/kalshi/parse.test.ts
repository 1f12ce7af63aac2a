import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/decimal.js';
import { parseEvent, parseMarket, parseMarkets, parseSeries, unifiedStatus } from '../../../src/exchanges/kalshi/parse.js';
import { isoTime } from '../../../src/exchanges/kalshi/coerce.js';
import fixture from '../../upstream/kalshi/fixtures/kalshi-market.json' with { type: 'json' };
import { EVENT_KEYS, MARKET_KEYS, SERIES_KEYS } from './helpers.js';

const base = { ticker: 'KXT-1', event_ticker: 'KXT', yes_sub_title: 'Y', no_sub_title: 'N', status: 'active' };
const m = (extra: Record<string, unknown>) => parseMarket({ ...base, ...extra })!;

describe('parseMarket over the upstream fixture', () => {
  it('maps every field', () => {
    const market = parseMarket(fixture)!;
    expect(market).toStrictEqual({
      exchange: 'kalshi',
      market_type: 'binary',
      unified_id: 'kalshi:KXTEST-25Q4-CONTRACT',
      status: 'active',
      ticker: 'KXTEST-25Q4-CONTRACT',
      title: 'Canonical YES short title | Canonical NO short title',
      volume: 150000,
      best_ask: 0.67,
      best_bid: 0.65,
      last_trade_price: 0.66,
      close_time: '2025-12-31T21:00:00.000Z',
      open_time: '2025-10-01T14:30:00.000Z',
      created_at: '2025-09-15T08:00:00.000Z',
      settlement_time: '2026-01-01T00:00:00.000Z',
      condition_id: null,
      event_ticker: 'KXTEST-25Q4',
      min_order_size: 1,
      neg_risk: null,
      neg_risk_market_id: null,
      numeric_id: null,
      outcomes: [
        { label: 'Yes', price: 0.67, token_id: null },
        { label: 'No', price: 0.33, token_id: null },
      ],
      result: null,
      rules: 'Primary rules text describing the market. | Secondary rules text.',
      tick_size: 0.01,
      volume_24h: 5000,
    });
    expect(Object.keys(market)).toEqual(MARKET_KEYS);
  });
});

describe('parseMarket field rules', () => {
  it('maps every upstream status; missing or mistyped is active, unknown strings closed', () => {
    const table: Record<string, string> = {
      initialized: 'closed', active: 'active', inactive: 'closed', closed: 'closed',
      determined: 'resolved', disputed: 'closed', amended: 'closed', finalized: 'resolved', somethingnew: 'closed',
    };
    for (const [raw, unified] of Object.entries(table)) expect(m({ status: raw }).status, raw).toBe(unified);
    expect(m({ status: undefined }).status).toBe('active');
    expect(m({ status: 7 }).status).toBe('active');
    expect(unifiedStatus('')).toBe('active');
  });

  it('titles: both subtitles, one, identical, none (deprecated title, then ticker)', () => {
    expect(m({}).title).toBe('Y | N');
    expect(m({ no_sub_title: '' }).title).toBe('Y');
    expect(m({ yes_sub_title: '  ', no_sub_title: 'N' }).title).toBe('N');
    expect(m({ yes_sub_title: 'Trump', no_sub_title: 'Trump' }).title).toBe('Trump');
    expect(m({ yes_sub_title: '', no_sub_title: '', title: 'Old title' }).title).toBe('Old title');
    expect(m({ yes_sub_title: undefined, no_sub_title: null, title: '' }).title).toBe('KXT-1');
  });

  it('fixed-point fields win over legacy integers; legacy cents are the exact fallback', () => {
    const both = m({ yes_ask_dollars: '0.5600', yes_ask: 99, volume_fp: '10.50', volume: 99, last_price_dollars: '0.5500', last_price: 1 });
    expect([both.best_ask, both.volume, both.last_trade_price]).toEqual([0.56, 10.5, 0.55]);
    const legacy = m({ yes_bid: 7, yes_ask: 29, last_price: 57, volume: 1200, volume_24h: 30, tick_size: 1, settlement_ts: 1767225600 });
    expect(legacy.best_bid).toBe(0.07);
    expect(legacy.best_ask).toBe(0.29);
    expect(legacy.last_trade_price).toBe(0.57);
    expect(legacy.volume).toBe(1200);
    expect(legacy.volume_24h).toBe(30);
    expect(legacy.tick_size).toBe(0.01);
    expect(legacy.settlement_time).toBe('2026-01-01T00:00:00.000Z');
    expect(legacy.outcomes).toEqual([
      { label: 'Yes', price: 0.29, token_id: null },
      { label: 'No', price: 0.71, token_id: null },
    ]);
  });

  it('volumes are USD: contracts times the contract notional ($1 on Kalshi today)', () => {
    expect([m({ volume_fp: '1500.25', volume_24h_fp: '10.00' }).volume, m({ volume_fp: '1500.25', notional_value_dollars: '1.0000' }).volume]).toEqual([1500.25, 1500.25]);
    const tenth = m({ volume_fp: '1500.30', volume_24h_fp: '3.00', notional_value_dollars: '0.1000' });
    expect([tenth.volume, tenth.volume_24h]).toEqual([150.03, 0.3]);
  });

  it('NO is the exact complement of YES (no float noise)', () => {
    for (const [yes, no] of [['0.5700', 0.43], ['0.9000', 0.1], ['0.0300', 0.97], ['0.123456', 0.876544]] as const) {
      expect(m({ yes_ask_dollars: yes }).outcomes[1]!.price, yes).toBe(no);
    }
  });

  it('"no quote" placeholders are null: bid 0, ask 1, last 0 before any trade (a provisional market is not "Yes 0 / No 1")', () => {
    const p = m({ yes_bid_dollars: '0.0000', yes_ask_dollars: '1.0000', last_price_dollars: '0.0000' });
    expect([p.best_bid, p.best_ask, p.last_trade_price]).toEqual([null, null, null]);
    expect(p.outcomes.map((o) => o.price)).toEqual([null, null]);
    // Legacy integer cents too.
    const c = m({ yes_bid: 0, yes_ask: 100, last_price: 0 });
    expect([c.best_bid, c.best_ask, c.last_trade_price]).toEqual([null, null, null]);
    // Real quotes at the edges stay.
    const q = m({ yes_bid_dollars: '0.0100', yes_ask_dollars: '0.9900', last_price_dollars: '0.0100' });
    expect([q.best_bid, q.best_ask, q.last_trade_price]).toEqual([0.01, 0.99, 0.01]);
  });

  it('an ask of 0 is no quote (issue 21 item 11): best_ask null, outcomes not "Yes 0 / No 1"', () => {
    const p = m({ yes_bid_dollars: '0.0000', yes_ask_dollars: '0.0000', last_price_dollars: '0.0000' });
    expect(p.best_ask).toBeNull();
    expect(p.outcomes.map((o) => o.price)).toEqual([null, null]);
    expect(m({ yes_ask_dollars: '0.0000', last_price_dollars: '0.4200' }).outcomes.map((o) => o.price)).toEqual([0.42, 0.58]);
  });

  it('outcome price: yes_ask, else last_price, else null on both sides', () => {
    expect(m({ last_price_dollars: '0.4000' }).outcomes.map((o) => o.price)).toEqual([0.4, 0.6]);
    expect(m({}).outcomes).toEqual([
      { label: 'Yes', price: null, token_id: null },
      { label: 'No', price: null, token_id: null },
    ]);
  });

  it('mistyped or out-of-range prices read as null, never throw', () => {
    const x = m({ yes_bid_dollars: 'abc', yes_ask_dollars: '1.5', last_price_dollars: '-0.2', volume_fp: { a: 1 }, volume_24h_fp: [] });
    expect([x.best_bid, x.best_ask, x.last_trade_price, x.volume, x.volume_24h]).toEqual([null, null, null, 0, null]);
    expect(m({ yes_bid_dollars: 0.4 }).best_bid).toBe(0.4);
  });

  it('tick size: smallest price_ranges step; legacy tick_size only without ranges', () => {
    const tiered = [
      { start: '0.0000', end: '0.1000', step: '0.0010' },
      { start: '0.1000', end: '0.9000', step: '0.0100' },
    ];
    expect(m({ price_ranges: tiered, tick_size: 5 }).tick_size).toBe(0.001);
    expect(m({ price_ranges: [{ step: 'x' }, null, 3] }).tick_size).toBeNull();
    expect(m({ tick_size: 2 }).tick_size).toBe(0.02);
    expect(m({ price_ranges: 'nope' }).tick_size).toBeNull();
  });

  it('min order size from fractional_trading_enabled', () => {
    expect(m({ fractional_trading_enabled: true }).min_order_size).toBe(0.01);
    expect(m({ fractional_trading_enabled: false }).min_order_size).toBe(1);
    expect(m({ fractional_trading_enabled: 'yes' }).min_order_size).toBeNull();
    expect(m({}).min_order_size).toBeNull();
  });

  it('market type, result label, rules, event ticker', () => {
    expect(m({ market_type: 'scalar' }).market_type).toBe('scalar');
    expect(m({ market_type: 'weird' }).market_type).toBe('binary');
    expect(m({}).market_type).toBe('binary');
    expect([m({ result: 'yes' }).result, m({ result: 'no' }).result, m({ result: 'scalar' }).result, m({ result: '' }).result]).toEqual(['Yes', 'No', 'scalar', null]);
    expect(m({ rules_primary: 'P', rules_secondary: '' }).rules).toBe('P');
    expect(m({ rules_secondary: 'S' }).rules).toBe('S');
    expect(m({}).rules).toBeNull();
    expect(m({ event_ticker: '' }).event_ticker).toBeNull();
  });

  it('dates: RFC 3339 in any zone, missing zone as UTC, unix seconds/ms, Go zero time and garbage as null', () => {
    expect(isoTime('2025-10-01T14:30:00+02:00')).toBe('2025-10-01T12:30:00.000Z');
    expect(isoTime('2025-10-01T14:30:00.123456Z')).toBe('2025-10-01T14:30:00.123Z');
    expect(isoTime('2025-10-01T14:30:00')).toBe('2025-10-01T14:30:00.000Z');
    expect(isoTime('2024-02-29T23:59:59Z')).toBe('2024-02-29T23:59:59.000Z');
    expect(isoTime(1767225600)).toBe('2026-01-01T00:00:00.000Z');
    expect(isoTime('1767225600')).toBe('2026-01-01T00:00:00.000Z');
    expect(isoTime(1767225600123)).toBe('2026-01-01T00:00:00.123Z');
    for (const bad of ['0001-01-01T00:00:00Z', 'yesterday', '', 0, -5, true, null, {}, 'March 7, 2025']) expect(isoTime(bad), String(bad)).toBeNull();
    expect(m({ close_time: undefined, expiration_time: '2026-02-01T00:00:00Z' }).close_time).toBe('2026-02-01T00:00:00.000Z');
  });

  it('skips rows without a ticker and never throws on junk', () => {
    expect(parseMarket({ event_ticker: 'E' })).toBeNull();
    expect(parseMarket({ ticker: '' })).toBeNull();
    for (const junk of [null, 3, 'x', [], true]) expect(parseMarket(junk)).toBeNull();
    expect(parseMarkets([fixture, null, { ticker: 7 }, { ticker: 'A' }]).map((x) => x.ticker)).toEqual(['KXTEST-25Q4-CONTRACT', 'A']);
    expect(parseMarkets('nope')).toEqual([]);
  });

  it('property: any object parses without throwing; prices stay in [0, 1] and NO = 1 − YES exactly', () => {
    const value = fc.oneof(fc.constant(undefined), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.stringMatching(/^0\.\d{1,12}$/), fc.double({ min: 0, max: 1, noNaN: true }));
    const keys = ['ticker', 'status', 'yes_ask_dollars', 'last_price_dollars', 'yes_bid_dollars', 'yes_ask', 'volume_fp', 'volume', 'close_time', 'settlement_ts', 'yes_sub_title', 'no_sub_title', 'title', 'price_ranges', 'fractional_trading_enabled', 'result'];
    fc.assert(
      fc.property(fc.record(Object.fromEntries(keys.map((k) => [k, value]))), (raw) => {
        const out = parseMarket(raw);
        if (!out) return;
        expect(Object.keys(out)).toEqual(MARKET_KEYS);
        for (const p of [out.best_ask, out.best_bid, out.last_trade_price, ...out.outcomes.map((o) => o.price)]) {
          if (p !== null) expect(p >= 0 && p <= 1).toBe(true);
        }
        const [yes, no] = out.outcomes.map((o) => o.price);
        // As printed, YES and NO add up to exactly 1 (no float noise on either side).
        if (yes != null) expect(Decimal.parse(String(yes))!.plus(Decimal.parse(String(no))!).eq(1), `${yes} + ${no}`).toBe(true);
        expect(Number.isFinite(out.volume)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseEvent', () => {
  const raw = {
    event_ticker: 'KXTEST-25Q4',
    series_ticker: 'KXTEST',
    sub_title: 'Q4 2025',
    title: 'Test event',
    collateral_return_type: 'binary',
    mutually_exclusive: true,
    category: 'Economics',
    strike_date: '2025-12-31T21:00:00Z',
    available_on_brokers: true,
    last_updated_ts: '2025-11-12T10:00:00Z',
    markets: [{ ticker: 'A' }, { ticker: 'B' }],
  };

  it('maps every field (nested and sibling markets merged, in order, once)', () => {
    expect(parseEvent(raw, [{ ticker: 'B' }, { ticker: 'C' }, { nope: 1 }])).toStrictEqual({
      ticker: 'KXTEST-25Q4',
      title: 'Test event',
      category: 'Economics',
      description: 'Q4 2025',
      start_ts: null,
      end_ts: '2025-12-31T21:00:00.000Z',
      last_updated_ts: '2025-11-12T10:00:00.000Z',
      market_tickers: ['A', 'B', 'C'],
      mutually_exclusive: true,
      numeric_id: null,
      open_interest: null,
      series_ticker: 'KXTEST',
      status: null,
      volume: null,
    });
    expect(Object.keys(parseEvent(raw)!)).toEqual(EVENT_KEYS);
  });

  it('missing optional fields are null or empty; no ticker is no event', () => {
    expect(parseEvent({ event_ticker: 'E', series_ticker: '', mutually_exclusive: 'no' })).toStrictEqual({
      ticker: 'E', title: 'E', category: null, description: null, start_ts: null, end_ts: null, last_updated_ts: null,
      market_tickers: [], mutually_exclusive: null, numeric_id: null, open_interest: null, series_ticker: null, status: null, volume: null,
    });
    expect(parseEvent({ title: 'x' })).toBeNull();
    expect(parseEvent('x')).toBeNull();
  });
});

describe('parseSeries', () => {
  it('maps every field', () => {
    const s = parseSeries({
      ticker: 'KXTEST', frequency: 'quarterly', title: 'Test series', category: 'Economics', tags: ['Inflation', 3, ''],
      settlement_sources: [{ name: 'BLS', url: 'https://www.bls.gov' }, { url: '' }, 'junk'], contract_url: 'u', fee_type: 'quadratic',
      fee_multiplier: 1, additional_prohibitions: [], volume_fp: '1250000.50', last_updated_ts: '2025-11-12T10:00:00Z',
    });
    expect(s).toStrictEqual({
      ticker: 'KXTEST',
      title: 'Test series',
      category: 'Economics',
      fee_type: 'quadratic',
      frequency: 'quarterly',
      last_updated_ts: '2025-11-12T10:00:00.000Z',
      numeric_id: null,
      settlement_sources: [{ name: 'BLS', url: 'https://www.bls.gov' }, { name: null, url: null }],
      tags: ['Inflation'],
      volume: 1250000.5,
    });
    expect(Object.keys(s!)).toEqual(SERIES_KEYS);
  });

  it('without volume (include_volume=false) and with junk', () => {
    expect(parseSeries({ ticker: 'S', tags: 'x', settlement_sources: {} })).toStrictEqual({
      ticker: 'S', title: 'S', category: null, fee_type: null, frequency: null, last_updated_ts: null, numeric_id: null, settlement_sources: [], tags: [], volume: null,
    });
    expect(parseSeries({ ticker: 'S', volume: 12 })!.volume).toBe(12);
    expect(parseSeries({})).toBeNull();
  });
});
