import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PmtError } from '../../../src/errors.js';
import { fetchMarkets } from '../../../src/exchanges/polymarket/markets.js';
import { decodeCursor } from '../../../src/exchanges/polymarket/cursor.js';
import type { MarketStatusFilter } from '../../../src/exchanges/types.js';
import { expectedSlugs, pageAll, startGamma, type GammaHarness } from './gamma-harness.js';

let small: GammaHarness;
let full: GammaHarness;
beforeAll(async () => {
  [small, full] = await Promise.all([startGamma({ events: 120, seed: 7 }), startGamma()]);
});
afterAll(async () => {
  await Promise.all([small?.close(), full?.close()]);
});
beforeEach(() => {
  small.double.resetLog();
  full.double.resetLog();
  small.double.clearFaults();
  full.double.clearFaults();
});

async function expectComplete(h: GammaHarness, status: MarketStatusFilter, limit: number) {
  const pages = await pageAll(h.client, status, limit);
  const tickers = pages.flatMap((p) => p.markets.map((m) => m.ticker));
  for (const p of pages) expect(p.markets.length).toBeLessThanOrEqual(limit);
  expect(new Set(tickers).size).toBe(tickers.length);
  expect([...tickers].sort()).toEqual(expectedSlugs(h.catalog, status).sort());
  for (const p of pages) for (const m of p.markets) if (status !== 'all') expect(m.status).toBe(status);
  expect(pages[pages.length - 1]!.cursor).toBeNull();
  return { pages, tickers };
}

