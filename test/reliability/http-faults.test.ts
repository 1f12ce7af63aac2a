/**
 * The HTTP layer under every injected fault, as a table: for each fault, what a read (GET) and a
 * write (POST, DELETE) end in, and exactly how many requests the double received. Reads retry
 * transient failures up to the attempt limit; writes are sent exactly once, and a failure after
 * the request may have left is marked ambiguous.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exitCodeFor, PmtError, type ErrorKind } from '../../src/errors.js';
import { HttpClient, upstreamMessage, type UpstreamResponse } from '../../src/exchanges/http.js';
import { Router, UpstreamDouble, type Fault } from '../upstream/server.js';
import { ATTEMPTS, CLOUDFLARE_CHALLENGE, PASSING_READ_FAULTS, PERSISTENT_READ_FAULTS } from './read-faults.js';
import { failure } from './harness.js';

const router = new Router()
  .get('/thing', () => ({ json: { ok: true, text: 'x'.repeat(2000) } }))
  .post('/thing', (r) => ({ status: 201, json: { got: r.body.length } }))
  .delete('/thing', () => ({ json: { deleted: true } }));
const double = new UpstreamDouble('faults', router, '/v9');

function client(over: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}): HttpClient {
  return new HttpClient({
    exchange: 'kalshi',
    label: 'Up',
    baseUrl: double.url,
    mapError: (res: UpstreamResponse) =>
      new PmtError(res.status === 404 ? 'MarketNotFound' : res.status === 401 ? 'Authentication' : 'Api', `HTTP ${res.status}: ${upstreamMessage(res.body)}`, { status: res.status }),
    retry: { attempts: ATTEMPTS, baseMs: 2, capMs: 10 },
    timeoutMs: 300,
    ...over,
  });
}

beforeAll(() => double.start());
afterAll(() => double.close());
beforeEach(() => {
  double.clearFaults();
  double.resetLog();
});

const EXIT: Record<ErrorKind, number> = { Api: 1, Authentication: 3, InsufficientFunds: 4, MarketNotFound: 5, OrderNotFound: 6, RateLimited: 7, NetworkError: 8, Config: 9, NotSupported: 10, RiskLimit: 11 };

describe('a read under a persistent fault gives up with the right kind, after exactly this many requests', () => {
  it.each(PERSISTENT_READ_FAULTS)('$name → $kind after $requests request(s)', async (c) => {
    double.inject(c.fault, { times: 100 });
    const e = await failure(client().get('/thing'));
    expect(e.kind).toBe(c.kind);
    expect(exitCodeFor(e)).toBe(EXIT[c.kind]);
    expect(double.count(/^\/thing$/, 'GET')).toBe(c.requests);
    if (c.requests > 1) expect(e.message).toContain(`tried ${c.requests} times`);
    if (c.message) expect(e.message).toMatch(c.message);
    if (c.hint) expect(e.hint).toMatch(c.hint);
    if (c.retryAfter !== undefined) expect(e.retryAfter).toBe(c.retryAfter);
    expect(e.message).not.toMatch(/<|\n/);
  });
});

describe('a read under a passing fault succeeds, having retried only what was needed', () => {
  it.each(PASSING_READ_FAULTS)('%s', async (_n, fault, times) => {
    double.inject(fault, { times: Math.max(times, 1) });
    const body = await client().get<{ ok: boolean }>('/thing');
    expect(body.ok).toBe(true);
    expect(double.count(/^\/thing$/, 'GET')).toBe(times + 1);
  });

  it('waits what Retry-After says (1 s), then succeeds', async () => {
    double.inject({ kind: 'status', status: 429, headers: { 'retry-after': '1' } });
    await client().get('/thing');
    expect(double.count()).toBe(2);
    // A lower bound only: the second request cannot arrive before the upstream allowed it.
    expect(double.requests[1]!.at! - double.requests[0]!.at!).toBeGreaterThanOrEqual(950);
  });
});

describe('bounded total time', () => {
  it('stops at the waiting budget: a Retry-After that fits once, not twice', async () => {
    double.inject({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, { times: 100 });
    const e = await failure(client({ retry: { attempts: 10, baseMs: 2, capMs: 10, budgetMs: 1500 } }).get('/thing'));
    expect(e.kind).toBe('RateLimited');
    expect(double.count()).toBe(2);
  });

  it('starts no attempt past the total deadline, whatever the attempt limit', async () => {
    double.inject({ kind: 'stall', ms: 5000 }, { times: 100 });
    const e = await failure(client({ timeoutMs: 400, retry: { attempts: 50, baseMs: 2, capMs: 10, totalMs: 2500 } }).get('/thing'));
    expect(e.kind).toBe('NetworkError');
    // Each attempt lasts 400 ms and needs 1 s left to start: at most 5 fit in 2.5 s.
    expect(double.count()).toBeGreaterThanOrEqual(2);
    expect(double.count()).toBeLessThanOrEqual(5);
  });

  it('PMT_RETRY_ATTEMPTS=1 turns retries off', async () => {
    process.env.PMT_RETRY_ATTEMPTS = '1';
    try {
      double.inject({ kind: 'status', status: 503 }, { times: 100 });
      const c = new HttpClient({ exchange: 'polymarket', label: 'Up', baseUrl: double.url, mapError: () => new PmtError('Api', 'x') });
      await failure(c.get('/thing'));
      expect(double.count()).toBe(1);
    } finally {
      delete process.env.PMT_RETRY_ATTEMPTS;
    }
  });
});

interface WriteCase {
  name: string;
  fault: Fault;
  kind: ErrorKind;
  ambiguous: boolean;
}

/** Every fault on a write: one request, never more; ambiguous when the request may have landed. */
export const WRITE_FAULTS: WriteCase[] = [
  { name: '429', fault: { kind: 'status', status: 429 }, kind: 'RateLimited', ambiguous: false },
  { name: '429 with Retry-After: 0', fault: { kind: 'status', status: 429, headers: { 'retry-after': '0' } }, kind: 'RateLimited', ambiguous: false },
  { name: '500', fault: { kind: 'status', status: 500 }, kind: 'Api', ambiguous: false },
  { name: '502', fault: { kind: 'status', status: 502 }, kind: 'Api', ambiguous: false },
  { name: '503', fault: { kind: 'status', status: 503 }, kind: 'Api', ambiguous: false },
  { name: '504', fault: { kind: 'status', status: 504 }, kind: 'Api', ambiguous: false },
  { name: 'reset before an answer', fault: { kind: 'reset' }, kind: 'NetworkError', ambiguous: true },
  { name: 'reset after the upstream handled it', fault: { kind: 'reset-after-handling' }, kind: 'NetworkError', ambiguous: true },
  { name: 'stall past the timeout', fault: { kind: 'stall', ms: 3000 }, kind: 'NetworkError', ambiguous: true },
  { name: 'stall after the upstream handled it', fault: { kind: 'stall-after-handling', ms: 3000 }, kind: 'NetworkError', ambiguous: true },
  { name: 'answer cut short', fault: { kind: 'cut' }, kind: 'NetworkError', ambiguous: true },
  { name: 'answer stalls half-way', fault: { kind: 'stall-body', ms: 3000 }, kind: 'NetworkError', ambiguous: true },
  { name: 'HTML 403 block page', fault: { kind: 'html', status: 403 }, kind: 'Api', ambiguous: false },
  { name: 'HTML 503 challenge', fault: { kind: 'html', status: 503, body: CLOUDFLARE_CHALLENGE }, kind: 'Api', ambiguous: false },
  // Accepted (2xx) but unreadable: it landed, what it did is unknown.
  { name: 'malformed 200', fault: { kind: 'malformed' }, kind: 'Api', ambiguous: true },
  { name: 'truncated 2xx', fault: { kind: 'truncated' }, kind: 'Api', ambiguous: true },
  // A captive portal's page: the exchange never saw it.
  { name: 'HTML 200', fault: { kind: 'html', status: 200, body: '<html><body>Sign in to wifi</body></html>' }, kind: 'Api', ambiguous: false },
];

