/**
 * The Kalshi double's deterministic catalogue: series → events → markets, a live set and a
 * historical (archived) set. Only compact records are kept; wire objects are built on demand by
 * wire.ts, so 20,000 markets cost a few MB and a few milliseconds. The same options always give
 * the same catalogue (no clock, no randomness): an integer hash of the index decides everything.
 *
 * Coverage: every upstream status, scalar markets, mutually exclusive events with identical
 * subtitles, legacy-only integer fields, missing optional fields, mistyped fields, empty
 * subtitles, tiered price ranges, events without a series, events whose series is missing
 * upstream, markets whose event is missing upstream, markets with no event at all, and the
 * openpx fixture (shared/upstream/kalshi-market.json) verbatim as the first live market.
 */
import fixture from './fixtures/kalshi-market.json' with { type: 'json' };

/** Fixed "now" of the catalogue and Kalshi's historical cutoff (markets settled before it are archived). */
export const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
export const CUTOFF_ISO = '2025-11-01T00:00:00Z';
export const CUTOFF_MS = Date.parse(CUTOFF_ISO);
export const FIXTURE = fixture as Record<string, unknown> & { ticker: string; event_ticker: string };

export const STATUSES = ['initialized', 'active', 'inactive', 'closed', 'determined', 'disputed', 'amended', 'finalized'] as const;

/** Deterministic hash of (index, salt) → [0, 1). */
export function h(i: number, salt: number): number {
  let x = (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 7, 0x85ebca77)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b) >>> 0;
  x ^= x >>> 16;
  return (x >>> 0) / 4294967296;
}

export interface Topic {
  code: string;
  title: string;
  category: string;
  tags: string[];
  unit: string;
  source: { name: string; url: string } | null;
}

export const TOPICS: Topic[] = [
  { code: 'BTCD', title: 'Bitcoin price', category: 'Crypto', tags: ['BTC', 'Crypto'], unit: '$', source: { name: 'CF Benchmarks', url: 'https://www.cfbenchmarks.com' } },
  { code: 'HIGHNY', title: 'Highest temperature in NYC', category: 'Climate and Weather', tags: ['Weather'], unit: '°F', source: { name: 'National Weather Service', url: 'https://www.weather.gov' } },
  { code: 'FED', title: 'Fed funds target rate', category: 'Economics', tags: ['Fed', 'Rates'], unit: '%', source: { name: 'Federal Reserve', url: 'https://www.federalreserve.gov' } },
  { code: 'CPI', title: 'CPI year over year', category: 'Economics', tags: ['Inflation'], unit: '%', source: { name: 'Bureau of Labor Statistics', url: 'https://www.bls.gov' } },
  { code: 'NBAGAME', title: 'NBA game winner', category: 'Sports', tags: ['Basketball', 'NBA'], unit: '', source: null },
  { code: 'PRES', title: 'Presidential election winner', category: 'Elections', tags: [], unit: '', source: { name: 'Associated Press', url: 'https://apnews.com' } },
  { code: 'GAS', title: 'US gas price', category: 'Economics', tags: ['Energy'], unit: '$', source: { name: 'AAA', url: 'https://gasprices.aaa.com' } },
  { code: 'SPOT', title: 'Spotify top song', category: 'Entertainment', tags: ['Music'], unit: '', source: { name: 'Spotify', url: '' } },
];

export interface SeriesRec {
  ticker: string;
  topic: Topic;
  n: number;
}

/** Event kinds: ordinary, no series (""), series missing upstream, event missing upstream, no event at all. */
export type EventKind = 'normal' | 'noseries' | 'ghostseries' | 'ghostevent' | 'noevent' | 'fixture';

export interface EventRec {
  ticker: string;
  n: number;
  /** Series ticker as the event reports it ("" when none). */
  series: string;
  topic: Topic;
  kind: EventKind;
  /** Mutually exclusive (candidate-style, identical subtitles) vs strike ladder. */
  me: boolean;
  historical: boolean;
  /** Day the event is about (ms). */
  day: number;
  /** Markets of this event: indices [first, first + count) of its set. */
  first: number;
  count: number;
}

export interface MarketRec {
  /** Global market number (hash input; unique across live and historical). */
  n: number;
  ticker: string;
  event: EventRec;
  /** Position within its event. */
  k: number;
  /** Upstream status; undefined = the field is absent. */
  status: (typeof STATUSES)[number] | undefined;
  historical: boolean;
}

