/**
 * create_order, orchestrated once for every surface: the CLI's `order create` (its prompts passed
 * in as hooks), serve's and MCP's `create_order` (no hooks: a missing value is a usage error).
 * In order: what the surface was given is checked before any request; the exchange's capability,
 * then credentials; the asset and its venue rules, the outcome checked against them; the given
 * price and size against the market's grid and minimum; what is missing asked for through the
 * hooks; then, when a preview is wanted (the CLI always, serve for a dry run), the traded
 * outcome's book and the fee schedule, the preview on both price scales, the adapter's exact
 * upstream request and the risk limits' headroom. `sendPrepared` then sends it once, journaled,
 * with the limits checked again under the journal's lock. The surface keeps the views and the
 * confirmation.
 *
 * Field names in messages are the surface's own (`svc.names`: `--price` on the CLI, `price` on serve).
 * `--expires` (GTD) is checked against the exchange's minimum lead before credentials
 * (ops/expires.ts), and again once the type is known (it may have been asked for).
 *
 * The price and the size are parsed once (orderPrice, orderSize) into the exact decimals the tick
 * check, the preview, the limits, the journal and the adapter's wire value all use.
 */
import { bookImpact } from '../analytics/book.js';
import type { Decimal } from '../decimal.js';
import { usageError } from '../errors.js';
import type { AssetInfo, CreateOrderOptions, Exchange } from '../exchanges/exchange.js';
import { ORDER_SIDES, ORDER_TYPES, type CreateOrderRequest, type ExchangeId, type Order, type Orderbook, type OrderSide, type OrderType } from '../exchanges/types.js';
import { outcomeLabel, parseOutcomeSpec, specFor } from '../outcome.js';
import { parseEnum } from '../validate.js';
import { requireCapability } from './capabilities.js';
import { expiresFor } from './expires.js';
import { checkLimits, intentOf, refuseOnBreach, sendChecked, type LimitCheck } from './risk.js';
import { groupIdFor } from './order-groups.js';
import { checkOutcome } from './order-outcome.js';
import { gridOf, orderPrice, orderSize, sizeRuleProblem, tickProblem } from './order-rules.js';
import { assetFound, readAccount, switchToken, withAmbiguityHint } from './order-steps.js';
import { reduceOnlyOf } from './reduce-only.js';
import { postOnlyOf } from './post-only.js';
import { buildPreview, readFees, readOrderBook, type OrderPreview } from './preview.js';
import { assetTarget } from './resolve.js';
import type { Services } from './services.js';

