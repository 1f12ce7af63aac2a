/**
 * After a create whose outcome is unknown (timeout or dropped connection after sending, a 408 or
 * 5xx, an unreadable 201), find out whether the order exists instead of sending it again.
 *
 * Why never resend here: an exchange may still process a request it has not answered (it held
 * the create past pmt's timeout), so a resend could make two orders. pmt looks the order up by
 * the client_order_id it was sent with: `GET /portfolio/orders` has no client_order_id filter,
 * so it lists the ticker's orders of every status created since shortly before the send
 * (`min_ts`, with a margin for clock skew), all pages, and matches `client_order_id`.
 *
 * How long: a lookup that finds nothing proves nothing while the request may still be in the
 * exchange's queue, so pmt keeps looking with backoff (250 ms doubling, capped at 4 s) for
 * LONGER than the request's own timeout: 2 × the timeout, at least 3 s, at most 30 s. Outcomes
 * (contract, "Orders are sent at most once"):
 * - found → that order, with the trader's outcome, side and price;
 * - not found, or the lookups failed → "unknown": NetworkError (exit 8) naming the
 *   client_order_id and the command that settles it. Never "not placed": only an exchange's 4xx
 *   refusal proves that, and that never reaches this module.
 */
import { PmtError } from '../../errors.js';
import { sleep, type Signer } from '../http.js';
import type { Order } from '../types.js';
import type { KalshiClient } from './client.js';
import { ordersList, parseKalshiOrder } from './order-parse.js';

/** How far before the send `min_ts` reaches back, to absorb clock skew. */
const MIN_TS_MARGIN_S = 300;
const PAGE_LIMIT = 1000;
const MAX_PAGES = 50;
export const FIRST_LOOKUP_MS = 250;
const MAX_STEP_MS = 4000;
const MIN_WINDOW_MS = 3000;
const MAX_WINDOW_MS = 30_000;

export interface PendingCreate {
  /** The market; undefined searches every market of the account. */
  ticker?: string;
  clientOrderId: string;
  /** Local time the POST was started, ms; undefined searches every creation time. */
  sentAtMs?: number;
  outcome: 'yes' | 'no';
  side: Order['side'];
  /** The traded outcome's limit price. */
  price?: number;
}

/**
 * How long to keep looking after an ambiguous create: longer than the request's own timeout.
 * `PMT_LOOKUP_WINDOW_MS` (tests) shortens the 3 s floor, never below the timeout + 250 ms.
 */
export function lookupWindowMs(timeoutMs: number, env: NodeJS.ProcessEnv = process.env): number {
  const override = Number(env.PMT_LOOKUP_WINDOW_MS);
  if (override > 0) return Math.min(MAX_WINDOW_MS, Math.max(override, timeoutMs + FIRST_LOOKUP_MS));
  return Math.min(MAX_WINDOW_MS, Math.max(MIN_WINDOW_MS, 2 * timeoutMs));
}

/** The delays before each lookup: 250 ms doubling, capped at 4 s, until the window is spent. */
export function lookupDelays(windowMs: number): number[] {
  const out: number[] = [];
  let spent = 0;
  let step = FIRST_LOOKUP_MS;
  while (spent < windowMs) {
    const d = Math.min(step, windowMs - spent);
    out.push(d);
    spent += d;
    step = Math.min(step * 2, MAX_STEP_MS);
  }
  return out;
}

/** The raw V1 order with this client_order_id (on the ticker when known), or null when there is none. */
export async function findByClientOrderId(
  c: KalshiClient,
  signer: Signer,
  p: Pick<PendingCreate, 'ticker' | 'clientOrderId' | 'sentAtMs'>,
): Promise<Record<string, unknown> | null> {
  let cursor: string | undefined;
  const minTs = p.sentAtMs === undefined ? undefined : Math.floor(p.sentAtMs / 1000) - MIN_TS_MARGIN_S;
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

/** A found order, labelled with what the trader placed (V1 shows a V2 order in its YES form). */
export function asPlaced(c: KalshiClient, raw: Record<string, unknown>, p: PendingCreate): Order {
  const order = parseKalshiOrder(raw, new Date(c.cfg.now()).toISOString());
  return { ...order, outcome: p.outcome === 'yes' ? 'Yes' : 'No', side: p.side, price: p.price ?? order.price };
}

/** How to retry without risking a second order, for the hint. */
export function resendHint(clientOrderId: string): string {
  return `to try again without risking a second order, re-send with \`--client-order-id ${clientOrderId}\` (Kalshi refuses a duplicate)`;
}

export async function reconcileCreate(
  c: KalshiClient,
  signer: Signer,
  p: PendingCreate,
  cause: PmtError,
  delays: readonly number[] = lookupDelays(lookupWindowMs(c.http.timeoutMs)),
): Promise<Order> {
  const what = `${p.side} ${p.outcome.toUpperCase()}${p.ticker ? ` on ${p.ticker}` : ''} (client order id ${p.clientOrderId})`;
  c.cfg.log?.(`create order: outcome unknown (${cause.message}); looking the order up by client_order_id`);
  let lastError: unknown;
  for (const delay of delays) {
    await sleep(delay);
    try {
      const raw = await findByClientOrderId(c, signer, p);
      if (raw) return asPlaced(c, raw, p);
      lastError = undefined;
    } catch (e) {
      lastError = e;
    }
  }
  const waited = (delays.reduce((a, b) => a + b, 0) / 1000).toFixed(1);
  const looked =
    lastError === undefined
      ? `Kalshi shows no such order after ${waited} s of looking, but it may still process the request`
      : `and looking it up failed too (${lastError instanceof Error ? lastError.message : String(lastError)})`;
  // The settling command is in the message itself: under --json only the message is printed.
  throw new PmtError('NetworkError', `order status unknown: ${cause.message}; ${looked}; order ${what}; settle it with \`pmt order get --client-id ${p.clientOrderId}\``, {
    cause,
    ambiguous: true,
    hint: resendHint(p.clientOrderId),
  });
}
