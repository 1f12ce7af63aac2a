/**
 * Cancel-all on Kalshi: list every resting order (all pages; the listing spans every shard when
 * it names none), then `DELETE /portfolio/events/orders/batched` (a DELETE with a JSON body
 * `{orders:[{order_id, market_ticker, exchange_index}]}`) in batches, each entry routed to its
 * order's shard (without routing Kalshi looks on shard 0 only). Kalshi's own cancel-all verb
 * (`DELETE /portfolio/events/orders`, every shard) is not used: it reports no per-order result and
 * may also cancel orders placed during the minute after it (kalshi-typescript 3.30.0), so a
 * `cancel-all` followed by a new order could lose the new order; see docs/exchanges.md.
 *
 * Batch size 20: a batch cancel costs 2 write tokens per order, so 20 orders are 40 tokens, well
 * inside even the Basic tier's write budget (10 writes/s × 10 tokens = 100 tokens/s); before
 * each batch the write pacer is charged its cost in request-equivalents (⌈2·n/10⌉ slots), so a
 * long cancel-all stays under the write rate instead of provoking 429s.
 *
 * Result: the cancelled orders are the pre-cancel snapshots from the listing with status
 * `cancelled` (fills that landed between listing and cancel are added from `reduced_by`); every
 * id Kalshi refused is in `failed` with its reason. A batch that fails as a whole stops the run:
 * the first one is thrown (nothing was cancelled), a later one is reported in `failed` for its
 * orders and those not yet attempted, so what was cancelled is never lost.
 */
import { Decimal } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import { pacerFor, type Signer } from '../http.js';
import type { CancelResult } from '../exchange.js';
import type { Order } from '../types.js';
import type { KalshiClient } from './client.js';
import { exchangeIndexOf, ordersList, parseKalshiOrder } from './order-parse.js';

export const CANCEL_BATCH_SIZE = 20;
/** Write tokens per cancelled order in a batch, and per request-equivalent (Kalshi's docs). */
const TOKENS_PER_CANCEL = 2;
const TOKENS_PER_WRITE = 10;
const PAGE_LIMIT = 1000;
/** Kalshi allows 200,000 open orders: 200 pages of 1000. */
const MAX_PAGES = 200;

export interface RestingOrder {
  order: Order;
  /** Contracts still working when listed. */
  remaining: Decimal;
  /** Where a cancel of it must be routed: its market and shard (exchange sharding). */
  route: Routing;
}

/** A write's routing (kalshi-typescript 3.30.0, Cancel/Batch Cancel/Decrease Order (V2)). */
export interface Routing {
  market_ticker?: string;
  exchange_index?: number;
}

/**
 * The routing of a write on an order: its `market_ticker` (Kalshi auto-routes by it) and, when the
 * order says, its `exchange_index`. Without either Kalshi sends the write to shard 0.
 */
export function routingOf(raw: Record<string, unknown>): Routing {
  const ticker = typeof raw.ticker === 'string' && raw.ticker ? raw.ticker : typeof raw.market_ticker === 'string' && raw.market_ticker ? raw.market_ticker : undefined;
  const index = exchangeIndexOf(raw);
  return { ...(ticker ? { market_ticker: ticker } : {}), ...(index === null ? {} : { exchange_index: index }) };
}

/** Every resting order (optionally one ticker), following the cursor to the end. */
export async function listResting(c: KalshiClient, signer: Signer, ticker?: string): Promise<RestingOrder[]> {
  const out: RestingOrder[] = [];
  const nowIso = new Date(c.cfg.now()).toISOString();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await c.http.get<{ orders?: unknown[]; cursor?: string }>('/portfolio/orders', {
      query: { status: 'resting', ticker, limit: PAGE_LIMIT, cursor },
      signer,
      // A cancel's listing goes before waiting reads (books), as the cancels themselves do.
      priority: true,
    });
    for (const raw of ordersList(body, 'GET /portfolio/orders')) {
      const r = (raw ?? {}) as Record<string, unknown>;
      const order = parseKalshiOrder(raw, nowIso);
      const remaining = Decimal.read(r.remaining_count_fp) ?? Decimal.read(r.remaining_count) ?? Decimal.from(order.size).minus(order.filled);
      out.push({ order, remaining, route: routingOf(r) });
    }
    // Kalshi ends a stream with an empty cursor; a repeated cursor would loop forever.
    if (!body?.cursor || body.cursor === cursor) break;
    cursor = body.cursor;
  }
  return out;
}

