/**
 * CLOB order payloads → the unified Order. Tolerant: a missing field becomes a neutral value,
 * never a throw.
 *
 * Units. `OpenOrder.original_size`/`size_matched` are shares as decimal strings ("100",
 * "25.0000"): Polymarket's current reference says "already normalized; do not divide by 1e6"
 * (the older OpenAPI text called them 6-decimal fixed math). `SendOrderResponse.makingAmount`/
 * `takingAmount` are documented as 6-decimal fixed math; live responses have also been seen in
 * human units, so `shareAmount` reads either: a value with a decimal point, or one no larger than
 * the order's size, is shares; an integer larger than the size is fixed-math micro-units.
 *
 * Status (OpenOrder, with or without the `ORDER_STATUS_` prefix): LIVE → open, or
 * partially_filled once size_matched > 0; MATCHED → filled; CANCELED and
 * CANCELED_MARKET_RESOLVED → cancelled; INVALID → rejected; DELAYED → pending; UNMATCHED (a
 * delayed order that did not match and now rests) → open.
 */
import { Decimal } from '../../decimal.js';
import type { Order, OrderStatus } from '../types.js';

type Raw = Record<string, unknown>;

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

/** Unix seconds (number or digit string; ms tolerated) → ISO 8601 UTC. */
export function isoFromUnix(v: unknown, fallbackMs: number): string {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  // Beyond Date's range (±8.64e15 ms) toISOString() throws: treat it like a missing time.
  const d = new Date(n > 1e12 ? n : n * 1000);
  if (!Number.isFinite(n) || n <= 0 || !Number.isFinite(d.getTime())) return new Date(fallbackMs).toISOString();
  return d.toISOString();
}

export function openOrderStatus(raw: unknown, sizeMatched: Decimal): OrderStatus {
  const s = (str(raw) ?? '').toUpperCase().replace(/^ORDER_STATUS_/, '');
  switch (s) {
    case 'LIVE':
    case 'UNMATCHED':
      return sizeMatched.gt(0) ? 'partially_filled' : 'open';
    case 'MATCHED':
      return 'filled';
    case 'CANCELED':
    case 'CANCELLED':
    case 'CANCELED_MARKET_RESOLVED':
      return 'cancelled';
    case 'INVALID':
      return 'rejected';
    case 'DELAYED':
      return 'pending';
    default:
      return sizeMatched.gt(0) ? 'partially_filled' : 'open';
  }
}

/** An OpenOrder (`GET /data/order/{id}`, `/data/orders` data[]) → Order. */
export function parseOpenOrder(r: Raw, nowMs: number): Order {
  const size = Decimal.read(r.original_size) ?? Decimal.ZERO;
  const matched = Decimal.read(r.size_matched) ?? Decimal.ZERO;
  return {
    id: str(r.id) ?? '',
    market_ticker: str(r.market) ?? '',
    outcome: str(r.outcome) ?? '',
    side: (str(r.side) ?? '').toUpperCase() === 'SELL' ? 'sell' : 'buy',
    price: (Decimal.read(r.price) ?? Decimal.ZERO).toNumber(),
    size: size.toNumber(),
    filled: matched.toNumber(),
    status: openOrderStatus(r.status, matched),
    created_at: isoFromUnix(r.created_at, nowMs),
    fee: null,
    updated_at: null,
  };
}

/** Shares from a SendOrderResponse amount, in either unit (see the module note), clamped to [0, size]. */
export function shareAmount(v: unknown, size: Decimal): Decimal {
  const s = str(v)?.trim() ?? '';
  const d = s === '' ? null : Decimal.parse(s);
  if (!d || d.isNegative()) return Decimal.ZERO;
  const shares = !s.includes('.') && d.gt(size) ? Decimal.fromUnits(d.toUnits(0), 6) : d;
  return shares.gt(size) ? size : shares;
}

export interface CreateContext {
  id: string;
  marketTicker: string;
  outcome: string;
  side: 'buy' | 'sell';
  price: Decimal;
  size: Decimal;
  /** pmt's order type: FOK/FAK remainders are killed, GTC remainders rest. */
  orderType: 'gtc' | 'ioc' | 'fok';
  nowMs: number;
}

/**
 * A successful SendOrderResponse (`success` true) → Order. Amounts are read only for `matched`
 * (a resting `live` order may echo its full signed amounts, which are not fills):
 * live/unmatched → open; delayed → pending; matched → filled, or partially_filled when the
 * amounts show less than the size (a FOK that matched is complete by definition).
 */
export function parseSendResponse(r: Raw, ctx: CreateContext): Order {
  // Only a string or number is a status: anything else (an object from a broken upstream) is none.
  const status = (str(r.status) ?? '').toLowerCase();
  const id = str(r.orderID);
  if (status === 'matched') {
    // Shares moved: what a BUY receives (taking) or a SELL gives (making).
    const filled = shareAmount(ctx.side === 'buy' ? r.takingAmount : r.makingAmount, ctx.size);
    const done = ctx.orderType === 'fok' || filled.isZero() ? ctx.size : filled;
    return build(ctx, done, done.gte(ctx.size) ? 'filled' : 'partially_filled', id);
  }
  if (status === 'delayed') return build(ctx, Decimal.ZERO, 'pending', id);
  if (status === 'canceled' || status === 'cancelled') return build(ctx, Decimal.ZERO, 'cancelled', id);
  return build(ctx, Decimal.ZERO, 'open', id);
}

/** An order the exchange killed without any fill (FOK not fully fillable, FAK with no match). */
export function killedOrder(ctx: CreateContext): Order {
  return build(ctx, Decimal.ZERO, 'cancelled', null);
}

function build(ctx: CreateContext, filled: Decimal, status: OrderStatus, id: string | null): Order {
  return {
    id: id || ctx.id,
    market_ticker: ctx.marketTicker,
    outcome: ctx.outcome,
    side: ctx.side,
    price: ctx.price.toNumber(),
    size: ctx.size.toNumber(),
    filled: filled.toNumber(),
    status,
    created_at: new Date(ctx.nowMs).toISOString(),
    fee: null,
    updated_at: null,
  };
}
