/**
 * After a create whose outcome is unknown (timeout or dropped connection after sending, a 408 or
 * 5xx, an unreadable 201), find out whether the order exists instead of sending it again.
 *
 * Why never resend: Kalshi dedups `client_order_id` only against orders it still knows as open
 * (a duplicate is a 409), so an IOC/FOK or a filled order that already left the book could be
 * placed twice by a resend with the same id. pmt therefore sends each order at most once and
 * looks it up: `GET /portfolio/orders` has no client_order_id filter, so it lists the ticker's
 * orders of every status created since shortly before the send (`min_ts`, unix seconds, with a
 * margin for clock skew), all pages, and matches `client_order_id`. It looks a few times, spaced,
 * so an order still in flight when the connection broke has time to appear. Outcomes:
 * - found → that order is returned (the trader's outcome/side kept; V2 orders read back via V1
 *   only know the YES form);
 * - the last lookup succeeded and found nothing → NetworkError saying the order was NOT placed;
 * - the lookups failed → NetworkError saying it MAY have been placed, with what to check.
 */
import { PmtError } from '../../errors.js';
import { sleep, type Signer } from '../http.js';
import type { Order } from '../types.js';
import type { KalshiClient } from './client.js';
import { ordersList, parseKalshiOrder } from './order-parse.js';

/** Delays before each lookup, ms. */
export const RECHECK_DELAYS_MS = [200, 600, 1200];
/** How far before the send `min_ts` reaches back, to absorb clock skew. */
const MIN_TS_MARGIN_S = 300;
const PAGE_LIMIT = 1000;
const MAX_PAGES = 50;

export interface PendingCreate {
  ticker: string;
  clientOrderId: string;
  /** Local time the POST was started, ms. */
  sentAtMs: number;
  outcome: 'yes' | 'no';
  side: Order['side'];
}

/** The raw V1 order with this client_order_id on the ticker, or null when there is none. */
export async function findByClientOrderId(c: KalshiClient, signer: Signer, p: PendingCreate): Promise<Record<string, unknown> | null> {
  let cursor: string | undefined;
  const minTs = Math.floor(p.sentAtMs / 1000) - MIN_TS_MARGIN_S;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await c.http.get<{ orders?: unknown[]; cursor?: string }>('/portfolio/orders', {
      query: { ticker: p.ticker, min_ts: minTs, limit: PAGE_LIMIT, cursor },
      signer,
    });
    for (const o of ordersList(body, 'GET /portfolio/orders')) {
      if (o && typeof o === 'object' && (o as { client_order_id?: unknown }).client_order_id === p.clientOrderId) {
        return o as Record<string, unknown>;
      }
    }
    if (!body?.cursor || body.cursor === cursor) return null;
    cursor = body.cursor;
  }
  return null;
}

export async function reconcileCreate(
  c: KalshiClient,
  signer: Signer,
  p: PendingCreate,
  cause: PmtError,
  delays: readonly number[] = RECHECK_DELAYS_MS,
): Promise<Order> {
  const what = `${p.side} ${p.outcome.toUpperCase()} on ${p.ticker} (client_order_id ${p.clientOrderId})`;
  c.cfg.log?.(`create order: outcome unknown (${cause.message}); looking the order up by client_order_id`);
  let lastError: unknown;
  for (const delay of delays) {
    await sleep(delay);
    try {
      const raw = await findByClientOrderId(c, signer, p);
      if (raw) {
        const order = parseKalshiOrder(raw, new Date(c.cfg.now()).toISOString());
        return { ...order, outcome: p.outcome === 'yes' ? 'Yes' : 'No', side: p.side };
      }
      lastError = undefined;
    } catch (e) {
      lastError = e;
    }
  }
  if (lastError === undefined) {
    throw new PmtError('NetworkError', `the order was NOT placed: ${cause.message}; Kalshi has no order ${what} after ${delays.length} checks`, {
      cause,
      hint: 'nothing was placed; it is safe to send the order again',
    });
  }
  const why = lastError instanceof Error ? lastError.message : String(lastError);
  throw new PmtError('NetworkError', `the order MAY have been placed: ${cause.message}, and looking it up failed too (${why}); order ${what}`, {
    cause,
    ambiguous: true,
    hint: `check with \`pmt order list --asset ${p.ticker}\` before sending it again`,
  });
}
