/**
 * The Polymarket Gamma double: market, event and keyset endpoints over the generated catalogue,
 * with Gamma's real behaviour: list endpoints answer `closed=false` when `closed` is not sent;
 * `/markets` takes repeated `slug`, `id`, `clob_token_ids`, `condition_ids`; keyset endpoints
 * answer `{events|markets, next_cursor}` (next_cursor only when the page is full), cap `limit`
 * (events 500, markets 1000) and refuse `offset` or a bad cursor with 422; unknown slugs are 404.
 */
import type { Reply, RecordedRequest, Router } from '../server.js';
import { buildCatalog, listedMarket, type CatalogEvent, type CatalogMarket, type GammaCatalog } from './gamma-catalog.js';
import type { TokenInfo } from './gamma-market.js';

export type { TokenInfo } from './gamma-market.js';

export interface GammaOptions {
  /** Number of events in the generated catalogue (default 500, about 2,000 markets). */
  events?: number;
  /** PRNG seed: same seed and size, same catalogue. */
  seed?: number;
}

const LIST_DEFAULT_LIMIT = 20;
const LIST_MAX_LIMIT = 500;
const EVENTS_KEYSET_MAX = 500;
const MARKETS_KEYSET_MAX = 1000;

function validation(error: string): Reply {
  return { status: 422, json: { type: 'validation error', error } };
}
function notFound(what: string): Reply {
  return { status: 404, json: { type: 'not found error', error: `${what} not found` } };
}

class BadParam extends Error {}

function boolParam(q: URLSearchParams, name: string): boolean | undefined {
  const v = q.get(name);
  if (v === null) return undefined;
  if (v === 'true' || v === 'false') return v === 'true';
  throw new BadParam(`${name} must be a boolean`);
}

function intParam(q: URLSearchParams, name: string, def: number, min: number, max: number, clamp: boolean): number {
  const v = q.get(name);
  if (v === null) return def;
  if (!/^-?\d+$/.test(v)) throw new BadParam(`${name} must be an integer`);
  const n = Number(v);
  if (clamp) return n === 0 ? def : Math.min(Math.max(n, min), max);
  if (n < min || n > max) throw new BadParam(`${name} must be between ${min} and ${max}`);
  return n;
}

function ids(q: URLSearchParams): number[] {
  return q.getAll('id').flatMap((v) => v.split(',')).map((v) => {
    if (!/^\d+$/.test(v)) throw new BadParam('id must be an integer');
    return Number(v);
  });
}

function encodeKey(kind: string, id: number): string {
  return Buffer.from(JSON.stringify({ k: kind, id })).toString('base64url');
}

function decodeKey(kind: string, cursor: string | null): number {
  if (cursor === null || cursor === '') return -1;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k?: unknown; id?: unknown };
    if (v.k === kind && typeof v.id === 'number' && Number.isSafeInteger(v.id)) return v.id;
  } catch {
    /* fall through */
  }
  throw new BadParam('invalid cursor');
}

/** Wraps a handler so a bad parameter is Gamma's 422 validation error. */
function validated(h: (req: RecordedRequest, p: Record<string, string>) => Reply): (req: RecordedRequest, p: Record<string, string>) => Reply {
  return (req, p) => {
    try {
      return h(req, p);
    } catch (e) {
      if (e instanceof BadParam) return validation(e.message);
      throw e;
    }
  };
}

const isClosed = (m: CatalogMarket): boolean => m.wire.closed === true;

