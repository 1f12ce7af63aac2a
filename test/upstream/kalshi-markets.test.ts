/** The Kalshi market-data double speaks the upstream wire format and enforces its rules. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog, STATUSES } from './kalshi/catalog.js';
import { createKalshiDouble, type KalshiDouble } from './kalshi/index.js';

let k: KalshiDouble;
beforeAll(async () => {
  k = createKalshiDouble();
  await k.double.start();
});
afterAll(() => k.double.close());

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(k.double.url + path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
type Page = { markets: Array<Record<string, unknown>>; cursor: string };

describe('catalogue', () => {
  it('holds a few thousand live markets, an archive, and the upstream fixture verbatim first', async () => {
    expect(k.markets.allLive()).toHaveLength(3000);
    expect(k.markets.allHistorical()).toHaveLength(600);
    const fixture = JSON.parse(readFileSync(new URL('./kalshi/fixtures/kalshi-market.json', import.meta.url), 'utf8'));
    const first = (await get('/markets?limit=1')).body as Page;
    expect(first.markets[0]).toEqual(fixture);
    expect((await get(`/markets/${fixture.ticker}`)).body.market).toEqual(fixture);
  });

  it('covers every status, scalar, legacy-only, sparse and mistyped markets, and odd subtitles', () => {
    const live = k.markets.allLive();
    for (const s of STATUSES) expect(live.some((w) => w.status === s), s).toBe(true);
    expect(live.some((w) => !('status' in w))).toBe(true);
    expect(live.some((w) => w.market_type === 'scalar')).toBe(true);
    expect(live.some((w) => typeof w.yes_ask === 'number' && !('yes_ask_dollars' in w) && w.tick_size === 1)).toBe(true);
    expect(live.some((w) => typeof w.settlement_ts === 'number')).toBe(true);
    expect(live.some((w) => !('yes_ask_dollars' in w) && !('last_price_dollars' in w) && !('yes_ask' in w))).toBe(true);
    expect(live.some((w) => typeof w.volume_fp === 'object')).toBe(true);
    expect(live.some((w) => w.yes_sub_title === '' && w.no_sub_title === '')).toBe(true);
    expect(live.some((w) => w.yes_sub_title !== '' && w.yes_sub_title === w.no_sub_title)).toBe(true);
    expect(live.some((w) => Array.isArray(w.price_ranges) && w.price_ranges.length === 3)).toBe(true);
    expect(live.some((w) => w.event_ticker === '')).toBe(true);
    const settledMs = (v: unknown) => (typeof v === 'number' ? v * 1000 : Date.parse(String(v)));
    expect(k.markets.allHistorical().every((w) => w.status === 'finalized' && (w.settlement_ts === undefined || settledMs(w.settlement_ts) < Date.parse('2025-11-01T00:00:00Z')))).toBe(true);
  });

  it('is deterministic and scales to 20,000 markets', () => {
    const a = buildCatalog({ markets: 20_000 });
    const b = buildCatalog({ markets: 20_000 });
    expect(a.live).toHaveLength(20_000);
    expect(new Set(a.live.map((m) => m.ticker)).size).toBe(20_000);
    expect(a.live.map((m) => m.ticker)).toEqual(b.live.map((m) => m.ticker));
    expect(a.historical).toHaveLength(4000);
  });
});

describe('GET /markets', () => {
  it('pages with a cursor that is "" at the end; default page size 100', async () => {
    let cursor = '';
    const seen: string[] = [];
    let pages = 0;
    do {
      const body = (await get(`/markets?limit=1000${cursor ? `&cursor=${cursor}` : ''}`)).body as Page;
      seen.push(...body.markets.map((m) => String(m.ticker)));
      cursor = body.cursor;
      pages += 1;
    } while (cursor !== '');
    expect(seen).toEqual(k.markets.allLive().map((w) => w.ticker));
    expect(pages).toBe(4);
    expect(((await get('/markets')).body as Page).markets).toHaveLength(100);
  });

  it('limit must be 1..1000; status one of the query enum, one value; bad cursors refused (400, Kalshi envelope)', async () => {
    for (const q of ['limit=0', 'limit=1001', 'limit=abc', 'limit=-1', 'status=active', 'status=open,closed', 'cursor=zzz']) {
      const r = await get(`/markets?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid_parameters' });
    }
  });

  it('status query values match as Kalshi documents', async () => {
    const want: Record<string, string[]> = {
      unopened: ['initialized'], open: ['active', 'undefined'], paused: ['inactive'],
      closed: ['closed', 'determined', 'disputed', 'amended'], settled: ['finalized'],
    };
    for (const [q, statuses] of Object.entries(want)) {
      const body = (await get(`/markets?status=${q}&limit=1000`)).body as Page;
      expect(new Set(body.markets.map((m) => String(m.status))), q).toEqual(new Set(statuses));
    }
  });

  it('filters by tickers, series_ticker and event_ticker', async () => {
    const live = k.markets.allLive();
    const pick = [live[5]!.ticker, live[900]!.ticker, 'NOPE'];
    expect(((await get(`/markets?tickers=${pick.join(',')}`)).body as Page).markets.map((m) => m.ticker)).toEqual(pick.slice(0, 2));
    const ev = String(live[10]!.event_ticker);
    const byEvent = ((await get(`/markets?event_ticker=${ev}`)).body as Page).markets;
    expect(byEvent.length).toBeGreaterThan(0);
    expect(byEvent.every((m) => m.event_ticker === ev)).toBe(true);
    const bySeries = ((await get('/markets?series_ticker=KXCPI&limit=1000')).body as Page).markets;
    expect(bySeries.length).toBeGreaterThan(0);
    expect(bySeries.every((m) => String(m.event_ticker).startsWith('KXCPI-'))).toBe(true);
  });
});

describe('single objects, events, series, archive', () => {
  it('404 with the Kalshi error envelope for unknown markets, events, series', async () => {
    for (const p of ['/markets/NOPE', '/events/NOPE', '/series/NOPE', '/historical/markets/NOPE']) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'not_found' });
    }
  });

  it('events: sibling markets always, nested with with_nested_markets=true', async () => {
    const plain = (await get('/events/KXTEST-25Q4')).body;
    expect((plain.event as Record<string, unknown>).markets).toBeUndefined();
    expect((plain.markets as unknown[]).length).toBe(1);
    const nested = (await get('/events/KXTEST-25Q4?with_nested_markets=true')).body;
    expect(((nested.event as Record<string, unknown>).markets as unknown[]).length).toBe(1);
    expect(nested.event).toMatchObject({ event_ticker: 'KXTEST-25Q4', series_ticker: 'KXTEST', mutually_exclusive: false });
  });

  it('series: settlement sources, tags, fee type, frequency; volume only when asked', async () => {
    const s = (await get('/series/KXFED')).body.series as Record<string, unknown>;
    expect(s).toMatchObject({ ticker: 'KXFED', category: 'Economics', tags: ['Fed', 'Rates'], settlement_sources: [{ name: 'Federal Reserve', url: 'https://www.federalreserve.gov' }] });
    expect(typeof s.fee_type).toBe('string');
    expect(typeof s.frequency).toBe('string');
    expect(s.volume_fp).toBeUndefined();
    expect(typeof ((await get('/series/KXFED?include_volume=true')).body.series as Record<string, unknown>).volume_fp).toBe('string');
  });

  it('the archive: /historical/markets pages, archived tickers are 404 on /markets/{t}, the cutoff is served', async () => {
    const old = k.markets.allHistorical()[0]!.ticker;
    expect((await get(`/markets/${old}`)).status).toBe(404);
    expect(((await get(`/historical/markets/${old}`)).body.market as Record<string, unknown>).ticker).toBe(old);
    const page = (await get('/historical/markets?limit=1000')).body as Page;
    expect(page.markets).toHaveLength(600);
    expect((await get('/historical/markets?status=settled')).status).toBe(400);
    expect((await get('/historical/cutoff')).body).toEqual({
      market_settled_ts: '2025-11-01T00:00:00Z', trades_created_ts: '2025-11-01T00:00:00Z', orders_updated_ts: '2025-11-01T00:00:00Z',
    });
  });
});
