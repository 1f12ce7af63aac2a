/**
 * `pmt order create`: validate every flag at the edge, resolve the asset, read its venue rules
 * (tick, minimum, outcomes) and the traded outcome's live book, show a preview on both price
 * scales, confirm, and only then send, exactly once, journaled (src/journal.ts). `--price` is the
 * price of the outcome traded (contract, "Prices and outcomes"): Kalshi `--outcome no --price
 * 0.30` buys NO at 0.30 (sent as a YES ask at 0.70). Missing flags are asked for on a terminal; elsewhere they are
 * usage errors, and sending needs --yes. --dry-run previews and prints the exact upstream request.
 *
 * Output: the Order (detail on a terminal, a TSV row piped, the exact model with --json). The
 * preview goes to stdout on a terminal and to stderr when piped, so stdout stays the result; with
 * --json --yes it is not printed at all (stderr then holds only an error object, if any).
 * `--dry-run --json` prints one object:
 *   { dry_run: true, exchange, request: CreateOrderRequest (normalized: asset_id resolved to the
 *     orderable asset, outcome yes/no/{label}, price of the outcome (what is paid per contract), size, order_type),
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
import type { AssetInfo, Exchange } from '../../exchanges/exchange.js';
import { ORDER_SIDES, ORDER_TYPES, type CreateOrderRequest, type ExchangeId, type OrderSide, type OrderType } from '../../exchanges/types.js';
import { Formatter } from '../../render/format.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { orderLines, orderRow, previewLines, usdExact, ORDER_COLUMNS, ORDER_HANG, PREVIEW_HANG } from '../../render/views/orders.js';
import { fitLines } from '../../render/width.js';
import { printTable } from '../../render/table.js';
import { parseEnum } from '../../validate.js';
import { assetTarget } from '../../ops/resolve.js';
import { outcomeLabel, parseOutcome, specFor } from './common.js';
import { askAsset, askOutcome, askPrice, askSide, askSize, askType } from './entry.js';
import { bookImpact } from '../../analytics/book.js';
import { buildPreview, previewJson, readFees, readOrderBook } from '../../ops/preview.js';
import { accountFor } from '../../ops/portfolio.js';
import type { PreviewInput } from '../../ops/preview.js';
import type { Services } from '../../ops/services.js';
import { checkOutcome } from './outcome.js';
import { gridOf, priceProblem, sizeProblem } from '../../ops/order-rules.js';
import { createJournaled } from '../../ops/journal.js';
import { postOnlyOf } from '../../ops/post-only.js';
import { reduceOnlyOf } from '../../ops/reduce-only.js';

interface Opts {
  asset?: string;
  side?: string;
  price?: string;
  size?: string;
  outcome?: string;
  type?: string;
  postOnly?: boolean;
  reduceOnly?: boolean;
  yes?: boolean;
  dryRun?: boolean;
  clientOrderId?: string;
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
  let target = opts.asset === undefined ? undefined : assetTarget(ctx, { asset_id: opts.asset, exchange: ctx.exchangeFlag() });
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
  if (!target) target = assetTarget(ctx, { asset_id: await askAsset(pr!, (v) => assetFound(ctx, v)), exchange: ctx.exchangeFlag() });
  const exchangeId: ExchangeId = target.exchange;
  // An exchange without reduce-only orders refuses the flag before credentials or any request.
  const reduceOnly = reduceOnlyOf(opts.reduceOnly, exchangeId, '--reduce-only');
  if (!opts.dryRun) await ctx.requireCredentials(exchangeId);
  // A dry run sends no write: adapters built for it read (and derive) but never create anything.
  if (opts.dryRun) ctx.readOnly = true;
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
  if (priceFlag) flagCheck(priceProblem('--price', opts.price!, info.tick_size, gridOf(info, outcome)), opts.price!);
  if (sizeFlag) flagCheck(sizeProblem('--size', opts.size!, info.min_order_size), opts.size!);

  // The fee schedule is read alongside the book (and any prompts), and never fails the order.
  const fees = readFees(ex, info);
  // The book of the outcome traded (Kalshi's NO book for No), so every price shown is that
  // outcome's; read before the side, so the side prompt shows what a buy pays and a sell receives.
  const book = await readOrderBook(ex, assetId, outcome);
  if (!side) side = await askSide(pr!, outcome, { buy: book?.asks[0]?.price ?? null, sell: book?.bids[0]?.price ?? null });
  const price = priceFlag ?? (await askPrice(pr!, { info, side, outcome, book, size: sizeFlag }));
  const size = sizeFlag ?? (await askSize(pr!, info, side, price));
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
    impact: book && bookImpact(book, size.toNumber(), new Date(ctx.now()).toISOString()),
    now: ctx.now(),
    fees: await fees,
    account: await readAccount(ctx, exchangeId, info, outcome),
  });
  const req: CreateOrderRequest = { asset_id: assetId, outcome: specFor(outcome), side, price: price.toNumber(), size: size.toNumber(), order_type: type };
  // The adapter refuses a post-only order that would cross the book it reads (previewOrder below).
  if (postOnly) req.post_only = true;
  if (reduceOnly) req.reduce_only = true;
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

  // 5. Confirm (on a terminal, unless --yes), then send exactly once. Under --json stderr holds
  // only error objects, so the preview is not printed there (a terminal prompt still shows it).
  // (With --json and no --yes we are on a terminal, confirming: the preview goes with the prompt.)
  if (ctx.json) {
    if (!opts.yes) ctx.io.err(lines);
  } else if (ctx.io.isTTY) ctx.io.out(lines);
  else ctx.io.err(lines);
  if (!opts.yes) {
    const fee = preview.fee.total === null ? ' + fee unknown' : ` ${side === 'buy' ? '+' : '−'} est. fee ${usdExact(preview.fee.total)}`;
    const verb = `${side === 'buy' ? 'cost' : 'proceeds'} ${usdExact(preview.notional)}${fee}`;
    const ok = await pr!.confirm({ message: `Send this order to ${exchangeId}? ${side} ${size.toFixed()} ${outcome} at ${preview.outcome_price.toFixed(2)}, ${verb}`, default: false });
    if (!ok) throw cancelledError('order not sent: declined at the confirmation');
  }
  let order;
  try {
    // Journaled: the intent is on disk before the request leaves, the result after.
    const meta = { exchange: exchangeId, market_ticker: info.market.ticker, outcome, now: ctx.now };
    order = await createJournaled(ctx, ex, req, meta, { clientOrderId: opts.clientOrderId });
  } catch (e) {
    throw withAmbiguityHint(e);
  }
  if (ctx.json) return ctx.io.json(order);
  if (!ctx.io.isTTY) return printTable(ctx.io, ORDER_COLUMNS, [orderRow(f, { exchange: exchangeId, order })]);
  ctx.io.out(`${f.c.green('✓')} order sent\n${fitLines(ctx.io, orderLines(f, { exchange: exchangeId, order }), ORDER_HANG).join('\n')}`);
}

/**
 * Cash and the traded outcome's contracts held in this market, for the preview's funds check;
 * read in parallel, and never blocking an order (unknown is said, not guessed).
 */
async function readAccount(svc: Services, id: ExchangeId, info: AssetInfo, outcome: string): Promise<PreviewInput['account']> {
  const r = await accountFor(svc, id, info.market.ticker, outcome);
  return { cash: r.cash, held: r.held, reason: r.reason ?? undefined };
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
    const t = assetTarget(ctx, { asset_id: v, exchange: ctx.exchangeFlag() });
    const ex = await ctx.exchange(t.exchange);
    const info = await ex.describeAsset(await ex.resolveAsset(t.id));
    if (info.market.status !== 'active') return `market ${info.market.unified_id} is ${info.market.status}: it takes no orders`;
    return true;
  } catch (e) {
    if (e instanceof PmtError) return e.hint ? `${e.message} (${e.hint})` : e.message;
    return `could not check it: ${e instanceof Error ? e.message : String(e)}`;
  }
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