export interface Catalog {
  live: MarketRec[];
  historical: MarketRec[];
  events: Map<string, EventRec>;
  series: Map<string, SeriesRec>;
  byTicker: Map<string, MarketRec>;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY = 86_400_000;

function dateCode(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).slice(2)}${MONTHS[d.getUTCMonth()]}${String(d.getUTCDate()).padStart(2, '0')}`;
}

export interface CatalogOptions {
  /** Live markets (default 3000). */
  markets?: number;
  /** Archived markets (default a fifth of the live count, at least 40). */
  historical?: number;
}

export function buildCatalog(opts: CatalogOptions = {}): Catalog {
  const liveTarget = Math.max(1, Math.floor(opts.markets ?? 3000));
  const histTarget = Math.max(0, Math.floor(opts.historical ?? Math.max(40, Math.round(liveTarget / 5))));
  const series = new Map<string, SeriesRec>();
  const nSeries = Math.max(TOPICS.length, Math.ceil(liveTarget / 150));
  const seriesList: SeriesRec[] = [];
  for (let s = 0; s < nSeries; s++) {
    const topic = TOPICS[s % TOPICS.length]!;
    const cycle = Math.floor(s / TOPICS.length);
    const rec = { ticker: `KX${topic.code}${cycle ? cycle + 1 : ''}`, topic, n: s };
    series.set(rec.ticker, rec);
    seriesList.push(rec);
  }
  series.set('KXTEST', { ticker: 'KXTEST', topic: TOPICS[3]!, n: nSeries });

  const events = new Map<string, EventRec>();
  const byTicker = new Map<string, MarketRec>();
  const perSeries = new Map<string, number>();
  let n = 0;
  let e = 0;

  const fill = (list: MarketRec[], target: number, historical: boolean) => {
    while (list.length < target) {
      const s = seriesList[e % seriesList.length]!;
      const kind: EventKind = historical ? 'normal' : e % 71 === 70 ? 'noevent' : e % 61 === 60 ? 'ghostevent' : e % 53 === 52 ? 'ghostseries' : e % 40 === 39 ? 'noseries' : 'normal';
      const c = perSeries.get(s.ticker + historical) ?? 0;
      perSeries.set(s.ticker + historical, c + 1);
      const day = historical ? CUTOFF_MS - (30 + c) * DAY : Date.UTC(2026, 0, 1) + c * DAY;
      const prefix = kind === 'noseries' || kind === 'noevent' ? `KXSOLO${e}` : kind === 'ghostseries' ? `KXGONE${e}` : s.ticker;
      const ev: EventRec = {
        ticker: `${prefix}-${dateCode(day)}`,
        n: e,
        series: kind === 'noseries' || kind === 'noevent' ? '' : prefix,
        topic: s.topic,
        kind,
        me: h(e, 1) < 0.3,
        historical,
        day,
        first: list.length,
        count: Math.min(1 + Math.floor(h(e, 2) * 6), target - list.length),
      };
      events.set(ev.ticker, ev);
      for (let k = 0; k < ev.count; k++, n++) {
        const suffix = ev.me ? `C${k + 1}` : `T${100 + 5 * k}`;
        const m: MarketRec = { n, ticker: `${ev.ticker}-${suffix}`, event: ev, k, status: historical ? 'finalized' : pickStatus(n), historical };
        list.push(m);
        byTicker.set(m.ticker, m);
      }
      e++;
    }
  };

  const live: MarketRec[] = [];
  const fx: EventRec = { ticker: FIXTURE.event_ticker, n: -1, series: 'KXTEST', topic: TOPICS[3]!, kind: 'fixture', me: false, historical: false, day: Date.UTC(2025, 11, 31), first: 0, count: 1 };
  events.set(fx.ticker, fx);
  const fxMarket: MarketRec = { n: n++, ticker: FIXTURE.ticker, event: fx, k: 0, status: 'active', historical: false };
  live.push(fxMarket);
  byTicker.set(fxMarket.ticker, fxMarket);
  fill(live, liveTarget, false);
  const historical: MarketRec[] = [];
  fill(historical, histTarget, true);
  return { live, historical, events, series, byTicker };
}

/** 70% active, the rest spread over the other seven statuses; one in 499 has no status field. */
function pickStatus(n: number): MarketRec['status'] {
  if (n % 499 === 498) return undefined;
  const r = h(n, 3);
  if (r < 0.7) return 'active';
  const others = STATUSES.filter((s) => s !== 'active');
  return others[Math.min(others.length - 1, Math.floor(((r - 0.7) / 0.3) * others.length))];
}

/** Variant flags of a market (hash buckets; the fixture has none). */
export function variantOf(m: MarketRec): { legacy: boolean; sparse: boolean; mistyped: boolean; noSubtitles: boolean; scalar: boolean; tiered: boolean; fractional: boolean } {
  const r = h(m.n, 4);
  return {
    legacy: r < 0.04,
    sparse: r >= 0.04 && r < 0.08,
    mistyped: m.n % 293 === 292,
    noSubtitles: r >= 0.08 && r < 0.1,
    scalar: !m.event.me && h(m.n, 5) < 0.05,
    tiered: h(m.n, 6) < 0.1,
    fractional: h(m.n, 7) >= 0.3,
  };
}

export { DAY };