describe('a write is sent exactly once, whatever the fault', () => {
  for (const method of ['POST', 'DELETE'] as const) {
    it.each(WRITE_FAULTS)(`${method}: $name → $kind, ambiguous=$ambiguous, 1 request`, async (c) => {
      double.inject(c.fault, { times: 100 });
      const http = client();
      const p = method === 'POST' ? http.post('/thing', { json: { order: 1 } }) : http.delete('/thing', { json: { ids: ['a'] } });
      const e = await failure(p);
      expect(e.kind).toBe(c.kind);
      expect(e.ambiguous).toBe(c.ambiguous);
      expect(double.count(/^\/thing$/, method)).toBe(1);
    });
  }

  it('a write that could not connect is not ambiguous: nothing was sent', async () => {
    const e = await failure(client({ baseUrl: 'http://127.0.0.1:9/v9' }).post('/thing', { json: {} }));
    expect([e.kind, e.ambiguous]).toEqual(['NetworkError', false]);
  });
});

describe('clock skew on signed requests', () => {
  const signer = () => ({ 'x-signature': 'sig' });
  it.each([
    // Date has one-second resolution: ±1 s.
    ['ahead', -120_000, /clock is (119|120|121)s ahead of/],
    ['behind', 95_000, /clock is (94|95|96)s behind/],
  ])('a 401 while this clock is %s of the server names the clock', async (_w, serverOffset, re) => {
    double.inject({ kind: 'status', status: 401, headers: { date: new Date(Date.now() + serverOffset).toUTCString() } });
    const e = await failure(client().get('/thing', { signer }));
    expect(e.kind).toBe('Authentication');
    expect(e.message).toMatch(re);
    expect(e.hint).toMatch(/clock.*NTP/);
  });

  it('a 401 with the clocks in step says nothing about clocks', async () => {
    double.inject({ kind: 'status', status: 401 });
    const e = await failure(client().get('/thing', { signer }));
    expect(e.message).not.toMatch(/clock/);
  });

  it('an unsigned request is not blamed on the clock', async () => {
    double.inject({ kind: 'status', status: 401, headers: { date: new Date(Date.now() - 3_600_000).toUTCString() } });
    expect((await failure(client().get('/thing'))).message).not.toMatch(/clock/);
  });
});
