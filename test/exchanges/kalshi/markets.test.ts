/** fetch_markets against the Kalshi double: catalogue paging, filters, tickers, events, cursors. */
import { describe, expect, it } from 'vitest';
import type { KalshiClient } from '../../../src/exchanges/kalshi/client.js';
import { fetchMarkets } from '../../../src/exchanges/kalshi/markets.js';
import type { FetchMarketsParams, MarketsPage, MarketStatusFilter } from '../../../src/exchanges/types.js';
import { createKalshiDouble, type KalshiDouble } from '../../upstream/kalshi/index.js';
import { clientFor, useMarketsDouble, expectedTickers, MARKET_KEYS } from './helpers.js';
import { failure } from '../../helpers/failure.js';

process.env.PMT_RETRY_BASE_MS = '1';
let k: KalshiDouble;
let c: KalshiClient;

useMarketsDouble(2500, (double, client) => {
  k = double;
  c = client;
});

async function pageAll(params: FetchMarketsParams): Promise<MarketsPage[]> {
  const pages: MarketsPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchMarkets(c, { ...params, cursor });
    pages.push(page);
    cursor = page.cursor ?? undefined;
    if (pages.length > 400) throw new Error('paging does not end');
  } while (cursor);
  return pages;
}

const listRequests = () => k.double.requests.filter((r) => /^\/(historical\/)?markets$/.test(r.path));

