/**
 * Sending a signed order exactly once, and the reads that back it up.
 *
 * A create is never retried blindly. The signed order's EIP-712 hash is its identity (the CLOB's
 * order id) and is known before sending. When `POST /order` fails ambiguously (timeout or reset
 * after the request may have left), pmt looks the order up by that hash; if the CLOB has it, that
 * is the result. If not, pmt re-sends the SAME signed bytes once — the same hash, which the CLOB
 * refuses as a duplicate if the first copy did land, and which the exchange contract can never
 * fill beyond its signed amounts anyway. If that is ambiguous too, it looks once more and
 * otherwise fails with the hash so the user can check before doing anything else. The CLOB's own
 * 5xx answers are not its verdict (it has stored orders and then answered 500): pmt looks the
 * order up by hash, and reports the order or "unknown", never "not placed".
 */
import { mayHaveLanded, PmtError } from '../../errors.js';
import type { Signer } from '../http.js';
import type { Order } from '../types.js';
import type { PolymarketClient } from './client.js';
import { killedOrder, parseOpenOrder, parseSendResponse, type CreateContext } from './order-parse.js';
import { VERSION_MISMATCH_RE } from './order-version.js';
import { nearestSizesForPrecision } from './amounts.js';

/**
 * The CLOB's definitive refusal of a signed order for its version (`order_version_mismatch`): the
 * order was not placed, so createOrder may ask `/version` again and sign a new one.
 */
export class OrderVersionRefused extends PmtError {
  constructor(message: string, status?: number) {
    super('Api', message, { status, hint: 'Polymarket changed its order version; pmt asks /version again and re-signs once. If this persists, update pmt. Reads and cancels still work.' });
  }
}

type Raw = Record<string, unknown>;

export const START_CURSOR = 'MA==';
export const END_CURSOR = 'LTE=';
const MAX_PAGES = 1000;

/** Every page of `GET /data/orders` (cursor `MA==` … `LTE=`), optionally for one token. */
export async function listOpenOrdersRaw(c: PolymarketClient, tokenId: string | undefined, signer: Signer): Promise<Raw[]> {
  const out: Raw[] = [];
  const seen = new Set<string>();
  let cursor = START_CURSOR;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await c.clob.get<unknown>('/data/orders', { query: { asset_id: tokenId, next_cursor: cursor }, signer });
    if (Array.isArray(res)) {
      // Only objects are orders (a null row would crash the parser).
      out.push(...(res as Raw[]).filter((x) => x && typeof x === 'object'));
      break;
    }
    const r = (res ?? {}) as Raw;
    if (Array.isArray(r.data)) out.push(...(r.data as Raw[]).filter((x) => x && typeof x === 'object'));
    const next = typeof r.next_cursor === 'string' ? r.next_cursor : '';
    seen.add(cursor);
    // Stop at the end sentinel, an empty cursor, or a cursor already visited (never loop forever).
    if (!next || next === END_CURSOR || seen.has(next)) break;
    cursor = next;
  }
  return out;
}

/** `GET /data/order/{id}` → Order, or null when the CLOB does not know it (404 or empty body). */
export async function lookupOrder(c: PolymarketClient, id: string, signer: Signer): Promise<Order | null> {
  try {
    const raw = await c.clob.get<unknown>(`/data/order/${id}`, { signer });
    if (!raw || typeof raw !== 'object' || typeof (raw as Raw).id !== 'string') return null;
    return parseOpenOrder(raw as Raw, c.cfg.now());
  } catch (e) {
    if (e instanceof PmtError && (e.kind === 'OrderNotFound' || e.status === 404)) return null;
    throw e;
  }
}

const KILLED_RE = /couldn't be fully filled|could not be fully filled|fully filled or killed|no orders found to match|partially filled or killed/i;
const BALANCE_RE = /not enough balance|allowance|insufficient/i;
const PAUSED_RE = /cancel.?only|trading is (currently )?(disabled|paused)|new orders are not accepted/i;

/**
 * Did this failure possibly happen before the CLOB saw the order, so that re-sending the same
 * signed bytes is how to find out? Timeouts and resets after sending (marked by the HTTP layer)
 * and gateway errors (502/504), where the origin may never have had the request.
 */
function isAmbiguous(e: unknown): e is PmtError {
  return e instanceof PmtError && (e.ambiguous || e.status === 502 || e.status === 504);
}

/** "Unknown" (contract: never "not placed" after an ambiguous failure), with the settling command. */
function unconfirmed(hash: string, cause: PmtError): PmtError {
  return new PmtError('NetworkError', `order status unknown: could not confirm whether Polymarket received order ${hash}: ${cause.message}; settle it with \`pmt order get --client-id ${hash}\``, {
    ambiguous: true,
    cause,
    hint: 'settle it before placing the order again',
  });
}

/** The order by hash after an ambiguous send; a failing lookup keeps the answer "unknown". */
async function confirm(c: PolymarketClient, hash: string, signer: Signer, why: PmtError): Promise<Order | null> {
  try {
    return await lookupOrder(c, hash, signer);
  } catch (e) {
    throw unconfirmed(hash, e instanceof PmtError ? e : why);
  }
}

