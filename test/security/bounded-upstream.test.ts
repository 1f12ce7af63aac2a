/**
 * Issue 15, findings 3 and 7 at the HTTP layer, over real loopback HTTP: a response body is
 * bounded while it streams (never buffered past the cap), the whole exchange has a deadline, and
 * the process goes on; a request whose caller went away leaves the rate queue, and cancels
 * (DELETE, or marked priority) go before everything else waiting.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PmtError } from '../../src/errors.js';
import { HttpClient, Pacer, withAbortSignal } from '../../src/exchanges/http.js';
import { failure } from '../helpers/failure.js';

let server: Server;
let base = '';
let open = 0;
const hits = new Map<string, number>();
const CHUNK = Buffer.alloc(64 * 1024, 'a');

function endless(res: ServerResponse, everyMs = 0): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"markets":["');
  const pump = () => {
    while (!res.destroyed && res.write(CHUNK));
    if (!res.destroyed) res.once('drain', pump);
  };
  if (everyMs === 0) return pump();
  const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write('a')), everyMs);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    open++;
    res.on('close', () => open--);
    if (req.url === '/endless') return endless(res);
    if (req.url === '/slow') return endless(res, 50);
    if (req.url === '/declared') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(3 * 1024 * 1024 * 1024) });
      return res.write('{');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: req.url, method: req.method }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function client(over: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}): HttpClient {
  return new HttpClient({
    exchange: 'kalshi',
    label: 'Test',
    baseUrl: base,
    mapError: (res) => new PmtError('Api', `HTTP ${res.status}`),
    retry: { attempts: 1 },
    timeoutMs: 5000,
    ...over,
  });
}

describe('bounded upstream responses', () => {
  it('an endless body is cut at PMT_HTTP_MAX_BYTES: Api error with the numbers, memory stays low', async () => {
    process.env.PMT_HTTP_MAX_BYTES = String(2 * 1024 * 1024);
    try {
      const before = process.memoryUsage().rss;
      const e = await failure(client().get('/endless'));
      expect(e.kind).toBe('Api');
      expect(e.message).toMatch(/Test GET \/endless: the response body passed \d+ bytes, over the 2 MiB limit \(PMT_HTTP_MAX_BYTES=2097152\); the transfer was cut off/);
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
      await new Promise((r) => setTimeout(r, 100));
      expect(open).toBe(0); // the connection was closed, not left streaming
    } finally {
      delete process.env.PMT_HTTP_MAX_BYTES;
    }
  });

  it('the default cap is 64 MiB', async () => {
    const e = await failure(client().get('/declared'));
    expect(e.message).toMatch(/declares 3221225472 bytes, over the 64 MiB limit/);
  });

  it('a body that trickles forever hits the deadline: NetworkError naming it', async () => {
    const t0 = Date.now();
    const e = await failure(client({ timeoutMs: 1000 }).get('/slow'));
    expect(e.kind).toBe('NetworkError');
    expect(e.message).toMatch(/timed out \(no complete answer within 1000 ms\)/);
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('a retried read that runs out of its total time names whole milliseconds, not the fraction the clock left', async () => {
    const e = await failure(client({ timeoutMs: 1500, retry: { attempts: 2, baseMs: 1, capMs: 1, budgetMs: 100, totalMs: 2600 } }).get('/slow'));
    expect(e.kind).toBe('NetworkError');
    // The first attempt gets its 1,500 ms; the second what is left of the 2,600 (about 1,100).
    const within = /timed out \(no complete answer within (\S+) ms\)/.exec(e.message)?.[1];
    expect(within, e.message).toMatch(/^\d+$/);
    expect(Number(within)).toBeGreaterThanOrEqual(1000);
    expect(Number(within)).toBeLessThan(1500);
  });
});

describe('the rate queue', () => {
  it('aborted requests leave the queue; a cancel (DELETE) waiting behind them goes first', async () => {
    const c = client({ pace: { key: 'test-abort', perSecond: 10 } });
    const ac = new AbortController();
    const abandoned = withAbortSignal(ac.signal, () => Array.from({ length: 60 }, (_, i) => c.get(`/book/${i}`).catch((e: unknown) => e)));
    await new Promise((r) => setTimeout(r, 120));
    ac.abort();
    const t0 = Date.now();
    expect(await c.delete('/cancel')).toMatchObject({ method: 'DELETE' });
    const took = Date.now() - t0;
    // 60 queued reads at 10/s would have held it ~6 s.
    expect(took).toBeLessThan(800);
    const results = await Promise.all(abandoned);
    const gone = results.filter((r) => r instanceof PmtError && /abandoned/.test(r.message));
    expect(gone.length).toBeGreaterThanOrEqual(55);
    expect([...hits.keys()].filter((k) => k.startsWith('/book/')).length).toBeLessThanOrEqual(3);
  });

  it('priority takers go before every normal one already waiting', async () => {
    const p = new Pacer(30);
    const order: string[] = [];
    const normal = Array.from({ length: 5 }, (_, i) => p.take().then(() => order.push(`n${i}`)));
    const cancel = p.take({ priority: true }).then(() => order.push('cancel'));
    await Promise.all([...normal, cancel]);
    expect(order.indexOf('cancel')).toBeLessThanOrEqual(1);
  });
});
