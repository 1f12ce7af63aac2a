import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eventMarkets, parseEvent, parseSeries } from '../../../src/exchanges/polymarket/parse.js';
import type { Event, Series } from '../../../src/exchanges/types.js';

// Trimmed from Gamma `GET /events/slug/{slug}` (a neg-risk event with an embedded series).
const EVENT = {
  id: '20417',
  ticker: 'who-will-win-the-chess-open-20417',
  slug: 'who-will-win-the-chess-open-20417',
  title: 'Who will win the Chess Open?',
  description: 'Markets about the Chess Open.',
  startDate: '2025-03-01T12:00:00Z',
  endDate: '2025-06-29T12:00:00Z',
  updatedAt: '2025-03-04 12:00:00+00',
  active: true,
  closed: false,
  archived: false,
  category: 'Sports',
  volume: 1523.25,
  openInterest: '456.5',
  negRisk: true,
  negRiskMarketID: '0xabc',
  markets: [{ slug: 'will-avery-win', question: 'Will Avery win?' }, { question: 'no slug' }, { slug: 'will-blake-win' }],
  series: [{ id: 705, ticker: 'chess-open', slug: 'chess-open-slug', title: 'Chess Open', recurrence: 'annual', category: 'Sports', volume: '98765.5', updatedAt: '2025-01-01T00:00:00Z' }],
  tags: [],
};

describe('parseEvent', () => {
  it('maps every field', () => {
    expect(parseEvent(EVENT)).toEqual({
      ticker: 'who-will-win-the-chess-open-20417',
      title: 'Who will win the Chess Open?',
      category: 'Sports',
      description: 'Markets about the Chess Open.',
      start_ts: '2025-03-01T12:00:00Z',
      end_ts: '2025-06-29T12:00:00Z',
      last_updated_ts: '2025-03-04T12:00:00Z',
      market_tickers: ['will-avery-win', 'will-blake-win'],
      mutually_exclusive: true,
      numeric_id: '20417',
      open_interest: 456.5,
      series_ticker: 'chess-open',
      status: 'open',
      volume: 1523.25,
    } satisfies Event);
  });

  it('says closed for a closed event and null when Gamma does not say', () => {
    expect(parseEvent({ ...EVENT, closed: true })?.status).toBe('closed');
    expect(parseEvent({ slug: 'e' })?.status).toBeNull();
  });

  it('takes the series slug when the series has no ticker, and null without a series', () => {
    expect(parseEvent({ ...EVENT, series: [{ ticker: '', slug: 'only-slug' }] })?.series_ticker).toBe('only-slug');
    expect(parseEvent({ ...EVENT, series: [] })?.series_ticker).toBeNull();
    expect(parseEvent({ ...EVENT, series: undefined })?.series_ticker).toBeNull();
  });

  it('falls back to mutuallyExclusive when negRisk is absent', () => {
    expect(parseEvent({ slug: 'e', mutuallyExclusive: false })?.mutually_exclusive).toBe(false);
    expect(parseEvent({ slug: 'e', negRisk: false, mutuallyExclusive: true })?.mutually_exclusive).toBe(false);
    expect(parseEvent({ slug: 'e' })?.mutually_exclusive).toBeNull();
  });

  it('fills a minimal event with null and defaults, and skips one without a slug', () => {
    expect(parseEvent({ slug: 'e', id: 7, description: '' })).toEqual({
      ticker: 'e', title: '', category: null, description: null, start_ts: null, end_ts: null, last_updated_ts: null,
      market_tickers: [], mutually_exclusive: null, numeric_id: '7', open_interest: null, series_ticker: null,
      status: null, volume: null,
    } satisfies Event);
    expect(parseEvent({ title: 'no slug' })).toBeNull();
    expect(parseEvent('x')).toBeNull();
  });
});

describe('parseSeries', () => {
  it('maps every field (numeric id, volume as a string, recurrence as frequency)', () => {
    expect(parseSeries(EVENT.series[0])).toEqual({
      ticker: 'chess-open',
      title: 'Chess Open',
      category: 'Sports',
      fee_type: null,
      frequency: 'annual',
      last_updated_ts: '2025-01-01T00:00:00Z',
      numeric_id: '705',
      settlement_sources: [],
      tags: [],
      volume: 98765.5,
    } satisfies Series);
  });

  it('prefers frequency over recurrence, falls back to the slug, skips a series without either', () => {
    expect(parseSeries({ ticker: 't', frequency: 'weekly', recurrence: 'daily' })?.frequency).toBe('weekly');
    expect(parseSeries({ ticker: null, slug: 's' })?.ticker).toBe('s');
    expect(parseSeries({ title: 'nameless' })).toBeNull();
    expect(parseSeries(null)).toBeNull();
  });
});

describe('eventMarkets', () => {
  it('parses the embedded markets, skipping those without a slug, with the event slug as event_ticker', () => {
    const ms = eventMarkets(EVENT);
    expect(ms.map((m) => [m.ticker, m.event_ticker])).toEqual([
      ['will-avery-win', 'who-will-win-the-chess-open-20417'],
      ['will-blake-win', 'who-will-win-the-chess-open-20417'],
    ]);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        eventMarkets(raw);
        eventMarkets({ slug: 'e', markets: raw, series: raw });
        parseEvent({ slug: 'e', markets: raw, series: raw, negRisk: raw, openInterest: raw, updatedAt: raw });
        parseSeries(raw);
      }),
      { numRuns: 300 },
    );
  });
});
