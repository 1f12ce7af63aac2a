/**
 * The local order journal as operations (contract, "Orders are sent at most once, and never lost
 * from sight"): orders pmt placed read back with their intent, the journal itself, and the
 * lookup by the id an order was sent with, which settles a create whose outcome was "unknown".
 */
import { usageError } from '../errors.js';
import { manifestOf, type ExchangeId, EXCHANGE_IDS } from '../exchanges/registry.js';
import { intentsByOrderId, lastEntries, withIntent, type JournalEntry } from '../journal.js';
import type { ExchangeOrder } from './services.js';
import type { Services } from './services.js';

/** Orders pmt placed, read back with the outcome, side and price they were placed with. */
export function asPlaced(svc: Services, orders: ExchangeOrder[]): ExchangeOrder[] {
  if (!svc.journal || orders.length === 0) return orders;
  const intents = intentsByOrderId(svc.journal.read());
  if (intents.size === 0) return orders;
  return orders.map((o) => ({ exchange: o.exchange, order: withIntent(o.order, intents) }));
}

/** The journal, oldest first; `limit` keeps the last N. */
export function journalEntries(svc: Services, limit?: number): JournalEntry[] {
  return lastEntries(svc.journal?.read() ?? [], limit);
}

/**
 * An order by the client order id (or order hash) it was sent with. The journal names the
 * exchange, market and send time when pmt sent it; else `exchange`, else the id's shape. A find is
 * appended to the journal, so the entry that was "unknown" is settled there too.
 */
export async function fetchOrderByClientId(svc: Services, q: { client_order_id: unknown; exchange?: ExchangeId }): Promise<ExchangeOrder> {
  const id = typeof q.client_order_id === 'string' ? q.client_order_id.trim() : '';
  if (!id) throw usageError('--client-id must not be empty');
  const entries = svc.journal?.read() ?? [];
  const intent = [...entries].reverse().find((e) => e.event === 'intent' && (e.client_order_id === id || e.order_hash === id));
  const exchange = q.exchange ?? intent?.exchange ?? EXCHANGE_IDS.find((x) => manifestOf(x).ids.order.test(id) && manifestOf(x).outcomes === 'token-per-outcome') ?? EXCHANGE_IDS[0]!;
  await svc.requireCredentials(exchange);
  const ex = await svc.exchange(exchange);
  // The journal's market and send time narrow the search (Kalshi's order list has no client id filter).
  const hint = intent ? { asset_id: manifestOf(exchange).outcomes === 'yes-book' ? intent.market_ticker : undefined, since_ms: Date.parse(intent.ts) || undefined } : {};
  const order = await ex.fetchOrderByClientId(id, hint);
  if (intent && svc.journal && !entries.some((e) => e.order_id === order.id)) {
    svc.journal.append({ ...intent, ts: new Date(svc.now()).toISOString(), event: 'result', order_id: order.id, status: order.status, message: 'found by client id' });
  }
  return asPlaced(svc, [{ exchange, order }])[0]!;
}

/**
 * Cancelled orders go into the journal as `cancel` events, so the file tells an order's whole
 * life (intent, result, cancel) and `order journal` shows what was pulled and when. The order in
 * the terms it was placed with (asPlaced); the send ids and type from the journal when pmt placed
 * it, else null ids and `gtc` (only a resting order can be cancelled). Best effort: the exchange
 * has already cancelled, and a journal that cannot be written must not turn that into a failure.
 */
export function journalCancels(svc: Services, orders: readonly ExchangeOrder[]): void {
  if (!svc.journal || orders.length === 0) return;
  try {
    const entries = svc.journal.read();
    const placed = new Map(entries.filter((e) => e.order_id && e.event === 'result').map((e) => [e.order_id!, e]));
    const intents = intentsByOrderId(entries);
    const ts = new Date(svc.now()).toISOString();
    for (const { exchange, order: reported } of orders) {
      const order = withIntent(reported, intents);
      const p = placed.get(order.id);
      svc.journal.append({
        ts,
        event: 'cancel',
        exchange,
        market_ticker: order.market_ticker,
        outcome: order.outcome,
        side: order.side,
        price: order.price,
        size: order.size,
        type: p?.type ?? 'gtc',
        client_order_id: p?.client_order_id ?? null,
        order_hash: p?.order_hash ?? null,
        order_id: order.id,
        status: order.status,
        message: order.filled > 0 ? `cancelled after ${order.filled} of ${order.size} filled` : null,
      });
    }
  } catch {
    // See above: the cancel stands whether or not it could be recorded.
  }
}
