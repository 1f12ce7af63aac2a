/**
 * The deterministic Gamma catalogue: events (binary, neg-risk mutually exclusive, independent
 * ladders, one-market categorical) holding markets that are open, paused, inactive, resolved
 * (winner priced "1"), closed with resolution pending, or archived; events with and without a
 * series; markets with numbers as strings, missing optional fields, no order book, 0.001 ticks;
 * and openpx's fixture market verbatim. Same options → same catalogue, byte for byte.
 */
import fixture from './fixtures/polymarket-market.json' with { type: 'json' };
import { buildMarket, type MarketState, type TokenInfo } from './gamma-market.js';
import { hex32, intIn, isoAt, pick, prng, slugify, type Wire } from './gamma-wire.js';

export interface CatalogMarket {
  id: number;
  slug: string;
  /** As embedded in its event (no `events` relation). */
  wire: Wire;
  event: CatalogEvent;
}

export interface CatalogEvent {
  id: number;
  slug: string;
  active: boolean;
  closed: boolean;
  /** Full event as `/events/slug/{slug}` and `/events/keyset` serve it. */
  wire: Wire;
  markets: CatalogMarket[];
}

export interface GammaCatalog {
  /** Ascending by id (the keyset order). */
  events: CatalogEvent[];
  /** Ascending by id. */
  markets: CatalogMarket[];
  eventBySlug: Map<string, CatalogEvent>;
  eventById: Map<number, CatalogEvent>;
  marketBySlug: Map<string, CatalogMarket>;
  marketById: Map<number, CatalogMarket>;
  tokens: Map<string, TokenInfo>;
}

export const FIXTURE_MARKET = fixture as Wire;
export const FIXTURE_EVENT_SLUG = 'polymarket-test-event-2025q4';
export const DEFAULT_EVENTS = 500;

type Kind = 'binary' | 'negrisk' | 'ladder' | 'multi';
type EventState = 'open' | 'closed' | 'inactive' | 'archived';

const FIRST = ['Avery', 'Blake', 'Casey', 'Devon', 'Emery', 'Finley', 'Harper', 'Jordan', 'Kai', 'Logan', 'Morgan', 'Parker', 'Quinn', 'Riley', 'Rowan', 'Sage'];
const LAST = ['Stone', 'Rivera', 'Okafor', 'Lindqvist', 'Tanaka', 'Moreau', 'Novak', 'Adeyemi', 'Castillo', 'Hughes', 'Kowalski', 'Brandt'];
const CONTESTS = ['Mayoral Race', 'Senate Primary', 'Golden Ladle Award', 'Chess Open', 'Film Festival Prize', 'Party Leadership Vote'];
const ASSETS = ['Bitcoin', 'Ethereum', 'Solana', 'Gold', 'S&P 500'];
const TEAMS = ['Harbor Hawks', 'Summit Bears', 'Delta Foxes', 'Mesa Owls', 'Prairie Wolves'];
const THINGS = ['the bill pass', 'the launch happen', 'the merger close', 'the strike end', 'the record fall'];
const CATEGORIES = ['Politics', 'Crypto', 'Sports', 'Culture', 'Economics'];

/** A shared pool of series: string and numeric ids, ticker or only slug, volume as a string. */
function seriesPool(): Wire[] {
  const names = ['Daily Bitcoin', 'Weekly Jobs', 'Monthly CPI', 'Mayoral Races', 'Film Awards', 'Chess Open', 'Weekly Gas', 'Annual Records'];
  const rec = ['daily', 'weekly', 'monthly', 'annual', 'annual', 'annual', 'weekly', 'annual'];
  return names.map((title, i) => {
    const slug = slugify(title);
    const s: Wire = { id: i % 3 === 0 ? 700 + i : String(700 + i), ticker: i === 5 ? null : slug, slug, title, seriesType: 'single', recurrence: rec[i], active: true, closed: false, updatedAt: isoAt(-100 - i) };
    if (i % 2 === 0) s.category = CATEGORIES[i % CATEGORIES.length];
    s.volume = i % 4 === 1 ? String(12345.5 * (i + 1)) : 12345.5 * (i + 1);
    return s;
  });
}

function weighted<T>(rand: () => number, table: Array<[T, number]>): T {
  const total = table.reduce((a, [, w]) => a + w, 0);
  let r = rand() * total;
  for (const [v, w] of table) if ((r -= w) < 0) return v;
  return table[table.length - 1]![0];
}

