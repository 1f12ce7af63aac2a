/**
 * GTD (good till date): `--expires` / `expires`, an ISO 8601 time or unix seconds, checked here
 * for every surface. The order rests until then (order type gtc only: an order that must fill now
 * has nothing to expire). An exchange that takes GTD orders says so in its manifest with its
 * minimum lead (Polymarket: at least 3 minutes ahead); a time inside it is refused before any
 * request, naming the earliest time allowed. An exchange without GTD refuses the flag outright
 * rather than sending an order that would never expire.
 */
import { PmtError, usageError } from '../errors.js';
import { manifestOf } from '../exchanges/registry.js';
import type { ExchangeId, OrderType } from '../exchanges/types.js';

const ISO_RE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/** An ISO time or unix seconds → unix seconds (whole; a fraction of a second is rounded up). */
export function parseExpiresInput(field: string, v: unknown): number {
  const s = String(v ?? '').trim();
  if (/^\d{9,11}$/.test(s)) return Number(s);
  if (ISO_RE.test(s)) {
    // A time without a zone is UTC (a trader's local zone is not the exchange's).
    const iso = /[zZ]|[+-]\d{2}:?\d{2}$/.test(s) || s.length <= 10 ? s : `${s.replace(' ', 'T')}Z`;
    const ms = Date.parse(iso);
    if (!Number.isNaN(ms)) return Math.ceil(ms / 1000);
  }
  throw usageError(`${field} must be an ISO 8601 time (2026-12-01T18:00:00Z) or unix seconds (got "${s.slice(0, 40)}")`);
}

const iso = (sec: number) => new Date(sec * 1000).toISOString().replace('.000Z', 'Z');

/**
 * The expiration to send (unix seconds), or undefined when none was asked for. Refuses: a time in
 * the past or inside the exchange's minimum lead (naming the earliest allowed), a non-gtc order,
 * and an exchange without GTD.
 */
export function expiresFor(q: { field: string; value: unknown; exchange: ExchangeId; orderType: OrderType; nowMs: number }): number | undefined {
  if (q.value === undefined || q.value === null || q.value === '') return undefined;
  const at = parseExpiresInput(q.field, q.value);
  if (q.orderType !== 'gtc') throw usageError(`${q.field} is for orders that rest on the book (gtc); a ${q.orderType} order fills now or never`);
  const gtd = manifestOf(q.exchange).gtd;
  if (!gtd) throw new PmtError('NotSupported', `${manifestOf(q.exchange).name} orders cannot carry an expiry in this pmt (${q.field}); nothing was sent`, { hint: 'place it as gtc and cancel it by hand' });
  const earliest = Math.ceil(q.nowMs / 1000) + gtd.minLeadSeconds;
  if (at < earliest) {
    throw usageError(`${q.field} ${iso(at)} is too soon: ${manifestOf(q.exchange).name} needs an expiry at least ${gtd.minLeadSeconds / 60} minute${gtd.minLeadSeconds === 60 ? '' : 's'} ahead; the earliest allowed now is ${iso(earliest)} (${earliest})`);
  }
  return at;
}
