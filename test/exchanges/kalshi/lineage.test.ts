/** fetch_market_lineage, fetchMarket and upstream failures against the Kalshi double. */
import { describe, expect, it } from 'vitest';
import type { KalshiClient } from '../../../src/exchanges/kalshi/client.js';
import { fetchMarket, fetchMarketLineage, fetchMarkets } from '../../../src/exchanges/kalshi/markets.js';
import type { EventKind, EventRec } from '../../upstream/kalshi/catalog.js';
import type { KalshiDouble } from '../../upstream/kalshi/index.js';
import { useMarketsDouble, EVENT_KEYS, MARKET_KEYS, SERIES_KEYS } from './helpers.js';
import { failure } from '../../helpers/failure.js';

process.env.PMT_RETRY_BASE_MS = '1';
let k: KalshiDouble;
let c: KalshiClient;

useMarketsDouble(1500, (double, client) => {
  k = double;
  c = client;
});

const eventOfKind = (kind: EventKind): EventRec => [...k.markets.catalog.events.values()].find((e) => e.kind === kind && !e.historical)!;
const firstMarketOf = (ev: EventRec) => k.markets.catalog.live[ev.first]!.ticker;
const paths = () => k.double.requests.map((r) => `${r.path}${r.query.size ? '?' + r.query.toString() : ''}`);