/** The write-rate key: create and cancel share Kalshi's write bucket. */
export function writePacer(c: KalshiClient) {
  // The account tier's write rate once read (limits.ts), else PMT_KALSHI_WRITE_RATE or the Basic tier's.
  return pacerFor('kalshi-write', c.writeRate);
}

async function chargeWrites(c: KalshiClient, slots: number): Promise<void> {
  const pacer = writePacer(c);
  for (let i = 0; i < slots; i++) await pacer.take();
}

interface BatchItem {
  order_id?: unknown;
  reduced_by?: unknown;
  error?: { code?: unknown; message?: unknown; details?: unknown } | null;
}

function reasonOf(err: NonNullable<BatchItem['error']>): string {
  const msg = typeof err.message === 'string' && err.message ? err.message : 'refused';
  const code = typeof err.code === 'string' && err.code ? ` (${err.code})` : '';
  const details = typeof err.details === 'string' && err.details ? `: ${err.details}` : '';
  return `${msg}${details}${code}`;
}

export async function cancelResting(c: KalshiClient, signer: Signer, resting: RestingOrder[]): Promise<CancelResult> {
  const result: CancelResult = { cancelled: [], failed: [] };
  const nowIso = () => new Date(c.cfg.now()).toISOString();
  for (let i = 0; i < resting.length; i += CANCEL_BATCH_SIZE) {
    const batch = resting.slice(i, i + CANCEL_BATCH_SIZE);
    await chargeWrites(c, Math.ceil((TOKENS_PER_CANCEL * batch.length) / TOKENS_PER_WRITE));
    let body: { orders?: BatchItem[] };
    try {
      body = await c.http.delete<{ orders?: BatchItem[] }>('/portfolio/events/orders/batched', {
        // Each cancellation carries its order's routing, or Kalshi would look on shard 0 only.
        json: { orders: batch.map((r) => ({ order_id: r.order.id, ...r.route })) },
        signer,
      });
    } catch (e) {
      if (!(e instanceof PmtError) || e.kind === 'Authentication') throw e;
      if (i === 0) {
        if (!e.ambiguous) throw e;
        throw new PmtError(e.kind, `${e.message}; the first cancel request may or may not have reached Kalshi, so some orders may be cancelled`, {
          cause: e,
          ambiguous: true,
          hint: 'check what is still open with `pmt order list`',
        });
      }
      const reason = e.ambiguous
        ? `the cancel request failed (${e.message}); this order may or may not have been cancelled`
        : `the cancel request failed: ${e.message}`;
      for (const r of batch) result.failed.push({ id: r.order.id, reason });
      for (const r of resting.slice(i + CANCEL_BATCH_SIZE)) result.failed.push({ id: r.order.id, reason: `not attempted: ${e.message}` });
      return result;
    }
    const byId = new Map<string, BatchItem>();
    // An unreadable answer leaves every order of the batch unreported (in `failed`), not lost.
    const items = Array.isArray(body?.orders) ? body.orders : [];
    for (const item of items) if (typeof item?.order_id === 'string') byId.set(item.order_id, item);
    for (const r of batch) {
      const item = byId.get(r.order.id);
      if (!item) {
        result.failed.push({ id: r.order.id, reason: 'Kalshi did not report this order in its cancel response' });
      } else if (item.error) {
        result.failed.push({ id: r.order.id, reason: reasonOf(item.error) });
      } else {
        const reduced = Decimal.read(item.reduced_by) ?? r.remaining;
        const lateFills = r.remaining.gt(reduced) ? r.remaining.minus(reduced) : Decimal.ZERO;
        result.cancelled.push({
          ...r.order,
          filled: Decimal.from(r.order.filled).plus(lateFills).toNumber(),
          status: 'cancelled',
          updated_at: nowIso(),
        });
      }
    }
  }
  return result;
}
