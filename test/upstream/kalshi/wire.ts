/**
 * Wire objects of the Kalshi double, in the shapes of shared/upstream/kalshi.openapi.yaml
 * (Market, EventData, Series), built on demand from the catalogue's compact records.
 */
import { CUTOFF_MS, DAY, FIXTURE, h, NOW_MS, variantOf, type EventRec, type MarketRec, type SeriesRec } from './catalog.js';

export type Wire = Record<string, unknown>;

// Catalogue times fall on a few thousand distinct instants; formatting each once keeps a
// 1000-market page cheap to build.
const isoCache = new Map<number, string>();
function iso(ms: number): string {
  let s = isoCache.get(ms);
  if (s === undefined) {
    s = new Date(ms).toISOString().replace('.000Z', 'Z');
    if (isoCache.size < 100_000) isoCache.set(ms, s);
  }
  return s;
}
const dollars = (cents: number) => (cents / 100).toFixed(4);
const fp = (v: number) => v.toFixed(2);

const RESOLVED = new Set(['determined', 'disputed', 'amended', 'finalized']);
const PAST_CLOSE = new Set(['closed', 'determined', 'disputed', 'amended', 'finalized']);

function subtitles(m: MarketRec): [string, string] {
  const ev = m.event;
  if (ev.me) {
    // Candidate-style events: Kalshi repeats the option on both sides.
    const name = `Option ${String.fromCharCode(65 + m.k)}`;
    return [name, name];
  }
  const strike = 100 + 5 * m.k;
  const u = ev.topic.unit;
  return [`Above ${u}${strike}`, `${u}${strike} or below`];
}

function times(m: MarketRec): Wire {
  const s = m.status ?? 'active';
  const created = (m.historical ? CUTOFF_MS - 400 * DAY : NOW_MS - 120 * DAY) + Math.floor(h(m.n, 10) * 30) * DAY;
  let open: number;
  let close: number;
  if (m.historical) {
    close = m.event.day;
    open = close - 30 * DAY;
  } else if (s === 'initialized') {
    open = NOW_MS + (1 + Math.floor(h(m.n, 11) * 10)) * DAY;
    close = open + 30 * DAY;
  } else if (PAST_CLOSE.has(s)) {
    close = NOW_MS - (1 + Math.floor(h(m.n, 12) * (s === 'finalized' ? 60 : 10))) * DAY;
    open = close - 60 * DAY;
  } else {
    open = NOW_MS - (1 + Math.floor(h(m.n, 11) * 60)) * DAY;
    close = NOW_MS + (1 + Math.floor(h(m.n, 12) * 90)) * DAY;
  }
  const out: Wire = {
    created_time: iso(Math.min(created, open - DAY)),
    updated_time: iso(Math.min(NOW_MS, open + DAY)),
    open_time: iso(open),
    close_time: iso(close),
    latest_expiration_time: iso(close + 7 * DAY),
  };
  if (s === 'finalized') out.settlement_ts = iso(m.historical ? close + DAY : Math.max(close + DAY, CUTOFF_MS + DAY));
  return out;
}

/** A market's wire object (a fresh object every call). */
export function marketWire(m: MarketRec): Wire {
  if (m.event.kind === 'fixture') return structuredClone(FIXTURE);
  const v = variantOf(m);
  const [yesSub, noSub] = subtitles(m);
  const s = m.status;
  const bid = 1 + Math.floor(h(m.n, 20) * 90);
  const ask = Math.min(99, bid + 1 + Math.floor(h(m.n, 21) * 4));
  const last = bid + Math.floor((ask - bid) / 2);
  const volume = Math.floor(h(m.n, 22) * 500_000) + (h(m.n, 23) < 0.2 ? 0.5 : 0);
  const vol24 = Math.floor(volume * h(m.n, 24) * 0.1);
  const oi = Math.floor(volume * 0.3);
  const result = s && RESOLVED.has(s) ? (v.scalar ? 'scalar' : h(m.n, 25) < 0.5 ? 'yes' : 'no') : '';
  const w: Wire = {
    ticker: m.ticker,
    event_ticker: m.event.kind === 'noevent' ? '' : m.event.ticker,
    market_type: v.scalar ? 'scalar' : 'binary',
    title: `${m.event.topic.title}: ${yesSub}`,
    subtitle: '',
    yes_sub_title: v.noSubtitles ? '' : yesSub,
    no_sub_title: v.noSubtitles ? '' : noSub,
    ...times(m),
    settlement_timer_seconds: 3600,
    notional_value_dollars: '1.0000',
    yes_bid_dollars: dollars(bid),
    yes_ask_dollars: dollars(ask),
    no_bid_dollars: dollars(100 - ask),
    no_ask_dollars: dollars(100 - bid),
    yes_bid_size_fp: fp(100 + Math.floor(h(m.n, 26) * 5000)),
    yes_ask_size_fp: fp(100 + Math.floor(h(m.n, 27) * 5000)),
    last_price_dollars: dollars(last),
    previous_yes_bid_dollars: dollars(Math.max(1, bid - 2)),
    previous_yes_ask_dollars: dollars(Math.min(99, ask + 1)),
    previous_price_dollars: dollars(last),
    volume_fp: fp(volume),
    volume_24h_fp: fp(vol24),
    liquidity_dollars: '0.0000',
    open_interest_fp: fp(oi),
    result,
    can_close_early: h(m.n, 28) < 0.5,
    fractional_trading_enabled: v.fractional,
    expiration_value: result ? String(100 + 5 * m.k) : '',
    rules_primary: `If ${m.event.topic.title} is ${yesSub.toLowerCase()} on ${iso(m.event.day).slice(0, 10)}, the market resolves to Yes.`,
    rules_secondary: h(m.n, 29) < 0.7 ? 'Revisions after expiration are not considered.' : '',
    price_level_structure: v.tiered ? 'tapered_deci_cent' : 'linear_cent',
    price_ranges: v.tiered
      ? [
          { start: '0.0000', end: '0.1000', step: '0.0010' },
          { start: '0.1000', end: '0.9000', step: '0.0100' },
          { start: '0.9000', end: '1.0000', step: '0.0010' },
        ]
      : [{ start: '0.0000', end: '1.0000', step: '0.0100' }],
    status: s,
  };
  if (s === undefined) delete w.status;
  if (result) w.settlement_value_dollars = v.scalar ? dollars(Math.floor(h(m.n, 30) * 100)) : result === 'yes' ? '1.0000' : '0.0000';
  if (v.scalar) Object.assign(w, { strike_type: 'functional', functional_strike: 'linear' });
  else Object.assign(w, { strike_type: 'greater', floor_strike: 100 + 5 * m.k });
  if (v.legacy) toLegacy(w, { bid, ask, last, volume: Math.floor(volume), vol24, oi });
  if (v.sparse) for (const k of SPARSE) delete w[k];
  if (v.mistyped) Object.assign(w, { volume_fp: { value: 1 }, yes_bid_dollars: 'n/a', close_time: true, fractional_trading_enabled: 'yes' });
  return w;
}

