/**
 * The HTTP layer under injected faults, over real loopback HTTP: what is retried, how often,
 * and which kind each failure becomes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PmtError } from '../../src/errors.js';
import { HttpClient, parseRetryAfter, redactUrl, upstreamMessage, type UpstreamResponse } from '../../src/exchanges/http.js';
import { Router, UpstreamDouble } from '../upstream/server.js';
import { failure } from '../helpers/failure.js';

const router = new Router()
  .get('/ok', () => ({ json: { ok: true } }))
  .get('/items/:id', (_r, p) => ({ json: { id: p.id } }))
  .post('/orders', (r) => ({ status: 201, json: { received: JSON.parse(r.body) } }));
const double = new UpstreamDouble('test', router, '/api/v2');
const lines: string[] = [];

function client(overrides: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}): HttpClient {
  return new HttpClient({
    exchange: 'kalshi',
    label: 'Test',
    baseUrl: double.url,
    mapError: (res: UpstreamResponse) => new PmtError(res.status === 404 ? 'MarketNotFound' : 'Api', `HTTP ${res.status}: ${upstreamMessage(res.body)}`, { status: res.status }),
    log: (l) => lines.push(l),
    retry: { baseMs: 5, capMs: 20 },
    timeoutMs: 400,
    ...overrides,
  });
}

beforeAll(async () => {
  await double.start();
});
afterAll(async () => {
  await double.close();
});
beforeEach(() => {
  double.clearFaults();
  double.resetLog();
  lines.length = 0;
});

describe('HttpClient', () => {
  it('GETs JSON and logs one line per request', async () => {
    expect(await client().get('/items/abc', { query: { a: 1, tags: ['x', 'y'] } })).toEqual({ id: 'abc' });
    expect(double.requests[0]!.query.getAll('tags')).toEqual(['x', 'y']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/items\/abc\?a=1&tags=x&tags=y 200 \d+ms$/);
  });

  it.each([500, 502, 503, 504])('retries a GET on %i and then succeeds', async (status) => {
    double.inject({ kind: 'status', status }, { times: 2 });
    expect(await client().get('/ok')).toEqual({ ok: true });
    expect(double.count(/\/ok/)).toBe(3);
  });

  it('gives up after the attempt limit with Api and says what was tried', async () => {
    double.inject({ kind: 'status', status: 503 }, { times: 10 });
    const e = await failure(client().get('/ok'));
    expect(e.kind).toBe('Api');
    expect(e.message).toContain('tried 4 times: 503, 503, 503, 503');
    expect(double.count(/\/ok/)).toBe(4);
  });

  it('honours Retry-After on 429 and ends in RateLimited', async () => {
    double.inject({ kind: 'status', status: 429, headers: { 'retry-after': '0' } }, { times: 1 });
    expect(await client().get('/ok')).toEqual({ ok: true });
    expect(double.count()).toBe(2);
    double.resetLog();
    double.inject({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, { times: 10 });
    const e = await failure(client({ retry: { attempts: 2, baseMs: 5 } }).get('/ok'));
    expect(e.kind).toBe('RateLimited');
    expect(e.retryAfter).toBe(1);
    expect(double.count()).toBe(2);
  });

  it('does not wait longer than its budget for a long Retry-After', async () => {
    double.inject({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } }, { times: 10 });
    const e = await failure(client().get('/ok'));
    expect(e.kind).toBe('RateLimited');
    expect(e.retryAfter).toBe(3600);
    expect(double.count()).toBe(1);
  });

  it('retries connection resets, then NetworkError', async () => {
    double.inject({ kind: 'reset' }, { times: 1 });
    expect(await client().get('/ok')).toEqual({ ok: true });
    double.resetLog();
    double.inject({ kind: 'reset' }, { times: 10 });
    const e = await failure(client().get('/ok'));
    expect(e.kind).toBe('NetworkError');
    expect(e.message).toContain('connection reset');
    expect(double.count()).toBe(4);
  });

  it('times out a stalled response and retries it', async () => {
    double.inject({ kind: 'stall', ms: 2000 }, { times: 10 });
    const e = await failure(client({ retry: { attempts: 2, baseMs: 5 } }).get('/ok'));
    expect(e.kind).toBe('NetworkError');
    expect(e.message).toContain('timed out');
    expect(double.count()).toBe(2);
  });

  it('never retries a POST, and marks a timed-out write as ambiguous', async () => {
    double.inject({ kind: 'status', status: 503 }, { times: 5 });
    const e = await failure(client().post('/orders', { json: { a: 1 } }));
    expect(e.kind).toBe('Api');
    expect(double.count(/\/orders/, 'POST')).toBe(1);
    double.clearFaults();
    double.resetLog();
    double.inject({ kind: 'stall-after-handling', ms: 2000 }, { times: 5 });
    const t = await failure(client().post('/orders', { json: { a: 1 } }));
    expect(t.kind).toBe('NetworkError');
    expect(t.ambiguous).toBe(true);
    expect(double.count(/\/orders/, 'POST')).toBe(1);
  });

  it('maps malformed, truncated and HTML bodies', async () => {
    double.inject({ kind: 'malformed' });
    expect((await failure(client().get('/ok'))).message).toMatch(/malformed response/);
    double.inject({ kind: 'truncated' });
    expect((await failure(client().get('/items/x'))).message).toMatch(/malformed response/);
    double.inject({ kind: 'html', status: 403 });
    const html = await failure(client().get('/ok'));
    expect(html.kind).toBe('Api');
    expect(html.hint).toMatch(/Cloudflare|geoblock/);
    expect(html.message).not.toContain('<');
  });

  it('maps other statuses through the adapter mapper without retrying', async () => {
    const e = await failure(client().get('/nope'));
    expect(e.kind).toBe('MarketNotFound');
    expect(double.count()).toBe(1);
  });

  it('refused connections are NetworkError', async () => {
    const e = await failure(client({ baseUrl: 'http://127.0.0.1:9/api', retry: { attempts: 1 } }).get('/ok'));
    expect(e.kind).toBe('NetworkError');
    expect(e.message).toContain('connection refused');
  });

  it('signs every attempt afresh', async () => {
    let n = 0;
    double.inject({ kind: 'status', status: 500 }, { times: 1 });
    await client().get('/ok', { signer: ({ method, signPath }) => ({ 'x-sig': `${method} ${signPath} ${++n}` }) });
    expect(double.requests.map((r) => r.headers['x-sig'])).toEqual(['GET /api/v2/ok 1', 'GET /api/v2/ok 2']);
  });

  it('paces requests of one key under its rate', async () => {
    const c = client({ pace: { key: 'pace-test', perSecond: 50 } });
    const start = Date.now();
    await Promise.all(Array.from({ length: 6 }, () => c.get('/ok')));
    // 6 requests at 50/s need at least 5 intervals of 20 ms between their starts.
    expect(Date.now() - start).toBeGreaterThanOrEqual(95);
  });
});

describe('helpers', () => {
  it('parses Retry-After seconds and dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(Date.now() + 5000).toUTCString())! / 1000).toBeGreaterThan(3);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
  it('redacts secret-looking query values', () => {
    expect(redactUrl('https://x.test/a?api_key=abc&limit=5&signature=s')).toBe('https://x.test/a?api_key=***&limit=5&signature=***');
  });
  it('reads both error envelopes', () => {
    expect(upstreamMessage('{"error":{"code":"not_found","message":"market not found"}}')).toBe('market not found (not_found)');
    expect(upstreamMessage('{"code":"bad","message":"flat"}')).toBe('flat (bad)');
    expect(upstreamMessage('{"error":"Invalid order"}')).toBe('Invalid order');
  });
});
