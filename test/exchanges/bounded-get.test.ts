/**
 * Reads go out over node:http (bounded-get.ts) instead of got: what the HTTP layer sees must not
 * change. Every read fault of the reliability tables, and compressed, oversized and credentialed
 * answers, run through both transports; the outcome (body, or error kind, message, hint,
 * retry-after, status, ambiguity), the requests the upstream saw and their headers are compared.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BodyText } from '../../src/exchanges/bounded-get.js';
import { PmtError } from '../../src/errors.js';
import { HttpClient, upstreamMessage, type UpstreamResponse } from '../../src/exchanges/http.js';
import { ATTEMPTS, PASSING_READ_FAULTS, PERSISTENT_READ_FAULTS } from '../reliability/read-faults.js';
import { Router, UpstreamDouble, type Fault } from '../upstream/server.js';

const router = new Router().get('/thing', () => ({ json: { ok: true, text: 'x'.repeat(2000) } }));
const double = new UpstreamDouble('transports', router, '/v9');

function client(baseUrl: string, viaGot: boolean, over: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}): HttpClient {
  return new HttpClient({
    exchange: 'kalshi',
    label: 'Up',
    baseUrl,
    mapError: (res: UpstreamResponse) =>
      new PmtError(res.status === 404 ? 'MarketNotFound' : res.status === 401 ? 'Authentication' : 'Api', `HTTP ${res.status}: ${upstreamMessage(res.body)} [${res.headers['content-type']}]`, { status: res.status }),
    retry: { attempts: ATTEMPTS, baseMs: 2, capMs: 10 },
    timeoutMs: 300,
    readsThroughGot: viaGot,
    ...over,
  });
}

/** What a caller of the layer can observe of one GET. */
async function outcome(c: HttpClient, path: string): Promise<unknown> {
  try {
    return { body: await c.get(path) };
  } catch (e) {
    if (!(e instanceof PmtError)) return { thrown: String(e) };
    return { kind: e.kind, message: e.message, hint: e.hint, retryAfter: e.retryAfter, status: e.status, ambiguous: e.ambiguous };
  }
}

/** Headers a transport chose (the port and the keep-alive socket are the run's own). */
const sent = (h: IncomingMessage['headers']) => ({ ...h, host: undefined });

describe('every read fault ends the same through got and through node:http', () => {
  beforeAll(() => double.start());
  afterAll(() => double.close());
  beforeEach(() => {
    double.clearFaults();
    double.resetLog();
  });

  const cases: Array<[string, Fault, number]> = [...PERSISTENT_READ_FAULTS.map((c): [string, Fault, number] => [c.name, c.fault, 100]), ...PASSING_READ_FAULTS];
  it.each(cases)('%s', async (_name, fault, times) => {
    const run = async (viaGot: boolean) => {
      double.clearFaults();
      double.resetLog();
      if (times > 0) double.inject(fault, { times });
      const out = await outcome(client(double.url, viaGot), '/thing?a=1&b=x%20y');
      return { out, requests: double.requests.map((r) => ({ method: r.method, path: r.path, query: r.query.toString(), headers: sent(r.headers) })) };
    };
    const viaGot = await run(true);
    const plain = await run(false);
    expect(plain).toEqual(viaGot);
  });
});

