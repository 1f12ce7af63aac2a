/**
 * Polymarket orders on the CLOB: create (signed V2 orders), fetch, list (all pages), cancel-all,
 * preview and the account check. The pieces live next door: wallet.ts (key, funder, signature
 * type), auth.ts (L1/L2), asset.ts (token metadata, fresh tick and neg-risk), order-rules.ts
 * (pre-trade checks), amounts.ts, sign-order.ts, order-parse.ts, submit.ts (sending exactly once)
 * and cancel.ts.
 */
import { PmtError, usageError } from '../../errors.js';
import type { AuthCheck, CancelResult, ClientIdHint, CreateOrderOptions } from '../exchange.js';
import type { CreateOrderRequest, Order, OrderType } from '../types.js';
import { orderAmounts } from './amounts.js';
import { describeAsset, parseTokenId, tokenContext, type TokenContext } from './asset.js';
import { estimateFees, fetchFeeSchedule } from './fees.js';
import type { Decimal } from '../../decimal.js';
import { apiCreds, l2 } from './auth.js';
import { cancelAll } from './cancel.js';
import type { PolymarketClient } from './client.js';
import { checkOrder, outcomeText } from './order-rules.js';
import { parseOpenOrder, type CreateContext } from './order-parse.js';
import { orderBody, signOrder, unsignedOrder, type OrderIntent } from './sign-order.js';
import { listOpenOrdersRaw, lookupOrder, OrderVersionRefused, submitOrder } from './submit.js';
import { orderVersion } from './order-version.js';
import { orderVersionFor } from './protocol.js';
import type { OrderVersion } from './order-versions.js';
import { fetchOrderbook } from './book.js';
import { oneTickInside, postOnlyCross, postOnlyError } from '../post-only.js';
import { buildWallet, checkWalletConfig, requireCredentials, wallet, type Hex } from './wallet.js';

export { describeAsset };

const ORDER_ID_RE = /^0x[0-9a-fA-F]{64}$/;
/** pmt's time in force → the CLOB's: ioc is Polymarket's FAK (fill and kill). */
export const CLOB_ORDER_TYPE: Record<OrderType, 'GTC' | 'FAK' | 'FOK'> = { gtc: 'GTC', ioc: 'FAK', fok: 'FOK' };

/** The CLOB's order type: a gtc order with an expiry is Polymarket's GTD. */
const clobType = (req: CreateOrderRequest): string => (req.expires_at !== undefined && req.order_type === 'gtc' ? 'GTD' : CLOB_ORDER_TYPE[req.order_type]);

export function parseOrderId(id: string): string {
  const s = String(id ?? '').trim();
  if (!ORDER_ID_RE.test(s)) throw usageError(`"${s.slice(0, 80)}" is not a Polymarket order id (0x followed by 64 hex digits)`);
  return s.toLowerCase();
}

export async function fetchOrder(c: PolymarketClient, orderId: string): Promise<Order> {
  const id = parseOrderId(orderId);
  const { signer } = await l2(c);
  const order = await lookupOrder(c, id, signer);
  if (!order) throw new PmtError('OrderNotFound', `Polymarket has no order ${id} for this account`);
  return order;
}

/**
 * Polymarket's "client id" is the order hash: it is the order id, known before sending. The hint
 * is not needed (the CLOB looks orders up by id).
 */
export function fetchOrderByClientId(c: PolymarketClient, hash: string, _hint?: ClientIdHint): Promise<Order> {
  return fetchOrder(c, hash);
}

export async function fetchOpenOrders(c: PolymarketClient, assetId?: string): Promise<Order[]> {
  const token = assetId === undefined ? undefined : parseTokenId(assetId);
  const { signer } = await l2(c);
  const now = c.cfg.now();
  return (await listOpenOrdersRaw(c, token, signer)).map((r) => parseOpenOrder(r, now));
}

