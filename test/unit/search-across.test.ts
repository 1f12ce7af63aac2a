/**
 * Issue 21 (friction): `markets search bitcoin` showed no Kalshi market in its top 20. One ranking
 * across exchanges: a market scores by its title with its event's (a Kalshi title often names only
 * the strike), and within a score each exchange's own order (volume) interleaves, so one
 * exchange's larger volumes cannot take every place.
 */
import { describe, expect, it } from 'vitest';
import { marketScore, queryWords, rankAcross } from '../../src/exchanges/search-rank.js';
import { market } from '../commands/order-fake.js';

describe('search across exchanges', () => {
  it('a Kalshi market whose event names the words scores as its title with its event', () => {
    const w = queryWords('bitcoin');
    const k = market('kalshi', 'KXBTCD-26FEB05-T125', { title: 'Above $125', event_ticker: 'KXBTCD-26FEB05' });
    const p = market('polymarket', 'will-bitcoin-close-above-1000', { title: 'Will Bitcoin close above 1000?' });
    expect(marketScore(w, k, 'Bitcoin price on Feb 5')).toBe(marketScore(w, p));
  });

  it('the top of the merged list holds both exchanges even when one has far larger volumes', () => {
    const w = queryWords('bitcoin');
    const poly = Array.from({ length: 30 }, (_, i) => market('polymarket', `will-bitcoin-close-above-${i}`, { title: `Will Bitcoin close above ${i}?`, volume: 2_000_000 - i, volume_24h: 50_000 - i }));
    const kal = Array.from({ length: 10 }, (_, i) => market('kalshi', `KXBTCD-26FEB05-T${i}`, { title: `Above $${i}`, event_ticker: 'KXBTCD-26FEB05', volume: 400_000 - i, volume_24h: 40_000 - i }));
    const items = [
      ...poly.map((m) => ({ exchange: 'polymarket', market: m, score: marketScore(w, m) })),
      ...kal.map((m) => ({ exchange: 'kalshi', market: m, score: marketScore(w, m, 'Bitcoin price on Feb 5') })),
    ];
    const top = rankAcross(items, ['kalshi', 'polymarket']).slice(0, 20);
    expect(top.filter((m) => m.exchange === 'kalshi')).toHaveLength(10);
    // Within an exchange, its own order (by volume) is kept.
    expect(top.filter((m) => m.exchange === 'polymarket').map((m) => m.ticker).slice(0, 3)).toEqual(poly.slice(0, 3).map((m) => m.ticker));
  });
});
