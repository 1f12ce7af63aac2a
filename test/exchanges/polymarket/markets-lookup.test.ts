import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchMarket, fetchMarketByToken, fetchMarketLineage, fetchMarkets, SLUG_CHUNK } from '../../../src/exchanges/polymarket/markets.js';
import type { CatalogEvent, CatalogMarket } from '../../upstream/polymarket/gamma-catalog.js';
import { FIXTURE_EVENT_SLUG } from '../../upstream/polymarket/gamma-catalog.js';
import { startGamma, wireStatus, type GammaHarness } from './gamma-harness.js';

let h: GammaHarness;
beforeAll(async () => {
  h = await startGamma({ events: 150, seed: 11 });
});
afterAll(() => h?.close());
beforeEach(() => {
  h.double.resetLog();
  h.double.clearFaults();
});

const FIXTURE_SLUG = 'polymarket-test-slug-2025q4';
function event(pred: (e: CatalogEvent) => boolean): CatalogEvent {
  const e = h.catalog.events.find(pred);
  if (!e) throw new Error('catalogue lacks the event this test needs');
  return e;
}
function market(pred: (m: CatalogMarket) => boolean): CatalogMarket {
  const m = h.catalog.markets.find(pred);
  if (!m) throw new Error('catalogue lacks the market this test needs');
  return m;
}
const openWithSeries = () => event((e) => e.active && !e.closed && Array.isArray(e.wire.series) && e.markets.some((m) => wireStatus(m) === 'active'));
const resolvedMarket = () => market((m) => wireStatus(m) === 'resolved' && m.event.closed);
const pausedMarket = () => market((m) => wireStatus(m) === 'closed');

describe('fetch_markets by slugs (GET /markets?slug=…)', () => {
  it('returns the requested markets in the order given, filtered by status', async () => {
    const open = openWithSeries().markets.find((m) => wireStatus(m) === 'active')!;
    const resolved = resolvedMarket();
    const paused = pausedMarket();
    const slugs = [resolved.slug, open.slug, paused.slug, 'no-such-market'];
    const all = await fetchMarkets(h.client, { status: 'all', market_tickers: slugs });
    expect(all.markets.map((m) => m.ticker)).toEqual([resolved.slug, open.slug, paused.slug]);
    expect(all.cursor).toBeNull();
    expect((await fetchMarkets(h.client, { market_tickers: slugs })).markets.map((m) => m.ticker)).toEqual([open.slug]);
    expect((await fetchMarkets(h.client, { status: 'resolved', market_tickers: slugs })).markets.map((m) => m.ticker)).toEqual([resolved.slug]);
    expect((await fetchMarkets(h.client, { status: 'closed', market_tickers: slugs })).markets.map((m) => m.ticker)).toEqual([paused.slug]);
  });

  it('asks Gamma with an explicit closed flag: false, true, or both for all', async () => {
    const slug = resolvedMarket().slug;
    await fetchMarkets(h.client, { status: 'all', market_tickers: [slug] });
    const closedFlags = h.double.requests.map((r) => r.query.get('closed')).sort();
    expect(closedFlags).toEqual(['false', 'true']);
    h.double.resetLog();
    await fetchMarkets(h.client, { market_tickers: [`polymarket:${slug}`] });
    expect(h.double.requests.map((r) => [r.query.getAll('slug'), r.query.get('closed')])).toEqual([[[slug], 'false']]);
  });

  it('chunks long slug lists and finds every market', async () => {
    const slugs = h.catalog.markets.slice(0, 2 * SLUG_CHUNK + 5).map((m) => m.slug);
    const page = await fetchMarkets(h.client, { status: 'all', market_tickers: [...slugs, slugs[0]!] });
    expect(page.markets.map((m) => m.ticker)).toEqual(slugs);
    expect(h.double.count(/^\/markets$/)).toBe(3 * 2);
    for (const r of h.double.requests) expect(r.query.getAll('slug').length).toBeLessThanOrEqual(SLUG_CHUNK);
  });

  it('takes precedence over event and catalogue filters', async () => {
    const slug = h.catalog.markets[0]!.slug;
    await fetchMarkets(h.client, { status: 'all', market_tickers: [slug], event_ticker: FIXTURE_EVENT_SLUG, cursor: 'ignored' });
    expect(h.double.requests.every((r) => r.path === '/markets')).toBe(true);
  });
});

