/**
 * Kalshi wire objects → the unified Market, Event and Series. Pure and tolerant: a missing or
 * mistyped field becomes null (or the model's default), never an exception; only a row without
 * its identifier (ticker) is skipped. Field sources follow upstream-mapping §2.1–2.4; where pmt
 * departs from openpx the comment says why.
 */
import { complement, Decimal } from '../../decimal.js';
import type { Event, Market, MarketStatus, Outcome, Series, SettlementSource } from '../types.js';
import { bool, cents, count, countOf, isoTime, num, obj, priceOf, text, type Raw } from './coerce.js';

const STATUS: Record<string, MarketStatus> = {
  active: 'active',
  determined: 'resolved',
  finalized: 'resolved',
  // Query-side spellings, in case a payload ever carries them.
  open: 'active',
  settled: 'resolved',
};

/**
 * Kalshi lifecycle → unified status. `initialized`, `inactive`, `closed`, `disputed`, `amended`
 * and any other string are `closed` (not tradable, no final result); a missing or mistyped
 * status is `active`, as upstream-mapping §2.1 specifies.
 */
export function unifiedStatus(status: unknown): MarketStatus {
  if (typeof status !== 'string' || status === '') return 'active';
  return STATUS[status] ?? 'closed';
}

/**
 * Market title. Upstream: `"{yes_sub_title} | {no_sub_title}"`. pmt departs in three cases a
 * reader would otherwise see as garbage: both subtitles empty → the deprecated `title` (then the
 * ticker) instead of " | "; only one subtitle → that one alone; both equal (Kalshi repeats the
 * candidate name on both sides of multi-outcome events) → it once, not "Trump | Trump".
 */
export function marketTitle(raw: Raw, ticker: string): string {
  const yes = text(raw.yes_sub_title);
  const no = text(raw.no_sub_title);
  if (yes && no) return yes === no ? yes : `${yes} | ${no}`;
  return yes ?? no ?? text(raw.title) ?? text(raw.subtitle) ?? ticker;
}

function joinRules(primary: string | null, secondary: string | null): string | null {
  if (primary && secondary) return `${primary} | ${secondary}`;
  return primary ?? secondary;
}

/** Smallest `price_ranges[].step`; the deprecated integer `tick_size` (cents) only when no ranges. */
function tickSize(raw: Raw): number | null {
  let best: number | null = null;
  if (Array.isArray(raw.price_ranges)) {
    for (const r of raw.price_ranges) {
      const step = num(obj(r)?.step);
      if (step !== null && step > 0 && step <= 1 && (best === null || step < best)) best = step;
    }
  }
  if (best !== null) return best;
  const legacy = raw.tick_size;
  // Whole cents to dollars: one correctly rounded division, the double Decimal would give (coerce.ts).
  if (typeof legacy === 'number' && Number.isInteger(legacy) && legacy > 0 && legacy <= 100) return cents(legacy);
  return null;
}

/** `fractional_trading_enabled` true → 0.01 contracts, false → 1; absent → unknown (null). */
function minOrderSize(raw: Raw): number | null {
  const f = bool(raw.fractional_trading_enabled);
  return f === null ? null : f ? 0.01 : 1;
}

/**
 * Settled side as the winning outcome's label ("yes" → "Yes"), so `result` compares directly
 * with `outcomes[].label` (the interface: "winning outcome label"). Other values ("scalar") pass
 * through; "" is null.
 */
function resultLabel(v: unknown): string | null {
  const r = text(v);
  if (!r) return null;
  if (r.toLowerCase() === 'yes') return 'Yes';
  if (r.toLowerCase() === 'no') return 'No';
  return r;
}

/** A quote, or null for the upstream's "no quote" placeholders: bid 0, ask 0 or 1, last price 0. */
export function quoted(p: number | null, kind: 'bid' | 'ask' | 'last'): number | null {
  if (p === null) return null;
  // An ask of 0 is no quote either (nothing is offered for free): "0.0000" on a market nobody offers.
  return (kind === 'ask' ? p >= 1 || p <= 0 : p <= 0) ? null : p;
}

