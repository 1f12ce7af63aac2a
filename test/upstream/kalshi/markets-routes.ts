/**
 * The Kalshi market-data double (public endpoints, no auth), as the real API behaves:
 *   GET /markets                 limit 1..1000 (default 100, else 400), cursor ("" at the end),
 *                                status (one of unopened|open|paused|closed|settled), tickers
 *                                (comma list), series_ticker, event_ticker
 *   GET /markets/{ticker}        404 for unknown and archived tickers
 *   GET /historical/markets      the archive: limit, cursor, tickers, series_ticker, event_ticker
 *   GET /historical/markets/{t}  GET /historical/cutoff
 *   GET /events/{t}              sibling `markets`; nested too with with_nested_markets=true;
 *                                archived markets are left out of both
 *   GET /series/{t}              `volume_fp` only with include_volume=true; `fee_type` and
 *                                `fee_multiplier` as set by `setSeriesFees` (series added that way
 *                                too), events added with `addEvent` name their series
 * Errors use Kalshi's envelope `{"error":{"code","message","details","service"}}`.
 * Status query values match as Kalshi documents: unopened = initialized, open = active,
 * paused = inactive, closed = past close and not finalized, settled = finalized.
 */
import type { RecordedRequest, Reply, Router } from '../server.js';
import { buildCatalog, CUTOFF_ISO, type CatalogOptions, type MarketRec } from './catalog.js';
import { eventWire, marketWire, seriesWire, type Wire } from './wire.js';
import { registerSearchRoutes } from './search-routes.js';

export interface KalshiMarketsOptions extends CatalogOptions {}

/** Wire-format Kalshi Market object (the upstream shape). */
export type KalshiMarketWire = Record<string, unknown> & { ticker: string };

const QUERY_STATUS: Record<string, ReadonlySet<string | undefined>> = {
  unopened: new Set(['initialized']),
  open: new Set(['active', undefined]),
  paused: new Set(['inactive']),
  closed: new Set(['closed', 'determined', 'disputed', 'amended']),
  settled: new Set(['finalized']),
};

export const kalshiError = (status: number, code: string, message: string): Reply => ({
  status,
  json: { error: { code, message, details: '', service: 'exchange' } },
});
const notFound = (what: string) => kalshiError(404, 'not_found', `${what} not found`);
const badRequest = (message: string) => kalshiError(400, 'invalid_parameters', message);

