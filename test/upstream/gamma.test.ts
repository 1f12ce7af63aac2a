/** The Gamma double itself: catalogue shape and Gamma's wire behaviour, over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Router, UpstreamDouble } from './server.js';
import { createGamma, type Gamma } from './polymarket/gamma-routes.js';
import { DEFAULT_EVENTS, FIXTURE_EVENT_SLUG } from './polymarket/gamma-catalog.js';

type Wire = Record<string, unknown>;
let gamma: Gamma;
let double: UpstreamDouble;

beforeAll(async () => {
  gamma = createGamma();
  const router = new Router();
  gamma.register(router);
  double = await new UpstreamDouble('gamma', router).start();
});
afterAll(() => double?.close());

async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(double.url + path);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const markets = () => gamma.catalog.markets.map((m) => m.wire);

describe('the generated catalogue', () => {
  it('is deterministic and scales with the events option', () => {
    expect(JSON.stringify(createGamma({ events: 40 }).catalog.events.map((e) => e.wire))).toBe(JSON.stringify(createGamma({ events: 40 }).catalog.events.map((e) => e.wire)));
    expect(JSON.stringify(createGamma({ events: 40, seed: 2 }).catalog.events.map((e) => e.wire))).not.toBe(JSON.stringify(createGamma({ events: 40 }).catalog.events.map((e) => e.wire)));
    expect(gamma.catalog.events.length).toBe(DEFAULT_EVENTS);
    expect(gamma.catalog.markets.length).toBeGreaterThan(1500);
    expect(createGamma({ events: 1000 }).catalog.events.length).toBe(1000);
  });

  it('has unique slugs and realistic, unique uint256 token ids', () => {
    expect(new Set(gamma.catalog.markets.map((m) => m.slug)).size).toBe(gamma.catalog.markets.length);
    const tokens = [...gamma.catalog.tokens.keys()].filter((t) => !t.startsWith('1234567890'));
    expect(tokens.length).toBeGreaterThan(3000);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const t of tokens) {
      expect(t).toMatch(/^[1-9]\d{69,77}$/);
      expect(BigInt(t) < 2n ** 256n).toBe(true);
    }
  });

  it('covers the shapes the adapter must handle', () => {
    const ms = markets();
    const outcomesOf = (m: Wire) => (typeof m.outcomes === 'string' ? (JSON.parse(m.outcomes) as string[]) : []);
    const pricesOf = (m: Wire) => (typeof m.outcomePrices === 'string' ? (JSON.parse(m.outcomePrices) as string[]) : []);
    const some = (p: (m: Wire) => boolean) => expect(ms.some(p)).toBe(true);
    some((m) => outcomesOf(m).length === 2);
    some((m) => outcomesOf(m).length > 2);
    some((m) => m.negRisk === true && typeof m.negRiskMarketID === 'string');
    some((m) => m.closed === true && pricesOf(m).includes('1'));
    some((m) => m.closed === true && !pricesOf(m).includes('1'));
    some((m) => m.active === false && m.closed === false);
    some((m) => m.archived === true);
    some((m) => typeof m.volumeNum === 'string' && typeof m.orderPriceMinTickSize === 'string');
    some((m) => !('description' in m) && !('bestBid' in m) && !('volumeNum' in m));
    some((m) => !('clobTokenIds' in m));
    some((m) => Number(m.orderPriceMinTickSize) === 0.001);
    some((m) => typeof m.closedTime === 'string' && / \d{2}:\d{2}:\d{2}\+00$/.test(m.closedTime));
    const events = gamma.catalog.events.map((e) => e.wire);
    expect(events.some((e) => Array.isArray(e.series))).toBe(true);
    expect(events.some((e) => !('series' in e))).toBe(true);
    expect(events.some((e) => e.negRisk === true && (e.markets as Wire[]).length > 2)).toBe(true);
    expect(events.some((e) => Array.isArray(e.series) && typeof (e.series[0] as Wire).id === 'number')).toBe(true);
    expect(events.some((e) => e.active === true && e.closed === false && (e.markets as Wire[]).some((m) => m.closed === true))).toBe(true);
  });

  it('serves openpx\'s fixture verbatim', async () => {
    const fixture = JSON.parse(readFileSync(new URL('./polymarket/fixtures/polymarket-market.json', import.meta.url), 'utf8'));
    const r = await get('/markets/slug/polymarket-test-slug-2025q4');
    expect(r).toEqual({ status: 200, body: fixture });
    const e = await get(`/events/slug/${FIXTURE_EVENT_SLUG}`);
    expect(e.body.markets).toEqual([fixture]);
    expect(gamma.tokenInfo('123456789012345678901234567890123456789012345678901234567890001')).toMatchObject({ outcome: 'Yes', price: 0.65, tickSize: '0.01', negRisk: false, minOrderSize: 5 });
  });

  it('tells the CLOB doubles about each token', () => {
    const m = gamma.catalog.markets.find((x) => x.wire.negRisk === true && Number(x.wire.orderPriceMinTickSize) === 0.001 && x.wire.closed === false)!;
    const tokens = JSON.parse(m.wire.clobTokenIds as string) as string[];
    const prices = JSON.parse(m.wire.outcomePrices as string) as string[];
    expect(gamma.tokenInfo(tokens[1]!)).toEqual({
      tokenId: tokens[1], slug: m.slug, conditionId: m.wire.conditionId, outcome: 'No', tickSize: '0.001', negRisk: true,
      minOrderSize: Number(m.wire.orderMinSize ?? 5), price: Number(prices[1]),
    });
    expect(gamma.tokenInfo('42')).toBeUndefined();
  });
});

describe('Gamma wire behaviour', () => {
  it('/markets answers closed=false when closed is not sent, and takes repeated slug, id and clob_token_ids', async () => {
    const open = gamma.catalog.markets.find((m) => m.wire.closed === false)!;
    const closed = gamma.catalog.markets.find((m) => m.wire.closed === true)!;
    const both = `slug=${open.slug}&slug=${closed.slug}`;
    expect((await get(`/markets?${both}`)).body.map((m: Wire) => m.slug)).toEqual([open.slug]);
    expect((await get(`/markets?${both}&closed=true`)).body.map((m: Wire) => m.slug)).toEqual([closed.slug]);
    expect((await get(`/markets?id=${open.id}&id=${closed.id}&closed=false`)).body.map((m: Wire) => m.id)).toEqual([String(open.id)]);
    const token = (JSON.parse(closed.wire.clobTokenIds as string) as string[])[0];
    expect((await get(`/markets?clob_token_ids=${token}&closed=true`)).body.map((m: Wire) => m.slug)).toEqual([closed.slug]);
    expect((await get('/markets')).body.length).toBe(20);
    const listed = (await get(`/markets/slug/${open.slug}`)).body;
    expect(listed.events[0].slug).toBe(open.event.slug);
    expect(listed.events[0].markets).toBeUndefined();
  });

  it('/events/keyset pages with next_cursor only on full pages, defaulting to open events', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await get(`/events/keyset?limit=97${cursor ? `&after_cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      for (const e of r.body.events) expect(e.closed).toBe(false);
      seen.push(...r.body.events.map((e: Wire) => Number(e.id)));
      if (r.body.events.length < 97) expect(r.body.next_cursor).toBeUndefined();
      cursor = r.body.next_cursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(gamma.catalog.events.filter((e) => !e.closed).map((e) => e.id));
    expect(pages).toBeGreaterThan(2);
    const closedIds = (await get('/events/keyset?limit=500&closed=true')).body.events.map((e: Wire) => Number(e.id));
    expect(closedIds).toEqual(gamma.catalog.events.filter((e) => e.closed).map((e) => e.id));
    const activeOpen = (await get('/events/keyset?limit=500&active=true&closed=false')).body.events;
    expect(activeOpen.every((e: Wire) => e.active === true)).toBe(true);
    expect((await get('/events/keyset')).body.events.length).toBe(20);
  });

  it('keyset endpoints refuse offset, an over-cap limit and a bad cursor with 422', async () => {
    for (const path of ['/events/keyset?offset=0', '/events/keyset?limit=501', '/events/keyset?limit=0', '/events/keyset?after_cursor=nope', '/markets/keyset?offset=10', '/markets/keyset?limit=1001']) {
      const r = await get(path);
      expect(r.status, path).toBe(422);
      expect(r.body.type).toBe('validation error');
    }
    expect((await get('/markets/keyset?limit=1000')).body.markets.length).toBe(1000);
  });

  it('is 404 for unknown slugs and ids', async () => {
    for (const path of ['/markets/slug/nope', '/events/slug/nope', '/markets/1', '/events/1']) expect((await get(path)).status, path).toBe(404);
  });
});