describe('fetch_market_lineage', () => {
  it('the fixture market with its event (nested markets) and series (with volume)', async () => {
    const l = await fetchMarketLineage(c, 'KXTEST-25Q4-CONTRACT');
    expect(l.market.title).toBe('Canonical YES short title | Canonical NO short title');
    expect(Object.keys(l.market)).toEqual(MARKET_KEYS);
    expect(l.event).toStrictEqual({
      ticker: 'KXTEST-25Q4',
      title: 'Test event for Q4 2025',
      category: 'Economics',
      description: 'Q4 2025',
      start_ts: null,
      end_ts: '2025-12-31T21:00:00.000Z',
      last_updated_ts: '2025-11-12T10:00:00.000Z',
      market_tickers: ['KXTEST-25Q4-CONTRACT'],
      mutually_exclusive: false,
      numeric_id: null,
      open_interest: null,
      series_ticker: 'KXTEST',
      status: null,
      volume: null,
    });
    expect(Object.keys(l.event!)).toEqual(EVENT_KEYS);
    expect(l.series).toMatchObject({ ticker: 'KXTEST', title: 'Test series', category: 'Economics', frequency: 'quarterly', numeric_id: null, tags: ['Inflation'] });
    expect(l.series!.settlement_sources).toEqual([{ name: 'Bureau of Labor Statistics', url: 'https://www.bls.gov' }]);
    expect(['quadratic', 'quadratic_with_maker_fees', 'flat']).toContain(l.series!.fee_type);
    expect(typeof l.series!.volume).toBe('number');
    expect(Object.keys(l.series!)).toEqual(SERIES_KEYS);
    expect(paths()).toEqual(['/markets/KXTEST-25Q4-CONTRACT', '/events/KXTEST-25Q4?with_nested_markets=true', '/series/KXTEST?include_volume=true']);
  });

  it('a market without an event: event and series null, one request', async () => {
    const t = firstMarketOf(eventOfKind('noevent'));
    const l = await fetchMarketLineage(c, t);
    expect([l.market.ticker, l.market.event_ticker, l.event, l.series]).toEqual([t, null, null, null]);
    expect(k.double.requests).toHaveLength(1);
  });

  it('an event missing upstream (404) is null; so is a series missing upstream; an event without series has series null', async () => {
    const ghost = await fetchMarketLineage(c, firstMarketOf(eventOfKind('ghostevent')));
    expect([ghost.event, ghost.series]).toEqual([null, null]);
    const ev = eventOfKind('ghostseries');
    const noSeries = await fetchMarketLineage(c, firstMarketOf(ev));
    expect(noSeries.event!.series_ticker).toBe(ev.series);
    expect(noSeries.series).toBeNull();
    const solo = await fetchMarketLineage(c, firstMarketOf(eventOfKind('noseries')));
    expect(solo.event!.series_ticker).toBeNull();
    expect(solo.series).toBeNull();
  });

  it('an event ticker stands in as a categorical market, with its event and series (no second event call)', async () => {
    const ev = [...k.markets.catalog.events.values()].find((e) => e.kind === 'normal' && !e.historical && e.count >= 3)!;
    const l = await fetchMarketLineage(c, `kalshi:${ev.ticker}`);
    expect(l.market.market_type).toBe('categorical');
    expect(l.market.unified_id).toBe(`kalshi:${ev.ticker}`);
    expect(l.market.outcomes).toHaveLength(ev.count);
    expect(l.event!.ticker).toBe(ev.ticker);
    expect(l.event!.market_tickers).toHaveLength(ev.count);
    expect(l.series!.ticker).toBe(ev.series);
    expect(k.double.count(/^\/events\//)).toBe(1);
  });

  it('an archived market comes from /historical/markets/{ticker}', async () => {
    const old = k.markets.allHistorical()[0]!;
    const l = await fetchMarketLineage(c, old.ticker);
    expect([l.market.ticker, l.market.status]).toEqual([old.ticker, 'resolved']);
    expect(l.event!.ticker).toBe(old.event_ticker);
  });

  it('neither market nor event → MarketNotFound', async () => {
    const e = await failure(fetchMarketLineage(c, 'KXNOPE-1'));
    expect(e.kind).toBe('MarketNotFound');
    expect(e.message).toMatch(/no market or event "KXNOPE-1"/);
  });

  it('a 5xx on the series or event lookup fails the call rather than claiming "no series"', async () => {
    k.double.inject({ kind: 'status', status: 500 }, { path: /^\/series\//, times: 10 });
    const e = await failure(fetchMarketLineage(c, 'KXTEST-25Q4-CONTRACT'));
    expect(e.kind).toBe('Api');
    expect(k.double.count(/^\/series\//)).toBe(4);
    k.double.clearFaults();
    k.double.inject({ kind: 'status', status: 503 }, { path: /^\/events\//, times: 10 });
    expect((await failure(fetchMarketLineage(c, 'KXTEST-25Q4-CONTRACT'))).kind).toBe('Api');
  });

  it('a transient 5xx is retried away', async () => {
    k.double.inject({ kind: 'status', status: 502 }, { path: /^\/series\//, times: 1 });
    const l = await fetchMarketLineage(c, 'KXTEST-25Q4-CONTRACT');
    expect(l.series!.ticker).toBe('KXTEST');
  });
});

describe('fetchMarket', () => {
  it('a live market in one request; an archived, event or unknown ticker is MarketNotFound', async () => {
    expect((await fetchMarket(c, 'kalshi:KXTEST-25Q4-CONTRACT')).best_ask).toBe(0.67);
    expect(paths()).toEqual(['/markets/KXTEST-25Q4-CONTRACT']);
    for (const t of [k.markets.allHistorical()[2]!.ticker, 'KXTEST-25Q4', 'NOPE']) {
      const e = await failure(fetchMarket(c, t));
      expect(e.kind).toBe('MarketNotFound');
      expect(e.message).toBe(`Kalshi has no market "${t}"`);
    }
  });

  it('sees markets other doubles put into the catalogue', async () => {
    k.markets.put({ ticker: 'KXNEW-26JAN01-T1', event_ticker: 'KXTEST-25Q4', status: 'active', yes_ask_dollars: '0.2500' });
    const m = await fetchMarket(c, 'KXNEW-26JAN01-T1');
    expect(m.outcomes.map((o) => o.price)).toEqual([0.25, 0.75]);
    const ev = await fetchMarkets(c, { event_ticker: 'KXTEST-25Q4' });
    expect(ev.markets.map((x) => x.ticker)).toContain('KXNEW-26JAN01-T1');
  });
});

describe('upstream failures → error kinds', () => {
  it('5xx that persists → Api; after retries, with the count', async () => {
    k.double.inject({ kind: 'status', status: 500 }, { path: /^\/markets$/, times: 10 });
    const e = await failure(fetchMarkets(c, {}));
    expect(e.kind).toBe('Api');
    expect(k.double.count(/^\/markets$/)).toBe(4);
  });

  it('garbage bodies → Api: malformed JSON, truncated JSON, an HTML page, a wrong envelope', async () => {
    const faults = [
      { kind: 'malformed' as const },
      { kind: 'truncated' as const },
      { kind: 'html' as const, status: 200 },
      { kind: 'status' as const, status: 200, body: '{"markets":"nope","cursor":""}' },
      { kind: 'status' as const, status: 200, body: '{"markets":[],"cursor":42}' },
      { kind: 'status' as const, status: 200, body: 'null' },
    ];
    for (const fault of faults) {
      k.double.inject(fault, { path: /^\/markets$/ });
      const e = await failure(fetchMarkets(c, {}));
      expect([e.kind, e.usage], JSON.stringify(fault)).toEqual(['Api', false]);
    }
    k.double.inject({ kind: 'status', status: 200, body: '{"market":{"no":"ticker"}}' }, { path: /^\/markets\// });
    expect((await failure(fetchMarket(c, 'KXTEST-25Q4-CONTRACT'))).kind).toBe('Api');
  });

  it('a 404 on a listing path is a wrong base URL (Api with a hint), not a missing market', async () => {
    k.double.inject({ kind: 'status', status: 404, body: '{"error":{"code":"not_found","message":"page not found"}}' }, { path: /^\/markets$/ });
    const e = await failure(fetchMarkets(c, {}));
    expect(e.kind).toBe('Api');
    expect(e.hint).toMatch(/PMT_KALSHI_API_URL/);
  });

  it('rate limiting persists → RateLimited', async () => {
    k.double.inject({ kind: 'status', status: 429, headers: { 'retry-after': '0' } }, { path: /^\/markets\//, times: 10 });
    expect((await failure(fetchMarket(c, 'KXTEST-25Q4-CONTRACT'))).kind).toBe('RateLimited');
  });
});
