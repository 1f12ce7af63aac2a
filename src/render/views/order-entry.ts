/**
 * What the order-entry prompts show (commands/order/entry.ts asks): the live hint after a typed
 * price or size (✗ and the rule, or ✓ and what it means on both price scales, with the running
 * cost), the outcome choices with what buying each costs now, and the price grid in words. The
 * price asked for is the traded outcome's own, "what you pay per contract" (contract, "Prices
 * and outcomes"). Pure.
 */
import { manifestOf } from '../../exchanges/registry.js';
import { Decimal } from '../../decimal.js';
import type { OrderSide } from '../../exchanges/types.js';
import type { PriceAsk } from '../../ops/order-create.js';
import { complementLabel } from '../../ops/preview.js';
import { complementPrice, gridOf, gridProblem, nearestValidPrices, priceProblem, sizeProblem } from '../../ops/order-rules.js';
import { sameLabel } from '../../outcome.js';
import { rangesText } from '../../price-grid.js';
import { priceText } from '../format.js';
import type { Choice } from '../prompt.js';
import { usdExact } from './orders.js';

/** What the price prompt knows: the asset, side and outcome, the outcome's book, the size if given. */
export type PriceContext = PriceAsk;
/** The asset's venue rules, as create_order hands them to its prompts. */
type AssetInfo = PriceAsk['info'];

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

/** The prompt's transformer: the typed value with its hint while typing, the value alone once submitted. */
export const hinted = (hint: (v: string) => string) => (value: string, state: { isFinal: boolean }) => {
  if (state.isFinal) return value;
  const h = hint(value);
  return h ? `${value}  ${h}` : value;
};

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

/** "tick 0.01", or a tiered grid's steps on the traded outcome's scale ("steps 0.001 to 0.1, 0.01 to 0.9, …"). */
export function tickText(ctx: PriceContext): string {
  const grid = gridOf(ctx.info, ctx.outcome);
  return grid && grid.length > 1 ? `steps ${rangesText(grid)}` : `tick ${Decimal.from(ctx.info.tick_size).toFixed()}`;
}

/** The price prompt's question: whose price, what it means, the grid, and the outcome's top of book. */
export function priceQuestion(ctx: PriceContext): string {
  const bid = ctx.book?.bids[0]?.price;
  const ask = ctx.book?.asks[0]?.price;
  // The book is the traded outcome's own (Kalshi's NO book for No): every number is on one scale.
  const top = ctx.book ? ` · ${ctx.outcome} bid ${bid == null ? '-' : priceText(bid)} / ask ${ask == null ? '-' : priceText(ask)}` : '';
  const what = ctx.side === 'buy' ? 'what you pay per contract' : 'what you receive per contract';
  return `Price of ${ctx.outcome} (${what}), ${tickText(ctx)}${top}`;
}

/** Buy or sell, each with what it would cost or bring right now on the chosen outcome's own scale. */
export function sideChoices(outcome: string, now: { buy: number | null; sell: number | null }): Choice<OrderSide>[] {
  const at = (p: number | null, verb: string) => (p == null ? '' : ` · ${verb} ${priceText(p)} now`);
  return [
    { name: `buy ${outcome}${at(now.buy, 'pay')}`, value: 'buy', description: `pay the price now; each contract pays $1 if ${outcome} wins` },
    { name: `sell ${outcome}${at(now.sell, 'receive')}`, value: 'sell', description: `receive the price now for ${outcome} contracts` },
  ];
}
