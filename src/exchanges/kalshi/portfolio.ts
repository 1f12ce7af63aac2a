/**
 * Kalshi portfolio reads: cash (`GET /portfolio/balance`), positions (`GET /portfolio/positions`,
 * every page) and the caller's fills (`GET /portfolio/fills`), all signed.
 *
 * Units: the balance is integer cents (→ dollars exactly); positions and fills use `_dollars`
 * fixed-point strings and `_fp` counts. A position's `position_fp` is signed: positive YES
 * contracts, negative NO contracts; `market_exposure_dollars` is what the position cost, so the
 * average entry price of the outcome held is exposure / |position| (a NO position is priced as NO).
 * The mark is that outcome's best bid, else its last price (NO: 1 − YES ask, else 1 − last).
 */
import { Decimal } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import type { Market } from '../types.js';
import { ordersList, PLACED_NO_PREFIX } from './order-parse.js';
import type { Signer } from '../http.js';
import type { BalanceDetail, FetchFillsParams, Fill, FillsPage, Position } from '../../models/portfolio.js';
import type { KalshiClient } from './client.js';
import { fetchMarkets } from './markets.js';
import { isoTime, obj, text } from './coerce.js';
import { directionOf, exchangeIndexOf } from './order-parse.js';
import { pageBothTiers } from './historical.js';

const PAGE_LIMIT = 1000;
/** Kalshi's page size when none is asked for. */
const DEFAULT_PAGE = 100;
/** A bound on pages followed, so a cursor that never ends cannot loop forever. */
const MAX_PAGES = 200;
/** Kalshi's `GET /markets?tickers=` takes a comma-separated list; keep each read modest. */
const TICKERS_PER_READ = 100;

function native(t: string): string {
  return t.replace(/^kalshi:/i, '').trim();
}

export async function fetchBalance(c: KalshiClient): Promise<BalanceDetail> {
  const signer = await c.signer('trade');
  const body = obj(await c.http.get<unknown>('/portfolio/balance', { signer }));
  const cents = Decimal.read(body?.balance);
  if (!cents) throw new PmtError('Api', 'Kalshi answered GET /portfolio/balance without a balance');
  const value = Decimal.read(body?.portfolio_value);
  // `balance` is every shard's total (kalshi-typescript 3.30.0, GetBalanceResponse); the
  // per-shard `balance_breakdown` (IndexedBalance: exchange_index, fixed-point dollars) for people.
  const shards: Array<{ exchange_index: number; cash: number }> = [];
  if (Array.isArray(body?.balance_breakdown)) {
    for (const item of body.balance_breakdown as unknown[]) {
      const r = obj(item);
      const cash = Decimal.read(r?.balance);
      if (r && cash && exchangeIndexOf(r) !== null) shards.push({ exchange_index: exchangeIndexOf(r)!, cash: cash.toNumber() });
    }
  }
  return {
    balance: { USD: cents.div(100, 2).toNumber() },
    portfolio_value: value ? value.div(100, 2).toNumber() : null,
    allowance: null,
    account: null,
    ...(shards.length > 1 ? { shards: shards.sort((a, b) => a.exchange_index - b.exchange_index) } : {}),
  };
}

interface RawPosition {
  ticker: string;
  position: Decimal;
  exposure: Decimal;
}

/** Every market position with contracts held, following the cursor to the end. */
async function rawPositions(c: KalshiClient, ticker?: string): Promise<RawPosition[]> {
  const signer = await c.signer('trade');
  const out: RawPosition[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = obj(
      await c.http.get<unknown>('/portfolio/positions', {
        query: { limit: PAGE_LIMIT, count_filter: 'position', ticker, cursor },
        signer,
      }),
    );
    const list = body?.market_positions;
    if (list !== undefined && list !== null && !Array.isArray(list)) throw new PmtError('Api', 'Kalshi answered GET /portfolio/positions without a list of market positions');
    for (const item of (list as unknown[] | undefined) ?? []) {
      const r = obj(item);
      const t = text(r?.ticker);
      const position = Decimal.read(r?.position_fp) ?? Decimal.read(r?.position);
      if (!r || !t || !position || position.isZero()) continue;
      const exposure = Decimal.read(r.market_exposure_dollars) ?? Decimal.read(r.market_exposure)?.div(100, 6) ?? Decimal.ZERO;
      out.push({ ticker: t, position, exposure });
    }
    const next = text(body?.cursor);
    if (!next || next === cursor) break;
    cursor = next;
  }
  return out;
}

/** The mark of one outcome of a binary market: its best bid, else its last price. */
export function markOf(m: Market | undefined, outcome: 'Yes' | 'No'): number | null {
  if (!m) return null;
  if (outcome === 'Yes') return m.best_bid ?? m.last_trade_price;
  const flip = (p: number | null) => (p === null ? null : Decimal.ONE.minus(Decimal.from(p)).toNumber());
  return flip(m.best_ask) ?? flip(m.last_trade_price);
}

export async function fetchPositions(c: KalshiClient, marketTicker?: string): Promise<Position[]> {
  const raw = await rawPositions(c, marketTicker === undefined ? undefined : native(marketTicker));
  const tickers = [...new Set(raw.map((p) => p.ticker))];
  const markets = new Map<string, Market>();
  for (let i = 0; i < tickers.length; i += TICKERS_PER_READ) {
    const page = await fetchMarkets(c, { market_tickers: tickers.slice(i, i + TICKERS_PER_READ), status: 'all' });
    for (const m of page.markets) markets.set(m.ticker, m);
  }
  return raw.map((p) => {
    const size = p.position.isNegative() ? Decimal.ZERO.minus(p.position) : p.position;
    const outcome = p.position.isNegative() ? 'No' : 'Yes';
    return {
      market_ticker: p.ticker,
      outcome,
      size: size.toNumber(),
      average_price: p.exposure.div(size, 6).toNumber(),
      current_price: markOf(markets.get(p.ticker), outcome),
    };
  });
}

