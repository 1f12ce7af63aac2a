/**
 * `GET /v1/orderbook/stream` as Server-Sent Events over real HTTP (fake adapters): bearer auth,
 * one upstream subscription shared by every client of an asset (closed when the last leaves), a
 * late joiner starting from the applied book, a slow client dropped with a final `clear` while
 * the others go on, upstream failures as `event: error`, and the OpenAPI entry.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamHubOf } from '../../src/serve/app.js';
import type { BookUpdate } from '../../src/exchanges/stream.js';
import { startApp, TOKEN } from './helpers.js';

let s: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => {
  s = await startApp({ streamLimits: { maxQueuedBytes: 64 * 1024 } });
});
afterAll(() => s.app.close());

const T = 'KXSTREAM-26';
const book = (n = 1) => ({ asset_id: T, bids: Array.from({ length: n }, (_, i) => ({ price: 0.4 - i * 1e-4, size: 10 })), asks: [{ price: 0.6, size: 5 }], hash: null, last_update_id: null, timestamp: '2026-04-01T12:00:00.000Z' });
const snapshot = (seq: number, n = 1): BookUpdate => ({ kind: 'snapshot', asset_id: T, seq, exchange_ts: '2026-04-01T12:00:00.000Z', local_ts_ms: 1, book: book(n) });
const delta = (seq: number, size: number): BookUpdate => ({ kind: 'delta', asset_id: T, seq, exchange_ts: '2026-04-01T12:00:00.000Z', local_ts_ms: 2, changes: [{ side: 'bid', price: 0.41, size }] });

/** An SSE client over fetch: parses `data:` events as they arrive. */
async function subscribe(query: string, token: string | null = TOKEN) {
  const ctrl = new AbortController();
  const res = await fetch(`${s.url}/v1/orderbook/stream?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: ctrl.signal });
  const events: Array<Record<string, unknown>> = [];
  const errors: Array<Record<string, unknown>> = [];
  let ended = false;
  const waiters: Array<() => void> = [];
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    void (async () => {
      const dec = new TextDecoder();
      let buf = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buf += dec.decode(chunk, { stream: true });
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const frame = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (data) (/^event: error$/m.test(frame) ? errors : events).push(JSON.parse(data));
          }
          waiters.forEach((w) => w());
        }
      } catch {
        /* aborted */
      }
      ended = true;
      waiters.forEach((w) => w());
    })();
  }
  const until = (pred: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (pred()) return resolve();
      const t = setTimeout(() => reject(new Error(`timeout: ${JSON.stringify(events).slice(0, 300)}`)), 4000);
      waiters.push(() => pred() && (clearTimeout(t), resolve()));
    });
  return { res, events, errors, until, ended: () => ended, close: () => ctrl.abort() };
}

const hub = () => streamHubOf(s.app)!;
const waitFor = async (pred: () => boolean) => {
  for (let i = 0; i < 200 && !pred(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(pred()).toBe(true);
};

describe('GET /v1/orderbook/stream', () => {
  it('needs the bearer token', async () => {
    const r = await subscribe(`asset_id=${T}`, null);
    expect(r.res.status).toBe(401);
    expect(await r.res.json()).toMatchObject({ kind: 'Authentication' });
  });

  it('streams BookUpdates as SSE; clients of one asset share one upstream subscription, closed with the last', async () => {
    const k = s.exchanges.kalshi;
    const before = k.streams.length;
    const a = await subscribe(`asset_id=${T}&outcome=no`);
    expect(a.res.status).toBe(200);
    expect(a.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await waitFor(() => k.streams.length === before + 1);
    const b = await subscribe(`asset_id=kalshi:${T}&outcome=No`);
    k.push(T, snapshot(1));
    k.push(T, delta(2, 3));
    await a.until(() => a.events.length === 2);
    await b.until(() => b.events.length === 2);
    expect(k.streams.length).toBe(before + 1); // one upstream for both
    expect(k.streams.at(-1)!.opts.outcome).toBe('no');
    expect(a.events.map((e) => e.kind)).toEqual(['snapshot', 'delta']);
    expect(b.events).toEqual(a.events);
    // A late joiner gets the applied book as a snapshot at the current seq, then the same events.
    const c = await subscribe(`asset_id=${T}&outcome=no`);
    await c.until(() => c.events.length === 1);
    expect(c.events[0]).toMatchObject({ kind: 'snapshot', seq: 2 });
    expect((c.events[0]!.book as { bids: unknown[] }).bids).toEqual([{ price: 0.41, size: 3 }, { price: 0.4, size: 10 }]);
    expect(hub().upstreamCount).toBe(1);
    for (const x of [a, b, c]) x.close();
    await waitFor(() => k.streams.at(-1)!.closed);
    expect(hub().clientCount).toBe(0);
    expect(hub().upstreamCount).toBe(0);
  });

  it('drops a slow client with a final clear, without holding more than its bound; others continue', async () => {
    const k = s.exchanges.kalshi;
    const fast = await subscribe(`asset_id=${T}`);
    // The slow client: a raw socket that sends the request and then never reads.
    const sock = connect((new URL(s.url).port as unknown as number), '127.0.0.1');
    sock.write(`GET /v1/orderbook/stream?asset_id=${T} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    sock.pause();
    await waitFor(() => hub().clientCount === 2);
    const stream = k.streams.at(-1)!;
    // ~40 KB per event: the socket buffers fill, then its 64 KiB queue, then it is dropped.
    for (let i = 1; i <= 400 && hub().clientCount === 2; i++) {
      stream.opts.onUpdate(snapshot(i, 1000));
      await new Promise((r) => setImmediate(r));
    }
    expect(hub().clientCount).toBe(1);
    expect(stream.closed).toBe(false); // the fast client still holds the subscription
    // What the slow client finally reads ends with a clear (reason stale).
    let text = '';
    sock.on('data', (d) => (text += d.toString()));
    sock.resume();
    // The response ends (the chunked body's last chunk), even though the connection may stay open.
    await new Promise<void>((resolve) => {
      const check = () => /\r\n0\r\n\r\n$/.test(text) && resolve();
      sock.on('data', check);
      check();
    });
    sock.destroy();
    const frames = text.split('\n\n').filter((f) => f.includes('data: '));
    expect(JSON.parse(frames.at(-1)!.slice(frames.at(-1)!.indexOf('data: ') + 6))).toMatchObject({ kind: 'clear', reason: 'stale' });
    stream.opts.onUpdate(delta(9999, 1));
    await fast.until(() => fast.events.some((e) => e.kind === 'delta'));
    fast.close();
    await waitFor(() => stream.closed);
  });

  it('SSE gets the connection status as NDJSON does: reconnecting with retry_in_ms, then live (issue 21 item 9)', async () => {
    const k = s.exchanges.kalshi;
    const a = await subscribe(`asset_id=${T}`);
    await waitFor(() => hub().clientCount === 1);
    const up = k.streams.at(-1)!;
    up.opts.onUpdate(snapshot(1));
    up.opts.onUpdate({ kind: 'clear', asset_id: T, seq: 2, local_ts_ms: 3, reason: 'reconnect' });
    up.opts.onUpdate({ kind: 'status', asset_id: T, local_ts_ms: 4, state: 'reconnecting', retry_in_ms: 1234 });
    up.opts.onUpdate(snapshot(1));
    up.opts.onUpdate({ kind: 'status', asset_id: T, local_ts_ms: 6, state: 'live', retry_in_ms: null });
    await a.until(() => a.events.length === 5);
    expect(a.events.map((e) => e.kind)).toEqual(['snapshot', 'clear', 'status', 'snapshot', 'status']);
    expect(a.events[2]).toEqual({ kind: 'status', asset_id: T, local_ts_ms: 4, state: 'reconnecting', retry_in_ms: 1234 });
    a.close();
    await waitFor(() => up.closed);
  });

  it('an upstream failure ends the stream with event: error and the error object', async () => {
    const k = s.exchanges.kalshi;
    const a = await subscribe(`asset_id=${T}`);
    await waitFor(() => hub().clientCount === 1);
    const { PmtError } = await import('../../src/errors.js');
    k.streams.at(-1)!.opts.onFatal?.(new PmtError('Authentication', 'the exchange refused the stream connection (HTTP 401)'));
    await a.until(() => a.ended());
    expect(a.errors).toEqual([{ kind: 'Authentication', message: 'the exchange refused the stream connection (HTTP 401)' }]);
    expect(hub().upstreamCount).toBe(0);
  });

  it('refuses a missing asset_id, or an outcome beside a token id (400), before any upstream; described in the OpenAPI document', async () => {
    const r = await s.call('/v1/orderbook/stream');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ kind: 'Api' });
    const opened = s.exchanges.polymarket.streams.length;
    const tok = await s.call(`/v1/orderbook/stream?asset_id=${'7'.repeat(77)}&outcome=yes`);
    expect(tok.status).toBe(400);
    expect(tok.json).toMatchObject({ kind: 'Api', message: expect.stringMatching(/outcome goes with a market id/) });
    expect(s.exchanges.polymarket.streams.length).toBe(opened);
    const doc = (await s.call('/v1/openapi.json')).json;
    const op = doc.paths['/v1/orderbook/stream'].get;
    expect(op.operationId).toBe('orderbook_stream');
    expect(Object.keys(op.responses[200].content)).toEqual(['text/event-stream']);
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['asset_id', 'exchange', 'outcome']);
  });
});