const encodeCursor = (i: number) => Buffer.from(`m:${i}`).toString('base64url');
function decodeCursor(c: string): number | null {
  const m = /^m:(\d{1,9})$/.exec(Buffer.from(c, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
}

export function createKalshiMarkets(opts: KalshiMarketsOptions = {}) {
  const cat = buildCatalog(opts);
  /** Markets replaced or added by tests and other doubles (`put`). */
  const overrides = new Map<string, KalshiMarketWire>();
  /** Live markets added by `put` (appended to the catalogue, outside their event's range). */
  const added: MarketRec[] = [];
  /** Fee fields set by tests, per series ticker (series unknown to the catalogue are created). */
  const seriesFees = new Map<string, { fee_type: string; fee_multiplier: number }>();
  /** Events added by tests (for markets added by the orders double): event ticker → series ticker. */
  const addedEvents = new Map<string, string>();
  const searchCounts = { events: 0, series: 0 };

  const wireOf = (m: MarketRec): KalshiMarketWire => (overrides.get(m.ticker) ?? marketWire(m)) as KalshiMarketWire;
  const statusOf = (m: MarketRec): string | undefined => {
    const o = overrides.get(m.ticker);
    return o ? (typeof o.status === 'string' ? o.status : undefined) : m.status;
  };
  const eventOf = (m: MarketRec): string => {
    const o = overrides.get(m.ticker);
    return o ? String(o.event_ticker ?? '') : m.event.kind === 'noevent' ? '' : m.event.ticker;
  };
  const seriesOf = (m: MarketRec): string => cat.events.get(eventOf(m))?.series ?? '';

  function list(req: RecordedRequest, set: MarketRec[], live: boolean): Reply {
    const q = req.query;
    const rawLimit = q.get('limit');
    let limit = 100;
    if (rawLimit !== null) {
      if (!/^\d{1,7}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > 1000) return badRequest('limit must be an integer between 1 and 1000');
      limit = Number(rawLimit);
    }
    const status = q.get('status');
    if (status !== null && !live) return badRequest('status is not a filter of historical markets');
    if (status !== null && !QUERY_STATUS[status]) {
      return badRequest(status.includes(',') ? 'only one status filter may be supplied at a time' : `invalid status "${status}"`);
    }
    let start = 0;
    const cursor = q.get('cursor');
    if (cursor) {
      const at = decodeCursor(cursor);
      if (at === null) return badRequest('invalid cursor');
      start = at + 1;
    }
    const series = q.get('series_ticker') || null;
    const event = q.get('event_ticker') || null;
    const tickers = q.get('tickers') ? new Set(q.get('tickers')!.split(',')) : null;
    const allowed = status ? QUERY_STATUS[status]! : null;
    const ok = (m: MarketRec) =>
      (!allowed || allowed.has(statusOf(m))) &&
      (!tickers || tickers.has(m.ticker)) &&
      (!event || eventOf(m) === event) &&
      (!series || seriesOf(m) === series);
    // Candidates in catalogue order: a ticker list or an event narrows the scan.
    let idx: number[] | null = null;
    if (tickers) idx = [...tickers].map((t) => cat.byTicker.get(t)).filter((m) => m && m.historical === !live).map((m) => set.indexOf(m!));
    else if (event && cat.events.get(event)?.historical === !live) {
      const ev = cat.events.get(event)!;
      idx = Array.from({ length: ev.count }, (_, i) => ev.first + i);
      if (live) for (const m of added) idx.push(set.indexOf(m));
    }
    const out: MarketRec[] = [];
    let last = -1;
    const consider = (i: number) => {
      if (i < start || out.length >= limit) return;
      const m = set[i]!;
      if (ok(m)) {
        out.push(m);
        last = i;
      }
    };
    if (idx) for (const i of idx.sort((a, b) => a - b)) consider(i);
    else for (let i = start; i < set.length && out.length < limit; i++) consider(i);
    // Like Kalshi, a full page always carries a cursor, even when nothing follows it.
    return { json: { markets: out.map(wireOf), cursor: out.length === limit ? encodeCursor(last) : '' } };
  }

  function one(set: 'live' | 'historical', ticker: string): Reply {
    const m = cat.byTicker.get(ticker);
    if (!m || m.historical !== (set === 'historical')) return notFound('market');
    return { json: { market: wireOf(m) } };
  }

  function event(req: RecordedRequest, ticker: string): Reply {
    const own = addedEvents.get(ticker);
    if (own !== undefined && !cat.events.has(ticker)) {
      const body: Wire = { event_ticker: ticker, series_ticker: own, sub_title: '', title: `Test event ${ticker}`, collateral_return_type: 'binary', mutually_exclusive: false, available_on_brokers: true, product_metadata: null, last_updated_ts: CUTOFF_ISO };
      if (req.query.get('with_nested_markets') === 'true') body.markets = [];
      return { json: { event: body, markets: [] } };
    }
    const ev = cat.events.get(ticker);
    if (!ev || ev.kind === 'ghostevent' || ev.kind === 'noevent') return notFound('event');
    const set = ev.historical ? [] : cat.live;
    const recs = ev.historical ? [] : [...Array.from({ length: ev.count }, (_, i) => set[ev.first + i]!), ...added];
    const markets = recs.map(wireOf).filter((w) => String(w.event_ticker ?? '') === ev.ticker);
    const body: Wire = eventWire(ev);
    if (req.query.get('with_nested_markets') === 'true') body.markets = markets;
    return { json: { event: body, markets } };
  }

  function series(req: RecordedRequest, ticker: string): Reply {
    const s = cat.series.get(ticker);
    if (!s) return notFound('series');
    return { json: { series: { ...seriesWire(s, req.query.get('include_volume') === 'true'), ...seriesFees.get(ticker) } } };
  }

  return {
    catalog: cat,
    register(router: Router): void {
      router.get('/markets', (req) => list(req, cat.live, true));
      router.get('/markets/:ticker', (_req, p) => one('live', p.ticker!));
      router.get('/historical/cutoff', () => ({ json: { market_settled_ts: CUTOFF_ISO, trades_created_ts: CUTOFF_ISO, orders_updated_ts: CUTOFF_ISO } }));
      router.get('/historical/markets', (req) => list(req, cat.historical, false));
      router.get('/historical/markets/:ticker', (_req, p) => one('historical', p.ticker!));
      router.get('/events/:ticker', (req, p) => event(req, p.ticker!));
      router.get('/series/:ticker', (req, p) => series(req, p.ticker!));
      registerSearchRoutes(router, cat, searchCounts);
    },
    /** Requests `GET /events` and `GET /series` (the search index) have had. */
    searchCounts,
    /** The live wire market for a ticker, if the catalogue has it (other doubles use this). */
    market(ticker: string): KalshiMarketWire | undefined {
      const m = cat.byTicker.get(ticker);
      return m && !m.historical ? wireOf(m) : undefined;
    },
    /** An archived market (settled before the historical cutoff). */
    historicalMarket(ticker: string): KalshiMarketWire | undefined {
      const m = cat.byTicker.get(ticker);
      return m && m.historical ? wireOf(m) : undefined;
    },
    /**
     * Replace a market's wire object, or add a new live market (appended to the catalogue, in the
     * event named by its event_ticker when that event is known). Returns the stored object.
     */
    put(wire: KalshiMarketWire): KalshiMarketWire {
      const stored = structuredClone(wire);
      if (!cat.byTicker.has(wire.ticker)) {
        const ev = cat.events.get(String(wire.event_ticker ?? '')) ?? cat.live[0]!.event;
        const m: MarketRec = { n: cat.live.length + cat.historical.length, ticker: wire.ticker, event: ev, k: 0, status: undefined, historical: false };
        cat.live.push(m);
        added.push(m);
        cat.byTicker.set(m.ticker, m);
      }
      overrides.set(wire.ticker, stored);
      return stored;
    },
    /** Give a series (created when the catalogue has none of that ticker) this fee type and multiplier. */
    setSeriesFees(ticker: string, fee_type: string, fee_multiplier: number): void {
      if (!cat.series.has(ticker)) cat.series.set(ticker, { ...cat.series.get('KXTEST')!, ticker, n: cat.series.size });
      seriesFees.set(ticker, { fee_type, fee_multiplier });
    },
    /** An event (for markets added elsewhere) that names `series` as its series. */
    addEvent(ticker: string, series: string): void {
      addedEvents.set(ticker, series);
    },
    /** The series a live market belongs to (through its event), as the candlesticks path names it. */
    seriesOf(ticker: string): string | undefined {
      const m = cat.byTicker.get(ticker);
      if (!m) return undefined;
      const ev = eventOf(m);
      return addedEvents.get(ev) ?? (cat.events.get(ev)?.series || undefined);
    },
    /** Every live wire market in catalogue order (tests compute expectations from it). */
    allLive(): KalshiMarketWire[] {
      return cat.live.map(wireOf);
    },
    allHistorical(): KalshiMarketWire[] {
      return cat.historical.map(wireOf);
    },
  };
}
export type KalshiMarkets = ReturnType<typeof createKalshiMarkets>;
