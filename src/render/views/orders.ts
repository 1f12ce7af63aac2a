/**
 * Presentation of orders and order previews: pure row/line mappers plus the printers. Prices are
 * the order's own outcome's (what `Order.price` holds) and, where that outcome is traded on the
 * other outcome's book (a Kalshi NO order), its place there too, so nobody misreads them.
 */
import { manifestOf } from '../../exchanges/registry.js';
import { Decimal } from '../../decimal.js';
import type { ExchangeId, Order, OrderSide, OrderType } from '../../exchanges/types.js';
import { Formatter, priceText, statusColor } from '../format.js';
import type { IO } from '../io.js';
import { printTable, type Cell, type Column } from '../table.js';
import { fitLines } from '../width.js';
import type { OpenOrders, OrderAnswer } from '../../ops/orders.js';

export type { Check, FeeEstimate, OrderPreview } from '../../ops/preview-model.js';
import type { OrderPreview } from '../../ops/preview-model.js';
import type { LimitCheck } from '../../ops/risk.js';
import type { AmendPlan } from '../../ops/order-one.js';
import { feesPaid } from '../../ops/preview-fees.js';

/** An order with the exchange it came from (orders carry no exchange field). */
export interface ExchangeOrder {
  exchange: ExchangeId;
  order: Order;
  /** The market by name where the order names it by an id (ops nameMarkets). */
  market?: { name: string; title: string };
}

/**
 * The order id (what `pmt order get` takes) is never cut; the market shrinks (with an ellipsis)
 * before the table would turn into cards (a Polymarket order id alone is 66 columns: at 110 the
 * list stays a table), and `pmt order get <id>` shows it whole. When the terminal is narrow the
 * columns marked `drop` go first, creation time before fill.
 */
export const ORDER_COLUMNS: Column[] = [
  { header: 'EXCHANGE', drop: 1 },
  { header: 'ID', id: true },
  { header: 'MARKET', flex: true },
  { header: 'OUTCOME' },
  { header: 'SIDE' },
  { header: 'PRICE', align: 'right' },
  { header: 'SIZE', align: 'right' },
  { header: 'FILLED', align: 'right', drop: 3 },
  { header: 'STATUS', drop: 2 },
  { header: 'CREATED', drop: 4 },
];

export const TYPE_WORDS: Record<OrderType, string> = {
  gtc: 'good till cancelled',
  ioc: 'immediate or cancel',
  fok: 'fill or kill',
};

export function sideText(f: Formatter, side: OrderSide): string {
  return side === 'buy' ? f.c.green('buy') : f.c.red('sell');
}

/**
 * `Order.price` is the price of the order's own outcome (contract, "Prices and outcomes"). On a
 * YES-book exchange (Kalshi) a NO order also has a place on the YES book, at 1 − price; null for
 * anything else.
 */
export function yesBookPrice(exchange: ExchangeId, o: Pick<Order, 'outcome' | 'price'>): number | null {
  if (manifestOf(exchange).outcomes !== 'yes-book' || o.outcome.trim().toLowerCase() !== 'no') return null;
  return Decimal.ONE.minus(o.price).toNumber();
}

/** Price cell: "0.30", the order's own outcome's price. */
export function priceCell(f: Formatter, _exchange: ExchangeId, o: Order): Cell {
  return { human: f.price(o.price), raw: String(o.price) };
}

export function orderRow(f: Formatter, { exchange, order: o, market }: ExchangeOrder): Cell[] {
  return [
    exchange,
    f.text(o.id),
    // People see the market by name (what --asset takes); pipes keep the model's field.
    market ? { human: f.text(market.name), raw: o.market_ticker } : f.text(o.market_ticker) || '-',
    f.text(o.outcome) || '-',
    { human: sideText(f, o.side), raw: o.side },
    priceCell(f, exchange, o),
    { human: f.num(o.size), raw: String(o.size) },
    { human: f.num(o.filled), raw: String(o.filled) },
    { human: statusColor(f, o.status), raw: o.status },
    f.time(o.created_at, { seconds: true }),
  ];
}

export async function printOrders(io: IO, f: Formatter, orders: ExchangeOrder[]): Promise<void> {
  await printTable(io, ORDER_COLUMNS, orders.map((o) => orderRow(f, o)));
}

