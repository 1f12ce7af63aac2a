/**
 * Kalshi's settlements (`GET /portfolio/settlements`, signed, cursor-paged, newest first): each
 * settled market's result, the YES/NO contracts and their cost basis (`*_total_cost_dollars`),
 * the revenue (integer cents: winning contracts pay 100 each) and the fees (`fee_cost`, dollars).
 */
import { Decimal } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import type { Settlement, SettlementsQuery } from '../settlements.js';
import type { KalshiClient } from './client.js';
import { isoTime, obj, text } from './coerce.js';

const PAGE_LIMIT = 200;
const MAX_PAGES = 100;

export function createSettlements(ex: object) {
  const c = (ex as unknown as { client: KalshiClient }).client;
  return (q: SettlementsQuery) => fetchSettlements(c, q);
}

/** One wire settlement → Settlement; null for a row without a ticker. */
export function parseSettlement(raw: unknown): Settlement | null {
  const r = obj(raw);
  const ticker = r ? text(r.ticker) : null;
  if (!r || !ticker) return null;
  const d = (v: unknown) => Decimal.read(v) ?? Decimal.ZERO;
  const cost = d(r.yes_total_cost_dollars).plus(d(r.no_total_cost_dollars));
  const payout = d(r.revenue).div(100, 2);
  const fees = d(r.fee_cost);
  return {
    exchange: 'kalshi',
    market_ticker: ticker,
    event_ticker: text(r.event_ticker),
    result: text(r.market_result) ?? 'unknown',
    yes_count: d(r.yes_count_fp).toString(),
    no_count: d(r.no_count_fp).toString(),
    cost: cost.toFixed(2),
    payout: payout.toFixed(2),
    fees: fees.toFixed(2),
    net: payout.minus(cost).minus(fees).toFixed(2),
    settled_time: isoTime(r.settled_time),
  };
}

export async function fetchSettlements(c: KalshiClient, q: SettlementsQuery): Promise<Settlement[]> {
  const signer = await c.signer('trade');
  const want = q.limit ?? Infinity;
  const out: Settlement[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES && out.length < want; page++) {
    const body = obj(await c.http.get<unknown>('/portfolio/settlements', { query: { limit: Math.min(PAGE_LIMIT, want - out.length), ticker: q.ticker?.replace(/^kalshi:/i, ''), cursor }, signer }));
    if (!body || !Array.isArray(body.settlements)) throw new PmtError('Api', 'Kalshi answered GET /portfolio/settlements without a settlements list');
    for (const raw of body.settlements) {
      const s = parseSettlement(raw);
      if (s) out.push(s);
    }
    cursor = text(body.cursor) ?? undefined;
    if (!cursor) break;
  }
  return out.slice(0, want === Infinity ? undefined : want);
}
