/**
 * `markets list --sort`: the orders people scan a list in. Unknown values (a market with no
 * quote, no close time) go last whatever the key, so they never crowd out the ones that have it.
 * Kept import-free: the command tree reads MARKET_SORTS at start-up.
 */
import type { Market } from '../exchanges/types.js';

export const MARKET_SORTS = ['volume', 'volume_24h', 'close_time', 'spread'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

function key(m: Market, by: MarketSort): number | null {
  switch (by) {
    case 'volume':
      return -m.volume;
    case 'volume_24h':
      return m.volume_24h == null ? null : -m.volume_24h;
    case 'close_time': {
      const t = m.close_time ? Date.parse(m.close_time) : NaN;
      return Number.isNaN(t) ? null : t;
    }
    case 'spread':
      return m.best_bid == null || m.best_ask == null ? null : m.best_ask - m.best_bid;
  }
}

/** A sorted copy; ties keep the exchange's order. */
export function sortMarkets(markets: Market[], by: MarketSort): Market[] {
  return markets
    .map((m, i) => ({ m, i, k: key(m, by) }))
    .sort((a, b) => (a.k == null ? (b.k == null ? a.i - b.i : 1) : b.k == null ? -1 : a.k - b.k || a.i - b.i))
    .map((x) => x.m);
}