/** Continuation indent when a detail line wraps: the value column of orderLines / previewLines. */
export const ORDER_HANG = 11;
export const PREVIEW_HANG = 13;

/** One order in detail, for people. */
export function orderLines(f: Formatter, { exchange, order: o, market }: ExchangeOrder): string[] {
  const yes = yesBookPrice(exchange, o);
  const price = yes == null ? f.price(o.price) : `${f.price(o.price)} per ${f.text(o.outcome)} contract (= Yes ${o.side === 'buy' ? 'ask' : 'bid'} at ${f.price(yes)} on the book)`;
  const rows: Array<[string, string]> = [
    ['Market', market ? `${f.text(`${exchange}:${market.name}`)}  ${f.text(market.title)}` : f.text(o.market_ticker) || '-'],
    ['Outcome', f.text(o.outcome) || '-'],
    ['Side', sideText(f, o.side)],
    ['Price', price],
    ['Size', `${f.num(o.size)} contracts · filled ${f.num(o.filled)}`],
    ['Status', statusColor(f, o.status)],
    // The fees paid in total (JSON keeps the interface's per-contract field).
    ['Fee', paidText(o)],
    ['Created', f.time(o.created_at, { seconds: true })],
    ['Updated', f.time(o.updated_at, { seconds: true })],
  ];
  return [`${f.c.bold('Order')} ${f.text(o.id)}  (${exchange})`, ...rows.map(([k, v]) => `  ${k.padEnd(8)} ${v}`)];
}

/** Exact dollars: at least cents, more places when the amount has them ("$2.485"). */
/** "$7.72 paid on 500 filled", from the one fee module (ops/preview-fees.ts). */
function paidText(o: Order): string {
  const paid = feesPaid(o);
  return paid === null ? '-' : `${usdExact(paid)} paid on ${o.filled} filled`;
}