/** Post a signed order body; on an ambiguous failure, look it up by hash or re-send the same bytes once. */
export async function submitOrder(c: PolymarketClient, body: unknown, hash: string, signer: Signer, ctx: CreateContext): Promise<Order> {
  let first: PmtError;
  try {
    return await post(c, body, signer, ctx);
  } catch (e) {
    // The CLOB's own 500/503 (or 408): it may have stored the order before failing ("could not
    // run the execution" on orders its engine accepted). Look it up by hash: the order, or unknown.
    if (!isAmbiguous(e) && mayHaveLanded(e)) {
      c.cfg.log?.(`POST /order failed with HTTP ${e.status} (${e.message}); looking up order ${hash}`);
      const landed = await confirm(c, hash, signer, e);
      if (landed) return landed;
      // Not there, and the CLOB said trading is paused (503 "cancel-only", "trading is currently
      // disabled"): that is a refusal. Any other 5xx stays unknown.
      if (e.status === 503 && PAUSED_RE.test(e.message)) throw e;
      throw unconfirmed(hash, e);
    }
    if (!isAmbiguous(e)) throw e;
    first = e;
  }
  c.cfg.log?.(`POST /order outcome unknown (${first.message}); looking up order ${hash}`);
  const found = await confirm(c, hash, signer, first);
  if (found) return found;
  try {
    c.cfg.log?.(`order ${hash} is not on the CLOB; sending the same signed order again`);
    return await post(c, body, signer, ctx);
  } catch (e) {
    // The first copy's fate is still unknown: never let a refusal of the re-send start a new order.
    if (e instanceof OrderVersionRefused) throw unconfirmed(hash, e);
    const duplicate = e instanceof PmtError && /duplicat/i.test(e.message);
    if (!mayHaveLanded(e) && !duplicate) throw e;
    const again = await confirm(c, hash, signer, e as PmtError);
    if (again) return again;
    // The CLOB says it already has this exact order but cannot show it yet: report it pending.
    if (duplicate) return { ...killedOrder(ctx), id: hash, status: 'pending' };
    throw unconfirmed(hash, e as PmtError);
  }
}

async function post(c: PolymarketClient, body: unknown, signer: Signer, ctx: CreateContext): Promise<Order> {
  let res: Raw;
  try {
    res = (await c.clob.post<Raw>('/order', { json: body, signer, idempotent: false })) ?? {};
  } catch (e) {
    if (e instanceof PmtError && !e.ambiguous) return rejection(e.message, ctx, e);
    throw e;
  }
  if (res.success === false || (typeof res.errorMsg === 'string' && res.errorMsg !== '' && !res.orderID)) {
    return rejection(String(res.errorMsg || 'order not accepted'), ctx);
  }
  return parseSendResponse(res, ctx);
}

/**
 * A refused order (HTTP 4xx error, or a 200 with `success: false`): killed immediate orders are a
 * result (status cancelled); everything else is an error of the right kind with a useful hint.
 */
function rejection(message: string, ctx: CreateContext, err?: PmtError): Order {
  if (KILLED_RE.test(message) && ctx.orderType !== 'gtc') return killedOrder(ctx);
  const status = err?.status;
  if (BALANCE_RE.test(message)) {
    throw new PmtError('InsufficientFunds', err?.kind === 'InsufficientFunds' ? err.message : `Polymarket refused the order: ${message}`, {
      status,
      hint: 'the money must sit where the order says: with signature type eoa in the key\'s own address, with proxy, gnosis-safe or poly-1271 in the funder. Check POLYMARKET_FUNDER and POLYMARKET_SIGNATURE_TYPE, the pUSD balance, and the exchange approvals',
    });
  }
  const precision = precisionRefusal(message, ctx, status);
  if (precision) throw precision;
  if (VERSION_MISMATCH_RE.test(message)) {
    throw new OrderVersionRefused(`Polymarket refused the order as signed for the wrong order version (order_version_mismatch): ${message}`, status);
  }
  if (/invalid signature|maker address not allowed/i.test(message)) {
    throw new PmtError('Api', err ? err.message : `Polymarket refused the order signature: ${message}`, {
      status,
      hint: 'usually the wallet setup: the signature type (eoa; proxy for email/Magic accounts; gnosis-safe for browser wallets; poly-1271 for smart-contract deposit wallets) must match the funder address',
    });
  }
  if (err) throw err;
  throw new PmtError('Api', `Polymarket rejected the order: ${message}`);
}

const ACCURACY_RE = /maker amount supports a max accuracy of (\d+) decimals?,? taker amount a max of (\d+) decimals?/i;

/**
 * The CLOB's amount-precision refusal ("… maker amount supports a max accuracy of 2 decimals,
 * taker amount a max of 4 decimals") as a readable error: the rule for the USD amount (the maker
 * amount of a buy, the taker amount of a sell) and the nearest sizes whose amount fits it.
 */
function precisionRefusal(message: string, ctx: CreateContext, status?: number): PmtError | null {
  const m = ACCURACY_RE.exec(message);
  if (!m) return null;
  const places = Number(ctx.side === 'buy' ? m[1] : m[2]);
  const usd = ctx.size.times(ctx.price);
  const { below, above } = nearestSizesForPrecision(ctx.price, ctx.size, places);
  const sizes = [below, above].filter((s) => s.gt(0)).map((s) => s.toFixed()).join(' or ');
  return new PmtError('Api', `Polymarket refused the order: the USD amount of ${ctx.side} ${ctx.size.toFixed()} at ${ctx.price.toFixed()} (${usd.toFixed()}) may have at most ${places} decimal places for this order type (nearest sizes that fit: ${sizes})`, {
    status,
    hint: `the exchange said: ${message}`,
  });
}
