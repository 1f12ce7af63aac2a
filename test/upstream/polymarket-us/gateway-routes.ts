/**
 * The Polymarket US public gateway double: `/v1/markets` (limit/offset, repeated `slug`, the
 * `active`/`closed` filters), `/v1/market/slug/{slug}`, `/v1/events` and `/v1/events/slug/{slug}`,
 * `/v1/search`, `/v1/markets/{slug}/book|bbo` and `/v1/price-history` (symbol + fidelity
 * required, as the OpenAPI says; a custom range needs both timestamps). Unknown slugs are 404.
 */
import type { Reply, Router } from '../server.js';
import { marketWire, type UsCatalog, type UsEvent } from './catalog.js';

const notFound = (what: string): Reply => ({ status: 404, json: { code: 5, message: `${what} not found` } });
const bad = (message: string): Reply => ({ status: 400, json: { code: 3, message } });
const amount = (v: string) => ({ value: v, currency: 'USD' });

export function createUsGateway(cat: UsCatalog) {
  /** Price-history points by slug (Unix seconds, long price). */
  const history = new Map<string, Array<{ t: number; long: number }>>();
  const eventWire = (e: UsEvent) => ({
    id: e.id,
    slug: e.slug,
    title: e.title,
    active: e.active,
    closed: e.closed,
    archived: false,
    featured: false,
    markets: e.markets.map((s) => marketWire(cat.markets.get(s)!)),
    ...(e.series ? { series: e.series } : {}),
  });
  const bookWire = (slug: string) => {
    const b = cat.books.get(slug) ?? { bids: [], offers: [] };
    return {
      marketSlug: slug,
      bids: b.bids.map(([p, q]) => ({ px: amount(p), qty: q })),
      offers: b.offers.map(([p, q]) => ({ px: amount(p), qty: q })),
      state: 'MARKET_STATE_OPEN',
      stats: {},
      transactTime: new Date().toISOString(),
    };
  };
  return {
    history,
    seedHistory(slug: string, points: Array<{ t: number; long: number }>): void {
      history.set(slug, points);
    },
    register(r: Router): void {
      r.get('/v1/markets', (req) => {
        const q = req.query;
        const slugs = q.getAll('slug');
        const limit = Number(q.get('limit') ?? 20);
        const offset = Number(q.get('offset') ?? 0);
        if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offset) || offset < 0) return bad('limit and offset must be non-negative integers');
        let list = [...cat.markets.values()];
        if (slugs.length) list = list.filter((m) => slugs.includes(m.slug));
        const active = q.get('active');
        const closed = q.get('closed');
        if (active !== null) list = list.filter((m) => m.active === (active === 'true'));
        if (closed !== null) list = list.filter((m) => m.closed === (closed === 'true'));
        return { json: { markets: list.slice(offset, offset + limit).map(marketWire) } };
      });
      r.get('/v1/market/slug/:slug', (_req, p) => {
        const m = cat.markets.get(p.slug!);
        return m ? { json: { market: marketWire(m) } } : notFound(`market ${p.slug}`);
      });
      r.get('/v1/events', (req) => {
        const slugs = req.query.getAll('slug');
        let list = [...cat.events.values()];
        if (slugs.length) list = list.filter((e) => slugs.includes(e.slug));
        return { json: { events: list.slice(0, Number(req.query.get('limit') ?? 20)).map(eventWire) } };
      });
      r.get('/v1/events/slug/:slug', (_req, p) => {
        const e = cat.events.get(p.slug!);
        return e ? { json: { event: eventWire(e) } } : notFound(`event ${p.slug}`);
      });
      r.get('/v1/search', (req) => {
        const words = (req.query.get('query') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const status = req.query.get('status');
        const hit = (s: string) => words.some((w) => s.toLowerCase().includes(w));
        const list = [...cat.events.values()].filter(
          (e) => (status === 'active' ? !e.closed : status === 'closed' ? e.closed : true) && (hit(e.title) || e.markets.some((s) => hit(cat.markets.get(s)!.question))),
        );
        return { json: { events: list.slice(0, Number(req.query.get('limit') ?? 10)).map(eventWire) } };
      });
      r.get('/v1/markets/:slug/book', (_req, p) => (cat.markets.has(p.slug!) ? { json: { marketData: bookWire(p.slug!) } } : notFound(`market ${p.slug}`)));
      r.get('/v1/markets/:slug/bbo', (_req, p) => {
        if (!cat.markets.has(p.slug!)) return notFound(`market ${p.slug}`);
        const b = bookWire(p.slug!);
        return { json: { marketData: { marketSlug: p.slug, bestBid: b.bids[0]?.px, bestAsk: b.offers[0]?.px, bidDepth: b.bids.length, askDepth: b.offers.length } } };
      });
      r.get('/v1/price-history', (req) => {
        const q = req.query;
        const symbol = q.get('symbol');
        if (!symbol || !q.get('fidelity')) return bad('symbol and fidelity are required');
        const fixed = q.get('fixedInterval');
        const start = q.get('timestamp.startTimestamp');
        const end = q.get('timestamp.endTimestamp');
        if (fixed && (start || end)) return bad('fixedInterval cannot be combined with timestamps');
        if (!fixed && (!start || !end)) return bad('a custom range needs both timestamps');
        const pts = history.get(symbol) ?? [];
        const within = fixed ? pts : pts.filter((x) => x.t >= Number(start) && x.t <= Number(end));
        return { json: { history: within.map((x) => ({ timestamp: x.t, longPrice: x.long, shortPrice: Math.round((1 - x.long + 0.01) * 100) / 100 })) } };
      });
    },
  };
}