export function usdExact(d: Decimal): string {
  const text = d.toFixed(2);
  const [int, frac] = text.replace('-', '').split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${d.isNegative() ? '-' : ''}$${grouped}${frac ? '.' + frac : ''}`;
}

function p2(d: Decimal | number): string {
  return priceText(typeof d === 'number' ? d : d.toNumber());
}

/** The preview a trader confirms: the order in words, on both scales, with cost and book. */
export function previewLines(f: Formatter, p: OrderPreview): string[] {
  const b = (s: string) => f.c.bold(s);
  const label = (k: string) => `  ${k.padEnd(11)}`;
  const sideWord = p.side === 'buy' ? f.c.green('BUY') : f.c.red('SELL');
  const out: string[] = [];
  const env = p.environment && p.environment !== 'production' ? f.c.yellow(` (${p.environment})`) : ' (production)';
  out.push(`${b('Order preview')} · ${p.exchange}${env}`);
  out.push(`${label('Market')}${f.text(p.market.unified_id)}  ${f.text(p.market.title)}`);
  out.push(`${label('Asset')}${f.text(p.asset_id)}  (its book prices ${f.text(p.book_outcome)})`);
  const onBook = p.outcome.toLowerCase() === p.book_outcome.toLowerCase();
  // Both scales, so nobody misreads it: "No at 0.30 = Yes ask at 0.70".
  const both = onBook
    ? p.complement
      ? ` (= ${f.text(p.complement)} at ${p2(Decimal.ONE.minus(p.outcome_price))})`
      : ''
    : ` = ${f.text(p.book_outcome)} ${p.book_side === 'buy' ? 'bid' : 'ask'} at ${p2(p.book_price)}`;
  out.push(`${label('Order')}${sideWord} ${f.num(p.size.toNumber())} ${b(f.text(p.outcome))} at ${b(p2(p.outcome_price))}${both} · ${TYPE_WORDS[p.order_type]}`);
  if (p.side === 'buy') {
    out.push(`${label('Cost')}${b(usdExact(p.notional))} for ${p.size.toFixed()} contracts · pays ${usdExact(p.max_payout ?? p.size)} if ${f.text(p.outcome)} wins`);
  } else {
    out.push(`${label('Proceeds')}${b(usdExact(p.notional))} for ${p.size.toFixed()} contracts`);
  }
  out.push(...feeLines(f, p, label));
  if (p.book_time !== null || p.best_bid !== null || p.best_ask !== null) {
    // The traded outcome's book; for the other outcome of the asset's book, that book too (its
    // bid is 1 − this ask, its ask 1 − this bid).
    const flip = (v: number | null) => (v == null ? null : Decimal.ONE.minus(v).toNumber());
    const mirrored = onBook ? '' : ` (= ${f.text(p.book_outcome)} bid ${f.price(flip(p.best_ask))} · ask ${f.price(flip(p.best_bid))})`;
    const age = p.book_age_s == null ? '' : ` (${p.book_age_s} s old)`;
    out.push(`${label('Book')}${f.text(p.outcome)} bid ${f.price(p.best_bid)} · ask ${f.price(p.best_ask)}${mirrored}${p.book_time ? ` · as of ${f.time(p.book_time, { seconds: true })}${age}` : ''}`);
  }
  if (p.fill_now) {
    const { filled, avg, resting } = p.fill_now;
    out.push(
      filled.isZero()
        ? `${label('Fills now')}none at this limit: all ${resting.toFixed()} would rest on the book`
        : `${label('Fills now')}${filled.toFixed()} at avg ${f.text(p.outcome)} ${avg ? p2(avg) : '-'}` +
            (resting.gt(0) ? `; ${resting.toFixed()} would ${p.order_type === 'gtc' ? 'rest on the book' : 'not fill'}` : ''),
    );
  }
  if (p.impact) {
    const i = p.impact;
    const slip = i.slippage_bps == null ? 'slippage unknown (one-sided book)' : `${f.num(i.slippage_bps)} bps from mid`;
    out.push(`${label('Impact')}a market order of ${p.size.toFixed()}: avg ${f.text(p.outcome)} ${i.avg_price ? p2(i.avg_price) : '-'}, ${f.num(i.fill_pct)}% filled, ${slip}`);
  }
  out.push(`${label('Checks')}${p.checks.map((c) => (c.ok ? f.c.green('✓ ') : f.c.red('✗ ')) + checkWord(c.name)).join('  ')}`);
  for (const w of p.warnings) out.push(`  ${f.c.yellow('!')} ${w}`);
  out.push(
    f.c.dim(
      p.fee.total === null
        ? '  Estimate from the book right now, not a guaranteed fill; fee unknown, not included.'
        : '  Estimate from the book and the published fee schedule right now, not a guaranteed fill.',
    ),
  );
  return out;
}

/** The risk limits in force, each with what the order would leave of it (nothing when none is set). */
export function limitLines(f: Formatter, limits: readonly LimitCheck[]): string[] {
  if (limits.length === 0) return [];
  const label = (k: string) => `  ${k.padEnd(11)}`;
  return limits.map((c, i) => {
    const mark = c.ok ? f.c.green('✓') : f.c.red('✗');
    const left = c.headroom === null ? '' : c.ok ? ` · headroom ${c.limit.includes('notional') ? `$${c.headroom}` : c.headroom}` : f.c.red(' · over the limit');
    return `${label(i === 0 ? 'Limits' : '')}${mark} ${c.limit}: ${f.text(c.detail)}${left}`;
  });
}

/**
 * An amend's confirmation: the order as it stands, the change on its own outcome's scale, and
 * what create's preview shows for the new terms (crosses or rests, fills now, the fee).
 */
export function amendLines(f: Formatter, plan: AmendPlan): string[] {
  const o = plan.current.order;
  const label = (k: string) => `  ${k.padEnd(11)}`;
  const out = orderLines(f, plan.current);
  const price = plan.price.toNumber() === o.price ? `${p2(plan.price)} (unchanged)` : `${f.price(o.price)} → ${f.c.bold(p2(plan.price))}`;
  const size = plan.size.toNumber() === o.size ? `${f.num(o.size)} (unchanged)` : `${f.num(o.size)} → ${f.c.bold(plan.size.toFixed())}`;
  out.push(`${f.c.bold('Amend')} ${o.side} ${f.text(o.outcome)}: price ${price} per ${f.text(o.outcome)} contract · size ${size}`);
  const p = plan.preview;
  if (!p) {
    out.push(`${label('Preview')}${f.c.yellow('unknown')}: the book or the market could not be read`);
    return out;
  }
  const crosses = p.fill_now ? p.fill_now.filled.gt(0) : null;
  out.push(`${label('Crosses')}${crosses === null ? 'unknown (no live book)' : crosses ? f.c.yellow('yes: it trades at once') : 'no: it rests on the book'}`);
  if (p.fill_now) {
    const { filled, avg, resting } = p.fill_now;
    out.push(filled.isZero() ? `${label('Fills now')}none; ${resting.toFixed()} rest` : `${label('Fills now')}${filled.toFixed()} at avg ${f.text(p.outcome)} ${avg ? p2(avg) : '-'}${resting.gt(0) ? `; ${resting.toFixed()} rest` : ''}`);
  }
  out.push(...feeLines(f, p, label));
  for (const w of p.warnings) out.push(`  ${f.c.yellow('!')} ${w}`);
  return out;
}

/** "Fee (est.)" and the total with it; an unknown fee says why and is left out of the total. */
export function feeLines(f: Formatter, p: OrderPreview, label: (k: string) => string): string[] {
  const fee = p.fee;
  if (fee.total === null) {
    const known = fee.taker ? ` (taker ${usdExact(fee.taker)} on the ${fee.taker_size.toFixed()} filling now)` : '';
    return [`${label('Fee (est.)')}${f.c.yellow('unknown')}${known}: ${f.text(fee.reason ?? 'no fee schedule')}`];
  }
  let parts: string;
  if (fee.total.isZero()) parts = fee.basis;
  else {
    const bits: string[] = [];
    if (fee.taker_size.gt(0)) bits.push(`taker ${usdExact(fee.taker!)} on the ${fee.taker_size.toFixed()} filling now`);
    if (fee.maker_size.gt(0)) bits.push(`maker ${usdExact(fee.maker!)} on the ${fee.maker_size.toFixed()} resting, if they fill`);
    parts = bits.join(' + ');
  }
  const total = p.side === 'buy' ? p.notional.plus(fee.total) : p.notional.minus(fee.total);
  return [
    `${label('Fee (est.)')}${f.c.bold(usdExact(fee.total))} · ${f.text(parts)}`,
    p.side === 'buy'
      ? `${label('Total')}${f.c.bold(usdExact(total))} cost with the estimated fee`
      : `${label('Net')}${f.c.bold(usdExact(total))} proceeds after the estimated fee`,
  ];
}

function checkWord(name: OrderPreview['checks'][number]['name']): string {
  return { price: 'price in (0,1)', tick: 'on tick grid', size: 'size precision', min_size: 'minimum size', outcome: 'outcome', market_status: 'market open', book: 'live book', funds: 'funds', position: 'position' }[name];
}

/** What cancel-all is about to do, one line per exchange. */
export function cancelSummary(byExchange: Array<{ exchange: ExchangeId; count: number }>): string {
  const total = byExchange.reduce((a, b) => a + b.count, 0);
  const parts = byExchange.filter((x) => x.count > 0).map((x) => `${x.count} on ${x.exchange}`);
  return `${total} open order${total === 1 ? '' : 's'}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

// The operations' views (ops/table.ts `view`): the answer of ops/orders.ts.

/** `pmt order get`: the order's lines on a terminal (its market by name), its row piped. */
export async function showOrder(io: IO, a: OrderAnswer): Promise<void> {
  const f = new Formatter(io);
  if (!io.isTTY) return printOrders(io, f, [a]);
  io.out(fitLines(io, orderLines(f, await a.named()), ORDER_HANG).join('\n'));
}

/** `pmt order list`: the open orders (by market name on a terminal), or on a terminal where there are none. */
export async function showOpenOrders(io: IO, a: OpenOrders & { named(): Promise<ExchangeOrder[]> }): Promise<void> {
  if (a.orders.length > 0) return printOrders(io, new Formatter(io), io.isTTY ? await a.named() : a.orders);
  if (io.isTTY && a.failed.length === 0) io.err(`no open orders on ${a.ids.join(' or ')}${a.assetId ? ` for ${a.assetId}` : ''}`);
}
