/**
 * create_order with its preview, orchestrated once: what a surface was given is checked before any
 * request; the exchange's capability, then credentials; the asset and its venue rules, the outcome
 * checked against them; the given price and size against the market's grid and minimum; the traded
 * outcome's book and the fee schedule; what is missing asked for through the surface's hooks (the
 * CLI's prompts on a terminal; none elsewhere, where a missing value is a usage error); the preview
 * on both price scales; the exact upstream request (the adapter checks every venue rule it knows).
 * `sendPrepared` then sends it once, journaled. The surface keeps the views and the confirmation.
 *
 * `--expires` (GTD) is checked against the exchange's minimum lead before credentials (ops/expires.ts),
 * and again once the type is known (it may have been asked for).
 *
 * `--price` is parsed once (orderPrice) into the decimal the tick check, the preview and the
 * request use.
 */
import { bookImpact } from '../analytics/book.js';
import { Decimal } from '../decimal.js';
import { PmtError, usageError } from '../errors.js';
import type { AssetInfo, Exchange } from '../exchanges/exchange.js';
import { manifestOf } from '../exchanges/registry.js';
import { ORDER_SIDES, ORDER_TYPES, type CreateOrderRequest, type ExchangeId, type Order, type Orderbook, type OrderSide, type OrderType } from '../exchanges/types.js';
import { outcomeLabel, parseOutcomeSpec, specFor } from '../outcome.js';
import { parseEnum } from '../validate.js';
import { requireCapability } from './capabilities.js';
import { expiresFor } from './expires.js';
import { createJournaled } from './journal.js';
import { checkLimits, intentOf, refuseOnBreach, sendChecked, type LimitCheck } from './risk.js';
import { groupIdFor } from './order-groups.js';
import { checkOutcome } from './order-outcome.js';
import { gridOf, orderPrice, sizeProblem, tickProblem } from './order-rules.js';
import { reduceOnlyOf } from './reduce-only.js';
import { accountFor } from './portfolio.js';
import { postOnlyOf } from './post-only.js';
import { buildPreview, readFees, readOrderBook, type OrderPreview } from './preview.js';
import { assetTarget } from './resolve.js';
import type { Services } from './services.js';

/** What the surface was given, as text (flags); anything missing may be asked for through the hooks. */
export interface CreateInput {
  asset?: string;
  side?: string;
  price?: string;
  size?: string;
  outcome?: string;
  type?: string;
  postOnly?: boolean;
  /** Only shrink the position held (`--reduce-only`; exchanges whose manifest says `reduceOnly`). */
  reduceOnly?: boolean;
  /** GTD: the (gtc) order expires at this time, ISO 8601 or unix seconds (ops/expires.ts). */
  expires?: string;
  exchange?: ExchangeId;
  dryRun?: boolean;
  /** Sent without a confirmation (`--yes`). */
  yes?: boolean;
  /** The profile's order group to place into (`--group`). */
  group?: string;
}

/** What the price prompt shows beside the question. */
export interface PriceAsk {
  info: AssetInfo;
  side: OrderSide;
  outcome: string;
  book: Orderbook | null;
  size?: Decimal;
}

/** The interactive steps a surface supplies (the CLI on a terminal); each answers a validated value. */
export interface CreateHooks {
  asset(check: (v: string) => Promise<true | string>): Promise<string>;
  outcome(info: AssetInfo): Promise<string>;
  side(outcome: string, quotes: { buy: number | null; sell: number | null }): Promise<OrderSide>;
  price(ask: PriceAsk): Promise<Decimal>;
  size(info: AssetInfo, side: OrderSide, price: Decimal): Promise<Decimal>;
  type(): Promise<OrderType>;
}

export interface PreparedOrder {
  exchange: ExchangeId;
  ex: Exchange;
  info: AssetInfo;
  outcome: string;
  side: OrderSide;
  size: Decimal;
  req: CreateOrderRequest;
  preview: OrderPreview;
  upstream: { method: string; url: string; body: unknown };
  /** Each risk limit in force with its headroom (ops/risk.ts); empty when none is set. */
  limits: LimitCheck[];
}

/** Services a create runs with; a dry run marks them read-only (adapters built for it never write). */
type CreateServices = Services & { readOnly?: boolean };