/**
 * One Kalshi fill → Fill. Sample: `{"fill_id":"f1","trade_id":"f1","order_id":"9f…","ticker":"KX…",
 * "side":"no","action":"buy","count_fp":"5.00","yes_price_dollars":"0.4200","no_price_dollars":
 * "0.5800","is_taker":true,"fee_cost":"0.0700","created_time":"2026-11-23T10:00:00Z"}` → a buy of
 * 5 No at 0.58.
 */
export function parseKalshiFill(raw: unknown): Fill | null {
  const r = obj(raw);
  const id = text(r?.fill_id) ?? text(r?.trade_id);
  if (!r || !id) return null;
  const dir = directionOf(r) ?? { outcome: 'Yes', side: 'buy', book: 'bid' };
  const no = dir.outcome === 'No';
  const price = no
    ? (Decimal.read(r.no_price_dollars) ?? Decimal.read(r.no_price)?.div(100, 6) ?? null)
    : (Decimal.read(r.yes_price_dollars) ?? Decimal.read(r.yes_price)?.div(100, 6) ?? null);
  const size = Decimal.read(r.count_fp) ?? Decimal.read(r.count);
  if (!price || !size) return null;
  return {
    fill_id: id,
    order_id: text(r.order_id) ?? '',
    market_ticker: text(r.ticker) ?? text(r.market_ticker) ?? '',
    outcome: dir.outcome,
    side: dir.side,
    price: price.toNumber(),
    size: size.toNumber(),
    fee: (Decimal.read(r.fee_cost) ?? Decimal.ZERO).toNumber(),
    is_taker: r.is_taker === true,
    created_at: isoTime(r.created_time) ?? isoTime(r.ts) ?? new Date(0).toISOString(),
  };
}

/**
 * One page of the caller's fills, newest first: `GET /portfolio/fills`, then, once the live tier
 * ends, `GET /historical/fills` (fills older than Kalshi's cutoff; historical.ts).
 */
export async function fetchFills(c: KalshiClient, params: FetchFillsParams = {}): Promise<FillsPage> {
  const signer = await c.signer('trade');
  const p = await pageBothTiers(c, {
    live: '/portfolio/fills',
    historical: '/historical/fills',
    key: 'fills',
    query: { ticker: params.market_ticker === undefined ? undefined : native(params.market_ticker) },
    limit: params.limit === undefined ? DEFAULT_PAGE : Math.min(Math.max(1, params.limit), PAGE_LIMIT),
    cursor: params.cursor || undefined,
    signer,
  });
  const fills = p.rows.map(parseKalshiFill).filter((f): f is Fill => f !== null);
  return { fills: await fillsAsPlaced(c, signer, fills, params.market_ticker === undefined ? undefined : native(params.market_ticker)), cursor: p.cursor };
}

/** How far before the oldest fill the order lookup reaches (an order rests before it fills). */
const ORDER_LOOKBACK_S = 7 * 24 * 3600;
const ORDER_PAGES = 5;

/**
 * Fills of orders pmt placed as NO, read back as placed: Kalshi records a V2 NO buy's fills in
 * their YES form ("Yes sell 0.65"); the order's client id (PLACED_NO_PREFIX) says how it was
 * placed, on any machine. One order listing (all statuses, from shortly before the oldest fill)
 * finds them; if it fails, the fills keep Kalshi's terms (never a guess).
 */
async function fillsAsPlaced(c: KalshiClient, signer: Signer, fills: Fill[], ticker: string | undefined): Promise<Fill[]> {
  const yesForm = fills.filter((f) => f.outcome === 'Yes');
  if (yesForm.length === 0) return fills;
  const wanted = new Set(yesForm.map((f) => f.order_id).filter(Boolean));
  const oldest = Math.min(...yesForm.map((f) => Date.parse(f.created_at)).filter(Number.isFinite));
  const placedNo = new Set<string>();
  try {
    let cursor: string | undefined;
    for (let page = 0; page < ORDER_PAGES && wanted.size > 0; page++) {
      const body = await c.http.get<{ orders?: unknown[]; cursor?: string }>('/portfolio/orders', {
        query: { ticker, min_ts: Number.isFinite(oldest) ? Math.floor(oldest / 1000) - ORDER_LOOKBACK_S : undefined, limit: 1000, cursor },
        signer,
      });
      for (const o of ordersList(body, 'GET /portfolio/orders')) {
        const r = obj(o);
        const id = text(r?.order_id);
        if (!r || !id || !wanted.has(id)) continue;
        wanted.delete(id);
        if (text(r.side)?.toLowerCase() !== 'no' && (text(r.client_order_id)?.startsWith(PLACED_NO_PREFIX) ?? false)) placedNo.add(id);
      }
      if (!body?.cursor || body.cursor === cursor) break;
      cursor = body.cursor;
    }
  } catch {
    return fills;
  }
  if (placedNo.size === 0) return fills;
  return fills.map((f) =>
    f.outcome === 'Yes' && placedNo.has(f.order_id)
      ? { ...f, outcome: 'No', side: f.side === 'buy' ? 'sell' : 'buy', price: Decimal.ONE.minus(Decimal.from(f.price)).toNumber() }
      : f,
  );
}
