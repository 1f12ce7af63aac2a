/**
 * Gamma payloads → unified Market, Event and Series (reference §2.1–2.4). Pure and tolerant: a
 * field that is missing or unreadable becomes null (or the documented default); a row without
 * its required identifier (slug / ticker) is skipped by returning null. Nothing here throws.
 */
import { Decimal } from '../../decimal.js';
import type { Event, Market, MarketStatus, Outcome, Series } from '../types.js';
import { bool, firstObj, idStr, isoDate, jsonArray, num, obj, positive, prob, text, tokenId } from './coerce.js';
import { gammaFees, marketProtocol, outcomeIdsOf, recordFees, recordProtocol } from './protocol.js';

/**
 * Gamma `Market` (trimmed; `GET /markets`, `/markets/slug/{slug}`, `events[].markets[]`):
 *   { "id": "1234567", "slug": "will-x-happen", "question": "Will X happen?",
 *     "conditionId": "0x…", "description": "…rules…", "active": true, "closed": false,
 *     "startDate": "2025-10-01T14:30:00Z", "endDate": "2025-12-31T21:00:00Z",
 *     "createdAt": "2025-09-15T08:00:00Z", "closedTime": "2024-11-06 05:36:41+00",
 *     "outcomes": "[\"Yes\",\"No\"]", "outcomePrices": "[\"0.65\",\"0.35\"]",
 *     "clobTokenIds": "[\"1234…\",\"5678…\"]", "volumeNum": 150000, "volume": "150000",
 *     "volume24hr": 5000, "lastTradePrice": 0.66, "bestBid": 0.65, "bestAsk": 0.67,
 *     "orderMinSize": 5, "orderPriceMinTickSize": 0.01, "negRisk": false,
 *     "negRiskMarketID": "0x…", "events": [{ "slug": "x-event", … }] }
 *
 * Protocol V2 markets (`"version": "v2"`) trade their outcomes by `positionIds` (an array of decimal
 * strings) instead of `clobTokenIds`; `token_id` is the id the market's version names (protocol.ts).
 *
 * `parentEventSlug` backfills `event_ticker` when the market came embedded in an event (those
 * copies carry no `events` relation).
 */
export function parseMarket(raw: unknown, parentEventSlug?: string | null): Market | null {
  const m = obj(raw);
  const slug = m ? text(m.slug) : null;
  if (!m || slug === null) return null;

  const status = marketStatus(m);
  const labels = outcomeLabels(m.outcomes);
  const prices = jsonArray(m.outcomePrices) ?? [];
  const tokens = outcomeIdsOf(m);
  const outcomes: Outcome[] = labels.map((label, i) => ({
    label,
    price: outcomePrice(prices[i], status === 'active'),
    token_id: tokenId(tokens[i]),
  }));

  const market: Market = {
    exchange: 'polymarket',
    market_type: labels.length === 2 ? 'binary' : 'categorical',
    unified_id: `polymarket:${slug}`,
    status,
    ticker: slug,
    title: text(m.question) ?? '',
    volume: num(m.volumeNum) ?? num(m.volume) ?? 0,
    // Gamma's "no quote" placeholders on an empty side (bestBid 0, bestAsk 1, lastTradePrice 0)
    // are not prices: null (contract, "Prices and outcomes").
    best_ask: quoted(prob(m.bestAsk), 'ask'),
    best_bid: quoted(prob(m.bestBid), 'bid'),
    last_trade_price: quoted(prob(m.lastTradePrice), 'last'),
    close_time: isoDate(m.endDate) ?? isoDate(m.endDateIso),
    open_time: isoDate(m.startDate) ?? isoDate(m.startDateIso),
    created_at: isoDate(m.createdAt),
    settlement_time: isoDate(m.closedTime),
    condition_id: text(m.conditionId),
    event_ticker: text(firstObj(m.events)?.slug) ?? text(parentEventSlug),
    min_order_size: positive(m.orderMinSize),
    neg_risk: bool(m.negRisk),
    neg_risk_market_id: text(m.negRiskMarketID),
    numeric_id: idStr(m.id),
    outcomes,
    result: status === 'resolved' ? winningLabel(labels, prices) : null,
    rules: text(m.description),
    tick_size: positive(m.orderPriceMinTickSize),
    volume_24h: num(m.volume24hr),
  };
  return recordFees(recordProtocol(market, marketProtocol(m) ?? 'v1'), gammaFees(m));
}

/** closed → resolved (even while UMA resolution is pending); active false → closed; else active. */
export function marketStatus(m: Record<string, unknown>): MarketStatus {
  if (bool(m.closed) === true) return 'resolved';
  if (bool(m.active) === false) return 'closed';
  return 'active';
}

function outcomeLabels(v: unknown): string[] {
  const arr = jsonArray(v);
  // Gamma omits outcomes only on malformed rows; its markets are Yes/No unless it says otherwise.
  if (!arr || arr.length === 0) return ['Yes', 'No'];
  // An unreadable label keeps its position, so prices and token ids still line up by index.
  return arr.map((x, i) => (typeof x === 'string' && x.trim() ? x.trim() : typeof x === 'number' ? String(x) : `Outcome ${i + 1}`));
}