describe('fetch_markets by event (GET /events/slug/{slug})', () => {
  it('returns the event markets, status-filtered, with event_ticker from the event', async () => {
    const e = event((x) => x.active && !x.closed && x.markets.length > 3 && x.markets.some((m) => wireStatus(m) !== 'active'));
    const all = await fetchMarkets(h.client, { status: 'all', event_ticker: e.slug });
    expect(all.markets.map((m) => m.ticker)).toEqual(e.markets.map((m) => m.slug));
    expect(all.markets.every((m) => m.event_ticker === e.slug)).toBe(true);
    expect(all.cursor).toBeNull();
    const active = await fetchMarkets(h.client, { event_ticker: e.slug });
    expect(active.markets.map((m) => m.ticker)).toEqual(e.markets.filter((m) => wireStatus(m) === 'active').map((m) => m.slug));
  });

  it('is MarketNotFound for an unknown event', async () => {
    await expect(fetchMarkets(h.client, { event_ticker: 'no-such-event' })).rejects.toMatchObject({ kind: 'MarketNotFound', message: expect.stringContaining('no event "no-such-event"') });
  });
});

describe('fetch_market_lineage', () => {
  it('returns market, event and the embedded series', async () => {
    const e = openWithSeries();
    const m = e.markets[0]!;
    const l = await fetchMarketLineage(h.client, m.slug);
    expect(l.market.ticker).toBe(m.slug);
    expect(l.event?.ticker).toBe(e.slug);
    expect(l.event?.market_tickers).toEqual(e.markets.map((x) => x.slug));
    const s = (e.wire.series as Array<Record<string, unknown>>)[0]!;
    expect(l.series?.ticker).toBe((s.ticker as string | null) || s.slug);
    expect(l.event?.series_ticker).toBe(l.series?.ticker);
    expect(h.double.requests.map((r) => r.path)).toEqual([`/markets/slug/${m.slug}`, `/events/slug/${e.slug}`]);
  });

  it('has a null series when the event has none', async () => {
    const e = event((x) => !x.wire.series && x.slug !== FIXTURE_EVENT_SLUG);
    const l = await fetchMarketLineage(h.client, `polymarket:${e.markets[0]!.slug}`);
    expect(l.event?.ticker).toBe(e.slug);
    expect(l.series).toBeNull();
  });

  it('has a null event and series for a market without an events relation (openpx fixture)', async () => {
    const l = await fetchMarketLineage(h.client, FIXTURE_SLUG);
    expect(l).toMatchObject({ market: { ticker: FIXTURE_SLUG, numeric_id: '1234567' }, event: null, series: null });
    expect(h.double.requests.map((r) => r.path)).toEqual([`/markets/slug/${FIXTURE_SLUG}`]);
  });

  it('finds a market by numeric id, open ones with one request and closed ones with two', async () => {
    const open = market((m) => wireStatus(m) === 'active' && m.id !== 1234567);
    expect((await fetchMarket(h.client, String(open.id))).ticker).toBe(open.slug);
    expect(h.double.requests.map((r) => r.query.get('closed'))).toEqual(['false']);
    h.double.resetLog();
    const closed = resolvedMarket();
    const l = await fetchMarketLineage(h.client, `polymarket:${closed.id}`);
    expect(l.market).toMatchObject({ ticker: closed.slug, status: 'resolved', numeric_id: String(closed.id) });
    expect(l.event?.ticker).toBe(closed.event.slug);
    expect(h.double.requests.slice(0, 2).map((r) => [r.path, r.query.get('id'), r.query.get('closed')])).toEqual([
      ['/markets', String(closed.id), 'false'],
      ['/markets', String(closed.id), 'true'],
    ]);
  });

  it('is MarketNotFound for an unknown slug or id', async () => {
    await expect(fetchMarketLineage(h.client, 'no-such-slug')).rejects.toMatchObject({ kind: 'MarketNotFound', message: expect.stringContaining('no market "no-such-slug"') });
    await expect(fetchMarketLineage(h.client, '999999999')).rejects.toMatchObject({ kind: 'MarketNotFound' });
  });

  it('gives a null event when Gamma no longer has it (404)', async () => {
    const e = openWithSeries();
    h.double.inject({ kind: 'status', status: 404, body: '{"type":"not found error","error":"event not found"}' }, { path: /^\/events\/slug\// });
    const l = await fetchMarketLineage(h.client, e.markets[0]!.slug);
    expect(l.market.ticker).toBe(e.markets[0]!.slug);
    expect(l).toMatchObject({ event: null, series: null });
  });

  it('fails rather than claim a standalone market when the event request fails', async () => {
    const slug = openWithSeries().markets[0]!.slug;
    h.double.inject({ kind: 'status', status: 500 }, { path: /^\/events\/slug\//, times: 10 });
    await expect(fetchMarketLineage(h.client, slug)).rejects.toMatchObject({ kind: 'Api', status: 500 });
    h.double.clearFaults();
    h.double.inject({ kind: 'malformed' }, { path: /^\/events\/slug\// });
    await expect(fetchMarketLineage(h.client, slug)).rejects.toMatchObject({ kind: 'Api', message: expect.stringMatching(/malformed/) });
  });
});

describe('fetchMarketByToken (GET /markets?clob_token_ids=…)', () => {
  it('finds the market of an open token, a closed token and the fixture token', async () => {
    const open = market((m) => wireStatus(m) === 'active' && typeof m.wire.clobTokenIds === 'string' && m.id !== 1234567);
    const token = (JSON.parse(open.wire.clobTokenIds as string) as string[])[1]!;
    expect(token.length).toBeGreaterThanOrEqual(70);
    const m = await fetchMarketByToken(h.client, token);
    expect(m.ticker).toBe(open.slug);
    expect(m.outcomes[1]!.token_id).toBe(token);
    expect(h.double.requests.map((r) => [r.query.get('clob_token_ids'), r.query.get('closed')])).toEqual([[token, 'false']]);

    const closed = market((m) => wireStatus(m) === 'resolved' && typeof m.wire.clobTokenIds === 'string');
    const ctoken = (JSON.parse(closed.wire.clobTokenIds as string) as string[])[0]!;
    expect((await fetchMarketByToken(h.client, ctoken)).ticker).toBe(closed.slug);

    const f = await fetchMarketByToken(h.client, '123456789012345678901234567890123456789012345678901234567890002');
    expect(f.ticker).toBe(FIXTURE_SLUG);
  });

  it('is MarketNotFound for an unknown token and a usage error for a non-token', async () => {
    await expect(fetchMarketByToken(h.client, '1'.repeat(75))).rejects.toMatchObject({ kind: 'MarketNotFound' });
    await expect(fetchMarketByToken(h.client, 'will-x')).rejects.toMatchObject({ usage: true });
  });
});

describe('upstream failures', () => {
  it('retries a transient 5xx on a read and succeeds', async () => {
    h.double.inject({ kind: 'status', status: 503 }, { path: /^\/events\/keyset$/ });
    const page = await fetchMarkets(h.client, { limit: 5 });
    expect(page.markets.length).toBe(5);
    expect(h.double.count(/^\/events\/keyset$/)).toBe(2);
  });

  it('maps persistent failures to their kinds', async () => {
    h.double.inject({ kind: 'status', status: 502 }, { times: 10 });
    await expect(fetchMarkets(h.client, { limit: 5 })).rejects.toMatchObject({ kind: 'Api', status: 502 });
    h.double.clearFaults();
    h.double.inject({ kind: 'status', status: 429, headers: { 'retry-after': '0' } }, { times: 10 });
    await expect(fetchMarkets(h.client, { limit: 5 })).rejects.toMatchObject({ kind: 'RateLimited' });
    h.double.clearFaults();
    h.double.inject({ kind: 'reset' }, { times: 10 });
    await expect(fetchMarket(h.client, FIXTURE_SLUG)).rejects.toMatchObject({ kind: 'NetworkError' });
    h.double.clearFaults();
    h.double.inject({ kind: 'html' }, { times: 10 });
    await expect(fetchMarkets(h.client, { limit: 5 })).rejects.toMatchObject({ kind: 'Api', message: expect.stringMatching(/HTML/) });
  });

  it('reports garbage bodies as Api errors, never as empty results', async () => {
    h.double.inject({ kind: 'malformed' });
    await expect(fetchMarkets(h.client, { limit: 5 })).rejects.toMatchObject({ kind: 'Api' });
    h.double.inject({ kind: 'status', status: 200, body: '{"data": []}' });
    await expect(fetchMarkets(h.client, { limit: 5 })).rejects.toMatchObject({ kind: 'Api', message: expect.stringContaining('without an events list') });
    h.double.inject({ kind: 'status', status: 200, body: '{"markets": []}' });
    await expect(fetchMarkets(h.client, { market_tickers: ['x'] })).rejects.toMatchObject({ kind: 'Api' });
    h.double.inject({ kind: 'status', status: 200, body: '{"question": "no slug"}' });
    await expect(fetchMarket(h.client, FIXTURE_SLUG)).rejects.toMatchObject({ kind: 'Api', message: expect.stringContaining('without a readable market') });
  });
});
