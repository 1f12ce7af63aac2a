/**
 * Kalshi's two tiers of history (kalshi-typescript 3.30.0, Historical API; `GET /historical/cutoff`):
 * fills and trades older than the cutoff are served only by `GET /historical/fills` and
 * `GET /historical/trades` (same filters, limit and cursor), newer ones by the live endpoints.
 * pmt pages through both as one newest-first stream: the live pages first; the page where the
 * live tier ends is topped up from the historical tier, and from then on pmt's cursor is the
 * historical one marked `hist:` (Kalshi's own cursors are base64, without a colon). An exchange
 * without the historical tier (404) simply ends the stream.
 */
import { PmtError } from '../../errors.js';
import type { Query } from '../http.js';
import type { Signer } from '../http.js';
import type { KalshiClient } from './client.js';
import { obj, text } from './coerce.js';

export const HIST_PREFIX = 'hist:';

export interface TierPage {
  rows: unknown[];
  cursor: string | null;
}

async function page(c: KalshiClient, path: string, key: string, query: Query, signer: Signer | undefined, where: string): Promise<TierPage> {
  const body = obj(await c.http.get<unknown>(path, { query, ...(signer ? { signer } : {}) }));
  const list = body?.[key];
  if (list !== undefined && list !== null && !Array.isArray(list)) throw new PmtError('Api', `Kalshi answered ${where} without a list of ${key}`);
  return { rows: (list as unknown[] | undefined) ?? [], cursor: text(body?.cursor) };
}

/**
 * One page of `key` rows from the live path, continuing into the historical path once the live
 * tier ends. `limit`: rows wanted (the live page's size); `cursor`: pmt's cursor from the last page.
 */
export async function pageBothTiers(
  c: KalshiClient,
  o: { live: string; historical: string; key: string; query: Query; limit: number; cursor?: string; signer?: Signer },
): Promise<TierPage> {
  const historical = async (cursor: string | undefined, want: number): Promise<TierPage> => {
    try {
      const p = await page(c, o.historical, o.key, { ...o.query, limit: want, cursor }, o.signer, `GET ${o.historical}`);
      return { rows: p.rows, cursor: p.cursor ? HIST_PREFIX + p.cursor : null };
    } catch (e) {
      // No historical tier here (an older exchange, a double): the stream ends with the live one.
      if (e instanceof PmtError && e.status === 404) return { rows: [], cursor: null };
      throw e;
    }
  };
  if (o.cursor?.startsWith(HIST_PREFIX)) return historical(o.cursor.slice(HIST_PREFIX.length) || undefined, o.limit);
  const live = await page(c, o.live, o.key, { ...o.query, limit: o.limit, cursor: o.cursor || undefined }, o.signer, `GET ${o.live}`);
  if (live.cursor) return live;
  // The live tier ended: older rows are in the historical tier.
  const rest = o.limit - live.rows.length;
  if (rest <= 0) return { rows: live.rows, cursor: HIST_PREFIX };
  const older = await historical(undefined, rest);
  return { rows: [...live.rows, ...older.rows], cursor: older.cursor };
}
