/**
 * The local order journal as operations (contract, "Orders are sent at most once, and never lost
 * from sight"): orders pmt placed read back with their intent, the journal itself, and the
 * lookup by the id an order was sent with, which settles a create whose outcome was "unknown".
 */
import { Decimal } from '../decimal.js';
import { PmtError, usageError } from '../errors.js';
import type { CreateOrderOptions, Exchange } from '../exchanges/exchange.js';
import { manifestOf, type ExchangeId, EXCHANGE_IDS } from '../exchanges/registry.js';
import type { CreateOrderRequest, Order } from '../exchanges/types.js';
import { createWithJournal, lastEntries, withIntent, type BadLine, type CreateMeta, type Journal, type JournalEntry } from '../journal.js';
import type { ExchangeOrder } from './services.js';
import type { Services } from './services.js';

/**
 * The intents of these orders, by keyed lookups in the journal's index (never a read of the whole
 * file). A journal that cannot be read only costs the relabelling: lists and cancels go on.
 */
function intentsOf(journal: Journal, orders: readonly ExchangeOrder[]): Map<string, JournalEntry> {
  try {
    return journal.intentsFor(orders.map((o) => o.order.id));
  } catch (e) {
    if (e instanceof PmtError && e.kind === 'Config') return new Map();
    throw e;
  }
}

/** Orders pmt placed, read back with the outcome, side and price they were placed with. */
export function asPlaced(svc: Services, orders: ExchangeOrder[]): ExchangeOrder[] {
  if (!svc.journal || orders.length === 0) return orders;
  const intents = intentsOf(svc.journal, orders);
  if (intents.size === 0) return orders;
  return orders.map((o) => ({ exchange: o.exchange, order: withIntent(o.order, intents) }));
}

/**
 * The journal, oldest first; `limit` keeps the last N. `bad`: the lines that are not entries
 * (torn, foreign, missing fields), by line number, for the caller to name. Throws Config when the
 * file cannot be read (never "empty").
 */
export function journalEntries(svc: Services, limit?: number): { entries: JournalEntry[]; bad: BadLine[]; badCount: number; file: string | undefined } {
  if (!svc.journal) return { entries: [], bad: [], badCount: 0, file: undefined };
  const { entries, bad, badCount } = svc.journal.readAll(limit);
  return { entries: lastEntries(entries, limit), bad, badCount, file: svc.journal.path };
}

/**
 * An order by the client order id (or order hash) it was sent with. The journal names the
 * exchange, market and send time when pmt sent it; else `exchange`, else the id's shape. A find is
 * appended to the journal, so the entry that was "unknown" is settled there too.
 */
export async function fetchOrderByClientId(svc: Services, q: { client_order_id: unknown; exchange?: ExchangeId }): Promise<ExchangeOrder> {
  const id = typeof q.client_order_id === 'string' ? q.client_order_id.trim() : '';
  if (!id) throw usageError('--client-id must not be empty');
  // Keyed: the journal's index, never the whole file; an unreadable journal stops here (Config).
  const entries = svc.journal?.find(id) ?? [];
  const intent = [...entries].reverse().find((e) => e.event === 'intent' && (e.client_order_id === id || e.order_hash === id));
  const exchange = q.exchange ?? intent?.exchange ?? EXCHANGE_IDS.find((x) => manifestOf(x).ids.order.test(id) && manifestOf(x).outcomes === 'token-per-outcome') ?? EXCHANGE_IDS[0]!;
  await svc.requireCredentials(exchange);
  const ex = await svc.exchange(exchange);
  // The journal's market and send time narrow the search (Kalshi's order list has no client id filter).
  const hint = intent ? { asset_id: manifestOf(exchange).outcomes === 'yes-book' ? intent.market_ticker : undefined, since_ms: Date.parse(intent.ts) || undefined } : {};
  const order = await ex.fetchOrderByClientId(id, hint);
  if (intent && svc.journal && !svc.journal.find(order.id).some((e) => e.order_id === order.id)) {
    svc.journal.append({ ...intent, ts: new Date(svc.now()).toISOString(), event: 'result', order_id: order.id, status: order.status, message: 'found by client id' });
  }
  return asPlaced(svc, [{ exchange, order }])[0]!;
}

/**
 * Cancelled orders, as placed and recorded: returned in the terms they were placed with
 * (asPlaced: a Kalshi NO buy stays a NO buy, as `order get` and `order list` show it), and
 * appended to the journal as `cancel` events, so the file tells an order's whole life (intent,
 * result, cancel). The send ids and type come from the journal when pmt placed the order, else null
 * ids and `gtc` (only a resting order can be cancelled). Recording is best effort: the exchange
 * has already cancelled, and a journal that cannot be written must not turn that into a failure.
 */
/**
 * The journal line for what happened to an order after it was placed (a cancel, an amend): the
 * order as placed, with the type, client order id and hash of its latest result line `r`.
 */
