/**
 * The pre-trade preview, computed exactly (Decimal) and purely from what was fetched: the order
 * in words on both price scales, cost or proceeds, what would fill now at the limit, the book's
 * impact at that size, and the venue checks that passed. Rendering lives in render/views/orders.
 *
 * Price scales (contract, "Prices and outcomes"): the price is the traded outcome's own, what is
 * paid or received per contract, and the book given is that outcome's (Kalshi's NO book for No,
 * the token's own on Polymarket). Where the asset's book prices the other outcome (Kalshi's YES
 * book), the preview also shows the order there: NO at p = a YES ask at 1 − p.
 */
import { limitFill, type LimitFill } from '../analytics/limit-fill.js';
import { Decimal } from '../decimal.js';
import { PmtError } from '../errors.js';
import type { AssetInfo, Exchange, FeeSchedule } from '../exchanges/exchange.js';
import { manifestOf } from '../exchanges/registry.js';
import type { ExchangeId, Orderbook, OrderbookImpact, OrderSide, OrderType } from '../exchanges/types.js';
import { sameLabel } from '../outcome.js';
import { complementPrice, gridOf } from './order-rules.js';
import { rangesText, stepAt } from '../price-grid.js';
import { estimateFees, feeLegs, type FeeLookup } from './preview-fees.js';
import type { Check, OrderPreview } from './preview-model.js';
import { fundsChecks } from './funds.js';

export type { Check, OrderPreview };

export interface PreviewInput {
  exchange: ExchangeId;
  environment: string;
  info: AssetInfo;
  side: OrderSide;
  order_type: OrderType;
  /** Outcome label being traded (already checked against the asset). */
  outcome: string;
  /** Limit price of `outcome`. */
  price: Decimal;
  size: Decimal;
  /** The traded outcome's book (its prices on the outcome's scale). */
  book: Orderbook | null;
  /** Market-order impact on that book. */
  impact: OrderbookImpact | null;
  /** Wall clock (ms) at preview time, to age the book snapshot. */
  now?: number;
  /** The exchange's fee schedule for the asset, or why it is missing (then the fee is unknown). */
  fees?: FeeLookup;
  /** Cash and the contracts of the traded outcome held, read for the funds check (absent: not checked). */
  account?: { cash: Decimal | null; held: Decimal | null; reason?: string };
}

/** A book snapshot older than this is flagged in the preview. */
export const STALE_BOOK_MS = 60_000;

/** The other outcome's label when the market has exactly two. */
export function complementLabel(info: AssetInfo, label: string): string | null {
  const labels = info.market.outcomes.length === 2 ? info.market.outcomes.map((o) => o.label) : info.outcomes;
  if (labels.length !== 2) return null;
  return sameLabel(labels[0]!, label) ? labels[1]! : sameLabel(labels[1]!, label) ? labels[0]! : null;
}

/** The tick rule as checked: the step of the price's own range on a tiered grid, else the tick. */
function tickDetail(i: PreviewInput): string {
  const grid = gridOf(i.info, i.outcome);
  const step = grid ? stepAt(i.price, grid) : null;
  if (grid && step) return `${i.price.toFixed()} is on the ${step.toFixed()} step of its price range (steps ${rangesText(grid)})`;
  return `${i.price.toFixed()} is on the ${Decimal.from(i.info.tick_size).toFixed()} tick grid`;
}