/**
 * A quoted price; 0 (the losing side of a settled market, or no quote) is reported as null. On a
 * market still trading, 1 is no price either: Gamma's placeholder pair for an empty book is
 * ["0", "1"], and nothing trades at 1 before the market settles.
 */
function outcomePrice(v: unknown, trading: boolean): number | null {
  const p = prob(v);
  if (p === null || p <= 0) return null;
  return trading && p >= 1 ? null : p;
}

/** A quote, or null for Gamma's "no quote" placeholder: bid 0, ask 1, last trade price 0. */
function quoted(p: number | null, kind: 'bid' | 'ask' | 'last'): number | null {
  if (p === null) return null;
  return (kind === 'ask' ? p >= 1 : p <= 0) ? null : p;
}

/** Prices are settled at this resolution: 0.9999995 is 1 and 0.0000004 is 0. */
const SETTLE_PLACES = 3;

/**
 * The winning label of a closed market: the one outcome whose price rounds to 1 at 1e-3 while
 * every other rounds to 0 (old markets settle as ["0.0000004…", "0.9999995…"]); compared as
 * decimals, not floats. Anything else (a split, an unreadable price) is no result yet.
 */
function winningLabel(labels: string[], prices: unknown[]): string | null {
  if (prices.length !== labels.length) return null;
  let winner: string | null = null;
  for (let i = 0; i < labels.length; i++) {
    const p = prices[i];
    const d = typeof p === 'string' ? Decimal.parse(p.trim()) : typeof p === 'number' && Number.isFinite(p) ? Decimal.parse(String(p)) : null;
    if (!d) return null;
    const r = d.round(SETTLE_PLACES);
    if (r.eq(Decimal.ONE)) {
      if (winner !== null) return null;
      winner = labels[i]!;
    } else if (!r.isZero()) return null;
  }
  return winner;
}

/**
 * Gamma `Event` (trimmed; `GET /events/slug/{slug}`, `/events/keyset` → `events[]`):
 *   { "id": "90210", "slug": "x-event", "title": "X?", "description": "…", "category": "Politics",
 *     "active": true, "closed": false, "startDate": "…", "endDate": "…", "updatedAt": "…",
 *     "volume": 1234.5, "openInterest": 99.1, "negRisk": true,
 *     "markets": [{ "slug": "…", … }], "series": [{ "ticker": "x-series", … }] }
 */
export function parseEvent(raw: unknown): Event | null {
  const e = obj(raw);
  const slug = e ? text(e.slug) : null;
  if (!e || slug === null) return null;
  const series = firstObj(e.series);
  const closed = bool(e.closed);
  const markets = Array.isArray(e.markets) ? e.markets : [];
  return {
    ticker: slug,
    title: text(e.title) ?? '',
    category: text(e.category),
    description: text(e.description),
    start_ts: isoDate(e.startDate),
    end_ts: isoDate(e.endDate),
    last_updated_ts: isoDate(e.updatedAt),
    market_tickers: markets.map((m) => text(obj(m)?.slug)).filter((s): s is string => s !== null),
    mutually_exclusive: bool(e.negRisk) ?? bool(e.mutuallyExclusive),
    numeric_id: idStr(e.id),
    open_interest: num(e.openInterest),
    series_ticker: series ? (text(series.ticker) ?? text(series.slug)) : null,
    status: closed === true ? 'closed' : closed === false ? 'open' : null,
    volume: num(e.volume),
  };
}

/**
 * Gamma `Series` (trimmed; embedded as `event.series[0]`; `id` is sometimes a number, `volume`
 * sometimes a string, `category` live but undeclared in the spec):
 *   { "id": "10192", "ticker": "btc-daily", "slug": "btc-daily", "title": "BTC daily",
 *     "recurrence": "daily", "category": "Crypto", "volume": 123.4, "updatedAt": "…" }
 */
export function parseSeries(raw: unknown): Series | null {
  const s = obj(raw);
  const ticker = s ? (text(s.ticker) ?? text(s.slug)) : null;
  if (!s || ticker === null) return null;
  return {
    ticker,
    title: text(s.title) ?? '',
    category: text(s.category),
    // Gamma has no fee schedule label, settlement sources or tag strings on a series.
    fee_type: null,
    frequency: text(s.frequency) ?? text(s.recurrence),
    last_updated_ts: isoDate(s.updatedAt),
    numeric_id: idStr(s.id),
    settlement_sources: [],
    tags: [],
    volume: num(s.volume),
  };
}

/** The markets embedded in an event, parsed, with `event_ticker` backfilled from the event. */
export function eventMarkets(rawEvent: unknown): Market[] {
  const e = obj(rawEvent);
  if (!e || !Array.isArray(e.markets)) return [];
  const slug = text(e.slug);
  const out: Market[] = [];
  for (const raw of e.markets) {
    const m = parseMarket(raw, slug);
    if (m) out.push(m);
  }
  return out;
}
