/**
 * `pmt order create`: validate every flag at the edge, resolve the asset, read its venue rules
 * (tick, minimum, outcomes) and live book, show a preview on both price scales, confirm, and
 * only then send, exactly once. Missing flags are asked for on a terminal; elsewhere they are
 * usage errors, and sending needs --yes. --dry-run previews and prints the exact upstream request.
 *
 * Output: the Order (detail on a terminal, a TSV row piped, the exact model with --json). The
 * preview goes to stdout on a terminal and to stderr otherwise, so stdout stays the result.
 * `--dry-run --json` prints one object:
 *   { dry_run: true, exchange, request: CreateOrderRequest (normalized: asset_id resolved to the
 *     orderable asset, outcome yes/no/{label}, price on the book's scale, size, order_type),
 *     preview: { market, outcome, book_outcome, complement, book_price, outcome_price,
 *     complement_price, cost | proceeds, max_payout, book_side, best_bid, best_ask,
 *     fill_now: {filled, avg_price, resting} | null, impact: {avg_price, fill_pct, slippage_bps,
 *     mid} | null, book_time, book_age_s, fee_estimate: {taker, maker, total, taker_size,
 *     maker_size, basis, reason, schedule} (dollars; amounts null with a reason when unknown),
 *     cost_with_fees | proceeds_after_fees, checks: [{name, ok, detail}], warnings: [string],
 *     estimate }, upstream: { method, url, body } (the adapter's exact request, unsigned) }
 */
import { manifestOf } from '../../exchanges/registry.js';
import type { Context } from '../../context.js';
import { Decimal } from '../../decimal.js';
import { cancelledError, PmtError, usageError } from '../../errors.js';
import type { AssetInfo, Exchange, FeeSchedule } from '../../exchanges/exchange.js';
import { ORDER_SIDES, ORDER_TYPES, type CreateOrderRequest, type ExchangeId, type Orderbook, type OrderSide, type OrderType } from '../../exchanges/types.js';
import { Formatter } from '../../render/format.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { orderLines, orderRow, previewLines, usdExact, ORDER_COLUMNS, ORDER_HANG, PREVIEW_HANG } from '../../render/views/orders.js';
import { fitLines } from '../../render/io.js';
import { printTable } from '../../render/table.js';
import { parseEnum } from '../../validate.js';
import { resolveAssetExchange } from '../resolve.js';
import { outcomeLabel, parseOutcome, sameLabel, specFor } from './common.js';
import { askAsset, askOutcome, askPrice, askSide, askSize, askType } from './entry.js';
import { marketImpact } from './impact.js';
import type { FeeLookup } from './fees.js';
import { buildPreview, previewJson } from './preview.js';
import { checkOutcome } from './outcome.js';
import { priceProblem, sizeProblem } from './rules.js';
import { postOnlyOf } from '../../ops/post-only.js';

interface Opts {
  asset?: string;
  side?: string;
  price?: string;
  size?: string;
  outcome?: string;
  type?: string;
  postOnly?: boolean;
  yes?: boolean;
  dryRun?: boolean;
}

export interface CreateDeps {
  prompter?: Prompter;
}

