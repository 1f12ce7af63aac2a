/**
 * The book stream end to end: the built `pmt serve` against the stream doubles, several SSE
 * clients on one Kalshi asset: one upstream connection and subscription, every client gets the
 * snapshot and the deltas an order placed at the exchange causes; the upstream closes with the
 * last client. Build first (`npm run build`).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bookEnv, type BookEnv } from '../commands/book-fixture.js';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import { startServe, type ServeProcess } from './process.js';
import { TOKEN } from './helpers.js';

let t: BookEnv;
let s: ServeProcess;
beforeAll(async () => {
  t = await bookEnv();
  s = await startServe([], { ...t.env(), PMT_SERVE_TOKEN: TOKEN });
});
afterAll(async () => {
  await s?.stop();
  await t?.d.close();
});

async function client() {
  const ctrl = new AbortController();
  const res = await fetch(`${s.url}/v1/orderbook/stream?asset_id=${K.normal}`, { headers: { authorization: `Bearer ${TOKEN}` }, signal: ctrl.signal });
  const events: Array<Record<string, unknown>> = [];
  void (async () => {
    let buf = '';
    try {
      for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += Buffer.from(c).toString('utf8');
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const data = /^data: (.*)$/m.exec(buf.slice(0, i))?.[1];
          buf = buf.slice(i + 2);
          if (data) events.push(JSON.parse(data));
        }
      }
    } catch {
      /* closed */
    }
  })();
  return { res, events, close: () => ctrl.abort() };
}

const until = async (pred: () => boolean, what: string) => {
  for (let i = 0; i < 400 && !pred(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!pred()) throw new Error(`never: ${what}`);
};

it('three SSE clients share one upstream subscription and all see the same deltas', async () => {
  const stats = t.d.kalshi.stream.stats;
  const subs = stats.subscribes;
  const cs = [await client(), await client(), await client()];
  for (const c of cs) expect(c.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  await until(() => cs.every((c) => c.events.length >= 1), 'a snapshot for every client');
  expect(stats.subscribes - subs).toBe(1);
  expect(t.d.kalshi.stream.connections()).toHaveLength(1);
  t.d.kalshi.stream.delta(K.normal, 'yes', 0.43, 9);
  await until(() => cs.every((c) => c.events.some((e) => e.kind === 'delta')), 'the delta at every client');
  for (const c of cs) expect(c.events.find((e) => e.kind === 'delta')).toMatchObject({ changes: [{ side: 'bid', price: 0.43, size: 9 }] });
  t.d.kalshi.stream.delta(K.normal, 'yes', 0.43, -9);
  for (const c of cs) c.close();
  await until(() => t.d.kalshi.stream.connections().length === 0 || t.d.kalshi.stream.connections().every((x) => x.subs.length === 0), 'the upstream closed');
});

it('one hostile Polymarket frame (a level over 1e12) ends nothing: serve answers, the client gets clear (invalid_data) and the verified book (issue 28 item 6)', async () => {
  const P = (await import('../upstream/polymarket/book-routes.js')).POLY_BOOK_TOKENS;
  const ctrl = new AbortController();
  const res = await fetch(`${s.url}/v1/orderbook/stream?asset_id=${P.normal}`, { headers: { authorization: `Bearer ${TOKEN}` }, signal: ctrl.signal });
  const events: Array<Record<string, unknown>> = [];
  void (async () => {
    let buf = '';
    try {
      for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += Buffer.from(c).toString('utf8');
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const data = /^data: (.*)$/m.exec(buf.slice(0, i))?.[1];
          buf = buf.slice(i + 2);
          if (data) events.push(JSON.parse(data));
        }
      }
    } catch {
      /* closed */
    }
  })();
  await until(() => events.some((e) => e.kind === 'snapshot'), 'the first snapshot');
  t.d.polymarket.stream.broadcastRaw(P.normal, { event_type: 'book', asset_id: P.normal, market: '0x', bids: [{ price: '0.45', size: '5e12' }], asks: [], timestamp: '1767225600999', hash: 'x' });
  t.d.polymarket.stream.broadcastRaw(P.normal, { event_type: 'last_trade_price', asset_id: P.normal, market: '0x', price: '7', size: '1e308', side: 'BUY', timestamp: '1767225600999' });
  // Both arrive before the re-read answers: one clear, one verified book.
  await until(() => events.filter((e) => e.kind === 'snapshot').length >= 2, 'the re-read book');
  expect(events.map((e) => e.kind)).toEqual(['snapshot', 'clear', 'snapshot']);
  expect(events[1]).toMatchObject({ reason: 'invalid_data' });
  expect((events[2]!.book as { bids: unknown[] }).bids[0]).toEqual({ price: 0.45, size: 100 });
  expect(events.some((e) => e.kind === 'trade')).toBe(false);
  expect(JSON.stringify(events)).not.toMatch(/5000000000000|5e\+12|1e\+308/);
  // The server is alive and answers other routes.
  const r = await fetch(`${s.url}/v1/openapi.json`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.status).toBe(200);
  ctrl.abort();
});
