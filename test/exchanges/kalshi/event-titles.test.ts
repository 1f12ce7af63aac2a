/**
 * Kalshi event titles for listings that mix events (GET /markets carries none): the event list is
 * paged only until the wanted events are found, kept on disk briefly, read on from where it
 * stopped, and shared with search; a failing page gives fewer titles, never an error.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdapterConfig } from '../../../src/exchanges/config.js';
import { KalshiClient } from '../../../src/exchanges/kalshi/client.js';
import { fetchEventTitles, searchMarkets } from '../../../src/exchanges/kalshi/search.js';
import type { KalshiDouble } from '../../upstream/kalshi/index.js';
import { eventWire } from '../../upstream/kalshi/wire.js';
import { useMarketsDouble } from './helpers.js';

process.env.PMT_RETRY_BASE_MS = '1';
let k: KalshiDouble;
useMarketsDouble(2500, (double) => {
  k = double;
});

/** A client with its own cache directory (the config dir's role). */
function client(env: Record<string, string> = {}): KalshiClient {
  const cfg: AdapterConfig = {
    env: { PMT_KALSHI_RATE: '1000', PMT_RETRY_ATTEMPTS: '1', ...env },
    urls: { kalshi: k.double.url, gamma: 'http://127.0.0.1:9', clob: 'http://127.0.0.1:9' },
    environment: 'custom',
    credentials: async () => ({ profileName: null, kalshi: null, polymarket: null, kalshiDemo: null }),
    now: Date.now,
    cacheDir: mkdtempSync(join(tmpdir(), 'pmt-kalshi-titles-')),
  };
  return new KalshiClient(cfg);
}

/** Open events in the order GET /events lists them, with the titles it gives them. */
const openEvents = () =>
  [...k.markets.catalog.events.values()]
    .filter((e) => e.kind !== 'ghostevent' && e.kind !== 'noevent' && !e.historical)
    .map((e) => ({ ticker: e.ticker, title: String(eventWire(e).title) }));
const events = () => k.double.count(/\/events$/);

describe('fetchEventTitles', () => {
  it('reads pages only until every wanted event is found, then serves them from disk', async () => {
    const c = client();
    const all = openEvents();
    expect(all.length).toBeGreaterThan(400);
    const [a, b] = [all[3]!, all[150]!];
    expect(await fetchEventTitles(c, [a.ticker, b.ticker], 'active')).toEqual({ [a.ticker]: a.title, [b.ticker]: b.title });
    expect(events()).toBe(1);
    expect(await fetchEventTitles(c, [a.ticker], 'active')).toEqual({ [a.ticker]: a.title });
    expect(events()).toBe(1);
    // An event further down: paging goes on from where it stopped, not from the start.
    const far = all[350]!;
    expect(await fetchEventTitles(c, [far.ticker], 'active')).toEqual({ [far.ticker]: far.title });
    expect(events()).toBe(2);
    expect(k.double.requests.filter((r) => r.path.endsWith('/events')).map((r) => r.query.get('cursor'))).toEqual([null, '200']);
  });

  it('leaves out events the list does not hold, reading it to its end once', async () => {
    const c = client();
    expect(await fetchEventTitles(c, ['KXNOPE-99'], 'active')).toEqual({});
    const read = events();
    expect(read).toBeGreaterThan(1);
    expect(await fetchEventTitles(c, ['KXNOPE-99'], 'active')).toEqual({});
    expect(events()).toBe(read);
  });

  it('search reads on from a partial list and completes it', async () => {
    const c = client();
    await fetchEventTitles(c, [openEvents()[0]!.ticker], 'active');
    expect(events()).toBe(1);
    const r = await searchMarkets(c, { query: 'bitcoin', limit: 3 });
    expect(r.markets.length).toBeGreaterThan(0);
    expect(k.double.requests.filter((x) => x.path.endsWith('/events'))[1]!.query.get('cursor')).toBe('200');
  });

  it('a failing page gives the titles found so far, without an error; the next call tries again', async () => {
    const c = client();
    const first = openEvents()[0]!;
    k.double.inject({ kind: 'status', status: 503 }, { times: 5, path: /\/events$/ });
    expect(await fetchEventTitles(c, [first.ticker], 'active')).toEqual({});
    k.double.clearFaults();
    expect(await fetchEventTitles(c, [first.ticker, 'KXNOPE-1'], 'active')).toEqual({ [first.ticker]: first.title });
  });
});