export async function run(ctx: Context, opts: Opts, _args: string[] = [], deps: CreateDeps = {}): Promise<void> {
  // 1. Everything given on the command line is checked before any request.
  let side: OrderSide | undefined = opts.side === undefined ? undefined : parseEnum('--side', opts.side, ORDER_SIDES);
  let type: OrderType = parseEnum('--type', opts.type ?? 'gtc', ORDER_TYPES);
  const postOnly = postOnlyOf(opts.postOnly, type, { postOnly: '--post-only', orderType: '--type' });
  const priceFlag = opts.price === undefined ? undefined : flagCheck(priceProblem('--price', opts.price, null), opts.price);
  const sizeFlag = opts.size === undefined ? undefined : flagCheck(sizeProblem('--size', opts.size, null), opts.size);
  const outcomeFlag = opts.outcome === undefined ? undefined : outcomeLabel(parseOutcome(opts.outcome));
  let target = opts.asset === undefined ? undefined : resolveAssetExchange(ctx, opts.asset);
  const missing = (['asset', 'side', 'price', 'size'] as const).filter((k) => opts[k] === undefined).map((k) => `--${k}`);
  const interactive = ctx.io.canPrompt;
  if (!interactive) {
    if (missing.length) {
      throw usageError(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required when not on a terminal (pmt asks for missing values only on a terminal)`);
    }
    if (!opts.yes && !opts.dryRun) {
      throw usageError('not on a terminal: add --yes to send this order without a confirmation, or --dry-run to preview it; nothing was sent');
    }
  }
  const pr = deps.prompter ?? (interactive ? terminalPrompter(ctx.io, { toStderr: ctx.json }) : undefined);
  const walk = interactive && missing.length > 0;

  // 2. Which exchange, and credentials before anyone types a price.
  if (!target) target = resolveAssetExchange(ctx, await askAsset(pr!, (v) => assetFound(ctx, v)));
  const exchangeId: ExchangeId = target.exchange;
  if (!opts.dryRun) await ctx.requireCredentials(exchangeId);
  const ex = await ctx.exchange(exchangeId);

  // 3. The asset and its venue rules; the outcome checked against it.
  let assetId = await ex.resolveAsset(target.id, outcomeFlag);
  let info = await ex.describeAsset(assetId);
  if (info.market.status !== 'active') {
    // A resolved market says how it resolved: that is usually why someone looks at it.
    const result = info.market.status === 'resolved' ? ` (result: ${info.market.result ?? 'not yet published'})` : '';
    throw usageError(`market ${info.market.unified_id} is ${info.market.status}${result}: it takes no orders`);
  }
  let outcome: string;
  if (outcomeFlag !== undefined) outcome = checkOutcome(info, outcomeFlag);
  else if (walk) {
    outcome = await askOutcome(pr!, info);
    ({ assetId, info } = await switchToken(ex, info, outcome, assetId));
  } else outcome = info.book_outcome;

  // Flags against the venue's rules before anything is asked.
  if (priceFlag) flagCheck(priceProblem('--price', opts.price!, info.tick_size), opts.price!);
  if (sizeFlag) flagCheck(sizeProblem('--size', opts.size!, info.min_order_size), opts.size!);

  // The fee schedule is read alongside the book (and any prompts), and never fails the order.
  const fees = readFees(ex, info);
  // The book before the side: the side prompt shows what a buy would pay and a sell receive.
  const book = await readBook(ex, assetId);
  if (!side) side = await askSide(pr!, outcome, sidePrices(book, sameLabel(outcome, info.book_outcome)));
  const price = priceFlag ?? (await askPrice(pr!, { info, side, outcome, book, size: sizeFlag }));
  const size = sizeFlag ?? (await askSize(pr!, info, side, outcomePriceOf(info, outcome, price)));
  if (walk && type === 'gtc' && !postOnly) type = await askType(pr!);

  // 4. The preview.
  const preview = buildPreview({
    exchange: exchangeId,
    environment: ex.environment,
    info,
    side,
    order_type: type,
    outcome,
    price,
    size,
    book,
    impact: book && marketImpact(book, size.toNumber(), new Date(ctx.now()).toISOString()),
    now: ctx.now(),
    fees: await fees,
  });
  const req: CreateOrderRequest = { asset_id: assetId, outcome: specFor(outcome), side, price: price.toNumber(), size: size.toNumber(), order_type: type };
  // The adapter refuses a post-only order that would cross the book it reads (previewOrder below).
  if (postOnly) req.post_only = true;
  const f = new Formatter(ctx.io);
  const lines = fitLines(ctx.io, previewLines(f, preview), PREVIEW_HANG).join('\n');

  // The adapter builds the exact upstream request, checking every venue rule it knows (Kalshi's
  // tiered price grid, Polymarket's wallet set-up) before anyone is asked to confirm.
  const upstream = await ex.previewOrder(req);
  if (opts.dryRun) {
    if (ctx.json) return ctx.io.json({ dry_run: true, exchange: exchangeId, request: req, preview: previewJson(preview), upstream });
    ctx.io.out(lines);
    ctx.io.out(`\n${f.c.bold('Upstream request')} (dry run: not sent)\n  ${upstream.method} ${upstream.url}\n${indent(JSON.stringify(upstream.body, null, 2))}`);
    return;
  }

  // 5. Confirm (on a terminal, unless --yes), then send exactly once.
  if (ctx.json || !ctx.io.isTTY) ctx.io.err(lines);
  else ctx.io.out(lines);
  if (!opts.yes) {
    const fee = preview.fee.total === null ? ' + fee unknown' : ` ${side === 'buy' ? '+' : '−'} est. fee ${usdExact(preview.fee.total)}`;
    const verb = `${side === 'buy' ? 'cost' : 'proceeds'} ${usdExact(preview.notional)}${fee}`;
    const ok = await pr!.confirm({ message: `Send this order to ${exchangeId}? ${side} ${size.toFixed()} ${outcome} at ${preview.outcome_price.toFixed(2)}, ${verb}`, default: false });
    if (!ok) throw cancelledError('order not sent: declined at the confirmation');
  }
  let order;
  try {
    order = await ex.createOrder(req);
  } catch (e) {
    throw withAmbiguityHint(e);
  }
  if (ctx.json) return ctx.io.json(order);
  if (!ctx.io.isTTY) return printTable(ctx.io, ORDER_COLUMNS, [orderRow(f, { exchange: exchangeId, order })]);
  ctx.io.out(`${f.c.green('✓')} order sent\n${fitLines(ctx.io, orderLines(f, { exchange: exchangeId, order }), ORDER_HANG).join('\n')}`);
}

/**
 * The live book for the preview. An exchange that cannot serve books (NotSupported) gives a
 * preview without fill estimates, clearly marked; any other failure (auth, network) stops here.
 */
async function readBook(ex: Exchange, assetId: string): Promise<Orderbook | null> {
  try {
    return await ex.fetchOrderbook(assetId);
  } catch (e) {
    if (e instanceof PmtError && e.kind === 'NotSupported') return null;
    throw e;
  }
}

/** The asset's fee schedule, or why it could not be read: a fee lookup never blocks an order. */
function readFees(ex: Exchange, info: AssetInfo): Promise<FeeLookup> {
  let read: Promise<FeeSchedule>;
  try {
    read = ex.fetchFeeSchedule(info); // started now, before the book is asked for
  } catch (e) {
    read = Promise.reject(e);
  }
  return read.then(
    (schedule) => ({ schedule }),
    (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
  );
}

function flagCheck(problem: string | null, text: string): Decimal {
  if (problem) throw usageError(problem);
  return Decimal.parse(text.trim())!;
}

/**
 * The asset typed at the prompt, checked there: its shape, then that the market exists and is
 * open, so a typo is asked again instead of ending the whole entry after three more prompts.
 */
async function assetFound(ctx: Context, v: string): Promise<true | string> {
  try {
    const t = resolveAssetExchange(ctx, v);
    const ex = await ctx.exchange(t.exchange);
    const info = await ex.describeAsset(await ex.resolveAsset(t.id));
    if (info.market.status !== 'active') return `market ${info.market.unified_id} is ${info.market.status}: it takes no orders`;
    return true;
  } catch (e) {
    if (e instanceof PmtError) return e.hint ? `${e.message} (${e.hint})` : e.message;
    return `could not check it: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** What a buy of the outcome would pay and a sell receive at the top of the book, on its scale. */
function sidePrices(book: Orderbook | null, onBook: boolean): { buy: number | null; sell: number | null } {
  const bid = book?.bids[0]?.price ?? null;
  const ask = book?.asks[0]?.price ?? null;
  const flip = (p: number | null) => (p == null ? null : Decimal.ONE.minus(p).toNumber());
  // Trading the complement of the book's outcome: buying it sells into the book's bids.
  return onBook ? { buy: ask, sell: bid } : { buy: flip(bid), sell: flip(ask) };
}

function outcomePriceOf(info: AssetInfo, outcome: string, price: Decimal): Decimal {
  return outcome.toLowerCase() === info.book_outcome.toLowerCase() ? price : Decimal.ONE.minus(price);
}

/** One token per outcome (Polymarket): choosing another outcome at the prompt means trading that outcome's token. */
async function switchToken(ex: Exchange, info: AssetInfo, outcome: string, assetId: string): Promise<{ assetId: string; info: AssetInfo }> {
  if (manifestOf(ex.id).outcomes !== 'token-per-outcome' || outcome.toLowerCase() === info.book_outcome.toLowerCase()) return { assetId, info };
  const token = info.market.outcomes.find((o) => o.label.toLowerCase() === outcome.toLowerCase())?.token_id;
  if (!token) throw usageError(`outcome "${outcome}" has no token on ${info.market.unified_id}`);
  return { assetId: token, info: await ex.describeAsset(token) };
}

/** A write that may have landed must not be retried blindly. */
function withAmbiguityHint(e: unknown): unknown {
  if (e instanceof PmtError && e.ambiguous && !e.hint) {
    return new PmtError(e.kind, e.message, {
      hint: 'the order may have reached the exchange: check `pmt order list` before sending it again',
      status: e.status,
      ambiguous: true,
      cause: e,
    });
  }
  return e;
}

function indent(s: string): string {
  return s.split('\n').map((l) => '  ' + l).join('\n');
}
