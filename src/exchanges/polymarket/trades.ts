/**
 * The public tape of a Polymarket market: Data API `GET /trades?market=<condition id>` (public),
 * newest first, paged by offset (pmt's cursor is the next offset as text; the Data API refuses
 * offsets past 10,000). `takerOnly=true` (the default) lists each trade once, from its taker.
 *
 * Sample row: `{"proxyWallet":"0x…","side":"BUY","asset":"7132…","conditionId":"0x…","size":25,
 * "price":0.53,"timestamp":1763892000,"outcome":"Yes","transactionHash":"0x…"}`. The Data API has
 * no trade id, so the id is the transaction hash (with the asset and a sequence number when one
 * transaction settles several trades of the market).
 */
import { Decimal } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import type { FetchTradesParams, MarketTrade, TradesPage } from '../../models/portfolio.js';
import type { PolymarketClient } from './client.js';
import { resolveMarketRef } from './market-ref.js';
import { isoFromUnix } from './order-parse.js';

type Raw = Record<string, unknown>;
const isObj = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
const MAX_OFFSET = 10_000;

/** Binary Yes/No markets carry YES and NO reference prices; other markets null. */
export function parseDataTrade(raw: unknown, nowMs: number, seen: Map<string, number> = new Map()): MarketTrade | null {
  if (!isObj(raw)) return null;
  const price = Decimal.read(raw.price);
  const size = Decimal.read(raw.size);
  const ts = typeof raw.timestamp === 'number' || typeof raw.timestamp === 'string' ? raw.timestamp : null;
  if (!price || !size || ts === null) return null;
  const outcome = typeof raw.outcome === 'string' && raw.outcome ? raw.outcome : null;
  const label = outcome?.toLowerCase();
  const yes = label === 'yes' ? price : label === 'no' ? Decimal.ONE.minus(price) : null;
  const hash = typeof raw.transactionHash === 'string' && raw.transactionHash ? raw.transactionHash : `${String(ts)}-${String(raw.asset ?? '')}`;
  const n = (seen.get(hash) ?? 0) + 1;
  seen.set(hash, n);
  const side = typeof raw.side === 'string' ? raw.side.toUpperCase() : '';
  return {
    id: n === 1 ? hash : `${hash}#${n}`,
    price: price.toNumber(),
    size: size.toNumber(),
    aggressor_side: side === 'BUY' ? 'buy' : side === 'SELL' ? 'sell' : null,
    outcome,
    yes_price: yes ? yes.toNumber() : null,
    no_price: yes ? Decimal.ONE.minus(yes).toNumber() : null,
    taker_address: typeof raw.proxyWallet === 'string' && raw.proxyWallet ? raw.proxyWallet : null,
    exchange_ts: isoFromUnix(ts, nowMs),
  };
}

export async function fetchTrades(c: PolymarketClient, assetId: string, params: FetchTradesParams = {}): Promise<TradesPage> {
  const ref = await resolveMarketRef(c, assetId);
  const limit = Math.min(Math.max(1, params.limit ?? DEFAULT_LIMIT), MAX_LIMIT);
  let offset = 0;
  if (params.cursor) {
    if (!/^\d{1,5}$/.test(params.cursor)) throw usageError('cursor is malformed: pass the cursor printed by a previous `pmt trades` on this market');
    offset = Number(params.cursor);
  }
  if (offset > MAX_OFFSET) return { trades: [], cursor: null };
  const body = await c.data.get<unknown>('/trades', { query: { market: ref.conditionId, limit, offset, takerOnly: true } });
  if (!Array.isArray(body)) throw new PmtError('Api', 'Polymarket Data API answered GET /trades without a list');
  const seen = new Map<string, number>();
  let trades = body.map((r) => parseDataTrade(r, c.cfg.now(), seen)).filter((t): t is MarketTrade => t !== null);
  // The Data API has no time filter on /trades: apply start_ts/end_ts here.
  if (params.start_ts !== undefined) trades = trades.filter((t) => Date.parse(t.exchange_ts) >= params.start_ts! * 1000);
  if (params.end_ts !== undefined) trades = trades.filter((t) => Date.parse(t.exchange_ts) <= params.end_ts! * 1000);
  const more = body.length >= limit && offset + limit <= MAX_OFFSET;
  return { trades, cursor: more ? String(offset + limit) : null };
}
