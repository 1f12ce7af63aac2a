/**
 * The caller's fills on Polymarket: CLOB `GET /data/trades` (L2), the caller's side of each trade.
 *
 * A CLOB trade is told from the taker's view: `side`, `price`, `size`, `outcome` and
 * `taker_order_id` are the taker's; `maker_orders[]` lists the resting orders it matched (each
 * with its own `side`, `price`, `matched_amount`, `outcome`, `order_id`, `maker_address`).
 * `trader_side` says which the caller was: TAKER → one Fill from the trade's own fields; MAKER →
 * one Fill per maker order of the caller's (matched by maker address or API-key owner). Sizes
 * are shares as decimal strings (already normalized, like order sizes).
 *
 * Fee: Polymarket's fee formula, the one the preview uses (fee-estimate.ts): size × rate × p ×
 * (1 − p) with the trade's `fee_rate_bps` as the rate (bps / 10 000), rounded to 0.00001 USDC; 0
 * at 0 bps. (Not bps × min(p, 1 − p) × size, which is twice the fee at 0.50.)
 *
 * Paging: the CLOB's own page size is fixed, so pmt's cursor is `<CLOB cursor>:<fills to skip>`,
 * which lets `--limit` cut a page anywhere and the next call resume inside it.
 */
import { Decimal } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import type { FetchFillsParams, Fill, FillsPage } from '../../models/portfolio.js';
import { lookupMarket } from './asset.js';
import { polymarketTakerFee } from './fee-estimate.js';
import { l2 } from './auth.js';
import type { PolymarketClient } from './client.js';
import { resolveMarketRef } from './market-ref.js';
import { isoFromUnix } from './order-parse.js';
import { END_CURSOR, START_CURSOR } from './submit.js';

type Raw = Record<string, unknown>;
const isObj = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
/** Bound on CLOB pages read for one call (each is up to the CLOB's page size). */
const MAX_PAGES = 50;

export function tradeFee(bps: unknown, price: Decimal, size: Decimal): Decimal {
  const rate = Decimal.read(bps);
  if (!rate || rate.isZero()) return Decimal.ZERO;
  return polymarketTakerFee(rate.div(10_000, 8), [{ price, size }]);
}

/** The caller's fills in one CLOB trade (`me`: lower-case addresses and API key of the caller). */
export function fillsOfTrade(t: unknown, me: { addresses: Set<string>; apiKey: string }, nowMs: number): Array<Omit<Fill, 'market_ticker'> & { asset: string; market: string }> {
  if (!isObj(t)) return [];
  const id = str(t.id);
  const created = isoFromUnix(t.match_time, nowMs);
  const market = str(t.market);
  if (!id) return [];
  if (str(t.trader_side).toUpperCase() !== 'MAKER') {
    const price = Decimal.read(t.price);
    const size = Decimal.read(t.size);
    if (!price || !size) return [];
    return [{
      fill_id: id,
      order_id: str(t.taker_order_id),
      outcome: str(t.outcome),
      side: str(t.side).toUpperCase() === 'SELL' ? 'sell' : 'buy',
      price: price.toNumber(),
      size: size.toNumber(),
      fee: tradeFee(t.fee_rate_bps, price, size).toNumber(),
      is_taker: true,
      created_at: created,
      asset: str(t.asset_id),
      market,
    }];
  }
  const mine = (Array.isArray(t.maker_orders) ? t.maker_orders : []).filter(
    (m): m is Raw => isObj(m) && (me.addresses.has(str(m.maker_address).toLowerCase()) || (me.apiKey !== '' && str(m.owner) === me.apiKey)),
  );
  return mine.flatMap((m, i) => {
    const price = Decimal.read(m.price);
    const size = Decimal.read(m.matched_amount);
    if (!price || !size) return [];
    return [{
      fill_id: mine.length === 1 ? id : `${id}#${i + 1}`,
      order_id: str(m.order_id),
      outcome: str(m.outcome) || str(t.outcome),
      side: str(m.side).toUpperCase() === 'SELL' ? ('sell' as const) : ('buy' as const),
      price: price.toNumber(),
      size: size.toNumber(),
      fee: tradeFee(m.fee_rate_bps, price, size).toNumber(),
      is_taker: false,
      created_at: created,
      asset: str(m.asset_id) || str(t.asset_id),
      market,
    }];
  });
}

function splitCursor(cursor: string | undefined): { clob: string; skip: number } {
  if (!cursor) return { clob: START_CURSOR, skip: 0 };
  const m = /^([A-Za-z0-9+/=_-]+):(\d{1,6})$/.exec(cursor);
  if (!m) throw usageError('cursor is malformed: pass the cursor printed by a previous `pmt fills --exchange polymarket`');
  return { clob: m[1]!, skip: Number(m[2]) };
}

export async function fetchFills(c: PolymarketClient, params: FetchFillsParams = {}): Promise<FillsPage> {
  const { signer, creds, wallet: w } = await l2(c);
  const limit = Math.min(Math.max(1, params.limit ?? DEFAULT_LIMIT), MAX_LIMIT);
  const market = params.market_ticker === undefined ? undefined : (await resolveMarketRef(c, params.market_ticker)).conditionId;
  const me = { addresses: new Set([w.address.toLowerCase(), w.maker.toLowerCase()]), apiKey: creds.key };
  let { clob, skip } = splitCursor(params.cursor);
  const found: Array<ReturnType<typeof fillsOfTrade>[number]> = [];
  let next: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await c.clob.get<unknown>('/data/trades', { query: { maker_address: w.maker, market, next_cursor: clob }, signer });
    if (!isObj(body) || !Array.isArray(body.data)) throw new PmtError('Api', 'Polymarket answered GET /data/trades without a list of trades');
    const fills = body.data.flatMap((t) => fillsOfTrade(t, me, c.cfg.now()));
    const take = fills.slice(skip, skip + (limit - found.length));
    found.push(...take);
    const after = typeof body.next_cursor === 'string' && body.next_cursor && body.next_cursor !== END_CURSOR && body.next_cursor !== clob ? body.next_cursor : null;
    if (skip + take.length < fills.length) {
      next = `${clob}:${skip + take.length}`;
      break;
    }
    if (!after) break;
    clob = after;
    skip = 0;
    if (found.length >= limit) {
      next = `${clob}:0`;
      break;
    }
  }
  // The slug of each traded token's market, read once per token (the CLOB names only the condition id).
  const slugs = new Map<string, string>();
  for (const asset of new Set(found.map((f) => f.asset))) {
    if (!asset) continue;
    const m = await lookupMarket(c, asset).catch(() => null);
    if (m) slugs.set(asset, m.market.ticker);
  }
  return {
    fills: found.map((f) => ({
      fill_id: f.fill_id,
      order_id: f.order_id,
      market_ticker: slugs.get(f.asset) ?? f.market,
      outcome: f.outcome,
      side: f.side,
      price: f.price,
      size: f.size,
      fee: f.fee,
      is_taker: f.is_taker,
      created_at: f.created_at,
    })),
    cursor: next,
  };
}
