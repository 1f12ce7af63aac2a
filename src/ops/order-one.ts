/**
 * cancel_order and amend_order, once for the CLI and serve: one order, on the exchange its id's
 * shape names. Amend takes a new price (of the order's own outcome) and/or a new total size; an
 * exchange without amend answers NotSupported (exit 10) with the way to do it by hand.
 */
import { usageError } from '../errors.js';
import { orderExchange } from '../exchanges/ids.js';
import type { ExchangeId } from '../exchanges/types.js';
import type { ExchangeOrder } from './orders.js';
import { parsePrice, parseSize } from '../validate.js';
import { requireCapability } from './capabilities.js';
import type { Services } from './services.js';
import { asPlaced, orderEvent, placedCancels } from './journal.js';
import { requireTrading } from './risk.js';
import { Decimal } from '../decimal.js';
import type { Exchange } from '../exchanges/exchange.js';
import type { AmendRequest } from '../exchanges/types.js';
import type { Order } from '../exchanges/types.js';
import { sameLabel } from '../outcome.js';
import { complementPrice } from './order-rules.js';
import { buildPreview, readFees, readOrderBook, type OrderPreview } from './preview.js';

export interface OrderRef {
  order_id: unknown;
  exchange?: ExchangeId;
}

/**
 * Which exchange and id; validated, then the exchange's capability for `op`, then credentials,
 * before any request. An exchange without the operation answers NotSupported in its manifest's
 * words (Polymarket's amend names the way to do it by hand).
 */
export async function orderTarget(svc: Services, q: OrderRef, op: 'cancelOrder' | 'amendOrder'): Promise<{ exchange: ExchangeId; id: string }> {
  const t = orderExchange(q.order_id, q.exchange, { field: svc.names.order, via: svc.names.exchange });
  requireCapability(t.exchange, op, t.id);
  await svc.requireCredentials(t.exchange);
  return t;
}

/** The order as it stands (what a confirmation shows before cancelling or amending it). */
export async function currentOrder(svc: Services, t: { exchange: ExchangeId; id: string }): Promise<ExchangeOrder> {
  return asPlaced(svc, [{ exchange: t.exchange, order: await (await svc.exchange(t.exchange)).fetchOrder(t.id) }])[0]!;
}

/** The cancelled order as placed, recorded in the journal (placedCancels). */
export async function cancelOrder(svc: Services, q: OrderRef): Promise<ExchangeOrder> {
  const { exchange, id } = await orderTarget(svc, q, 'cancelOrder');
  return placedCancels(svc, [{ exchange, order: await (await svc.exchange(exchange)).cancelOrder(id) }])[0]!;
}

export interface AmendBody extends OrderRef {
  price?: unknown;
  size?: unknown;
}

/** The new price and size, validated (at least one), parsed once to the exact decimals the adapter sends. */
export function amendChanges(b: AmendBody): AmendRequest {
  const price = b.price === undefined || b.price === null ? undefined : parsePrice('price', b.price);
  const size = b.size === undefined || b.size === null ? undefined : parseSize('size', b.size);
  if (price === undefined && size === undefined) throw usageError('amend needs a new price or a new size (or both)');
  return { price, size };
}

/**
 * What an amend will do, before it is sent: the order as placed (the terms the trader sees), the
 * new price and size on that same scale, what goes to the exchange (the price of the order as the
 * exchange records it: its complement when pmt shows the order as placed in the other outcome's
 * terms), and create's preview of the new terms (whether it crosses, what fills now, the fee),
 * over the part still to fill. The preview is null when the book or market could not be read.
 */
export interface AmendPlan {
  exchange: ExchangeId;
  id: string;
  /** The order as placed, before the amend. */
  current: ExchangeOrder;
  price: Decimal;
  size: Decimal;
  /** What the exchange is sent (its own price scale). */
  wire: AmendRequest;
  /** True when the exchange records the order in the complementary outcome's terms. */
  mirrored: boolean;
  preview: OrderPreview | null;
}

export async function planAmend(svc: Services, b: AmendBody, opts: { preview?: boolean } = {}): Promise<AmendPlan> {
  const changes = amendChanges(b);
  // No amend on this exchange: NotSupported with the way to do it by hand, before credentials or any read.
  const { exchange, id } = await orderTarget(svc, b, 'amendOrder');
  const ex = await svc.exchange(exchange);
  const recorded = await ex.fetchOrder(id);
  const current = asPlaced(svc, [{ exchange, order: recorded }])[0]!;
  const mirrored = !sameLabel(current.order.outcome, recorded.outcome);
  const price = changes.price ?? Decimal.from(current.order.price);
  const size = changes.size ?? Decimal.from(current.order.size);
  const wire: AmendRequest = {
    ...(changes.price === undefined ? {} : { price: mirrored ? complementPrice(price) : price }),
    ...(changes.size === undefined ? {} : { size: changes.size }),
  };
  const preview = opts.preview === false ? null : await amendPreview(svc, ex, current, price, size).catch(() => null);
  return { exchange, id, current, price, size, wire, mirrored, preview };
}

/** Create's preview of the amended order's remainder (size − filled) at its new price, on its outcome's book. */
async function amendPreview(svc: Services, ex: Exchange, current: ExchangeOrder, price: Decimal, size: Decimal): Promise<OrderPreview | null> {
  const o = current.order;
  const remaining = size.minus(o.filled);
  if (remaining.lte(0)) return null;
  const assetId = await ex.resolveAsset(o.market_ticker, o.outcome);
  const info = await ex.describeAsset(assetId);
  const fees = readFees(ex, info);
  const book = await readOrderBook(ex, assetId, o.outcome);
  return buildPreview({
    exchange: current.exchange,
    environment: ex.environment,
    info,
    side: o.side,
    order_type: 'gtc',
    outcome: o.outcome,
    price,
    size: remaining,
    book,
    impact: null,
    now: svc.now(),
    fees: await fees,
  });
}

/**
 * amend_order: sent on the exchange's own scale (planAmend), read back as placed, and journaled as
 * an `amend` event with the new price and size as placed (so later reads relabel it at its new price).
 */
export async function amendOrder(svc: Services, b: AmendBody, plan?: AmendPlan): Promise<ExchangeOrder> {
  // A changed order is a new risk: refused while trading is off (ops/risk.ts).
  await requireTrading(svc, 'amend_order');
  const p = plan ?? (await planAmend(svc, b, { preview: false }));
  const ex = await svc.exchange(p.exchange);
  const after = await ex.amendOrder(p.id, p.wire);
  const placed = p.mirrored && !sameLabel(after.outcome, p.current.order.outcome) ? { ...after, outcome: p.current.order.outcome, side: p.current.order.side, price: complementPrice(Decimal.from(after.price)).toNumber() } : after;
  journalAmend(svc, p, placed);
  return { exchange: p.exchange, order: placed };
}

/** The amend in the journal (best effort: the exchange has already amended). */
function journalAmend(svc: Services, p: AmendPlan, order: Order): void {
  if (!svc.journal) return;
  try {
    // Keyed: the entries of this order id, through the journal's index (never the whole file).
    const entries = svc.journal.find(p.id);
    const r = [...entries].reverse().find((e) => e.order_id === p.id && (e.event === 'result' || e.event === 'amend'));
    const message = `amended from ${p.current.order.price} × ${p.current.order.size}${order.id !== p.id ? ` (was order ${p.id})` : ''}`;
    svc.journal.append(orderEvent(new Date(svc.now()).toISOString(), 'amend', p.exchange, order, r, message));
  } catch {
    // The amend stands whether or not it could be recorded.
  }
}
