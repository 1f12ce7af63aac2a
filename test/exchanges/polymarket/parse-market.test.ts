import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fixture from '../../upstream/polymarket/fixtures/polymarket-market.json' with { type: 'json' };
import { parseMarket } from '../../../src/exchanges/polymarket/parse.js';
import type { Market } from '../../../src/exchanges/types.js';
import { MarketSchema } from '../../../src/models/market.js';
import { expectModel, fieldsOf } from '../../helpers/models.js';

const MARKET_KEYS = fieldsOf(MarketSchema).sort();

const base = { slug: 's', question: 'Q?' };
const parse = (raw: Record<string, unknown>, parent?: string): Market => {
  const m = parseMarket(raw, parent);
  if (!m) throw new Error('parser returned null');
  return m;
};

describe('parseMarket: openpx fixture', () => {
  it('maps every field', () => {
    expect(parseMarket(fixture)).toEqual({
      exchange: 'polymarket',
      market_type: 'binary',
      unified_id: 'polymarket:polymarket-test-slug-2025q4',
      status: 'active',
      ticker: 'polymarket-test-slug-2025q4',
      title: 'Polymarket canonical question text?',
      volume: 150000,
      best_ask: 0.67,
      best_bid: 0.65,
      last_trade_price: 0.66,
      close_time: '2025-12-31T21:00:00Z',
      open_time: '2025-10-01T14:30:00Z',
      created_at: '2025-09-15T08:00:00Z',
      settlement_time: null,
      condition_id: '0xtest-condition-id-2025q4',
      event_ticker: null,
      min_order_size: 5,
      neg_risk: false,
      neg_risk_market_id: '0xtest-negrisk-id',
      numeric_id: '1234567',
      outcomes: [
        { label: 'Yes', price: 0.65, token_id: '123456789012345678901234567890123456789012345678901234567890001' },
        { label: 'No', price: 0.35, token_id: '123456789012345678901234567890123456789012345678901234567890002' },
      ],
      result: null,
      rules: 'Polymarket market description text.',
      tick_size: 0.01,
      volume_24h: 5000,
    } satisfies Market);
  });

  it('has exactly the interface fields, none undefined', () => {
    const m = parse(fixture);
    expect(Object.keys(m).sort()).toEqual(MARKET_KEYS);
    expect((Object.values(m) as unknown[]).includes(undefined)).toBe(false);
    expectModel(MarketSchema, m);
  });

  it('backfills event_ticker from the parent event only when the market has no events relation', () => {
    expect(parse(fixture, 'parent-event').event_ticker).toBe('parent-event');
    expect(parse({ ...fixture, events: [{ slug: 'own-event' }] }, 'parent-event').event_ticker).toBe('own-event');
    expect(parse({ ...fixture, events: [{ slug: '' }] }, 'parent-event').event_ticker).toBe('parent-event');
  });
});