/** Yes/No outcomes: YES at `yes_ask ?? last_price`, NO its exact complement; null when unquoted. */
function binaryOutcomes(yesAsk: number | null, lastPrice: number | null): Outcome[] {
  const yes = yesAsk ?? lastPrice;
  return [
    { label: 'Yes', price: yes, token_id: null },
    { label: 'No', price: yes === null ? null : complement(yes), token_id: null },
  ];
}

/**
 * Contracts → USD. Kalshi counts volume in contracts; the interface wants USD. Each contract's
 * notional is `notional_value_dollars` ("1.0000" on every Kalshi market today, so the number is
 * unchanged); a different notional is multiplied in exactly rather than mislabelled.
 */
function usd(contracts: number | null, notional: number | null): number | null {
  if (contracts === null) return null;
  if (notional === null || notional === 1 || notional === 0) return contracts;
  return Decimal.from(contracts).times(notional).toNumber();
}

/*
 * Market (GET /markets, /markets/{ticker}, /historical/markets), the fields read:
 * {
 *   "ticker": "KXTEST-25Q4-CONTRACT", "event_ticker": "KXTEST-25Q4", "market_type": "binary",
 *   "status": "active", "title": "DEPRECATED-Title-Field",
 *   "yes_sub_title": "Canonical YES short title", "no_sub_title": "Canonical NO short title",
 *   "rules_primary": "Primary rules text…", "rules_secondary": "Secondary rules text.",
 *   "result": "", "fractional_trading_enabled": false,
 *   "open_time": "2025-10-01T14:30:00Z", "close_time": "2025-12-31T21:00:00Z",
 *   "created_time": "2025-09-15T08:00:00Z", "settlement_ts": "2026-01-01T00:00:00Z",
 *   "yes_bid_dollars": "0.6500", "yes_ask_dollars": "0.6700", "last_price_dollars": "0.6600",
 *   "volume_fp": "150000", "volume_24h_fp": "5000", "notional_value_dollars": "1.0000",
 *   "price_ranges": [{ "start": "0.0100", "end": "0.9900", "step": "0.0100" }]
 * }
 * Legacy fallbacks: yes_bid / yes_ask / last_price (integer cents), volume / volume_24h (integer
 * counts), tick_size (integer cents), expiration_time (for close_time), settlement_ts as unix seconds.
 */
export function parseMarket(input: unknown): Market | null {
  const raw = obj(input);
  const ticker = raw && text(raw.ticker);
  if (!raw || !ticker) return null;
  // Each price is read once (best_ask and the outcomes share yes_ask and last_price). Kalshi's
  // "no quote" placeholders (a bid of 0, an ask of 1, a last price of 0 before any trade) are
  // not prices: they map to null (contract, "Prices and outcomes").
  const yesAsk = quoted(priceOf(raw.yes_ask_dollars, raw.yes_ask), 'ask');
  const lastPrice = quoted(priceOf(raw.last_price_dollars, raw.last_price), 'last');
  const notional = num(raw.notional_value_dollars);
  return {
    exchange: 'kalshi',
    market_type: raw.market_type === 'scalar' ? 'scalar' : 'binary',
    unified_id: `kalshi:${ticker}`,
    status: unifiedStatus(raw.status),
    ticker,
    title: marketTitle(raw, ticker),
    volume: usd(countOf(raw.volume_fp, raw.volume), notional) ?? 0,
    best_ask: yesAsk,
    best_bid: quoted(priceOf(raw.yes_bid_dollars, raw.yes_bid), 'bid'),
    last_trade_price: lastPrice,
    close_time: isoTime(raw.close_time) ?? isoTime(raw.expiration_time),
    open_time: isoTime(raw.open_time),
    created_at: isoTime(raw.created_time),
    settlement_time: isoTime(raw.settlement_ts),
    condition_id: null,
    event_ticker: text(raw.event_ticker),
    min_order_size: minOrderSize(raw),
    neg_risk: null,
    neg_risk_market_id: null,
    numeric_id: null,
    outcomes: binaryOutcomes(yesAsk, lastPrice),
    result: resultLabel(raw.result),
    rules: joinRules(text(raw.rules_primary), text(raw.rules_secondary)),
    tick_size: tickSize(raw),
    volume_24h: usd(countOf(raw.volume_24h_fp, raw.volume_24h), notional),
  };
}

