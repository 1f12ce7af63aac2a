/**
 * A Kalshi event shown as one categorical market (upstream-mapping §2.1 "event-as-market"): what
 * `pmt markets lineage <EVENT_TICKER>` shows when the ticker names an event, not a market. One
 * outcome per child market, labelled by its YES subtitle.
 */
import { Decimal } from '../../decimal.js';
import type { Market, MarketStatus, Outcome } from '../types.js';
import { earlierIso, laterIso, obj, price, text, type Raw } from './coerce.js';
import { parseMarket } from './parse.js';

/*
 * Input: GET /events/{event_ticker} → { "event": EventData, "markets": [Market…] }, reading
 * event.event_ticker / title / sub_title, and per child market ticker, yes_sub_title, title,
 * yes_ask_dollars, last_price_dollars (legacy cents fallback), volume_fp, status, result, times.
 */
export function eventAsMarket(eventInput: unknown, children: unknown[]): Market | null {
  const ev = obj(eventInput);
  const ticker = ev && text(ev.event_ticker);
  if (!ev || !ticker) return null;
  const raws = children.map(obj).filter((m): m is Raw => m !== null && text(m.ticker) !== null);
  const parsed = raws.map((r) => parseMarket(r)!);

  const outcomes: Outcome[] = raws.map((r) => {
    const p = price(r, 'yes_ask') ?? price(r, 'last_price');
    return { label: text(r.yes_sub_title) ?? text(r.title) ?? text(r.ticker)!, price: p, token_id: null };
  });

  let volume = Decimal.ZERO;
  let volume24: Decimal | null = null;
  let close: string | null = null;
  let open: string | null = null;
  let created: string | null = null;
  let settled: string | null = null;
  let tick: number | null = null;
  let minSize: number | null = null;
  for (const m of parsed) {
    // Sums in Decimal: adding "0.10"-style counts as doubles would drift.
    volume = volume.plus(m.volume);
    if (m.volume_24h !== null) volume24 = (volume24 ?? Decimal.ZERO).plus(m.volume_24h);
    close = laterIso(close, m.close_time);
    open = earlierIso(open, m.open_time);
    created = earlierIso(created, m.created_at);
    settled = laterIso(settled, m.settlement_time);
    if (m.tick_size !== null && (tick === null || m.tick_size < tick)) tick = m.tick_size;
    if (m.min_order_size !== null && (minSize === null || m.min_order_size < minSize)) minSize = m.min_order_size;
  }

  const status = eventStatus(parsed.map((m) => m.status));
  const winners = parsed.flatMap((m, i) => (m.result === 'Yes' ? [outcomes[i]!.label] : []));
  return {
    exchange: 'kalshi',
    market_type: 'categorical',
    unified_id: `kalshi:${ticker}`,
    status,
    ticker,
    title: text(ev.title) ?? ticker,
    volume: volume.toNumber(),
    best_ask: null,
    best_bid: null,
    last_trade_price: null,
    close_time: close,
    open_time: open,
    created_at: created,
    settlement_time: status === 'resolved' ? settled : null,
    condition_id: null,
    event_ticker: ticker,
    // Reference defaults (tick 0.01, minimum 1) unless the children say otherwise.
    min_order_size: minSize ?? 1,
    neg_risk: null,
    neg_risk_market_id: null,
    numeric_id: null,
    outcomes,
    result: status === 'resolved' && winners.length === 1 ? winners[0]! : null,
    rules: text(ev.sub_title) ?? text(ev.description),
    tick_size: tick ?? 0.01,
    volume_24h: volume24 ? volume24.toNumber() : null,
  };
}

/**
 * openpx always says `active`; pmt derives it from the children so an event whose markets are all
 * settled is not advertised as tradable: any child active → active; all resolved → resolved;
 * otherwise (including an event with no live children) → closed.
 */
function eventStatus(children: MarketStatus[]): MarketStatus {
  if (children.includes('active')) return 'active';
  if (children.length > 0 && children.every((s) => s === 'resolved')) return 'resolved';
  return 'closed';
}
