/**
 * Polymarket US books: `GET /v1/markets/{slug}/book` (public gateway) → `{"marketData":
 * {"marketSlug", "bids": [{"px": {"value","currency"}, "qty"}], "offers": [...], "state",
 * "stats", "transactTime"}}` (the SDK's type is the inner object; both are read). Prices are
 * the long (Yes) side's; the No book (`outcome` no) is its complement.
 */
import { PmtError } from '../../errors.js';
import { complementBook, level, orderLevels } from '../levels.js';
import type { Level, Orderbook } from '../types.js';
import type { PolymarketUsClient } from './client.js';
import { bookOutcome, slugOf } from './markets.js';
import { amount, obj } from './parse.js';

function levels(v: unknown): Level[] {
  const out: Level[] = [];
  for (const row of Array.isArray(v) ? v : []) {
    const r = obj(row);
    if (!r) continue;
    const l = level(amount(r.px), r.qty);
    if (l) out.push(l);
  }
  return out;
}

/** The unified Yes-priced book of one market's gateway answer. Never throws on shape. */
export function parseBook(slug: string, body: unknown, receivedAt: number): Orderbook {
  const root = obj(body) ?? {};
  const d = obj(root.marketData) ?? root;
  const t = typeof d.transactTime === 'string' ? Date.parse(d.transactTime) : NaN;
  return {
    asset_id: slug,
    asks: orderLevels(levels(d.offers), 'asc'),
    bids: orderLevels(levels(d.bids), 'desc'),
    hash: null,
    last_update_id: null,
    timestamp: new Date(Number.isNaN(t) ? receivedAt : t).toISOString(),
  };
}

export async function fetchOrderbook(c: PolymarketUsClient, assetId: string, outcome?: string): Promise<Orderbook> {
  const side = bookOutcome(outcome);
  const slug = slugOf(assetId);
  const body = await c.gateway.get<unknown>(`/v1/markets/${encodeURIComponent(slug)}/book`);
  if (!obj(body)) throw new PmtError('Api', `Polymarket US sent an unexpected response to GET /v1/markets/${slug}/book`);
  const yes = parseBook(slug, body, c.cfg.now());
  return side === 'no' ? complementBook(yes) : yes;
}