export async function prepareOrder(svc: CreateServices, input: CreateInput, hooks: CreateHooks | undefined): Promise<PreparedOrder> {
  // 1. Everything given is checked before any request.
  let side: OrderSide | undefined = input.side === undefined ? undefined : parseEnum('--side', input.side, ORDER_SIDES);
  let type: OrderType = parseEnum('--type', input.type ?? 'gtc', ORDER_TYPES);
  const postOnly = postOnlyOf(input.postOnly, type, { postOnly: '--post-only', orderType: '--type' });
  // The one parse of --price: text to the exact decimal every later step uses.
  const priceGiven = input.price === undefined ? undefined : orderPrice('--price', input.price);
  const sizeGiven = input.size === undefined ? undefined : checked(sizeProblem(svc.names.size, input.size, null), input.size);
  const outcomeGiven = input.outcome === undefined ? undefined : outcomeLabel(parseOutcomeSpec(svc.names.outcome, input.outcome));
  let target = input.asset === undefined ? undefined : assetTarget(svc, { asset_id: input.asset, exchange: input.exchange });
  const missing = (['asset', 'side', 'price', 'size'] as const).filter((k) => input[k] === undefined).map((k) => `--${k}`);
  if (!hooks) {
    if (missing.length) {
      throw usageError(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required when not on a terminal (pmt asks for missing values only on a terminal)`);
    }
    if (!input.yes && !input.dryRun) {
      throw usageError('not on a terminal: add --yes to send this order without a confirmation, or --dry-run to preview it; nothing was sent');
    }
  }
  const ask = hooks!;
  const walk = hooks !== undefined && missing.length > 0;

  // 2. Which exchange: its capability, then credentials, before anyone types a price.
  if (!target) target = assetTarget(svc, { asset_id: await ask.asset((v) => assetFound(svc, input.exchange, v)), exchange: input.exchange });
  const exchange = target.exchange;
  requireCapability(exchange, 'createOrder');
  // An exchange without reduce-only orders refuses the flag before credentials or any request.
  const reduceOnly = reduceOnlyOf(input.reduceOnly, exchange, '--reduce-only');
  // GTD: checked against the exchange's minimum lead before credentials or any request.
  const expiresAt = expiresFor({ field: svc.names.expires, value: input.expires, exchange, orderType: type, nowMs: svc.now() });
  // A named order group is the profile's: an unknown name stops here, before any request.
  const groupId = input.group === undefined ? undefined : await groupIdFor(svc, input.group, exchange);
  if (!input.dryRun) await svc.requireCredentials(exchange);
  if (input.dryRun) svc.readOnly = true;
  const ex = await svc.exchange(exchange);

  // 3. The asset and its venue rules; the outcome checked against it.
  let assetId = await ex.resolveAsset(target.id, outcomeGiven);
  let info = await ex.describeAsset(assetId);
  if (info.market.status !== 'active') {
    // A resolved market says how it resolved: that is usually why someone looks at it.
    const result = info.market.status === 'resolved' ? ` (result: ${info.market.result ?? 'not yet published'})` : '';
    throw usageError(`market ${info.market.unified_id} is ${info.market.status}${result}: it takes no orders`);
  }
  let outcome: string;
  if (outcomeGiven !== undefined) outcome = checkOutcome(info, outcomeGiven);
  else if (walk) {
    outcome = await ask.outcome(info);
    ({ assetId, info } = await switchToken(ex, info, outcome, assetId));
  } else outcome = info.book_outcome;

  // What was given, against the venue's rules, before anything is asked.
  if (priceGiven) checked(tickProblem('--price', priceGiven, info.tick_size, gridOf(info, outcome)), input.price!);
  if (sizeGiven) checked(sizeProblem(svc.names.size, input.size!, info.min_order_size), input.size!);

  // The fee schedule is read alongside the book (and any prompts), and never fails the order.
  const fees = readFees(ex, info);
  // The book of the outcome traded (Kalshi's NO book for No), so every price shown is that
  // outcome's; read before the side, so the side prompt shows what a buy pays and a sell receives.
  const book = await readOrderBook(ex, assetId, outcome);
  if (!side) side = await ask.side(outcome, { buy: book?.asks[0]?.price ?? null, sell: book?.bids[0]?.price ?? null });
  const price = priceGiven ?? (await ask.price({ info, side, outcome, book, size: sizeGiven }));
  const size = sizeGiven ?? (await ask.size(info, side, price));
  if (walk && type === 'gtc' && !postOnly) type = await ask.type();

  // 4. The preview, and the exact upstream request.
  const preview = buildPreview({
    exchange,
    environment: ex.environment,
    info,
    side,
    order_type: type,
    outcome,
    price,
    size,
    book,
    impact: book && bookImpact(book, size.toNumber(), new Date(svc.now()).toISOString()),
    now: svc.now(),
    fees: await fees,
    account: await readAccount(svc, exchange, info, outcome),
  });
  const req: CreateOrderRequest = { asset_id: assetId, outcome: specFor(outcome), side, price: price.toNumber(), size: size.toNumber(), order_type: type };
  // The adapter refuses a post-only order that would cross the book it reads (previewOrder below).
  if (postOnly) req.post_only = true;
  if (reduceOnly) req.reduce_only = true;
  // The type may have been asked for after the first check (an interactive walk): check again.
  if (input.expires !== undefined) req.expires_at = expiresFor({ field: svc.names.expires, value: input.expires, exchange, orderType: type, nowMs: svc.now() }) ?? expiresAt;
  if (groupId) req.order_group_id = groupId;
  // The adapter builds the exact upstream request, checking every venue rule it knows (Kalshi's
  // tiered price grid, Polymarket's wallet set-up) before anyone is asked to confirm.
  const upstream = await ex.previewOrder(req);
  // The risk limits in force, each with its headroom (the preview shows them).
  const limits = await checkLimits(svc, intentOf(info, req, outcome, preview.fee.total), { all: true });
  return { exchange, ex, info, outcome, side, size, req, preview, upstream, limits };
}

/** A prepared order over a risk limit is refused (RiskLimit, journaled) before anyone is asked to confirm it. */
export function refuseOverLimits(svc: Services, p: PreparedOrder): void {
  refuseOnBreach(svc, intentOf(p.info, p.req, p.outcome, p.preview.fee.total), p.req, p.limits);
}

/** Send a prepared order exactly once, journaled: the intent is on disk before the request leaves, the result after. */
export async function sendPrepared(svc: Services, p: PreparedOrder, opts: { clientOrderId?: string; warn?: (line: string) => void } = {}): Promise<Order> {
  // `warn`: a journal that cannot take the result after the order left is said, and the order stands.
  try {
    // Risk limits checked again right before signing (under the journal's lock), then sent journaled.
    return await sendChecked(svc, p.ex, p.info, p.req, p.outcome, { clientOrderId: opts.clientOrderId }, p.preview.fee.total, opts.warn);
  } catch (e) {
    throw withAmbiguityHint(e);
  }
}

/**
 * Cash and the traded outcome's contracts held in this market, for the preview's funds check;
 * read in parallel, and never blocking an order (unknown is said, not guessed).
 */
async function readAccount(svc: Services, id: ExchangeId, info: AssetInfo, outcome: string): Promise<{ cash: Decimal | null; held: Decimal | null; reason?: string }> {
  const r = await accountFor(svc, id, info.market.ticker, outcome);
  return { cash: r.cash, held: r.held, reason: r.reason ?? undefined };
}

/** A value the rule accepted, as its exact decimal; the rule's words as a usage error otherwise. */
function checked(problem: string | null, text: string): Decimal {
  if (problem) throw usageError(problem);
  return Decimal.parse(text.trim())!;
}

/**
 * The asset typed at the prompt, checked there: its shape, then that the market exists and is
 * open, so a typo is asked again instead of ending the whole entry after three more prompts.
 */
async function assetFound(svc: Services, exchange: ExchangeId | undefined, v: string): Promise<true | string> {
  try {
    const t = assetTarget(svc, { asset_id: v, exchange });
    const ex = await svc.exchange(t.exchange);
    const info = await ex.describeAsset(await ex.resolveAsset(t.id));
    if (info.market.status !== 'active') return `market ${info.market.unified_id} is ${info.market.status}: it takes no orders`;
    return true;
  } catch (e) {
    if (e instanceof PmtError) return e.hint ? `${e.message} (${e.hint})` : e.message;
    return `could not check it: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** One token per outcome: choosing another outcome at the prompt means trading that outcome's token. */
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
