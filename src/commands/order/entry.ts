/**
 * Interactive order entry: one prompt per missing field, each validated as it is typed (price on
 * the tick grid with the nearest valid prices offered, size at or above the minimum), with live
 * hints (render/views/order-entry.ts) showing the price on both scales and the running cost. The
 * prompts are create_order's hooks (ops/order-create.ts asks through them).
 */
import { Decimal } from '../../decimal.js';
import type { AssetInfo } from '../../exchanges/exchange.js';
import type { OrderSide, OrderType } from '../../exchanges/types.js';
import type { CreateHooks } from '../../ops/order-create.js';
import { gridOf, priceProblem, sizeProblem } from '../../ops/order-rules.js';
import type { Prompter } from '../../render/prompt.js';
import { TYPE_WORDS } from '../../render/views/orders.js';
import { hinted, outcomeChoices, priceHint, priceQuestion, sideChoices, sizeHint, type PriceContext } from '../../render/views/order-entry.js';

export { outcomeChoices, priceHint, sizeHint, type PriceContext };

/** The prompts as create_order's hooks. */
export function entryHooks(pr: Prompter): CreateHooks {
  return {
    asset: (check) => askAsset(pr, check),
    outcome: (info) => pr.select({ message: `Outcome of "${info.market.title}"`, choices: outcomeChoices(info), default: info.book_outcome }),
    side: (outcome, quotes) => askSide(pr, outcome, quotes),
    price: (ask) => askPrice(pr, ask),
    size: (info, side, price) => askSize(pr, info, side, price),
    type: () => askType(pr),
  };
}

export function askAsset(pr: Prompter, check: (v: string) => true | string | Promise<true | string>): Promise<string> {
  return pr
    .input({ message: 'Asset (Kalshi ticker, Polymarket token id, or kalshi:TICKER / polymarket:slug)', validate: (v) => check(v.trim()) })
    .then((v) => v.trim());
}

/**
 * Buy or sell, each with what it would cost or bring right now on the chosen outcome's own scale
 * (a NO buy pays 1 − the YES bid, not the NO price last quoted).
 */
export function askSide(pr: Prompter, outcome: string, now: { buy: number | null; sell: number | null } = { buy: null, sell: null }): Promise<OrderSide> {
  return pr.select<OrderSide>({ message: 'Side', choices: sideChoices(outcome, now) });
}

export function askPrice(pr: Prompter, ctx: PriceContext): Promise<Decimal> {
  return pr
    .input({
      message: priceQuestion(ctx),
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