export function buildPreview(i: PreviewInput): OrderPreview {
  const onBook = sameLabel(i.outcome, i.info.book_outcome);
  const outcomePrice = i.price;
  // On the asset's own book, the other outcome is the opposite side at 1 − p (what is sent).
  const bookPrice = onBook ? i.price : complementPrice(i.price);
  const bookSide: OrderSide = onBook ? i.side : i.side === 'buy' ? 'sell' : 'buy';
  const notional = outcomePrice.times(i.size);
  const warnings: string[] = [];
  const checks: Check[] = [
    { name: 'price', ok: true, detail: `${i.price.toFixed()} is inside (0, 1)` },
    { name: 'tick', ok: true, detail: tickDetail(i) },
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
    const f = limitFill(book, i.side, i.price, i.size);
    fill = f;
    fillNow = { filled: f.filled, avg: f.avg, resting: i.size.minus(f.filled) };
    const takes = i.side === 'buy' ? book.asks : book.bids;
    checks.push({ name: 'book', ok: takes.length > 0, detail: `${book.bids.length} bid and ${book.asks.length} ask levels` });
    if (takes.length === 0) {
      warnings.push(`the ${i.outcome} book has no ${i.side === 'buy' ? 'asks' : 'bids'}: nothing fills now; the order would rest at its limit`);
    }
    if (i.order_type === 'fok' && f.filled.lt(i.size)) {
      warnings.push(`fill-or-kill: only ${f.filled.toFixed()} of ${i.size.toFixed()} are available at this limit now, so the order would be killed unfilled`);
    } else if (i.order_type === 'ioc' && f.filled.lt(i.size)) {
      warnings.push(`immediate-or-cancel: about ${f.filled.toFixed()} fill now and the remaining ${i.size.minus(f.filled).toFixed()} are cancelled`);
    }
    const far = farFromBook(i, onBook, book);
    if (far) warnings.push(far);
    const age = bookAge(book.timestamp, i.now);
    if (age != null && age * 1000 > STALE_BOOK_MS) warnings.push(`the book snapshot is ${age} s old: prices may have moved`);
  } else {
    checks.push({ name: 'book', ok: false, detail: 'the order book could not be read' });
    warnings.push('no live book: fill and slippage are unknown');
  }
  if (i.impact) {
    const buy = i.side === 'buy';
    const avg = buy ? i.impact.buy_avg_price : i.impact.sell_avg_price;
    impact = {
      avg_price: avg == null ? null : Decimal.from(avg),
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
  const fee = estimateFees(i.fees ?? { error: 'not read' }, feeLegs(i.order_type, i.price, i.size, fill));
  if (i.account) {
    const r = fundsChecks({
      side: i.side,
      outcome: i.outcome,
      outcomePrice,
      size: i.size,
      fee: fee.total,
      cash: i.account.cash,
      held: i.account.held,
      // An asset that carries both outcomes (a YES/NO book): selling beyond what is held buys the other.
      sellsBeyondHeld: i.info.outcomes.length > 1,
      unknownReason: i.account.reason,
    });
    checks.push(...r.checks);
    warnings.push(...r.warnings);
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
    book_price: bookPrice,
    outcome_price: outcomePrice,
    size: i.size,
    notional,
    max_payout: i.side === 'buy' ? i.size : null,
    book_side: bookSide,
    best_bid: book?.bids[0]?.price ?? null,
    best_ask: book?.asks[0]?.price ?? null,
    fill_now: fillNow,
    impact,
    fee,
    book_time: book?.timestamp ?? null,
    book_age_s: book ? bookAge(book.timestamp, i.now) : null,
    checks,
    warnings,
  };
}

/** A resting limit this far (in price) from the best same-side price is worth a second look. */
export const FAR_FROM_BOOK = Decimal.from('0.10');

/**
 * A resting limit this far behind the market: often a price typed on the wrong outcome's scale
 * (the YES book's price where the NO price was asked for), so say what the other reading would be.
 */
function farFromBook(i: PreviewInput, onBook: boolean, book: Orderbook): string | null {
  const best = i.side === 'buy' ? book.bids[0] : book.asks[0];
  if (!best) return null;
  const r = Decimal.from(best.price);
  const q = i.price;
  const gap = i.side === 'buy' ? r.minus(q) : q.minus(r);
  if (gap.lte(FAR_FROM_BOOK)) return null;
  const where = i.side === 'buy' ? 'below the best' : 'above the best';
  const mixup = !onBook
    ? `; --price is the price of ${i.outcome} (what you pay per contract), not of ${i.info.book_outcome}: did you mean --price ${complementPrice(q).toFixed(2)}?`
    : '';
  return `your ${i.outcome} ${i.side === 'buy' ? 'bid' : 'offer'} ${q.toFixed(2)} is ${gap.toFixed()} ${where} ${i.outcome} ${i.side === 'buy' ? 'bid' : 'ask'} ${r.toFixed(2)}: it will wait on the book${mixup}`;
}

function bookAge(ts: string | null | undefined, now: number | undefined): number | null {
  const t = ts ? Date.parse(ts) : NaN;
  if (now === undefined || Number.isNaN(t)) return null;
  return Math.max(0, Math.floor((now - t) / 1000));
}

/**
 * The live book for the preview. An exchange that cannot serve books (NotSupported) gives a
 * preview without fill estimates, clearly marked; any other failure (auth, network) stops here.
 */
export async function readOrderBook(ex: Exchange, assetId: string, outcome?: string): Promise<Orderbook | null> {
  try {
    return await ex.fetchOrderbook(assetId, outcome);
  } catch (e) {
    if (e instanceof PmtError && e.kind === 'NotSupported') return null;
    throw e;
  }
}

/** The asset's fee schedule, or why it could not be read: a fee lookup never blocks an order. */
export function readFees(ex: Exchange, info: AssetInfo): Promise<FeeLookup> {
  let read: Promise<FeeSchedule>;
  try {
    read = ex.fetchFeeSchedule(info); // started now, before the book is asked for
  } catch (e) {
    read = Promise.reject(e);
  }
  return read.then(
    (schedule) => ({ schedule, amounts: (legs) => ex.estimateFees(schedule, legs) }),
    (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
  );
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
