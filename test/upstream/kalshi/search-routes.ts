/**
 * The Kalshi double's catalogue listings that search reads: `GET /events` (paged by cursor,
 * `limit` 1..200, `status` unopened|open|closed|settled; an archived event is settled, every
 * other one open) and `GET /series` (every series). Requests are recorded so tests can see when
 * the on-disk index cache saved them.
 */
import type { Reply, RecordedRequest, Router } from '../server.js';
import type { Catalog } from './catalog.js';
import { eventWire, seriesWire } from './wire.js';

const EVENT_STATUSES = ['unopened', 'open', 'closed', 'settled'];

export function registerSearchRoutes(router: Router, cat: Catalog, counts: { events: number; series: number }): void {
  router.get('/events', (req: RecordedRequest): Reply => {
    counts.events++;
    const q = req.query;
    const limit = q.has('limit') ? Number(q.get('limit')) : 200;
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return { status: 400, json: { error: { code: 'bad_request', message: 'limit must be between 1 and 200' } } };
    const status = q.get('status');
    if (status !== null && !EVENT_STATUSES.includes(status)) return { status: 400, json: { error: { code: 'bad_request', message: 'invalid status' } } };
    const start = q.get('cursor') ? Number(q.get('cursor')) : 0;
    const all = [...cat.events.values()].filter((e) => e.kind !== 'ghostevent' && e.kind !== 'noevent');
    const matching = all.filter((e) => status === null || (e.historical ? 'settled' : 'open') === status);
    const page = matching.slice(start, start + limit);
    const next = start + limit < matching.length ? String(start + limit) : '';
    return { json: { events: page.map(eventWire), cursor: next, milestones: [] } };
  });
  router.get('/series', (req: RecordedRequest): Reply => {
    counts.series++;
    return { json: { series: [...cat.series.values()].map((s) => seriesWire(s, req.query.get('include_volume') === 'true')) } };
  });
}