/** Parse an array of wire markets, skipping rows that are not markets. */
export function parseMarkets(list: unknown): Market[] {
  if (!Array.isArray(list)) return [];
  const out: Market[] = [];
  for (const item of list) {
    const m = parseMarket(item);
    if (m) out.push(m);
  }
  return out;
}

function tickersOf(...lists: unknown[]): string[] {
  const seen = new Set<string>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const m of list) {
      const t = text(obj(m)?.ticker);
      if (t) seen.add(t);
    }
  }
  return [...seen];
}

/*
 * EventData (GET /events/{event_ticker}), the fields read:
 * {
 *   "event_ticker": "KXTEST-25Q4", "series_ticker": "KXTEST", "title": "Test event Q4 2025",
 *   "sub_title": "Q4 2025", "mutually_exclusive": true, "category": "Economics" (deprecated),
 *   "strike_date": "2025-12-31T21:00:00Z", "last_updated_ts": "2025-11-12T10:00:00Z",
 *   "markets": [Market…] (only with with_nested_markets=true)
 * }
 * `siblings` is the response's top-level `markets` array (deprecated, still populated).
 */
export function parseEvent(input: unknown, siblings?: unknown): Event | null {
  const raw = obj(input);
  const ticker = raw && text(raw.event_ticker);
  if (!raw || !ticker) return null;
  return {
    ticker,
    title: text(raw.title) ?? ticker,
    // Category lives on the series; the deprecated event field is still sent, and when it is,
    // it is the upstream's own answer, so it is kept rather than dropped.
    category: text(raw.category),
    description: text(raw.sub_title),
    start_ts: null,
    end_ts: isoTime(raw.strike_date),
    last_updated_ts: isoTime(raw.last_updated_ts),
    market_tickers: tickersOf(raw.markets, siblings),
    mutually_exclusive: bool(raw.mutually_exclusive),
    numeric_id: null,
    open_interest: null,
    series_ticker: text(raw.series_ticker),
    status: null,
    volume: null,
  };
}

/*
 * Series (GET /series/{series_ticker}?include_volume=true), the fields read:
 * {
 *   "ticker": "KXTEST", "title": "Test series", "category": "Economics", "frequency": "quarterly",
 *   "tags": ["Inflation"], "fee_type": "quadratic", "volume_fp": "1250000.00",
 *   "settlement_sources": [{ "name": "Bureau of Labor Statistics", "url": "https://www.bls.gov" }],
 *   "last_updated_ts": "2025-11-12T10:00:00Z"
 * }
 */
export function parseSeries(input: unknown): Series | null {
  const raw = obj(input);
  const ticker = raw && text(raw.ticker);
  if (!raw || !ticker) return null;
  const sources: SettlementSource[] = [];
  if (Array.isArray(raw.settlement_sources)) {
    for (const s of raw.settlement_sources) {
      const o = obj(s);
      if (o) sources.push({ name: text(o.name), url: text(o.url) });
    }
  }
  return {
    ticker,
    title: text(raw.title) ?? ticker,
    category: text(raw.category),
    fee_type: text(raw.fee_type),
    frequency: text(raw.frequency),
    last_updated_ts: isoTime(raw.last_updated_ts),
    numeric_id: null,
    settlement_sources: sources,
    tags: Array.isArray(raw.tags) ? raw.tags.map(text).filter((t): t is string => t !== null) : [],
    volume: count(raw, 'volume'),
  };
}