export function createGamma(opts: GammaOptions = {}) {
  const catalog: GammaCatalog = buildCatalog(opts);

  function marketsList(q: URLSearchParams): CatalogMarket[] {
    const closed = boolParam(q, 'closed') ?? false;
    const slugs = new Set(q.getAll('slug'));
    const idSet = new Set(ids(q));
    const tokens = q.getAll('clob_token_ids').flatMap((v) => v.split(','));
    const tokenSlugs = new Set(tokens.map((t) => catalog.tokens.get(t)?.slug));
    const conditions = new Set(q.getAll('condition_ids').flatMap((v) => v.split(',')));
    return catalog.markets.filter(
      (m) =>
        isClosed(m) === closed &&
        (slugs.size === 0 || slugs.has(m.slug)) &&
        (idSet.size === 0 || idSet.has(m.id)) &&
        (conditions.size === 0 || conditions.has(String(m.wire.conditionId))) &&
        (tokens.length === 0 || tokenSlugs.has(m.slug)),
    );
  }

  function eventsKeyset(q: URLSearchParams): Reply {
    if (q.has('offset')) return validation('offset is not allowed on keyset endpoints; use after_cursor');
    const limit = intParam(q, 'limit', 20, 1, EVENTS_KEYSET_MAX, false);
    const closed = boolParam(q, 'closed') ?? false;
    const active = boolParam(q, 'active');
    const after = decodeKey('events', q.get('after_cursor'));
    const slugs = new Set(q.getAll('slug'));
    const idSet = new Set(ids(q));
    const page: CatalogEvent[] = [];
    for (const e of catalog.events) {
      if (page.length >= limit) break;
      if (e.id <= after || e.closed !== closed || (active !== undefined && e.active !== active)) continue;
      if ((slugs.size && !slugs.has(e.slug)) || (idSet.size && !idSet.has(e.id))) continue;
      page.push(e);
    }
    const body: Record<string, unknown> = { events: page.map((e) => e.wire) };
    if (page.length === limit) body.next_cursor = encodeKey('events', page[page.length - 1]!.id);
    return { json: body };
  }

  function marketsKeyset(q: URLSearchParams): Reply {
    if (q.has('offset')) return validation('offset is not allowed on keyset endpoints; use after_cursor');
    const limit = intParam(q, 'limit', 20, 1, MARKETS_KEYSET_MAX, false);
    const after = decodeKey('markets', q.get('after_cursor'));
    const page = marketsList(q).filter((m) => m.id > after).slice(0, limit);
    const body: Record<string, unknown> = { markets: page.map((m) => listedMarket(m)) };
    if (page.length === limit) body.next_cursor = encodeKey('markets', page[page.length - 1]!.id);
    return { json: body };
  }

  /**
   * `/public-search`: events whose title or a market's question holds any word of `q` (required),
   * up to `limit_per_type` (default 5); closed events only when `events_status` is not `active`,
   * closed markets inside an event only with `keep_closed_markets=1`.
   */
  function publicSearch(q: URLSearchParams): Reply {
    const text = q.get('q');
    if (text === null || text.trim() === '') return validation('q is required');
    const limit = intParam(q, 'limit_per_type', 5, 1, 1000, false);
    const keepClosed = q.get('keep_closed_markets') === '1';
    const onlyActive = q.get('events_status') === 'active';
    const words = text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    const hit = (s: unknown) => typeof s === 'string' && words.some((w) => s.toLowerCase().includes(w));
    const found = catalog.events.filter((e) => !(onlyActive && e.closed) && (hit(e.wire.title) || e.markets.some((m) => hit(m.wire.question))));
    const events = found.slice(0, limit).map((e) => ({ ...e.wire, markets: e.markets.filter((m) => keepClosed || !isClosed(m)).map((m) => m.wire) }));
    return { json: { events, tags: [], profiles: [], pagination: { hasMore: found.length > limit, totalResults: found.length } } };
  }

  return {
    catalog,
    register(router: Router): void {
      router.get('/markets', validated((req) => {
        const q = req.query;
        const limit = intParam(q, 'limit', LIST_DEFAULT_LIMIT, 1, LIST_MAX_LIMIT, true);
        const offset = intParam(q, 'offset', 0, 0, Number.MAX_SAFE_INTEGER, false);
        return { json: marketsList(q).slice(offset, offset + limit).map((m) => listedMarket(m)) };
      }));
      router.get('/markets/keyset', validated((req) => marketsKeyset(req.query)));
      router.get('/markets/slug/:slug', (_req, p) => {
        const m = catalog.marketBySlug.get(p.slug!);
        return m ? { json: listedMarket(m) } : notFound('market');
      });
      router.get('/markets/:id', (_req, p) => {
        const m = /^\d+$/.test(p.id!) ? catalog.marketById.get(Number(p.id)) : undefined;
        return m ? { json: listedMarket(m) } : notFound('market');
      });
      router.get('/events/keyset', validated((req) => eventsKeyset(req.query)));
      router.get('/public-search', validated((req) => publicSearch(req.query)));
      router.get('/events/slug/:slug', (_req, p) => {
        const e = catalog.eventBySlug.get(p.slug!);
        return e ? { json: e.wire } : notFound('event');
      });
      router.get('/events/:id', (_req, p) => {
        const e = /^\d+$/.test(p.id!) ? catalog.eventById.get(Number(p.id)) : undefined;
        return e ? { json: e.wire } : notFound('event');
      });
    },
    /** Token metadata for a CLOB token id, if the catalogue has it. */
    tokenInfo(tokenId: string): TokenInfo | undefined {
      return catalog.tokens.get(tokenId);
    },
    /** A catalogue market by slug (wire and parent event). */
    market(slug: string): CatalogMarket | undefined {
      return catalog.marketBySlug.get(slug);
    },
    /** A catalogue event by slug. */
    event(slug: string): CatalogEvent | undefined {
      return catalog.eventBySlug.get(slug);
    },
  };
}
export type Gamma = ReturnType<typeof createGamma>;

