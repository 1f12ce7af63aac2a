/**
 * Polymarket US account reads (signed): balance (`GET /v1/account/balances`: pmt shows the
 * venue's `buyingPower`, cash less open-order and short-margin reservations, in USD), positions
 * (`GET /v1/portfolio/positions`, a map slug → position with a signed `netPosition`: long is Yes,
 * short is No) and fills (`GET /v1/portfolio/activities?types=ACTIVITY_TYPE_TRADE`).
 */
import { Decimal } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import type { AuthCheck, FundsCheck } from '../exchange.js';
import { polymarketUs } from './manifest.js';
import type { BalanceDetail, Fill, FillsPage, FetchFillsParams, Position } from '../../models/portfolio.js';
import type { PolymarketUsClient } from './client.js';
import { slugOf } from './markets.js';
import { amount, obj, type Wire } from './parse.js';

const MAX_PAGES = 50;

export async function fetchBalance(c: PolymarketUsClient): Promise<BalanceDetail> {
  const body = await c.api.get<unknown>('/v1/account/balances', { signer: await c.signer() });
  const list = obj(body)?.balances;
  const usd = (Array.isArray(list) ? list : []).map(obj).find((b) => b && (b.currency === 'USD' || b.currency === undefined));
  const bp = usd ? amount(usd.buyingPower) : null;
  if (!usd || bp === null) throw new PmtError('Api', 'Polymarket US answered GET /v1/account/balances without a USD buying power');
  const basis = 'buying power (cash less open orders and short margin)';
  return { balance: { USD: bp }, portfolio_value: amount(usd.assetNotional), allowance: null, account: null, basis };
}

const prob = (n: number | null) => (n !== null && n > 0 && n < 1 ? n : null);

export async function fetchPositions(c: PolymarketUsClient, marketTicker?: string): Promise<Position[]> {
  const signer = await c.signer();
  const out: Position[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: Record<string, string | number> = { limit: 100 };
    if (marketTicker) query.market = slugOf(marketTicker);
    if (cursor) query.cursor = cursor;
    const body = obj(await c.api.get<unknown>('/v1/portfolio/positions', { query, signer })) ?? {};
    for (const [slug, raw] of Object.entries(obj(body.positions) ?? {})) {
      const p = obj(raw);
      const net = Number(p?.netPosition ?? 0);
      if (!p || !Number.isFinite(net) || net === 0 || p.expired === true) continue;
      const size = Math.abs(net);
      // Exact: the venue's cost (and value) over the contracts held.
      const per = (v: unknown) => {
        const a = Decimal.read(obj(v)?.value ?? v);
        return a ? a.times(a.isNegative() ? -1 : 1).div(Decimal.from(size), 6).toNumber() : null;
      };
      const cost = per(p.cost);
      const value = per(p.cashValue);
      out.push({
        market_ticker: slug,
        outcome: net > 0 ? 'Yes' : 'No',
        size,
        average_price: prob(cost) ?? 0,
        current_price: prob(value),
      });
    }
    cursor = typeof body.nextCursor === 'string' && body.nextCursor && body.eof !== true ? body.nextCursor : undefined;
    if (!cursor) break;
  }
  return out;
}

/**
 * One page of the caller's trades. The venue's trade activity carries the trade id, market,
 * long price and quantity; the order and its intent only where it says (`aggressorExecution`,
 * `orderId`). Without them `order_id` is "" and the fill reads as a buy of Yes at the long price
 * (docs/exchanges.md).
 */
export async function fetchFills(c: PolymarketUsClient, params: FetchFillsParams = {}): Promise<FillsPage> {
  const query: Record<string, string | number | string[]> = { types: ['ACTIVITY_TYPE_TRADE'], limit: Math.min(Math.max(1, params.limit ?? 50), 100), sortOrder: 'SORT_ORDER_DESCENDING' };
  if (params.market_ticker) query.marketSlug = slugOf(params.market_ticker);
  if (params.cursor) query.cursor = params.cursor;
  const body = obj(await c.api.get<unknown>('/v1/portfolio/activities', { query, signer: await c.signer() })) ?? {};
  const fills: Fill[] = [];
  for (const a of Array.isArray(body.activities) ? body.activities : []) {
    const t = obj(obj(a)?.trade);
    if (!t) continue;
    const exec = obj(t.aggressorExecution) ?? obj(t.execution);
    const order: Wire = obj(exec?.order) ?? {};
    const intent = typeof order.intent === 'string' ? order.intent : typeof t.intent === 'string' ? t.intent : '';
    const short = intent.endsWith('_SHORT');
    const long = amount(t.price) ?? 0;
    const fee = amount(exec?.commissionNotionalCollected) ?? 0;
    fills.push({
      fill_id: String(t.id ?? ''),
      order_id: String(t.orderId ?? order.id ?? ''),
      market_ticker: String(t.marketSlug ?? ''),
      outcome: short ? 'No' : 'Yes',
      side: intent.startsWith('ORDER_INTENT_SELL') ? 'sell' : 'buy',
      price: short ? Math.round((1 - long) * 1e6) / 1e6 : long,
      size: Number(t.qty ?? t.qtyDecimal ?? 0) || 0,
      fee,
      is_taker: t.isAggressor === true,
      created_at: new Date(Date.parse(String(t.createTime ?? t.updateTime ?? '')) || c.cfg.now()).toISOString(),
    });
  }
  const next = typeof body.nextCursor === 'string' && body.nextCursor && body.eof !== true ? body.nextCursor : null;
  return { fills, cursor: next };
}

export async function checkAuth(c: PolymarketUsClient): Promise<AuthCheck> {
  await fetchBalance(c);
  return { ok: true, clock_skew_ms: null, detail: 'Polymarket US accepted the API key (GET /v1/account/balances)' };
}

/** `pmt exchanges --check`: the buying power the key can trade with (one more signed read). */
export async function checkFunds(c: PolymarketUsClient, auth?: AuthCheck): Promise<FundsCheck> {
  if (auth && !auth.ok) return { ok: false, lines: ['the API key was refused: no account to read'], fix: polymarketUs.credentials.fix };
  const b = await fetchBalance(c);
  const usd = b.balance.USD ?? 0;
  return usd > 0
    ? { ok: true, lines: [`buying power $${usd.toFixed(2)} USD`], fix: null }
    : { ok: false, lines: ['buying power $0.00 USD'], fix: 'deposit USD at polymarket.us before placing orders' };
}