describe('parseMarket: wire shapes', () => {
  it('reads real arrays as well as stringified ones', () => {
    const m = parse({ ...base, outcomes: ['Yes', 'No'], outcomePrices: [0.2, '0.8'], clobTokenIds: ['11', '22'] });
    expect(m.outcomes).toEqual([
      { label: 'Yes', price: 0.2, token_id: '11' },
      { label: 'No', price: 0.8, token_id: '22' },
    ]);
  });

  it('reads numbers sent as strings and ids sent as numbers', () => {
    const m = parse({
      ...base, id: 42, volumeNum: '1234.5', volume24hr: '12', lastTradePrice: '0.4', bestBid: '0.39', bestAsk: '0.41',
      orderMinSize: '5', orderPriceMinTickSize: '0.001', negRisk: 'true',
    });
    expect(m).toMatchObject({
      numeric_id: '42', volume: 1234.5, volume_24h: 12, last_trade_price: 0.4, best_bid: 0.39, best_ask: 0.41,
      min_order_size: 5, tick_size: 0.001, neg_risk: true,
    });
  });

  it('falls back to the string volume and defaults it to 0', () => {
    expect(parse({ ...base, volume: '99.5' }).volume).toBe(99.5);
    expect(parse({ ...base, volumeNum: 3, volume: '99.5' }).volume).toBe(3);
    expect(parse(base).volume).toBe(0);
  });

  it('keeps every digit of token ids written as bare integers inside the string', () => {
    const big = '71321045679252212594626385532706912750332728571942532289631379312455583992563';
    const m = parse({ ...base, clobTokenIds: `[${big}, "5"]` });
    expect(m.outcomes.map((o) => o.token_id)).toEqual([big, '5']);
  });

  it('refuses token ids that lost precision or are not decimal', () => {
    const m = parse({ ...base, clobTokenIds: [1e30, '0xabc'] });
    expect(m.outcomes.map((o) => o.token_id)).toEqual([null, null]);
  });

  it('skips rows without a slug', () => {
    expect(parseMarket({ question: 'no slug' })).toBeNull();
    expect(parseMarket({ slug: '   ' })).toBeNull();
    expect(parseMarket({ slug: 12 })).toBeNull();
    expect(parseMarket(null)).toBeNull();
    expect(parseMarket([fixture])).toBeNull();
  });

  it('fills what a minimal row lacks with null and the documented defaults', () => {
    const m = parse({ slug: 'bare' });
    expect(m).toMatchObject({
      title: '', status: 'active', market_type: 'binary', volume: 0, result: null, rules: null, tick_size: null,
      min_order_size: null, numeric_id: null, condition_id: null, neg_risk: null, event_ticker: null,
      close_time: null, open_time: null, created_at: null, settlement_time: null, volume_24h: null,
    });
    expect(m.outcomes).toEqual([
      { label: 'Yes', price: null, token_id: null },
      { label: 'No', price: null, token_id: null },
    ]);
  });
});

describe('parseMarket: outcomes and type', () => {
  it('is categorical unless there are exactly two outcomes', () => {
    const three = parse({ ...base, outcomes: '["A","B","C"]', outcomePrices: '["0.2","0.3","0.5"]', clobTokenIds: '["1","2","3"]' });
    expect(three.market_type).toBe('categorical');
    expect(three.outcomes.map((o) => [o.label, o.price, o.token_id])).toEqual([['A', 0.2, '1'], ['B', 0.3, '2'], ['C', 0.5, '3']]);
    expect(parse({ ...base, outcomes: '["Only"]' }).market_type).toBe('categorical');
  });

  it('reports a price of 0 or less, or above 1, as null', () => {
    const m = parse({ ...base, outcomePrices: '["0","-0.1"]' });
    expect(m.outcomes.map((o) => o.price)).toEqual([null, null]);
    expect(parse({ ...base, outcomePrices: '["1.5","x"]' }).outcomes.map((o) => o.price)).toEqual([null, null]);
  });

  it('keeps positions when a label is unreadable, and misses trailing prices as null', () => {
    const m = parse({ ...base, outcomes: '["A",null,"C"]', outcomePrices: '["0.5"]' });
    expect(m.outcomes.map((o) => [o.label, o.price])).toEqual([['A', 0.5], ['Outcome 2', null], ['C', null]]);
  });

  it('rejects out-of-range market prices', () => {
    expect(parse({ ...base, bestBid: 1.2, bestAsk: -0.1, lastTradePrice: 'NaN' })).toMatchObject({ best_bid: null, best_ask: null, last_trade_price: null });
  });
});

describe('parseMarket: status and result', () => {
  it.each([
    [{ active: true, closed: false }, 'active'],
    [{}, 'active'],
    [{ active: false }, 'closed'],
    [{ active: false, closed: false }, 'closed'],
    [{ closed: true }, 'resolved'],
    [{ active: false, closed: true }, 'resolved'],
    [{ active: true, closed: 'true' }, 'resolved'],
    [{ archived: true }, 'active'],
  ])('%j → %s', (flags, status) => {
    expect(parse({ ...base, ...flags }).status).toBe(status);
  });

  it('names the outcome priced exactly 1 once resolved', () => {
    expect(parse({ ...base, closed: true, outcomePrices: '["0","1"]' }).result).toBe('No');
    expect(parse({ ...base, closed: true, outcomePrices: '["1.000","0.000"]' }).result).toBe('Yes');
    expect(parse({ ...base, closed: true, outcomePrices: [1, 0] }).result).toBe('Yes');
    const cat = parse({ ...base, closed: true, outcomes: '["A","B","C"]', outcomePrices: '["0","1","0"]' });
    expect(cat.result).toBe('B');
  });

  it('has no result while resolution is pending or the market is open', () => {
    expect(parse({ ...base, closed: true, outcomePrices: '["0.9995","0.0005"]' }).result).toBeNull();
    expect(parse({ ...base, closed: true, outcomePrices: '["0.5","0.5"]' }).result).toBeNull();
    expect(parse({ ...base, closed: true, outcomePrices: '["1","1"]' }).result).toBeNull();
    expect(parse({ ...base, closed: false, outcomePrices: '["1","0"]' }).result).toBeNull();
    expect(parse({ ...base, active: false, outcomePrices: '["1","0"]' }).result).toBeNull();
  });
});

