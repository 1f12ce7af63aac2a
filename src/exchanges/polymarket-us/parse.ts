/**
 * The gateway's market and event objects → the unified models. A Polymarket US market is binary:
 * a long side (Yes) and a short side (No), one book priced as the long side. Amounts arrive as
 * `{"value": "0.55", "currency": "USD"}` or as plain numbers/strings; both are read.
 */
import { num } from '../levels.js';
import type { Event, Market, Series } from '../types.js';

export type Wire = Record<string, unknown>;

export function obj(v: unknown): Wire | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Wire) : null;
}
function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
}
/** A number from an Amount object, a string or a number. */
export function amount(v: unknown): number | null {
  const o = obj(v);
  return o ? num(o.value) : num(v);
}
function prob(v: unknown): number | null {
  const n = amount(v);
  return n !== null && n >= 0 && n <= 1 ? n : null;
}
function iso(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** `active` (trading), `resolved` (settled), or `closed`. */
function status(w: Wire): Market['status'] {
  const s = typeof w.status === 'string' ? w.status : '';
  if (s === 'MARKET_STATUS_RESOLVED') return 'resolved';
  if (s === 'MARKET_STATUS_OPEN') return 'active';
  if (s === 'MARKET_STATUS_CLOSED' || s === 'MARKET_STATUS_RESOLVING' || s === 'MARKET_STATUS_HALTED') return 'closed';
  return w.active === true && w.closed !== true && w.archived !== true ? 'active' : 'closed';
}

/** The long (Yes) side's price and the short (No) side's, from `marketSides`. */
function sidePrices(w: Wire): { yes: number | null; no: number | null } {
  const sides = Array.isArray(w.marketSides) ? w.marketSides.map(obj).filter((x): x is Wire => x !== null) : [];
  const long = sides.find((s) => s.long === true);
  const short = sides.find((s) => s.long === false);
  return { yes: long ? prob(long.price ?? long.quote) : null, no: short ? prob(short.price ?? short.quote) : null };
}

export function eventSlugOf(w: Wire): string | null {
  const direct = str(w.eventSlug);
  if (direct) return direct;
  const events = Array.isArray(w.events) ? w.events.map(obj) : [];
  return str(events[0]?.slug) ?? null;
}

/** One market of the gateway; null when it has no slug. */
export function parseMarket(raw: unknown, eventSlug?: string): Market | null {
  const w = obj(raw);
  const slug = w ? str(w.slug) : null;
  if (!w || !slug) return null;
  const p = sidePrices(w);
  const result = typeof w.status === 'string' && w.status === 'MARKET_STATUS_RESOLVED' ? (p.yes === 1 ? 'Yes' : p.no === 1 ? 'No' : null) : null;
  return {
    exchange: 'polymarket-us',
    market_type: 'binary',
    unified_id: `polymarket-us:${slug}`,
    status: status(w),
    ticker: slug,
    title: str(w.question) ?? str(w.title) ?? slug,
    volume: num(w.volumeNum) ?? num(w.volume) ?? 0,
    best_ask: prob(w.bestAsk),
    best_bid: prob(w.bestBid),
    last_trade_price: prob(w.lastTradePrice),
    close_time: iso(w.endDate),
    open_time: iso(w.startDate),
    created_at: iso(w.createdAt),
    settlement_time: status(w) === 'resolved' ? iso(w.closedTime) ?? iso(w.updatedAt) : null,
    condition_id: null,
    event_ticker: eventSlug ?? eventSlugOf(w),
    min_order_size: num(w.minimumTradeQty),
    neg_risk: null,
    neg_risk_market_id: null,
    numeric_id: str(w.id),
    outcomes: [
      { label: 'Yes', price: p.yes, token_id: null },
      { label: 'No', price: p.no, token_id: null },
    ],
    result,
    rules: str(w.description),
    tick_size: num(w.orderPriceMinTickSize),
    volume_24h: num(w.volume24hr),
  };
}

export function parseEvent(raw: unknown): Event | null {
  const w = obj(raw);
  const slug = w ? str(w.slug) : null;
  if (!w || !slug) return null;
  const markets = Array.isArray(w.markets) ? w.markets.map((m) => str(obj(m)?.slug)).filter((s): s is string => s !== null) : [];
  const series = obj(w.series);
  return {
    ticker: slug,
    title: str(w.title) ?? slug,
    category: str(w.category),
    description: str(w.description),
    start_ts: iso(w.startTime) ?? iso(w.startDate),
    end_ts: iso(w.endTime) ?? iso(w.endDate),
    last_updated_ts: iso(w.updatedAt),
    market_tickers: markets,
    mutually_exclusive: null,
    numeric_id: str(w.id),
    open_interest: num(w.openInterest),
    series_ticker: series ? str(series.slug) : null,
    status: w.closed === true ? 'closed' : w.active === true ? 'active' : null,
    volume: num(w.volume),
  };
}

export function parseSeries(raw: unknown): Series | null {
  const w = obj(raw);
  const slug = w ? str(w.slug) : null;
  if (!w || !slug) return null;
  return {
    ticker: slug,
    title: str(w.title) ?? slug,
    category: null,
    fee_type: null,
    frequency: str(w.recurrence),
    last_updated_ts: iso(w.updatedAt),
    numeric_id: str(w.id),
    settlement_sources: [],
    tags: [],
    volume: num(w.volume),
  };
}