describe('catalogue paging', () => {
  it('pages every active market at the 1000 cap: no duplicates, no gaps, the last cursor null', async () => {
    const pages = await pageAll({ limit: 5000 });
    const tickers = pages.flatMap((p) => p.markets.map((m) => m.ticker));
    expect(new Set(tickers).size).toBe(tickers.length);
    expect(new Set(tickers)).toEqual(expectedTickers(k, 'active'));
    expect(pages.at(-1)!.cursor).toBeNull();
    for (const p of pages) expect(p.markets.length).toBeLessThanOrEqual(1000);
    for (const m of pages.flatMap((p) => p.markets)) expect(Object.keys(m)).toEqual(MARKET_KEYS);
    for (const r of listRequests()) {
      expect(r.path).toBe('/markets');
      expect(r.query.get('limit')).toBe('1000');
      expect(r.query.get('status')).toBe('open');
    }
  });

  it.each(['closed', 'resolved', 'all'] as MarketStatusFilter[])('--status %s: exactly the markets of that unified status, live and archived', async (status) => {
    const pages = await pageAll({ status, limit: 300 });
    const markets = pages.flatMap((p) => p.markets);
    const tickers = markets.map((m) => m.ticker);
    expect(new Set(tickers).size).toBe(tickers.length);
    expect(new Set(tickers)).toEqual(expectedTickers(k, status));
    for (const p of pages) expect(p.markets.length).toBeLessThanOrEqual(300);
    if (status !== 'all') for (const m of markets) expect(m.status).toBe(status);
    const hist = listRequests().filter((r) => r.path === '/historical/markets');
    expect(hist.length > 0).toBe(status !== 'closed');
    for (const r of hist) expect(r.query.has('status')).toBe(false);
    const live = new Set(listRequests().filter((r) => r.path === '/markets').map((r) => r.query.get('status')));
    expect(live).toEqual(new Set({ closed: ['closed', 'unopened', 'paused'], resolved: ['settled', 'closed'], all: [null] }[status as string]));
  });

  it('live and archive are read in parallel and a page never exceeds the limit', async () => {
    const page = await fetchMarkets(c, { status: 'all', limit: 10 });
    expect(page.markets.length).toBe(10);
    expect(listRequests().map((r) => `${r.path}?limit=${r.query.get('limit')}`).sort()).toEqual(['/historical/markets?limit=5', '/markets?limit=5']);
  });

  it('no limit asks Kalshi for its default 100; more than 1000 is clamped; negative is refused before any request', async () => {
    await fetchMarkets(c, {});
    await fetchMarkets(c, { limit: 1001 });
    expect(listRequests().map((r) => r.query.get('limit'))).toEqual(['100', '1000']);
    k.double.resetLog();
    for (const limit of [-1, 2.5, Number.NaN]) expect((await failure(fetchMarkets(c, { limit }))).usage).toBe(true);
    expect((await failure(fetchMarkets(c, { status: 'open' as never }))).usage).toBe(true);
    expect(k.double.requests).toHaveLength(0);
  });

  it('limit 0 is an empty page that keeps its position (nothing is sent; Kalshi would read 0 as 100)', async () => {
    const zero = await fetchMarkets(c, { status: 'all', limit: 0 });
    expect(zero.markets).toEqual([]);
    expect(k.double.requests).toHaveLength(0);
    const first = await fetchMarkets(c, { status: 'all', limit: 10, cursor: zero.cursor! });
    expect(first.markets.map((m) => m.ticker)).toEqual((await fetchMarkets(c, { status: 'all', limit: 10 })).markets.map((m) => m.ticker));
    const again = await fetchMarkets(c, { status: 'all', limit: 0, cursor: first.cursor! });
    expect([again.markets, again.cursor]).toEqual([[], first.cursor]);
  });

  it('a series filter reaches both the live set and the archive', async () => {
    const pages = await pageAll({ status: 'all', series_ticker: 'KXFED', limit: 1000 });
    const tickers = new Set(pages.flatMap((p) => p.markets.map((m) => m.ticker)));
    const expected = expectedTickers(k, 'all', 'KXFED');
    expect(expected.size).toBeGreaterThan(20);
    expect(tickers).toEqual(expected);
    for (const r of listRequests()) expect(r.query.get('series_ticker')).toBe('KXFED');
  });

  it('cursor round trip: page 2 continues page 1; a cursor of another query or garbage is a usage error and nothing is sent', async () => {
    const one = await fetchMarkets(c, { status: 'resolved', limit: 50 });
    const two = await fetchMarkets(c, { status: 'resolved', limit: 50, cursor: one.cursor! });
    const first = new Set(one.markets.map((m) => m.ticker));
    expect(two.markets.length).toBeGreaterThan(0);
    for (const m of two.markets) expect(first.has(m.ticker)).toBe(false);
    k.double.resetLog();
    const wrong = await failure(fetchMarkets(c, { status: 'active', cursor: one.cursor! }));
    expect(wrong.usage).toBe(true);
    expect(wrong.message).toMatch(/--status resolved/);
    for (const cursor of ['abc', one.cursor!.slice(0, 12), 'pmt1.e30', one.cursor! + '$']) {
      expect((await failure(fetchMarkets(c, { status: 'resolved', cursor }))).usage).toBe(true);
    }
    expect((await failure(fetchMarkets(c, { status: 'resolved', series_ticker: 'KXFED', cursor: one.cursor! }))).usage).toBe(true);
    expect(k.double.requests).toHaveLength(0);
  });

  it('an upstream cursor that does not move fails loudly instead of paging forever', async () => {
    const one = await fetchMarkets(c, { limit: 20 });
    const upstream = (JSON.parse(Buffer.from(one.cursor!.slice(3), 'base64url').toString()) as { p: { open: string } }).p.open;
    k.double.inject({ kind: 'status', status: 200, body: JSON.stringify({ markets: [], cursor: upstream }) }, { path: /^\/markets$/ });
    const e = await failure(fetchMarkets(c, { limit: 20, cursor: one.cursor! }));
    expect([e.kind, e.usage]).toEqual(['Api', false]);
  });
});