describe('parseMarket: settled at 1e-3, placeholders', () => {
  it('a closed market whose prices round to 1 and 0 at 1e-3 resolves to that outcome', () => {
    expect(parse({ ...base, closed: true, outcomePrices: '["0.0000004215307466788427","0.9999995784692533211573"]' }).result).toBe('No');
    expect(parse({ ...base, closed: true, outcomePrices: '["0.99999999999","0.00000000001"]' }).result).toBe('Yes');
    expect(parse({ ...base, closed: true, outcomePrices: [0.9999996, 4e-7] }).result).toBe('Yes');
  });

  it('an empty book\'s outcome prices ["0","1"] are no prices on a market still trading (issue 21 item 11); a settled market keeps its 1', () => {
    expect(parse({ ...base, outcomePrices: '["0","1"]' }).outcomes.map((o) => o.price)).toEqual([null, null]);
    expect(parse({ ...base, closed: true, outcomePrices: '["0","1"]' }).outcomes.map((o) => o.price)).toEqual([null, 1]);
    expect(parse({ ...base, outcomePrices: '["0.35","0.65"]' }).outcomes.map((o) => o.price)).toEqual([0.35, 0.65]);
  });

  it('Gamma "no quote" placeholders are null: bestBid 0, bestAsk 1, lastTradePrice 0', () => {
    const p = parse({ ...base, bestBid: 0, bestAsk: 1, lastTradePrice: 0 });
    expect([p.best_bid, p.best_ask, p.last_trade_price]).toEqual([null, null, null]);
    const q = parse({ ...base, bestBid: 0.01, bestAsk: 0.99, lastTradePrice: 0.5 });
    expect([q.best_bid, q.best_ask, q.last_trade_price]).toEqual([0.01, 0.99, 0.5]);
  });
});

describe('parseMarket: dates', () => {
  it.each([
    ['2025-10-01T14:30:00Z', '2025-10-01T14:30:00Z'],
    ['2025-10-01T14:30:00.123456Z', '2025-10-01T14:30:00.123Z'],
    ['2024-11-06 05:36:41+00', '2024-11-06T05:36:41Z'],
    ['2024-11-06T07:36:41+02:00', '2024-11-06T05:36:41Z'],
    ['2024-11-06T05:36:41', '2024-11-06T05:36:41Z'],
    ['2025-12-31', '2025-12-31T00:00:00Z'],
    ['not a date', null],
    ['March 7', null],
    ['', null],
    [1730871401, null],
  ])('%j → %j', (input, out) => {
    expect(parse({ ...base, closedTime: input }).settlement_time).toBe(out);
  });

  it('falls back to the *Iso fields for open and close times', () => {
    expect(parse({ ...base, endDateIso: '2026-01-02', startDateIso: '2025-01-02' })).toMatchObject({
      close_time: '2026-01-02T00:00:00Z',
      open_time: '2025-01-02T00:00:00Z',
    });
  });
});

describe('parseMarket: never throws', () => {
  it('on any JSON value, and returns either null or a complete market', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (raw, extra) => {
        const m = parseMarket(raw);
        if (m) expect(Object.keys(m).sort()).toEqual(MARKET_KEYS);
        const withSlug = parseMarket({ slug: 'x', outcomes: extra, outcomePrices: extra, clobTokenIds: extra, events: extra, closed: true });
        expect(withSlug?.ticker).toBe('x');
      }),
      { numRuns: 300 },
    );
  });
});