function checkRequestShape(req: CreateOrderRequest): void {
  if (req.side !== 'buy' && req.side !== 'sell') throw usageError(`side must be buy or sell (got "${String(req.side)}")`);
  if (!(req.order_type in CLOB_ORDER_TYPE)) throw usageError(`order_type must be one of gtc, ioc, fok (got "${String(req.order_type)}")`);
  // The CLOB refuses postOnly on FOK/FAK: an order that must not take cannot be one that only takes.
  if (req.post_only && req.order_type !== 'gtc') throw usageError(`post-only orders rest on the book, so they must be gtc (got ${req.order_type})`);
  if (req.expires_at !== undefined && (!Number.isSafeInteger(req.expires_at) || req.expires_at <= 0 || req.order_type !== 'gtc')) {
    throw usageError('an expiry (GTD) needs a gtc order and a time in unix seconds');
  }
}

/** Checks, fresh metadata and amounts shared by create and preview (nothing signed or sent). */
async function prepare(c: PolymarketClient, req: CreateOrderRequest) {
  const tokenId = parseTokenId(req.asset_id);
  checkRequestShape(req);
  const t = await tokenContext(c, tokenId);
  const { price, size } = checkOrder(req, t.rules);
  const amounts = orderAmounts(req.side === 'buy' ? 'BUY' : 'SELL', price, size, t.tick);
  if (req.post_only) {
    // The token's own book: its price is the outcome's price, no frame to convert.
    const cross = postOnlyCross(req.side, price, await fetchOrderbook(c, tokenId), oneTickInside(t.tick));
    if (cross) throw postOnlyError(`${req.side} ${t.outcome || 'this token'} at ${price.toFixed()}`, req.side, cross, '', await takerFeeNote(c, t, price, size));
  }
  const ctx = (id: string): CreateContext => ({
    id,
    marketTicker: t.conditionId ?? t.market.ticker,
    outcome: t.outcome || outcomeText(req.outcome) || '',
    side: req.side,
    price,
    size,
    orderType: req.order_type,
    nowMs: c.cfg.now(),
  });
  return { tokenId, t, amounts, ctx };
}

/**
 * What taking instead would cost under the market's fee schedule (its category rate), for the
 * post-only refusal's hint; undefined when the schedule cannot be read or the fee is unknown.
 */
async function takerFeeNote(c: PolymarketClient, t: TokenContext, price: Decimal, size: Decimal): Promise<string | undefined> {
  try {
    const info = { exchange: 'polymarket' as const, asset_id: t.tokenId, market: t.market, book_outcome: t.outcome, outcomes: [], tick_size: t.tick.toNumber(), min_order_size: t.minSize.toNumber(), neg_risk: t.negRisk };
    const s = await fetchFeeSchedule(c, info);
    const fee = estimateFees(c, s, { taker: [{ price, size }], maker: null, assumed: true });
    if (fee.taker === null || s.rate === null) return undefined;
    return fee.taker.isZero() ? 'this market charges no taker fee' : `as a taker about $${fee.taker.toFixed()} in fees at this market's rate ${s.rate}; makers pay none`;
  } catch {
    return undefined;
  }
}

/** What a version signs beyond the amounts: V1 signs the market's fee rate (`GET /fee-rate`). */
async function intentFor(c: PolymarketClient, version: OrderVersion, tokenId: string, t: { negRisk: boolean }, amounts: OrderIntent['amounts'], expiresAt?: number): Promise<OrderIntent> {
  const intent: OrderIntent = { tokenId, amounts, negRisk: t.negRisk, nowMs: c.cfg.now(), expiration: expiresAt };
  if (version === 1) {
    const r = (await c.clob.get<Record<string, unknown>>('/fee-rate', { query: { token_id: tokenId } })) ?? {};
    intent.feeRateBps = typeof r.base_fee === 'number' && Number.isInteger(r.base_fee) && r.base_fee >= 0 ? r.base_fee : 0;
  }
  return intent;
}