/** Fields a "sparse" market lacks: unquoted, no 24h volume, no price grid, no flags. */
const SPARSE = ['yes_ask_dollars', 'last_price_dollars', 'volume_24h_fp', 'price_ranges', 'fractional_trading_enabled', 'rules_secondary', 'market_type', 'settlement_ts', 'created_time'];

/** Before the fixed-point migration: integer cents and counts, `tick_size`, unix-seconds settlement. */
function toLegacy(w: Wire, v: { bid: number; ask: number; last: number; volume: number; vol24: number; oi: number }): void {
  for (const k of Object.keys(w)) if (k.endsWith('_dollars') || k.endsWith('_fp') || k === 'price_ranges' || k === 'price_level_structure') delete w[k];
  Object.assign(w, {
    yes_bid: v.bid,
    yes_ask: v.ask,
    no_bid: 100 - v.ask,
    no_ask: 100 - v.bid,
    last_price: v.last,
    previous_yes_bid: Math.max(1, v.bid - 2),
    previous_yes_ask: Math.min(99, v.ask + 1),
    previous_price: v.last,
    volume: v.volume,
    volume_24h: v.vol24,
    open_interest: v.oi,
    liquidity: 0,
    tick_size: 1,
    response_price_units: 'usd_cent',
  });
  if (typeof w.settlement_ts === 'string') w.settlement_ts = Math.floor(Date.parse(w.settlement_ts) / 1000);
}

/** An event's wire object (EventData), without markets. */
export function eventWire(ev: EventRec): Wire {
  if (ev.kind === 'fixture') {
    return {
      event_ticker: ev.ticker,
      series_ticker: 'KXTEST',
      sub_title: 'Q4 2025',
      title: 'Test event for Q4 2025',
      collateral_return_type: 'binary',
      mutually_exclusive: false,
      category: 'Economics',
      strike_date: '2025-12-31T21:00:00Z',
      available_on_brokers: true,
      product_metadata: null,
      last_updated_ts: '2025-11-12T10:00:00Z',
    };
  }
  const w: Wire = {
    event_ticker: ev.ticker,
    series_ticker: ev.series,
    sub_title: `On ${iso(ev.day).slice(0, 10)}`,
    title: `${ev.topic.title} on ${iso(ev.day).slice(0, 10)}`,
    collateral_return_type: ev.me ? 'MECNET' : 'binary',
    mutually_exclusive: ev.me,
    available_on_brokers: h(ev.n, 40) < 0.8,
    product_metadata: null,
    last_updated_ts: iso(Math.min(NOW_MS, ev.day)),
  };
  if (h(ev.n, 41) < 0.5) w.category = ev.topic.category;
  if (h(ev.n, 42) < 0.6) w.strike_date = iso(ev.day + 20 * 3_600_000);
  else w.strike_period = 'day';
  return w;
}

/** A series' wire object; `volume_fp` only with include_volume=true, as upstream. */
export function seriesWire(s: SeriesRec, includeVolume: boolean): Wire {
  const t = s.topic;
  const w: Wire = {
    ticker: s.ticker,
    frequency: s.ticker === 'KXTEST' ? 'quarterly' : ['daily', 'weekly', 'monthly', 'one-off'][s.n % 4],
    title: s.ticker === 'KXTEST' ? 'Test series' : `${t.title}${s.n >= 8 ? ` (${Math.floor(s.n / 8) + 1})` : ''}`,
    category: t.category,
    tags: t.tags,
    settlement_sources: t.source ? [t.source] : [],
    contract_url: `https://kalshi.com/contracts/${s.ticker.toLowerCase()}.pdf`,
    contract_terms_url: `https://kalshi.com/contracts/terms/${s.ticker.toLowerCase()}.pdf`,
    // The demo series pays the general (quadratic) schedule, so the README's previews show a fee.
    fee_type: s.ticker === 'KXTEST' ? 'quadratic' : (['quadratic', 'quadratic_with_maker_fees', 'flat'] as const)[s.n % 3],
    fee_multiplier: 1,
    additional_prohibitions: [],
    product_metadata: null,
    last_updated_ts: iso(NOW_MS - (s.n % 30) * DAY),
  };
  if (includeVolume) w.volume_fp = fp(Math.floor(h(s.n, 50) * 10_000_000));
  return w;
}