describe('answers the doubles never give', () => {
  let server: Server;
  let base = '';
  const seen: IncomingMessage['headers'][] = [];
  const doc = JSON.stringify({ ok: true, text: 'é'.repeat(5000) });
  const zstd = (zlib as unknown as { zstdCompressSync?: (b: Buffer) => Buffer }).zstdCompressSync;
  const bodies: Record<string, () => { headers: Record<string, string>; body: Buffer }> = {
    '/gzip': () => ({ headers: { 'content-encoding': 'gzip' }, body: zlib.gzipSync(doc) }),
    '/deflate': () => ({ headers: { 'content-encoding': 'deflate' }, body: zlib.deflateSync(doc) }),
    '/deflate-raw': () => ({ headers: { 'content-encoding': 'deflate' }, body: zlib.deflateRawSync(doc) }),
    '/br': () => ({ headers: { 'content-encoding': 'br' }, body: zlib.brotliCompressSync(doc) }),
    '/GZIP-upper': () => ({ headers: { 'content-encoding': 'GZIP' }, body: zlib.gzipSync(doc) }),
    '/zstd': () => (zstd ? { headers: { 'content-encoding': 'zstd' }, body: zstd(Buffer.from(doc)) } : { headers: {} as Record<string, string>, body: Buffer.from(doc) }),
    '/unknown-coding': () => ({ headers: { 'content-encoding': 'compress' }, body: Buffer.from(doc) }),
    '/gzip-empty': () => ({ headers: { 'content-encoding': 'gzip' }, body: Buffer.alloc(0) }),
    '/gzip-corrupt': () => ({ headers: { 'content-encoding': 'gzip' }, body: Buffer.from('not gzip at all, not at all') }),
    '/bomb': () => ({ headers: { 'content-encoding': 'gzip' }, body: zlib.gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20)) }),
    '/big': () => ({ headers: {}, body: Buffer.from(JSON.stringify({ pad: 'x'.repeat(300_000) })) }),
    '/error-gzip': () => ({ headers: { 'content-encoding': 'gzip', status: '503' }, body: zlib.gzipSync('{"error":"busy"}') }),
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      const make = bodies[req.url!.split('?')[0]!];
      if (!make) return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"none"}');
      const { headers, body } = make();
      const { status, ...rest } = headers;
      res.writeHead(Number(status ?? 200), { 'content-type': 'application/json', 'content-length': String(body.length), 'x-extra': ['a', 'b'], ...rest } as never);
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const both = async (path: string, over: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}, at = base) => {
    const results = [];
    for (const viaGot of [true, false]) {
      seen.length = 0;
      results.push({ out: await outcome(client(at, viaGot, over), path), headers: seen.map(sent) });
    }
    return results;
  };

  it.each(Object.keys(bodies))('%s', async (path) => {
    const [viaGot, plain] = await both(path);
    expect(plain).toEqual(viaGot);
  });

  it('bodies past PMT_HTTP_MAX_BYTES, declared or after decompression, are cut alike', async () => {
    const old = process.env.PMT_HTTP_MAX_BYTES;
    process.env.PMT_HTTP_MAX_BYTES = '100000';
    try {
      for (const path of ['/big', '/bomb']) {
        const [viaGot, plain] = await both(path);
        expect((viaGot!.out as { message: string }).message).toMatch(/over the/);
        expect(plain).toEqual(viaGot);
      }
    } finally {
      if (old === undefined) delete process.env.PMT_HTTP_MAX_BYTES;
      else process.env.PMT_HTTP_MAX_BYTES = old;
    }
  });

  it('a body cut for size stays cut: the decoder finishing afterwards throws nothing (CI saw an uncaught TypeError here)', async () => {
    const old = process.env.PMT_HTTP_MAX_BYTES;
    process.env.PMT_HTTP_MAX_BYTES = '100000';
    const uncaught: unknown[] = [];
    const seenError = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', seenError);
    try {
      for (let i = 0; i < 25; i++) {
        const out = (await outcome(client(base, false), '/bomb')) as { message: string };
        expect(out.message).toMatch(/over the/);
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', seenError);
      if (old === undefined) delete process.env.PMT_HTTP_MAX_BYTES;
      else process.env.PMT_HTTP_MAX_BYTES = old;
    }
  });

  it('a user:password in the base URL is sent as got sends it', async () => {
    const at = base.replace('http://', 'http://us%40er:p%3Ass@');
    const [viaGot, plain] = await both('/gzip', {}, at);
    expect(viaGot!.headers[0]!.authorization).toBe(`Basic ${Buffer.from('us@er:p:ss').toString('base64')}`);
    expect(plain).toEqual(viaGot);
    for (const userinfo of ['only-user@', ':only-pass@', 'bad%zz:x@']) {
      const [g, p] = await both('/gzip', {}, base.replace('http://', `http://${userinfo}`));
      expect(p, userinfo).toEqual(g);
    }
  });

  it('headers the caller gives (a signer, an accept-encoding of its own) go out alike', async () => {
    const signer = () => ({ 'kalshi-access-key': 'k', 'accept-encoding': 'identity' });
    const results = [];
    for (const viaGot of [true, false]) {
      seen.length = 0;
      const c = client(base, viaGot, { userAgent: 'pmt/test' });
      const out = await c.get('/br', { signer, headers: { 'x-one': '1' } }).catch((e: PmtError) => e.message);
      results.push({ out, headers: seen.map(sent) });
    }
    expect(results[1]).toEqual(results[0]);
  });

  it('a refused connection is reported alike', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const at = `http://127.0.0.1:${port}`;
    const [viaGot, plain] = await both('/gzip', {}, at);
    expect((viaGot!.out as { message: string }).message).toMatch(/connection refused/);
    expect(plain).toEqual(viaGot);
  });
});

describe('the body decoded chunk by chunk is the whole body decoded at once', () => {
  it('any bytes (UTF-8 edges, invalid sequences), cut anywhere', () => {
    const edgy = fc.constantFrom(0x00, 0x22, 0x41, 0x5c, 0x7f, 0x80, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff);
    const bytes = fc.array(fc.oneof(edgy, fc.integer({ min: 0, max: 255 })), { maxLength: 40 });
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(), { maxLength: 8 }), (list, cutsAt) => {
        const buf = Buffer.from(list);
        const cuts = [...new Set(cutsAt.map((c) => c % (buf.length + 1)))].sort((a, b) => a - b);
        const text = new BodyText();
        let prev = 0;
        for (const c of [...cuts, buf.length]) {
          text.push(buf.subarray(prev, c));
          prev = c;
        }
        expect(text.end()).toBe(buf.toString('utf8'));
      }),
      { numRuns: 20000 },
    );
    // Real text: every script, split inside characters.
    const s = 'prix 0.56 €, 株価, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢, \u2028 ok';
    const b = Buffer.from(s);
    for (let i = 0; i <= b.length; i++) {
      const t = new BodyText();
      t.push(b.subarray(0, i));
      t.push(b.subarray(i));
      expect(t.end()).toBe(s);
    }
  });
});