export function buildCatalog(opts: { events?: number; seed?: number } = {}): GammaCatalog {
  const count = Math.max(1, Math.floor(opts.events ?? DEFAULT_EVENTS));
  const rand = prng(opts.seed ?? 20250106);
  const pool = seriesPool();
  const tokens = new Map<string, TokenInfo>();
  const events: CatalogEvent[] = [];
  let nextMarketId = 600_000;

  for (let i = 0; i < count - 1; i++) {
    const id = 20_000 + i;
    const kind = weighted<Kind>(rand, [['binary', 40], ['negrisk', 30], ['ladder', 18], ['multi', 12]]);
    const state = weighted<EventState>(rand, [['open', 62], ['closed', 30], ['inactive', 5], ['archived', 3]]);
    const closed = state === 'closed' || state === 'archived';
    const pending = closed && rand() < 0.1;
    const hours = i * 7;
    let title: string;
    let items: Array<{ question: string; labels: string[]; group?: string }>;
    if (kind === 'binary') {
      title = `Will ${pick(rand, THINGS)} by ${isoAt(hours + 2000).slice(0, 10)}?`;
      items = [{ question: title, labels: ['Yes', 'No'] }];
    } else if (kind === 'negrisk') {
      const contest = pick(rand, CONTESTS);
      title = `Who will win the ${contest}?`;
      const n = intIn(rand, 3, 16);
      items = Array.from({ length: n }, (_, k) => {
        const name = `${FIRST[(i + k) % FIRST.length]} ${LAST[(i * 7 + k) % LAST.length]}`;
        return { question: `Will ${name} win the ${contest}?`, labels: ['Yes', 'No'], group: name };
      });
    } else if (kind === 'ladder') {
      const asset = pick(rand, ASSETS);
      title = `${asset} above ___ on ${isoAt(hours + 1000).slice(0, 10)}?`;
      const n = intIn(rand, 2, 10);
      items = Array.from({ length: n }, (_, k) => ({ question: `Will ${asset} close above ${(k + 1) * 250}?`, labels: ['Yes', 'No'], group: String((k + 1) * 250) }));
    } else {
      title = `Which team wins match ${i}?`;
      const n = intIn(rand, 3, 5);
      items = [{ question: title, labels: TEAMS.slice(0, n) }];
    }
    const slug = `${slugify(title)}-${id}`;
    const negRisk = kind === 'negrisk';
    const negRiskMarketID = negRisk ? hex32(`negrisk:${id}`) : undefined;
    const yesWinner = intIn(rand, 0, items.length - 1);
    const ev: CatalogEvent = { id, slug, active: state !== 'inactive', closed, wire: {}, markets: [] };
    items.forEach((it, k) => {
      let mstate: MarketState = state === 'inactive' ? 'inactive' : closed ? (pending ? 'pending' : 'resolved') : 'open';
      if (state === 'open' && items.length > 1) mstate = weighted<MarketState>(rand, [['open', 86], ['resolved', 10], ['paused', 4]]);
      const mid = nextMarketId++;
      const winner = winnerOf(kind, state, k, yesWinner, () => intIn(rand, 0, it.labels.length - 1));
      const { wire, tokens: toks } = buildMarket({
        id: mid,
        slug: `${slugify(it.question)}-${mid}`,
        question: it.question,
        description: `This market resolves to the outcome named by the official result. Market ${mid}.`,
        labels: it.labels,
        state: mstate,
        winner,
        hours,
        negRisk,
        negRiskMarketID,
        groupItemTitle: it.group,
        archived: state === 'archived',
        subcent: rand() < 0.12,
        stringy: rand() < 0.15,
        sparse: rand() < 0.1,
        noClob: rand() < 0.03,
        rand,
      });
      ev.markets.push({ id: mid, slug: wire.slug as string, wire, event: ev });
      for (const t of toks) tokens.set(t.tokenId, t);
    });
    const series = rand() < 0.45 ? pick(rand, pool) : undefined;
    ev.wire = eventWire(ev, { title, hours, state, negRisk, negRiskMarketID, series, rand });
    events.push(ev);
  }
  events.push(fixtureEvent(20_000 + count - 1, tokens));
  return index(events, tokens);
}

/**
 * Which outcome won. Neg-risk: exactly one child resolves Yes once the event closes; children
 * settled early while the event is open resolved No. Ladders: every level up to the final one
 * resolved Yes. One-market events: any outcome.
 */
