/**
 * SIGTERM while a request is in flight, against the real adapters and doubles: the request held
 * upstream (a stalled first attempt, then the adapter's retry) still completes with its body, the
 * signal is acknowledged before it is logged, and the server exits 0.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { POLY_BOOK_TOKENS as P } from '../upstream/polymarket/book-routes.js';
import { TOKEN } from './helpers.js';
import { startServe } from './process.js';

let d: Doubles;
beforeAll(async () => {
  d = await startDoubles({ polymarket: { events: 20 } });
});
afterAll(() => d?.close());

it('finishes an in-flight request after SIGTERM, then exits 0', async () => {
  const s = await startServe([], { PMT_SERVE_TOKEN: TOKEN, ...d.env, PMT_CONFIG_DIR: tempConfigDir(), PMT_RETRY_BASE_MS: '5' });
  const clob = d.polymarket.clobDouble;
  clob.inject({ kind: 'stall', ms: 1500 }, { path: /^\/book/ });
  const before = clob.count(/^\/book/);
  const inflight = s.call(`/v1/orderbook/fetch_orderbook?asset_id=${P.normal}`);
  // The request has reached the upstream (and is stalled there) before the signal is sent.
  while (clob.count(/^\/book/) === before) await new Promise((r) => setTimeout(r, 10));
  s.proc.kill('SIGTERM');
  const r = await inflight;
  expect(r.status, r.text).toBe(200);
  expect(r.json.asset_id).toBe(P.normal);
  // No second signal: one sent while the process is already tearing down (its signal handlers
  // gone with the event loop) would meet the default action, which is not what is tested here.
  expect(await s.exited()).toBe(0);
  const err = s.stderr();
  const signal = err.indexOf('SIGTERM: finishing in-flight requests');
  const logged = err.indexOf('GET /v1/orderbook/fetch_orderbook 200');
  expect(signal).toBeGreaterThan(-1);
  expect(logged).toBeGreaterThan(signal);
  expect(err).toMatch(/\[pmt serve\] stopped\n$/);
});
