/**
 * The pre-trade preview, computed exactly (Decimal) and purely from what was fetched: the order
 * in words on both price scales, cost or proceeds, what would fill now at the limit, the book's
 * impact at that size, and the venue checks that passed. Rendering lives in render/views/orders.
 *
 * Price scales (contract, "Prices and outcomes"): the price is on the asset's own book. Kalshi's
 * book is YES-priced, so `--outcome no` at p trades NO at 1 − p (the same order as the opposite
 * side of YES at p). A Polymarket asset is one outcome's token, so the price is that token's.
 */
import { manifestOf } from '../../exchanges/registry.js';
import { Decimal } from '../../decimal.js';
import type { AssetInfo } from '../../exchanges/exchange.js';
import type { ExchangeId, Orderbook, OrderbookImpact, OrderSide, OrderType } from '../../exchanges/types.js';
import type { Check, OrderPreview } from '../../render/views/orders.js';
import { sameLabel } from './common.js';
import { estimateFees, feeLegs, type FeeLookup } from './fees.js';
import { limitFill, type LimitFill } from './impact.js';
import { complementPrice } from './rules.js';

export type { Check, OrderPreview };

export interface PreviewInput {
  exchange: ExchangeId;
  environment: string;
  info: AssetInfo;
  side: OrderSide;
  order_type: OrderType;
  /** Outcome label being traded (already checked against the asset). */
  outcome: string;
  price: Decimal;
  size: Decimal;
  book: Orderbook | null;
  impact: OrderbookImpact | null;
  /** Wall clock (ms) at preview time, to age the book snapshot. */
  now?: number;
  /** The exchange's fee schedule for the asset, or why it is missing (then the fee is unknown). */
  fees?: FeeLookup;
}

/** A book snapshot older than this is flagged in the preview. */
export const STALE_BOOK_MS = 60_000;

/** The other outcome's label when the market has exactly two. */
export function complementLabel(info: AssetInfo, label: string): string | null {
  const labels = info.market.outcomes.length === 2 ? info.market.outcomes.map((o) => o.label) : info.outcomes;
  if (labels.length !== 2) return null;
  return sameLabel(labels[0]!, label) ? labels[1]! : sameLabel(labels[1]!, label) ? labels[0]! : null;
}

export function buildPreview(i: PreviewInput): OrderPreview {
  const onBook = sameLabel(i.outcome, i.info.book_outcome);
  const outcomePrice = onBook ? i.price : complementPrice(i.price);
  // Trading the complement of the book's outcome takes the opposite side of the book.
  const bookSide: OrderSide = onBook ? i.side : i.side === 'buy' ? 'sell' : 'buy';
  const toOutcome = (d: Decimal | null) => (d == null ? null : onBook ? d : complementPrice(d));
  const notional = outcomePrice.times(i.size);
  const warnings: string[] = [];
  const checks: Check[] = [
    { name: 'price', ok: true, detail: `${i.price.toFixed()} is inside (0, 1)` },
    { name: 'tick', ok: true, detail: `${i.price.toFixed()} is on the ${Decimal.from(i.info.tick_size).toFixed()} tick grid` },
    { name: 'size', ok: true, detail: `${i.size.toFixed()} contracts, at most 2 decimals` },
    { name: 'min_size', ok: true, detail: `${i.size.toFixed()} >= minimum ${Decimal.from(i.info.min_order_size).toFixed()}` },
    { name: 'outcome', ok: true, detail: `${i.outcome} is an outcome of this asset` },
    { name: 'market_status', ok: i.info.market.status === 'active', detail: `market is ${i.info.market.status}` },
  ];

  let fillNow: OrderPreview['fill_now'] = null;
  let impact: OrderPreview['impact'] = null;
  const book = i.book;
  let fill: LimitFill | null = null;
  if (book) {
    const f = limitFill(book, bookSide, i.price, i.size);
    fill = f;
    fillNow = { filled: f.filled, avg: toOutcome(f.avg), resting: i.size.minus(f.filled) };
    const takes = bookSide === 'buy' ? book.asks : book.bids;
    checks.push({ name: 'book', ok: takes.length > 0, detail: `${book.bids.length} bid and ${book.asks.length} ask levels` });
    if (takes.length === 0) {
      warnings.push(`the book has no ${bookSide === 'buy' ? 'asks' : 'bids'}: nothing fills now; the order would rest at its limit`);
    }
    if (i.order_type === 'fok' && f.filled.lt(i.size)) {
      warnings.push(`fill-or-kill: only ${f.filled.toFixed()} of ${i.size.toFixed()} are available at this limit now, so the order would be killed unfilled`);
    } else if (i.order_type === 'ioc' && f.filled.lt(i.size)) {
      warnings.push(`immediate-or-cancel: about ${f.filled.toFixed()} fill now and the remaining ${i.size.minus(f.filled).toFixed()} are cancelled`);
    }
    const far = farFromBook(i, onBook, outcomePrice, book);
    if (far) warnings.push(far);
    const age = bookAge(book.timestamp, i.now);
    if (age != null && age * 1000 > STALE_BOOK_MS) warnings.push(`the book snapshot is ${age} s old: prices may have moved`);
  } else {
    checks.push({ name: 'book', ok: false, detail: 'the order book could not be read' });
    warnings.push('no live book: fill and slippage are unknown');
  }
  if (i.impact) {
    const buy = bookSide === 'buy';
    const avg = buy ? i.impact.buy_avg_price : i.impact.sell_avg_price;
    impact = {
      avg_price: toOutcome(avg == null ? null : Decimal.from(avg)),
      fill_pct: buy ? i.impact.buy_fill_pct : i.impact.sell_fill_pct,
      slippage_bps: buy ? i.impact.buy_slippage_bps : i.impact.sell_slippage_bps,
      mid: i.impact.mid,
    };
  }
  const m = manifestOf(i.exchange);
  if (m.outcomes === 'yes-book' && i.side === 'sell') {
    const other = complementLabel(i.info, i.outcome) ?? 'the other outcome';
    warnings.push(`on ${m.name}, selling ${i.outcome} you do not hold buys ${other} at ${complementPrice(outcomePrice).toFixed()} instead`);
  }
  return {
    exchange: i.exchange,
    environment: i.environment,
    asset_id: i.info.asset_id,
    market: { unified_id: i.info.market.unified_id, title: i.info.market.title, status: i.info.market.status },
    side: i.side,
    order_type: i.order_type,
    outcome: i.outcome,
    book_outcome: i.info.book_outcome,
    complement: complementLabel(i.info, i.outcome),
    book_price: i.price,
    outcome_price: outcomePrice,
    size: i.size,
    notional,
    max_payout: i.side === 'buy' ? i.size : null,
    book_side: bookSide,
    best_bid: book?.bids[0]?.price ?? null,
    best_ask: book?.asks[0]?.price ?? null,
    fill_now: fillNow,
    impact,
    fee: estimateFees(i.fees ?? { error: 'not read' }, feeLegs(i.order_type, i.price, i.size, fill)),
    book_time: book?.timestamp ?? null,
    book_age_s: book ? bookAge(book.timestamp, i.now) : null,
    checks,
    warnings,
  };
}

