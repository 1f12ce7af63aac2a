/**
 * Issue 15, findings 3 and 7 through `pmt serve` (the built binary): an upstream streaming an
 * endless body fails that one request (502, the numbers in the message) and the server stays up;
 * requests whose clients went away leave the exchange's rate queue, so the next request is not
 * held behind them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN } from '../serve/helpers.js';
import { startServe, type ServeProcess } from '../serve/process.js';

let upstream: Server;
let base = '';
let marketsHits = 0;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url!.includes('endless')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const pump = () => {
        while (!res.destroyed && res.write(CHUNK));
        if (!res.destroyed) res.once('drain', pump);
      };
      return pump();
    }
    marketsHits++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ markets: [], cursor: '' }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

describe('pmt serve against a hostile or slow upstream', () => {
  let s: ServeProcess;
  afterAll(async () => {
    await s?.stop();
  });

  it('an endless upstream body: that request fails with the numbers, the server stays up', async () => {
    s = await startServe([], {
      PMT_SERVE_TOKEN: TOKEN,
      PMT_KALSHI_API_URL: `${base}/endless/trade-api/v2`,
      PMT_POLYMARKET_GAMMA_URL: base,
      PMT_HTTP_MAX_BYTES: String(4 * 1024 * 1024),
    });
    const r = await s.call('/v1/markets/fetch_markets?exchange=kalshi');
    expect(r.status).toBe(502);
    expect(r.json.kind).toBe('Api');
    expect(r.json.message).toMatch(/over the 4 MiB limit \(PMT_HTTP_MAX_BYTES=4194304\)/);
    expect((await s.call('/v1/openapi.json')).status).toBe(200);
    const again = await s.call('/v1/markets/fetch_markets?exchange=kalshi');
    expect(again.status).toBe(502);
    expect(await s.stop()).toBe(0);
  }, 60_000);

  it('abandoned requests leave the rate queue: the next one is answered at once', async () => {
    s = await startServe([], { PMT_SERVE_TOKEN: TOKEN, PMT_KALSHI_API_URL: `${base}/trade-api/v2`, PMT_POLYMARKET_GAMMA_URL: base });
    marketsHits = 0;
    // Kalshi reads are paced at 20/s: 400 queued reads would hold a new one ~20 s.
    const gone = new AbortController();
    const abandoned = Array.from({ length: 400 }, () =>
      fetch(`${s.url}/v1/markets/fetch_markets?exchange=kalshi`, { headers: { authorization: `Bearer ${TOKEN}` }, signal: gone.signal }).catch(() => null),
    );
    await new Promise((r) => setTimeout(r, 500));
    gone.abort();
    await Promise.all(abandoned);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    expect((await s.call('/v1/markets/fetch_markets?exchange=kalshi')).status).toBe(200);
    const took = Date.now() - t0;
    console.log(`after 400 abandoned reads: the next answered in ${took} ms (upstream saw ${marketsHits})`);
    expect(took).toBeLessThan(5000);
    expect(marketsHits).toBeLessThan(80);
  }, 60_000);
});
