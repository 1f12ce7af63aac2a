/**
 * Interactive order entry: one prompt per missing field, each validated as it is typed (price on
 * the tick grid with the nearest valid prices offered, size at or above the minimum), with live
 * hints showing the price on both scales and the running cost. The price asked for is the traded
 * outcome's own, "what you pay per contract" (contract, "Prices and outcomes").
 */
import { manifestOf } from '../../exchanges/registry.js';
import { Decimal } from '../../decimal.js';
import type { AssetInfo } from '../../exchanges/exchange.js';
import type { Orderbook, OrderSide, OrderType } from '../../exchanges/types.js';
import type { Choice, Prompter } from '../../render/prompt.js';
import { priceText } from '../../render/format.js';
import { TYPE_WORDS, usdExact } from '../../render/views/orders.js';
import { sameLabel } from './common.js';
import { complementLabel } from '../../ops/preview.js';
import { complementPrice, gridOf, gridProblem, nearestValidPrices, priceProblem, sizeProblem } from '../../ops/order-rules.js';
import { rangesText } from '../../price-grid.js';

export interface PriceContext {
  info: AssetInfo;
  side: OrderSide;
  outcome: string;
  book: Orderbook | null;
  size?: Decimal;
}


/** Live hint after the typed price: ✗ and the rule, or ✓ and what it means. */
export function priceHint(ctx: PriceContext, value: string): string {
  if (value.trim() === '') return '';
  const problem = priceProblem('price', value.trim(), null);
  if (problem) return `✗ ${problem.replace(/^price /, '')}`;
  const p = Decimal.parse(value.trim())!;
  const grid = gridOf(ctx.info, ctx.outcome);
  if (grid) {
    // A tiered grid: the step of the range the price is in, and the nearest valid prices.
    const problem = gridProblem('price', p, grid);
    if (problem) return `✗ ${problem.replace(/^price \S+ /, '').replace(/ \(steps [^)]*\)/, '')}`;
  }
  const tick = Decimal.from(ctx.info.tick_size);
  if (!grid && tick.gt(0) && !p.isMultipleOf(tick)) {
    // Short enough to stay on the prompt's line; the full rule shows if it is submitted.
    return `✗ off the ${tick.toFixed()} grid: nearest ${nearestValidPrices(p, tick).map((x) => x.toFixed(2)).join(' or ')}`;
  }
  // The typed price is the traded outcome's own; show its place on the other scale too.
  const q = p;
  const onBook = sameLabel(ctx.outcome, ctx.info.book_outcome);
  const other = complementLabel(ctx.info, ctx.outcome);
  const there = onBook
    ? other
      ? ` = ${other} at ${complementPrice(q).toFixed(2)}`
      : ''
    : ` = ${ctx.info.book_outcome} ${ctx.side === 'buy' ? 'ask' : 'bid'} at ${complementPrice(q).toFixed(2)}`;
  const words = `${ctx.side} ${ctx.outcome} at ${q.toFixed(2)}${there}`;
  return `✓ ${words}${ctx.size ? ` · ${ctx.side === 'buy' ? 'cost' : 'proceeds'} ${usdExact(q.times(ctx.size))}` : ''}`;
}

/** Live hint after the typed size: ✗ and the rule, or the cost at the chosen price. */
export function sizeHint(info: AssetInfo, side: OrderSide, outcomePrice: Decimal, value: string): string {
  if (value.trim() === '') return '';
  const problem = sizeProblem('size', value.trim(), info.min_order_size);
  if (problem) return `✗ ${problem.replace(/^size /, '')}`;
  const s = Decimal.parse(value.trim())!;
  return `✓ ${side === 'buy' ? 'cost' : 'proceeds'} ${usdExact(outcomePrice.times(s))}${side === 'buy' ? `, pays ${usdExact(s)} if it wins` : ''}`;
}

const hinted = (hint: (v: string) => string) => (value: string, state: { isFinal: boolean }) => {
  if (state.isFinal) return value;
  const h = hint(value);
  return h ? `${value}  ${h}` : value;
};

export function askAsset(pr: Prompter, check: (v: string) => true | string | Promise<true | string>): Promise<string> {
  return pr
    .input({ message: 'Asset (Kalshi ticker, Polymarket token id, or kalshi:TICKER / polymarket:slug)', validate: (v) => check(v.trim()) })
    .then((v) => v.trim());
}

