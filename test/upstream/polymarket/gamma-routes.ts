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
import { hex32, tokenIdFor, type Wire } from './gamma-wire.js';

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
  /** Legacy CTF token id of a Protocol V2 market → its slug. */
  const legacyIds = new Map<string, string>();

  function marketsList(q: URLSearchParams): CatalogMarket[] {
    const closed = boolParam(q, 'closed') ?? false;
    const slugs = new Set(q.getAll('slug'));
    const idSet = new Set(ids(q));
    const tokens = q.getAll('clob_token_ids').flatMap((v) => v.split(','));
    // `clob_token_ids` matches CTF token ids (a V2 market's legacy ones too), `position_ids` V2 position ids.
    const tokenSlugs = new Set(tokens.map((t) => legacyIds.get(t) ?? (catalog.tokens.get(t)?.protocol ? undefined : catalog.tokens.get(t)?.slug)));
    const positions = q.getAll('position_ids').flatMap((v) => v.split(','));
    const positionSlugs = new Set(positions.map((t) => (catalog.tokens.get(t)?.protocol === 'v2' ? catalog.tokens.get(t)!.slug : undefined)));
    const conditions = new Set(q.getAll('condition_ids').flatMap((v) => v.split(',')));
    return catalog.markets.filter(
      (m) =>
        isClosed(m) === closed &&
        (slugs.size === 0 || slugs.has(m.slug)) &&
        (idSet.size === 0 || idSet.has(m.id)) &&
        (conditions.size === 0 || conditions.has(String(m.wire.conditionId))) &&
        (tokens.length === 0 || tokenSlugs.has(m.slug)) &&
        (positions.length === 0 || positionSlugs.has(m.slug)),
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
        // `order` (id or createdAt) with `ascending` (default true), as Gamma sorts its lists.
        const order = q.get('order');
        let rows = marketsList(q);
        if (order === 'id' || order === 'createdAt') {
          const key = (m: CatalogMarket) => (order === 'id' ? m.id : String(m.wire.createdAt ?? ''));
          rows = [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
          if (boolParam(q, 'ascending') === false) rows.reverse();
        }
        return { json: rows.slice(offset, offset + limit).map((m) => listedMarket(m)) };
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
    /**
     * Add an open Protocol V2 market (docs.polymarket.com/migrate/polymarket-v2/api-integrations):
     * `version: "v2"` and `positionIds` as an array of decimal strings (module 1 binary / 2
     * neg-risk in the top byte, the outcome index in the last), optionally with legacy
     * `clobTokenIds` (JSON text) that are NOT its trading ids. Its positions trade on the CLOB
     * double through ExchangeV3 only.
     */
    addV2Market(o: { label: string; negRisk?: boolean; tickSize?: '0.01' | '0.001'; minSize?: number; yesPrice?: string; legacyIds?: boolean; positionIdsAsText?: boolean; feeType?: string; feeSchedule?: { rate: number; exponent: number; takerOnly: boolean; rebateRate: number }; feesEnabled?: boolean }): { slug: string; conditionId: string; positionIds: [string, string]; clobTokenIds: [string, string] | null } {
      const id = Math.max(...catalog.markets.map((m) => m.id)) + 1;
      const eventId = Math.max(...catalog.events.map((e) => e.id)) + 1;
      const slug = `v2-${o.label}`;
      const conditionId = hex32(`v2-condition:${o.label}`);
      const module = o.negRisk ? '02' : '01';
      const positionIds = ['00', '01'].map((i) => BigInt(`0x${module}${hex32(`v2-position:${o.label}`).slice(2, 62)}${i}`).toString()) as [string, string];
      const clobTokenIds = o.legacyIds ? ([tokenIdFor(`v2-legacy:${o.label}:0`), tokenIdFor(`v2-legacy:${o.label}:1`)] as [string, string]) : null;
      const yes = o.yesPrice ?? '0.5';
      const no = (1 - Number(yes)).toFixed(yes.split('.')[1]?.length ?? 0);
      const tick = o.tickSize ?? '0.01';
      const wire: Wire = {
        id: String(id), question: `Will ${o.label} happen?`, conditionId, slug, version: 'v2',
        endDate: '2030-12-31T00:00:00Z', startDate: '2026-10-01T00:00:00Z', createdAt: '2026-10-01T00:00:00Z',
        description: 'A Protocol V2 market.', outcomes: JSON.stringify(['Yes', 'No']), outcomePrices: JSON.stringify([yes, no]),
        volume: '0', volumeNum: 0, active: true, closed: false, archived: false, enableOrderBook: true, acceptingOrders: true,
        orderPriceMinTickSize: Number(tick), orderMinSize: o.minSize ?? 5, negRisk: o.negRisk ?? false,
        positionIds: o.positionIdsAsText ? JSON.stringify(positionIds) : positionIds,
      };
      if (clobTokenIds) wire.clobTokenIds = JSON.stringify(clobTokenIds);
      // 2026 fees per category: the schedule name and its curve (the official bindings' FeeSchedule shape).
      if (o.feeType !== undefined) wire.feeType = o.feeType;
      if (o.feeSchedule) wire.feeSchedule = o.feeSchedule;
      if (o.feesEnabled !== undefined) wire.feesEnabled = o.feesEnabled;
      const ev: CatalogEvent = { id: eventId, slug: `${slug}-event`, active: true, closed: false, wire: {}, markets: [] };
      const cm: CatalogMarket = { id, slug, wire, event: ev };
      ev.markets.push(cm);
      ev.wire = { id: String(eventId), ticker: ev.slug, slug: ev.slug, title: `${o.label} (V2)`, active: true, closed: false, archived: false, negRisk: o.negRisk ?? false, markets: [wire], tags: [] };
      catalog.events.push(ev);
      catalog.markets.push(cm);
      catalog.eventBySlug.set(ev.slug, ev);
      catalog.eventById.set(eventId, ev);
      catalog.marketBySlug.set(slug, cm);
      catalog.marketById.set(id, cm);
      positionIds.forEach((t, i) =>
        catalog.tokens.set(t, { tokenId: t, slug, conditionId, outcome: i === 0 ? 'Yes' : 'No', tickSize: tick, negRisk: o.negRisk ?? false, minOrderSize: o.minSize ?? 5, price: Number(i === 0 ? yes : no), protocol: 'v2' }),
      );
      for (const t of clobTokenIds ?? []) legacyIds.set(t, slug);
      return { slug, conditionId, positionIds, clobTokenIds };
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