export async function createOrder(c: PolymarketClient, req: CreateOrderRequest, opts?: CreateOrderOptions): Promise<Order> {
  // Input, then credentials (a missing or malformed key is Config), all before any request.
  parseTokenId(req.asset_id);
  if (opts?.clientOrderId !== undefined) {
    throw new PmtError('NotSupported', '--client-order-id is not supported on polymarket: an order is identified by its signed hash, and pmt re-sends only the same signed bytes', {
      hint: 'to settle an unknown outcome use `pmt order get <order hash>`',
    });
  }
  checkRequestShape(req);
  const w = await wallet(c);
  const { tokenId, t, amounts, ctx } = await prepare(c, req);
  const { signer, creds } = await l2(c);
  // A Protocol V2 market's orders go to ExchangeV3 whatever the CLOB's default order version.
  let version = orderVersionFor(t.protocol, await orderVersion(c));
  // At most two signatures: the second only after the CLOB refused the first for its version (a
  // definitive 4xx, never an ambiguous send) and /version, asked again, names another one.
  for (let attempt = 0; ; attempt++) {
    const built = await signOrder(w, version, await intentFor(c, version, tokenId, t, amounts, req.expires_at));
    const body = orderBody(built.order, creds.key, clobType(req), Boolean(req.post_only));
    opts?.onPayload?.(body);
    // The journal's intent, flushed before the signed order leaves (its hash is the order id).
    opts?.onSend?.({ client_order_id: null, order_hash: built.hash });
    try {
      return await submitOrder(c, body, built.hash, signer, ctx(built.hash));
    } catch (e) {
      if (!(e instanceof OrderVersionRefused) || attempt > 0) throw e;
      const next = orderVersionFor(t.protocol, await orderVersion(c, { refresh: true }));
      if (next === version) {
        throw new PmtError('Api', `Polymarket refused order version ${version} (order_version_mismatch), yet its /version still names ${version}; nothing was placed`, {
          status: e.status,
          hint: 'the exchange may be mid-switch: try again in a minute, and update pmt if it persists',
        });
      }
      c.cfg.log?.(`order ${built.hash} (version ${version}) was refused: order_version_mismatch; the CLOB now takes version ${next}, signing a new order`);
      version = next;
    }
  }
}

/**
 * The exact request create_order would send, without sending it or signing it: a dry run must not
 * produce a usable trading authorization. The `signature` and `owner` (API key) are placeholders;
 * every other field is computed as for a real order (fresh tick, neg-risk, amounts, wallet).
 */
export async function previewOrder(c: PolymarketClient, req: CreateOrderRequest): Promise<{ method: string; url: string; body: unknown }> {
  const creds = (await c.cfg.credentials()).polymarket;
  if (creds) checkWalletConfig(creds);
  const { tokenId, t, amounts } = await prepare(c, req);
  const placeholder = '0x0000000000000000000000000000000000000000' as Hex;
  const w = creds ? await buildWallet(creds) : { address: placeholder, maker: placeholder, signatureTypeCode: 0 as const };
  const version = orderVersionFor(t.protocol, await orderVersion(c));
  const order = unsignedOrder(w, version, await intentFor(c, version, tokenId, t, amounts, req.expires_at));
  order.signature = '(signed with your private key when sent)';
  const owner = creds?.apiKey ? `(API key from ${creds.apiKey.origin})` : '(API key, derived from your private key when sent)';
  return {
    method: 'POST',
    url: c.clob.displayUrl('/order'),
    body: orderBody(order, owner, clobType(req), Boolean(req.post_only)),
  };
}

export function cancelAllOrders(c: PolymarketClient, assetId?: string): Promise<CancelResult> {
  return cancelAll(c, assetId === undefined ? undefined : parseTokenId(assetId));
}

/** One authenticated read (first page of open orders) plus the server clock (`GET /time`, seconds). */
export async function checkAuth(c: PolymarketClient): Promise<AuthCheck> {
  let detail: string;
  try {
    await requireCredentials(c);
    const { signer, wallet: w } = await l2(c);
    const creds = await apiCreds(c);
    const [, time] = await Promise.all([
      c.clob.get('/data/orders', { query: { next_cursor: 'MA==' }, signer }),
      c.clob.get<unknown>('/time').catch(() => null),
    ]);
    const server = typeof time === 'number' ? time : typeof time === 'string' && /^\d+$/.test(time) ? Number(time) : null;
    detail = `API credentials (${creds.source}) accepted; ${w.summary}`;
    return { ok: true, clock_skew_ms: server === null ? null : c.cfg.now() - server * 1000, detail };
  } catch (e) {
    if (e instanceof PmtError && (e.kind === 'Authentication' || e.kind === 'Config')) {
      return { ok: false, clock_skew_ms: null, detail: e.hint ? `${e.message} (${e.hint})` : e.message };
    }
    throw e;
  }
}