/** Outcome choices: Kalshi's Yes/No on one book; Polymarket's outcomes, each its own token. */
export function outcomeChoices(info: AssetInfo): Choice<string>[] {
  const books = manifestOf(info.exchange).outcomes;
  const labels = books === 'token-per-outcome' && info.market.outcomes.length > 0 ? info.market.outcomes.map((o) => o.label) : info.outcomes;
  return labels.map((label) => {
    const o = info.market.outcomes.find((x) => sameLabel(x.label, label));
    // "now" is what buying it costs: on a YES/NO book the other outcome's ask is 1 − the book's bid
    // (its listed price, 1 − the book's ask, is what selling it brings).
    const other = books === 'yes-book' && !sameLabel(label, info.book_outcome);
    const buyNow = other ? (info.market.best_bid != null ? complementPrice(Decimal.from(info.market.best_bid)).toNumber() : null) : (o?.price ?? null);
    const price = buyNow != null ? ` · now ${priceText(buyNow)}` : '';
    const desc =
      books === 'yes-book' && !sameLabel(label, info.book_outcome)
        ? `${label} is traded on the ${info.book_outcome} book: you give ${label}'s own price; it is sent there at 1 - price`
        : o?.token_id
          ? `token ${o.token_id}`
          : undefined;
    return { name: `${label}${price}`, value: label, description: desc };
  });
}

export function askOutcome(pr: Prompter, info: AssetInfo): Promise<string> {
  return pr.select({ message: `Outcome of "${info.market.title}"`, choices: outcomeChoices(info), default: info.book_outcome });
}

/**
 * Buy or sell, each with what it would cost or bring right now on the chosen outcome's own scale
 * (a NO buy pays 1 − the YES bid, not the NO price last quoted).
 */
export function askSide(pr: Prompter, outcome: string, now: { buy: number | null; sell: number | null } = { buy: null, sell: null }): Promise<OrderSide> {
  const at = (p: number | null, verb: string) => (p == null ? '' : ` · ${verb} ${priceText(p)} now`);
  return pr.select<OrderSide>({
    message: 'Side',
    choices: [
      { name: `buy ${outcome}${at(now.buy, 'pay')}`, value: 'buy', description: `pay the price now; each contract pays $1 if ${outcome} wins` },
      { name: `sell ${outcome}${at(now.sell, 'receive')}`, value: 'sell', description: `receive the price now for ${outcome} contracts` },
    ],
  });
}

/** "tick 0.01", or a tiered grid's steps on the traded outcome's scale ("steps 0.001 to 0.1, 0.01 to 0.9, …"). */
function tickText(ctx: PriceContext): string {
  const grid = gridOf(ctx.info, ctx.outcome);
  return grid && grid.length > 1 ? `steps ${rangesText(grid)}` : `tick ${Decimal.from(ctx.info.tick_size).toFixed()}`;
}

export function askPrice(pr: Prompter, ctx: PriceContext): Promise<Decimal> {
  const bid = ctx.book?.bids[0]?.price;
  const ask = ctx.book?.asks[0]?.price;
  // The book is the traded outcome's own (Kalshi's NO book for No): every number is on one scale.
  const top = ctx.book ? ` · ${ctx.outcome} bid ${bid == null ? '-' : priceText(bid)} / ask ${ask == null ? '-' : priceText(ask)}` : '';
  const what = ctx.side === 'buy' ? 'what you pay per contract' : 'what you receive per contract';
  return pr
    .input({
      message: `Price of ${ctx.outcome} (${what}), ${tickText(ctx)}${top}`,
      validate: (v) => priceProblem('price', v.trim(), ctx.info.tick_size, gridOf(ctx.info, ctx.outcome)) ?? true,
      transformer: hinted((v) => priceHint(ctx, v)),
    })
    .then((v) => Decimal.parse(v.trim())!);
}

export function askSize(pr: Prompter, info: AssetInfo, side: OrderSide, outcomePrice: Decimal): Promise<Decimal> {
  return pr
    .input({
      message: `Size in contracts (minimum ${Decimal.from(info.min_order_size).toFixed()})`,
      validate: (v) => sizeProblem('size', v.trim(), info.min_order_size) ?? true,
      transformer: hinted((v) => sizeHint(info, side, outcomePrice, v)),
    })
    .then((v) => Decimal.parse(v.trim())!);
}

export function askType(pr: Prompter): Promise<OrderType> {
  return pr.select<OrderType>({
    message: 'Time in force',
    default: 'gtc',
    choices: [
      { name: `gtc: ${TYPE_WORDS.gtc}`, value: 'gtc', description: 'rests on the book until filled or cancelled' },
      { name: `ioc: ${TYPE_WORDS.ioc}`, value: 'ioc', description: 'fills what it can now; the rest is cancelled' },
      { name: `fok: ${TYPE_WORDS.fok}`, value: 'fok', description: 'fills completely now, or not at all' },
    ],
  });
}