describe('tickers and events', () => {
  it('250 tickers go out in chunks of at most 100, come back in the order asked, status-filtered client side', async () => {
    const live = k.markets.allLive();
    const wanted = [...live.slice(0, 240).map((w) => w.ticker), 'KXNOPE-1', ...live.slice(300, 309).map((w) => w.ticker)].reverse();
    const page = await fetchMarkets(c, { market_tickers: wanted, limit: 5 });
    const active = expectedTickers(k, 'active');
    expect(page.markets.map((m) => m.ticker)).toEqual(wanted.filter((t) => active.has(t)));
    expect(page.cursor).toBeNull();
    const reqs = listRequests();
    expect(reqs).toHaveLength(3);
    for (const r of reqs) {
      expect(r.query.get('tickers')!.split(',').length).toBeLessThanOrEqual(100);
      expect(r.query.has('status')).toBe(false);
    }
    const all = await fetchMarkets(c, { status: 'all', market_tickers: wanted });
    expect(all.markets).toHaveLength(wanted.length - 1);
  });

  it('archived tickers are found for resolved/all only', async () => {
    const old = k.markets.allHistorical()[3]!.ticker;
    expect((await fetchMarkets(c, { market_tickers: [old] })).markets).toEqual([]);
    const found = await fetchMarkets(c, { status: 'resolved', market_tickers: ['kalshi:' + old] });
    expect(found.markets.map((m) => [m.ticker, m.status])).toEqual([[old, 'resolved']]);
    expect(k.double.count(/^\/historical\/markets$/)).toBe(1);
  });

  it('a ticker or event lookup with a cursor, or a ticker with a comma, is a usage error', async () => {
    expect((await failure(fetchMarkets(c, { market_tickers: ['A,B'] }))).usage).toBe(true);
    expect((await failure(fetchMarkets(c, { market_tickers: ['A'], cursor: 'k1.x' }))).usage).toBe(true);
    expect((await failure(fetchMarkets(c, { event_ticker: 'E', cursor: 'k1.x' }))).usage).toBe(true);
  });

  it("an event's markets (sibling and nested arrays), status-filtered; tickers win over the event", async () => {
    const ev = [...k.markets.catalog.events.values()].find((e) => e.kind === 'normal' && !e.historical && e.count >= 5)!;
    const all = await fetchMarkets(c, { event_ticker: ev.ticker, status: 'all' });
    const mine = k.markets.allLive().filter((w) => w.event_ticker === ev.ticker);
    expect(all.markets.map((m) => m.ticker)).toEqual(mine.map((w) => w.ticker));
    expect(all.cursor).toBeNull();
    const active = await fetchMarkets(c, { event_ticker: ev.ticker });
    expect(active.markets.every((m) => m.status === 'active')).toBe(true);
    expect(active.markets.length).toBe(mine.filter((w) => w.status === 'active' || w.status === undefined).length);
    k.double.resetLog();
    await fetchMarkets(c, { event_ticker: ev.ticker, market_tickers: [mine[0]!.ticker] });
    expect(k.double.count(/^\/events\//)).toBe(0);
  });

  it('an archived event lists its markets from the archive (resolved/all); an unknown event is MarketNotFound', async () => {
    const ev = [...k.markets.catalog.events.values()].find((e) => e.historical && e.count >= 2)!;
    expect((await fetchMarkets(c, { event_ticker: ev.ticker })).markets).toEqual([]);
    const resolved = await fetchMarkets(c, { event_ticker: ev.ticker, status: 'resolved' });
    expect(resolved.markets.length).toBe(ev.count);
    const e = await failure(fetchMarkets(c, { event_ticker: 'KXNOPE-26JAN01' }));
    expect(e.kind).toBe('MarketNotFound');
    expect(e.message).toMatch(/no event "KXNOPE-26JAN01"/);
  });

  it('a market both live and archived (the cutoff moved) is listed once', async () => {
    const small = createKalshiDouble({ markets: 6, historical: 3 });
    await small.double.start();
    try {
      const rec = small.markets.catalog.historical[1]!;
      small.markets.catalog.live.push(rec);
      const page = await fetchMarkets(clientFor(small.double.url), { status: 'all', limit: 1000 });
      expect(page.markets.filter((m) => m.ticker === rec.ticker)).toHaveLength(1);
      expect(page.markets).toHaveLength(9);
    } finally {
      await small.double.close();
    }
  });
});