export function orderEvent(ts: string, event: 'cancel' | 'amend', exchange: ExchangeId, order: Order, r: JournalEntry | undefined, message: string | null): JournalEntry {
  return {
    ts,
    event,
    exchange,
    market_ticker: order.market_ticker,
    outcome: order.outcome,
    side: order.side,
    price: order.price,
    size: order.size,
    type: r?.type ?? 'gtc',
    client_order_id: r?.client_order_id ?? null,
    order_hash: r?.order_hash ?? null,
    order_id: order.id,
    status: order.status,
    message,
  };
}

export function placedCancels(svc: Services, orders: readonly ExchangeOrder[]): ExchangeOrder[] {
  if (!svc.journal || orders.length === 0) return [...orders];
  const journal = svc.journal;
  const intents = intentsOf(journal, orders);
  const placed = orders.map((o) => ({ exchange: o.exchange, order: withIntent(o.order, intents) }));
  const resultOf = (id: string): JournalEntry | undefined => {
    try {
      return journal.find(id).filter((e) => e.order_id === id && e.event === 'result').pop();
    } catch {
      return undefined;
    }
  };
  const ts = new Date(svc.now()).toISOString();
  try {
    for (const { exchange, order } of placed) {
      const r = resultOf(order.id);
      journal.append(orderEvent(ts, 'cancel', exchange, order, r, order.filled > 0 ? `cancelled after ${order.filled} of ${order.size} filled` : null));
    }
  } catch {
    // See above: the cancel stands whether or not it could be recorded.
  }
  return placed;
}

/**
 * A caller's client order id that the journal already knows, with different terms (market,
 * outcome, side, price, size): refused before anything is sent (Api, exit 2), naming the id and
 * the order it already names. The same terms go on (the exchange refuses the duplicate and pmt
 * shows the order that holds the id); an id the journal does not know is checked by the
 * exchange's adapter after its refusal.
 */
export function checkClientOrderId(svc: Pick<Services, 'journal'>, clientOrderId: string | undefined, req: CreateOrderRequest, meta: Pick<CreateMeta, 'exchange' | 'market_ticker' | 'outcome'>): void {
  const id = clientOrderId?.trim();
  if (!id || !svc.journal) return;
  // Keyed: the entries carrying this id, through the journal's index (never the whole file).
  const entries = svc.journal.find(id);
  // An intent the exchange refused placed nothing: it names no order.
  const mine = entries.filter((e) => e.exchange === meta.exchange && e.client_order_id === id && !(e.event === 'result' && e.status === 'rejected'));
  const refused = new Set(entries.filter((e) => e.client_order_id === id && e.event === 'result' && e.status === 'rejected').map((e) => e.ts));
  const intent = mine.filter((e) => e.event === 'intent' && !refusedAfter(entries, e, refused)).at(-1);
  if (!intent) return;
  const same =
    intent.market_ticker === meta.market_ticker &&
    intent.outcome.toLowerCase() === meta.outcome.toLowerCase() &&
    intent.side === req.side &&
    Decimal.from(intent.price).eq(req.price) &&
    Decimal.from(intent.size).eq(req.size);
  if (same) return;
  const orderId = [...mine].reverse().find((e) => e.order_id)?.order_id;
  const names = `${orderId ? `order ${orderId}` : `the order sent at ${intent.ts}`} (${intent.market_ticker} ${intent.side} ${intent.size} ${intent.outcome} at ${intent.price})`;
  throw usageError(
    `client order id ${id} already names ${names}, a different order: nothing was sent`,
    orderId ? `use a new --client-order-id, or see that order with \`pmt order get ${orderId}\`` : `use a new --client-order-id, or see that order with \`pmt order get --client-id ${id}\``,
  );
}

/** The intent was answered by a refusal (its next entry under the same id is a rejected result). */
function refusedAfter(entries: readonly JournalEntry[], intent: JournalEntry, refused: ReadonlySet<string>): boolean {
  if (refused.size === 0) return false;
  const i = entries.indexOf(intent);
  const next = entries.slice(i + 1).find((e) => e.exchange === intent.exchange && e.client_order_id === intent.client_order_id);
  return next !== undefined && next.event === 'result' && next.status === 'rejected';
}

/** create_order with the journal around it, after the client order id check above. */
export function createJournaled(
  svc: Pick<Services, 'journal'>,
  ex: Exchange,
  req: CreateOrderRequest,
  meta: CreateMeta,
  opts: Pick<CreateOrderOptions, 'clientOrderId' | 'idempotencyKey' | 'onPayload' | 'onSend'> = {},
): Promise<Order> {
  checkClientOrderId(svc, opts.clientOrderId, req, meta);
  return svc.journal ? createWithJournal(svc.journal, ex, req, meta, opts) : ex.createOrder(req, opts);
}