describe('fetch_markets catalogue paging (Gamma /events/keyset)', () => {
  it.each([
    ['active', 7],
    ['active', 100],
    ['closed', 9],
    ['resolved', 23],
    ['all', 50],
  ] as const)('walks %s with limit %i: no duplicates, no gaps, ends with a null cursor', async (status, limit) => {
    await expectComplete(small, status, limit);
  });

  it.each(['active', 'closed', 'resolved', 'all'] as const)('walks the default catalogue for %s at the 500 cap', async (status) => {
    const { tickers } = await expectComplete(full, status, 500);
    if (status !== 'closed') expect(tickers.length).toBeGreaterThan(200);
  });

  it('fills pages to the limit until the end (active)', async () => {
    const pages = await pageAll(small.client, 'active', 40);
    const sizes = pages.map((p) => p.markets.length);
    expect(sizes.slice(0, -2).every((n) => n === 40)).toBe(true);
  });

  it('sends what Gamma expects: explicit closed, bucket flags, limit within 1..500, never offset', async () => {
    await pageAll(small.client, 'all', 500);
    await pageAll(small.client, 'active', 3);
    const keyset = small.double.requests.filter((r) => r.path === '/events/keyset');
    expect(keyset.length).toBeGreaterThan(0);
    expect(small.double.unmatched).toEqual([]);
    for (const r of keyset) {
      expect(r.query.has('offset')).toBe(false);
      expect(['true', 'false']).toContain(r.query.get('closed'));
      const limit = Number(r.query.get('limit'));
      expect(limit).toBeGreaterThanOrEqual(1);
      expect(limit).toBeLessThanOrEqual(500);
      if (r.query.get('closed') === 'true') expect(r.query.has('active')).toBe(false);
    }
    const activeOnly = keyset.filter((r) => r.query.get('active') === 'true');
    expect(activeOnly.length).toBeGreaterThan(0);
    for (const r of activeOnly) expect(r.query.get('closed')).toBe('false');
  });

  it('reads the active listing in few requests at the cap', async () => {
    const pages = await pageAll(full.client, 'active', 500);
    const requests = full.double.count(/^\/events\/keyset$/);
    expect(requests).toBeLessThanOrEqual(2 * pages.length + 2);
  });

  it('clamps a page size above 500', async () => {
    const page = await fetchMarkets(full.client, { status: 'all', limit: 5000 });
    expect(page.markets.length).toBe(500);
    expect(full.double.requests.every((r) => r.query.get('limit') === null || Number(r.query.get('limit')) <= 500)).toBe(true);
  });

  it('uses 100 markets per page when no limit is given', async () => {
    const page = await fetchMarkets(small.client, {});
    expect(page.markets.length).toBe(100);
    expect(page.markets.every((m) => m.status === 'active')).toBe(true);
  });

  it('limit 0 returns no markets, sends nothing, and keeps the position', async () => {
    const first = await fetchMarkets(small.client, { limit: 5 });
    small.double.resetLog();
    const zero = await fetchMarkets(small.client, { limit: 0, cursor: first.cursor! });
    expect(zero).toEqual({ markets: [], cursor: first.cursor });
    expect(small.double.requests).toEqual([]);
    const fresh = await fetchMarkets(small.client, { limit: 0 });
    expect(fresh.markets).toEqual([]);
    const again = await fetchMarkets(small.client, { limit: 5, cursor: fresh.cursor! });
    expect(again.markets).toEqual(first.markets);
  });

  it('resumes exactly where the last page stopped: page(n) + page(n, cursor) = page(2n)', async () => {
    const a = await fetchMarkets(small.client, { limit: 13 });
    const b = await fetchMarkets(small.client, { limit: 13, cursor: a.cursor! });
    const both = await fetchMarkets(small.client, { limit: 26 });
    expect([...a.markets, ...b.markets].map((m) => m.ticker)).toEqual(both.markets.map((m) => m.ticker));
  });

  it('shares a page between open and closed events for all, without overlap between pages', async () => {
    const a = await fetchMarkets(small.client, { status: 'all', limit: 13 });
    const b = await fetchMarkets(small.client, { status: 'all', limit: 13, cursor: a.cursor! });
    expect(a.markets.filter((m) => m.status === 'resolved').length).toBeGreaterThan(0);
    expect(a.markets.filter((m) => m.status === 'active').length).toBeGreaterThan(0);
    const ta = new Set(a.markets.map((m) => m.ticker));
    expect(b.markets.some((m) => ta.has(m.ticker))).toBe(false);
  });

  it('gives the same page for the same cursor twice', async () => {
    const a = await fetchMarkets(small.client, { status: 'resolved', limit: 11 });
    const b1 = await fetchMarkets(small.client, { status: 'resolved', limit: 11, cursor: a.cursor! });
    const b2 = await fetchMarkets(small.client, { status: 'resolved', limit: 11, cursor: a.cursor! });
    expect(b1).toEqual(b2);
  });

  it('rejects a malformed or foreign cursor before any request', async () => {
    for (const cursor of ['garbage', 'pmt1.eyJrYWxzaGkiOiJ4In0', 'pm1.e30']) {
      await expect(fetchMarkets(small.client, { cursor })).rejects.toMatchObject({ kind: 'Api', usage: true });
    }
    const resolved = await fetchMarkets(small.client, { status: 'resolved', limit: 2 });
    small.double.resetLog();
    await expect(fetchMarkets(small.client, { status: 'active', cursor: resolved.cursor! })).rejects.toMatchObject({ usage: true });
    expect(small.double.requests).toEqual([]);
  });

  it('turns Gamma refusing an edited upstream position (422) into a usage error', async () => {
    const page = await fetchMarkets(small.client, { limit: 3 });
    const c = decodeCursor(page.cursor!, 'active');
    const edited = 'pm1.' + Buffer.from(JSON.stringify({ s: 'active', o: ['tampered', c.buckets.o!.skip, 1] })).toString('base64url');
    const err = await fetchMarkets(small.client, { cursor: edited }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PmtError);
    expect(err).toMatchObject({ kind: 'Api', usage: true });
    expect((err as PmtError).message).toMatch(/rejected by Polymarket/);
  });

  it('ignores series_ticker (a Kalshi filter)', async () => {
    const a = await fetchMarkets(small.client, { limit: 5 });
    const b = await fetchMarkets(small.client, { limit: 5, series_ticker: 'KXBTC' });
    expect(b).toEqual(a);
  });

  it('rejects an unknown status and a negative limit without a request', async () => {
    await expect(fetchMarkets(small.client, { status: 'open' as never })).rejects.toMatchObject({ usage: true });
    await expect(fetchMarkets(small.client, { limit: -1 })).rejects.toMatchObject({ usage: true });
    expect(small.double.requests).toEqual([]);
  });
});
