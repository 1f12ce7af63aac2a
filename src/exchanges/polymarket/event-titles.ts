/**
 * Event titles for market lists that mix events. Gamma's listings already carry them (the
 * catalogue pages events; `/markets` rows embed their event), so the adapter remembers the titles
 * its reads saw (`rememberEvents`) and asks Gamma only for events it has not seen: one batched
 * keyset request per side (open, closed) and chunk of slugs.
 *
 *     GET /events/keyset?slug=a&slug=b&closed=false&limit=2 → {"events": [{"slug": "a", "title": "…"}]}
 *     GET /markets?slug=x → [{"slug": "x", "events": [{"slug": "a", "title": "…"}], …}]
 */
import type { MarketStatusFilter } from '../types.js';
import type { PolymarketClient } from './client.js';
import { obj, text } from './coerce.js';

/** Titles kept per adapter (a long-running `pmt serve` reads many events): the oldest go first. */
const MAX_REMEMBERED = 5000;
/** Slugs per request: keeps the URL far below common 8 KB limits. */
const SLUG_CHUNK = 40;

const seen = new WeakMap<PolymarketClient, Map<string, string>>();

function memory(c: PolymarketClient): Map<string, string> {
  let m = seen.get(c);
  if (!m) seen.set(c, (m = new Map()));
  return m;
}

/** Remember the titles of raw Gamma events (`{slug, title}`), as read by any listing. */
export function rememberEvents(c: PolymarketClient, events: unknown[]): void {
  const m = memory(c);
  for (const raw of events) {
    const e = obj(raw);
    const slug = text(e?.slug);
    const title = text(e?.title);
    if (!slug || !title) continue;
    m.delete(slug);
    m.set(slug, title);
    if (m.size > MAX_REMEMBERED) m.delete(m.keys().next().value!);
  }
}

/** Remember the events embedded in raw Gamma markets (`events[]`). */
export function rememberMarketEvents(c: PolymarketClient, markets: unknown[]): void {
  for (const raw of markets) {
    const events = obj(raw)?.events;
    if (Array.isArray(events)) rememberEvents(c, events);
  }
}

export async function fetchEventTitles(c: PolymarketClient, slugs: string[], status: MarketStatusFilter = 'active'): Promise<Record<string, string>> {
  const m = memory(c);
  const missing = [...new Set(slugs)].filter((s) => !m.has(s));
  if (missing.length > 0) {
    const sides = status === 'all' ? [false, true] : status === 'resolved' ? [true] : [false];
    const chunks: string[][] = [];
    for (let i = 0; i < missing.length; i += SLUG_CHUNK) chunks.push(missing.slice(i, i + SLUG_CHUNK));
    const bodies = await Promise.all(
      chunks.flatMap((slug) => sides.map((closed) => c.gamma.get('/events/keyset', { query: { slug, closed, limit: slug.length } }))),
    );
    for (const body of bodies) {
      const events = obj(body)?.events;
      if (Array.isArray(events)) rememberEvents(c, events);
    }
  }
  return Object.fromEntries(slugs.flatMap((s) => (m.has(s) ? [[s, m.get(s)!]] : [])));
}