/** What a surface was given: a flag's text (the CLI) or a request's JSON values (serve, MCP). */
export interface CreateInput {
  asset?: unknown;
  side?: string;
  /** Text, or serve's JSON number (whose shortest text is the decimal that was sent). */
  price?: string | number;
  size?: string | number;
  outcome?: unknown;
  type?: string;
  postOnly?: unknown;
  /** Only shrink the position held (`--reduce-only`; exchanges whose manifest says `reduceOnly`). */
  reduceOnly?: unknown;
  /** GTD: the (gtc) order expires at this time, ISO 8601 or unix seconds (ops/expires.ts). */
  expires?: unknown;
  exchange?: ExchangeId;
  dryRun?: boolean;
  /** Sent without a confirmation (`--yes`; serve and MCP: the request is the confirmation). */
  yes?: boolean;
  /** The profile's order group to place into (`--group`). */
  group?: unknown;
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

/** An order ready to send: the exact request, and what the journal and the limits need. */
export interface OrderToSend {
  exchange: ExchangeId;
  ex: Exchange;
  info: AssetInfo;
  outcome: string;
  side: OrderSide;
  size: Decimal;
  req: CreateOrderRequest;
  /** The preview when one was built: the limits count its fee estimate (else sendChecked's upper bound). */
  preview?: OrderPreview;
}

/** An order prepared with its preview (the CLI's, and any dry run). */
export interface PreparedOrder extends OrderToSend {
  preview: OrderPreview;
  upstream: { method: string; url: string; body: unknown };
  /** Each risk limit in force with its headroom (ops/risk.ts); empty when none is set. */
  limits: LimitCheck[];
}

/** Services a create runs with; the CLI's dry run marks them read-only (adapters built for it never write). */
type CreateServices = Services & { readOnly?: boolean };

/**
 * `preview: false` (serve's and MCP's send): no book, fee schedule, account or adapter preview is
 * read and no limit headroom computed, since nothing is shown; the adapter's create checks every
 * venue rule itself, and sendPrepared checks the limits (the fee taken as an upper bound).
 */
export function prepareOrder(svc: CreateServices, input: CreateInput, hooks: undefined, opts: { preview: false }): Promise<OrderToSend>;
export function prepareOrder(svc: CreateServices, input: CreateInput, hooks?: CreateHooks): Promise<PreparedOrder>;
export async function prepareOrder(svc: CreateServices, input: CreateInput, hooks?: CreateHooks, opts: { preview?: boolean } = {}): Promise<OrderToSend | PreparedOrder> {
  const n = svc.names;
  // 1. Everything given is checked before any request.
  let side: OrderSide | undefined = input.side === undefined ? undefined : parseEnum(n.create.side, input.side, ORDER_SIDES);
  let type: OrderType = parseEnum(n.create.type, input.type ?? 'gtc', ORDER_TYPES);
  const postOnly = postOnlyOf(input.postOnly, type, { postOnly: n.create.postOnly, orderType: n.create.type });
  // The one parse of the price and of the size: to the exact decimals every later step uses.
  const priceGiven = input.price === undefined ? undefined : orderPrice(n.create.price, input.price);
  const sizeGiven = input.size === undefined ? undefined : orderSize(n.size, input.size);
  const outcomeGiven = input.outcome === undefined ? undefined : outcomeLabel(parseOutcomeSpec(n.outcome, input.outcome));
  let target = input.asset === undefined ? undefined : assetTarget(svc, { asset_id: input.asset, exchange: input.exchange });
  const named = { asset: n.create.asset, side: n.create.side, price: n.create.price, size: n.size };
  const missing = (['asset', 'side', 'price', 'size'] as const).filter((k) => input[k] === undefined).map((k) => named[k]);
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
  // Prompts show the book, so an interactive entry always previews.
  const previewing = opts.preview !== false || hooks !== undefined;

  // 2. Which exchange: its capability, then credentials, before anyone types a price.
  if (!target) target = assetTarget(svc, { asset_id: await ask.asset((v) => assetFound(svc, input.exchange, v)), exchange: input.exchange });
  const exchange = target.exchange;
  requireCapability(exchange, 'createOrder');
  // An exchange without reduce-only orders refuses the flag before credentials or any request.
  const reduceOnly = reduceOnlyOf(input.reduceOnly, exchange, n.create.reduceOnly);
  // GTD: checked against the exchange's minimum lead before credentials or any request.
  expiresFor({ field: n.expires, value: input.expires, exchange, orderType: type, nowMs: svc.now() });
  // A named order group is the profile's: an unknown name stops here, before any request.
  const groupId = input.group === undefined ? undefined : await groupIdFor(svc, input.group, exchange);
  if (!input.dryRun) await svc.requireCredentials(exchange);
  // Only the CLI's per-run services carry the flag; a long-lived server's are never marked.
  else if ('readOnly' in svc) svc.readOnly = true;
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
  if (outcomeGiven !== undefined) outcome = checkOutcome(info, outcomeGiven, { outcome: n.outcome, asset: n.create.asset });
  else if (walk) {
    outcome = await ask.outcome(info);
    ({ assetId, info } = await switchToken(ex, info, outcome, assetId));
  } else outcome = info.book_outcome;

  // What was given, against the venue's rules, before anything is asked.
  const problem = (priceGiven && tickProblem(n.create.price, priceGiven, info.tick_size, gridOf(info, outcome))) || (sizeGiven && sizeRuleProblem(n.size, sizeGiven, info.min_order_size));
  if (problem) throw usageError(problem);

  // The fee schedule is read alongside the book (and any prompts), and never fails the order.
  const fees = previewing ? readFees(ex, info) : undefined;
  // The book of the outcome traded (Kalshi's NO book for No), so every price shown is that
  // outcome's; read before the side, so the side prompt shows what a buy pays and a sell receives.
  const book = previewing ? await readOrderBook(ex, assetId, outcome) : null;
  if (!side) side = await ask.side(outcome, { buy: book?.asks[0]?.price ?? null, sell: book?.bids[0]?.price ?? null });
  const price = priceGiven ?? (await ask.price({ info, side, outcome, book, size: sizeGiven }));
  const size = sizeGiven ?? (await ask.size(info, side, price));
  if (walk && type === 'gtc' && !postOnly) type = await ask.type();

  // 4. The exact request: the decimals as parsed, which the adapter formats for its wire.
  const req: CreateOrderRequest = { asset_id: assetId, outcome: specFor(outcome), side, price, size, order_type: type };
  // The adapter refuses a post-only order that would cross the book it reads.
  if (postOnly) req.post_only = true;
  if (reduceOnly) req.reduce_only = true;
  // The type may have been asked for after the first check (an interactive walk): check again.
  const expiresAt = expiresFor({ field: n.expires, value: input.expires, exchange, orderType: type, nowMs: svc.now() });
  if (expiresAt !== undefined) req.expires_at = expiresAt;
  if (groupId) req.order_group_id = groupId;
  const toSend: OrderToSend = { exchange, ex, info, outcome, side, size, req };
  if (!previewing) return toSend;

  // 5. The preview, and the exact upstream request.
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
  // The adapter builds the exact upstream request, checking every venue rule it knows (Kalshi's
  // tiered price grid, Polymarket's wallet set-up) before anyone is asked to confirm.
  const upstream = await ex.previewOrder(req);
  // The risk limits in force, each with its headroom (the preview shows them).
  const limits = await checkLimits(svc, intentOf(info, req, outcome, preview.fee.total), { all: true });
  return { ...toSend, preview, upstream, limits };
}

/** A prepared order over a risk limit is refused (RiskLimit, journaled) before anyone is asked to confirm it. */
export function refuseOverLimits(svc: Services, p: PreparedOrder): void {
  refuseOnBreach(svc, intentOf(p.info, p.req, p.outcome, p.preview.fee.total), p.req, p.limits);
}

/**
 * How a surface sends: the CLI's `--client-order-id`, serve's Idempotency-Key and its record of
 * the ids the order left under; `warn`: a journal that cannot take the result after the order
 * left is said, and the order stands.
 */
export type SendOptions = Pick<CreateOrderOptions, 'clientOrderId' | 'idempotencyKey' | 'onSend'> & { warn?: (line: string) => void };

/** Send a prepared order exactly once, journaled: the intent is on disk before the request leaves, the result after. */
export async function sendPrepared(svc: Services, p: OrderToSend, opts: SendOptions = {}): Promise<Order> {
  const { warn, ...send } = opts;
  try {
    // Risk limits checked again right before signing (under the journal's lock), then sent journaled.
    return await sendChecked(svc, p.ex, p.info, p.req, p.outcome, send, p.preview ? p.preview.fee.total : undefined, warn);
  } catch (e) {
    throw withAmbiguityHint(e);
  }
}
