/**
 * The public tape of one Kalshi market: `GET /markets/trades?ticker=` (unsigned), paged with
 * Kalshi's cursor (an empty cursor ends the stream).
 *
 * Sample trade: `{"trade_id":"t1","ticker":"KX…","count_fp":"10.00","yes_price_dollars":"0.5600",
 * "no_price_dollars":"0.4400","taker_side":"yes","created_time":"2026-11-23T10:00:00Z"}`. The
 * tape is YES-priced: `price` is the YES price, the taker bought YES (`buy`) or bought NO, which
 * is selling YES (`sell`).
 */
import { Decimal } from '../../decimal.js';
import { usageError } from '../../errors.js';
import type { FetchTradesParams, MarketTrade, TradesPage } from '../../models/portfolio.js';
import type { KalshiClient } from './client.js';
import { isoTime, obj, text } from './coerce.js';
import { directionOf } from './order-parse.js';
import { pageBothTiers } from './historical.js';

const PAGE_CAP = 1000;

export function parseKalshiTrade(raw: unknown): MarketTrade | null {
  const r = obj(raw);
  const id = text(r?.trade_id);
  if (!r || !id) return null;
  const yes = Decimal.read(r.yes_price_dollars) ?? Decimal.read(r.yes_price)?.div(100, 6) ?? null;
  const no = Decimal.read(r.no_price_dollars) ?? Decimal.read(r.no_price)?.div(100, 6) ?? (yes ? Decimal.ONE.minus(yes) : null);
  const size = Decimal.read(r.count_fp) ?? Decimal.read(r.count);
  const ts = isoTime(r.created_time);
  if (!yes || !size || !ts) return null;
  // taker_outcome_side / taker_book_side first, the deprecated taker_side (yes|no) as a fallback.
  const dir =
    directionOf({ taker_outcome_side: r.taker_outcome_side, taker_book_side: r.taker_book_side }, { outcome: 'taker_outcome_side', book: 'taker_book_side' }) ??
    directionOf({ outcome_side: r.taker_side });
  return {
    id,
    price: yes.toNumber(),
    size: size.toNumber(),
    aggressor_side: dir ? (dir.book === 'bid' ? 'buy' : 'sell') : null,
    outcome: 'Yes',
    yes_price: yes.toNumber(),
    no_price: no ? no.toNumber() : null,
    taker_address: null,
    exchange_ts: ts,
  };
}

export async function fetchTrades(c: KalshiClient, assetId: string, params: FetchTradesParams = {}): Promise<TradesPage> {
  const ticker = assetId.replace(/^kalshi:/i, '').trim();
  if (!ticker) throw usageError('market ticker must not be empty');
  // The live tape, then trades older than Kalshi's cutoff from GET /historical/trades (historical.ts).
  const p = await pageBothTiers(c, {
    live: '/markets/trades',
    historical: '/historical/trades',
    key: 'trades',
    query: { ticker, min_ts: params.start_ts, max_ts: params.end_ts },
    limit: params.limit === undefined ? 100 : Math.min(Math.max(1, params.limit), PAGE_CAP),
    cursor: params.cursor || undefined,
  });
  const trades = p.rows.map(parseKalshiTrade).filter((t): t is MarketTrade => t !== null);
  return { trades, cursor: p.cursor };
}
