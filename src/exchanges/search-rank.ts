/**
 * Ranking markets found by words, the same on both exchanges and across them: what a person
 * typed should find the market whose title says it, before one that merely shares a word.
 * Pure functions; the adapters use them to pick their best, `markets search` to merge.
 */
import type { Market } from './types.js';

/** The words of a query: lower case, letters and digits, no duplicates. */
export function queryWords(query: string): string[] {
  const words = query.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return [...new Set(words)];
}

function norm(text: string): string {
  return ` ${text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

/**
 * How well a text matches: 0 when no word is in it. Whole words count more than parts of words
 * ("fed" in "Fed chair" beats "fed" in "federal"), every word present more than some, and the
 * words in the order typed most.
 */
export function textScore(words: string[], text: string): number {
  if (words.length === 0) return 0;
  const t = norm(text);
  let score = 0;
  let found = 0;
  for (const w of words) {
    if (t.includes(` ${w} `)) {
      score += 3;
      found++;
    } else if (t.includes(w)) {
      score += 1;
      found++;
    }
  }
  if (found === 0) return 0;
  if (found === words.length) score += 4;
  if (words.length > 1 && t.includes(` ${words.join(' ')} `)) score += 4;
  return score;
}

/**
 * A market's score: its title as people see it, with its event's ("Bitcoin price on Dec 31 ·
 * $100,000 or above": a Kalshi market's own title often names only its strike), or its series'
 * when that says more.
 */
export function marketScore(words: string[], m: Market, eventTitle?: string, seriesTitle?: string): number {
  const own = textScore(words, m.title);
  const withEvent = eventTitle ? textScore(words, `${eventTitle} ${m.title}`) : 0;
  const series = textScore(words, seriesTitle ?? '') - 1;
  return Math.max(own, withEvent, series, 0);
}

/**
 * One ranking across exchanges: by score, and within a score by each market's place in its own
 * exchange's ranking (volumes are compared only within an exchange: one exchange's larger
 * volumes would otherwise fill every place), then exchange order.
 */
export function rankAcross(items: Array<Scored & { exchange: string }>, exchanges: readonly string[]): Market[] {
  const place = new Map<Market, number>();
  for (const x of exchanges) rank(items.filter((i) => i.exchange === x)).forEach((m, i) => place.set(m, i));
  return items
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || place.get(a.market)! - place.get(b.market)! || exchanges.indexOf(a.exchange) - exchanges.indexOf(b.exchange))
    .map((x) => x.market);
}

export interface Scored {
  market: Market;
  score: number;
}

/** Best first: score, then 24-hour volume, then lifetime volume, then ticker (stable). */
export function rank(items: Scored[]): Market[] {
  return items
    .filter((x) => x.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.market.volume_24h ?? 0) - (a.market.volume_24h ?? 0) ||
        b.market.volume - a.market.volume ||
        a.market.unified_id.localeCompare(b.market.unified_id),
    )
    .map((x) => x.market);
}