/** A resting limit this far (in price) from the best same-side price is worth a second look. */
export const FAR_FROM_BOOK = Decimal.from('0.10');

/**
 * A limit that rests far behind the market: often a price typed on the wrong outcome's scale
 * (a NO price where the YES book's price was asked for), so say what the other reading would be.
 */
function farFromBook(i: PreviewInput, onBook: boolean, q: Decimal, book: Orderbook): string | null {
  const flip = (l: { price: number } | undefined) => (l ? complementPrice(Decimal.from(l.price)) : null);
  const same = (l: { price: number } | undefined) => (l ? Decimal.from(l.price) : null);
  const bid = onBook ? same(book.bids[0]) : flip(book.asks[0]);
  const ask = onBook ? same(book.asks[0]) : flip(book.bids[0]);
  const r = i.side === 'buy' ? bid : ask;
  if (r == null) return null;
  const gap = i.side === 'buy' ? r.minus(q) : q.minus(r);
  if (gap.lte(FAR_FROM_BOOK)) return null;
  const where = i.side === 'buy' ? 'below the best' : 'above the best';
  const other = complementLabel(i.info, i.outcome);
  const mixup =
    !onBook && other ? `; prices are on the ${i.info.book_outcome} book: ${i.outcome} at ${complementPrice(q).toFixed(2)} would be --price ${q.toFixed(2)}` : '';
  return `your ${i.outcome} ${i.side === 'buy' ? 'bid' : 'offer'} ${q.toFixed(2)} is ${gap.toFixed()} ${where} ${i.outcome} ${i.side === 'buy' ? 'bid' : 'ask'} ${r.toFixed(2)}: it will wait on the book${mixup}`;
}

function bookAge(ts: string | null | undefined, now: number | undefined): number | null {
  const t = ts ? Date.parse(ts) : NaN;
  if (now === undefined || Number.isNaN(t)) return null;
  return Math.max(0, Math.floor((now - t) / 1000));
}

/** The preview as plain JSON (numbers, not Decimals) for `--dry-run --json`. */
export function previewJson(p: OrderPreview): Record<string, unknown> {
  const n = (d: Decimal | null) => (d == null ? null : d.toNumber());
  return {
    market: p.market,
    outcome: p.outcome,
    book_outcome: p.book_outcome,
    complement: p.complement,
    book_price: n(p.book_price),
    outcome_price: n(p.outcome_price),
    complement_price: p.complement ? n(complementPrice(p.outcome_price)) : null,
    [p.side === 'buy' ? 'cost' : 'proceeds']: n(p.notional),
    max_payout: n(p.max_payout),
    book_side: p.book_side,
    best_bid: p.best_bid,
    best_ask: p.best_ask,
    fill_now: p.fill_now && { filled: n(p.fill_now.filled), avg_price: n(p.fill_now.avg), resting: n(p.fill_now.resting) },
    impact: p.impact && { ...p.impact, avg_price: n(p.impact.avg_price) },
    book_time: p.book_time,
    book_age_s: p.book_age_s,
    fee_estimate: feeJson(p),
    [p.side === 'buy' ? 'cost_with_fees' : 'proceeds_after_fees']: n(withFees(p)),
    checks: p.checks,
    warnings: p.warnings,
    estimate:
      p.fee.total === null
        ? 'estimate from the book at preview time, not a guaranteed fill; fee unknown (see fee_estimate.reason), not included'
        : 'estimate from the book at preview time, not a guaranteed fill; fee_estimate is estimated from the exchange\'s published fee schedule',
  };
}

/** Cost plus the estimated fee (a buy), or proceeds less it (a sell); null when the fee is unknown. */
export function withFees(p: OrderPreview): Decimal | null {
  if (p.fee.total === null) return null;
  return p.side === 'buy' ? p.notional.plus(p.fee.total) : p.notional.minus(p.fee.total);
}

function feeJson(p: OrderPreview): Record<string, unknown> {
  const n = (d: Decimal | null) => (d == null ? null : d.toNumber());
  const f = p.fee;
  return {
    taker: n(f.taker),
    maker: n(f.maker),
    total: n(f.total),
    taker_size: n(f.taker_size),
    maker_size: n(f.maker_size),
    basis: f.basis,
    reason: f.reason,
    schedule: f.schedule,
  };
}