function winnerOf(kind: Kind, state: EventState, k: number, yesAt: number, any: () => number): number {
  if (kind === 'negrisk') return state === 'open' || k !== yesAt ? 1 : 0;
  if (kind === 'ladder') return state === 'open' || k > yesAt ? 1 : 0;
  return any();
}

function eventWire(
  ev: CatalogEvent,
  o: { title: string; hours: number; state: EventState; negRisk: boolean; negRiskMarketID?: string; series?: Wire; rand: () => number },
): Wire {
  const volume = ev.markets.reduce((a, m) => a + (Number(m.wire.volume) || 0), 0);
  const w: Wire = {
    id: String(ev.id),
    ticker: ev.slug,
    slug: ev.slug,
    title: o.title,
    description: `Markets about: ${o.title}`,
    startDate: isoAt(o.hours + 24),
    creationDate: isoAt(o.hours),
    endDate: isoAt(o.hours + 24 * 120),
    active: ev.active,
    closed: ev.closed,
    archived: o.state === 'archived',
    new: false,
    featured: false,
    restricted: true,
    liquidity: Math.round(volume / 10) / 100,
    volume: Math.round(volume * 100) / 100,
    openInterest: Math.round(volume * 3) / 100,
    createdAt: isoAt(o.hours),
    updatedAt: isoAt(o.hours + 72),
    negRisk: o.negRisk,
    enableNegRisk: o.negRisk,
    markets: ev.markets.map((m) => m.wire),
    tags: [],
  };
  if (o.negRiskMarketID) w.negRiskMarketID = o.negRiskMarketID;
  if (ev.closed) w.closedTime = isoAt(o.hours + 24 * 41);
  if (o.rand() < 0.7) w.category = pick(o.rand, CATEGORIES);
  if (o.rand() < 0.15) delete w.description;
  if (o.rand() < 0.2) w.openInterest = String(w.openInterest);
  if (o.rand() < 0.1) delete w.volume;
  if (o.series) w.series = [o.series];
  return w;
}

/** openpx's fixture market, verbatim, alone in an open event without a series. */
function fixtureEvent(id: number, sink: Map<string, TokenInfo>): CatalogEvent {
  const ev: CatalogEvent = { id, slug: FIXTURE_EVENT_SLUG, active: true, closed: false, wire: {}, markets: [] };
  const f = FIXTURE_MARKET;
  ev.markets.push({ id: Number(f.id), slug: f.slug as string, wire: f, event: ev });
  ev.wire = {
    id: String(id), ticker: ev.slug, slug: ev.slug, title: 'Polymarket canonical event', active: true, closed: false,
    archived: false, startDate: '2025-10-01T14:30:00Z', endDate: '2025-12-31T21:00:00Z', updatedAt: '2025-10-02T00:00:00Z',
    volume: 150000, openInterest: 2000, negRisk: false, markets: [f], tags: [],
  };
  const tokens = JSON.parse(f.clobTokenIds as string) as string[];
  const labels = JSON.parse(f.outcomes as string) as string[];
  const prices = JSON.parse(f.outcomePrices as string) as string[];
  tokens.forEach((t, i) =>
    sink.set(t, { tokenId: t, slug: f.slug as string, conditionId: f.conditionId as string, outcome: labels[i]!, tickSize: '0.01', negRisk: false, minOrderSize: 5, price: Number(prices[i]) }),
  );
  return ev;
}

/**
 * A market as `/markets`, `/markets/keyset` and `/markets/slug/{slug}` serve it: with its parent
 * event attached (without the event's markets and series). The fixture is served as published.
 */
export function listedMarket(m: CatalogMarket): Wire {
  if (m.wire === FIXTURE_MARKET) return m.wire;
  const { markets: _m, series: _s, ...summary } = m.event.wire;
  return { ...m.wire, events: [summary] };
}

function index(events: CatalogEvent[], tokens: Map<string, TokenInfo>): GammaCatalog {
  const markets = events.flatMap((e) => e.markets);
  markets.sort((a, b) => a.id - b.id);
  return {
    events,
    markets,
    eventBySlug: new Map(events.map((e) => [e.slug, e])),
    eventById: new Map(events.map((e) => [e.id, e])),
    marketBySlug: new Map(markets.map((m) => [m.slug, m])),
    marketById: new Map(markets.map((m) => [m.id, m])),
    tokens,
  };
}
