/**
 * Polymarket event titles for listings that mix events: what the listing already read (the
 * catalogue's events, the events embedded in `/markets` rows) costs no request; an event not seen
 * yet is asked for in one batched keyset request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PolymarketClient } from '../../../src/exchanges/polymarket/client.js';
import { fetchEventTitles, fetchMarkets } from '../../../src/exchanges/polymarket/markets.js';
import { startGamma, type GammaHarness } from './gamma-harness.js';

let h: GammaHarness;
beforeAll(async () => {
  h = await startGamma({ events: 60, seed: 11 });
});
afterAll(() => h?.close());
beforeEach(() => h.double.resetLog());

/** A fresh client on the same double: nothing read yet. */
const fresh = () => new PolymarketClient(h.client.cfg);
const titleOf = (slug: string) => String(h.catalog.eventBySlug.get(slug)!.wire.title);

describe('fetchEventTitles', () => {
  it("a catalogue page's events cost nothing more", async () => {
    const c = fresh();
    const page = await fetchMarkets(c, { limit: 30 });
    const events = [...new Set(page.markets.map((m) => m.event_ticker!))];
    expect(events.length).toBeGreaterThan(1);
    const asked = h.double.count();
    expect(await fetchEventTitles(c, events, 'active')).toEqual(Object.fromEntries(events.map((e) => [e, titleOf(e)])));
    expect(h.double.count()).toBe(asked);
  });

  it('markets looked up by slug carry their event; events never seen are asked for in one request', async () => {
    const [a, b] = h.catalog.markets.filter((m) => m.wire.closed !== true).slice(5, 7);
    const c = fresh();
    await fetchMarkets(c, { market_tickers: [a!.slug, b!.slug] });
    const asked = h.double.count();
    expect(await fetchEventTitles(c, [a!.event.slug, b!.event.slug])).toEqual({ [a!.event.slug]: titleOf(a!.event.slug), [b!.event.slug]: titleOf(b!.event.slug) });
    expect(h.double.count()).toBe(asked);

    const other = fresh();
    const slugs = h.catalog.events.filter((e) => !e.closed).slice(0, 3).map((e) => e.slug);
    expect(await fetchEventTitles(other, [...slugs, 'no-such-event'], 'active')).toEqual(Object.fromEntries(slugs.map((s) => [s, titleOf(s)])));
    expect(h.double.count(/\/events\/keyset$/)).toBe(1);
  });
});
