/**
 * The stream fan-out under load (issue 28 item 8), structurally (no timed assertions; the latency
 * goal is measured by `node bench/serve-fanout.mjs`): the work per event does not grow with the
 * number of clients (events are written to each client in batches, one write per client per
 * flush), a client that never reads is held to its bounded queue and then dropped, the upstream
 * subscription count returns to 0, and a client that leaves while its asset is being resolved
 * never joins (its upstream subscription is never left open).
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { BookUpdate, WatchBookOptions } from '../../src/exchanges/stream.js';
import { streamHubOf } from '../../src/serve/app.js';
import { StreamHub, type Sink } from '../../src/serve/stream-hub.js';
import { startApp, TOKEN } from './helpers.js';

const A = 'KXFAN-26';
const delta = (seq: number): BookUpdate => ({ kind: 'delta', asset_id: A, seq, exchange_ts: '2026-04-01T12:00:00.000Z', local_ts_ms: seq, changes: [{ side: 'bid', price: 0.3 + (seq % 50) / 1000, size: seq % 7 }] });
const snapshot: BookUpdate = { kind: 'snapshot', asset_id: A, seq: 1, exchange_ts: '2026-04-01T12:00:00.000Z', local_ts_ms: 1, book: { asset_id: A, bids: [{ price: 0.4, size: 10 }], asks: [{ price: 0.6, size: 5 }], hash: null, last_update_id: null, timestamp: '2026-04-01T12:00:00.000Z' } };

/** A client connection: counts writes, keeps what it was sent; a never-reading one is always full. */
function sink(reads: boolean) {
  const s = { writes: 0, text: '', ended: false, drain: undefined as undefined | (() => void) };
  const k: Sink = {
    write: (f) => {
      s.writes += 1;
      s.text += typeof f === 'string' ? f : Buffer.from(f).toString('utf8');
      return reads;
    },
    onDrain: (fn) => (s.drain = fn),
    end: (f) => {
      if (f) s.text += f;
      s.ended = true;
    },
  };
  return { s, k };
}

function upstream() {
  const u = { opts: undefined as WatchBookOptions | undefined, opened: 0, closed: 0 };
  const open = (o: WatchBookOptions) => {
    u.opts = o;
    u.opened += 1;
    return { close: () => void (u.closed += 1) };
  };
  return { u, open };
}

const flushed = () => new Promise((r) => setTimeout(r, 30));

describe('StreamHub fan-out bounds', () => {
  it('300 clients (half never reading), 2,000 events: one write per client per flush, slow clients dropped at their bound, subscriptions back to 0', async () => {
    const hub = new StreamHub({ maxQueuedBytes: 64 * 1024, flushMs: 10, maxBatchBytes: 32 * 1024 });
    const { u, open } = upstream();
    const clients = Array.from({ length: 300 }, (_, i) => sink(i % 2 === 0));
    const leave = clients.map((c) => hub.join('k', A, c.k, open));
    expect(u.opened).toBe(1);
    u.opts!.onUpdate(snapshot);
    for (let i = 2; i <= 2001; i++) u.opts!.onUpdate(delta(i));
    await flushed();
    // Every event reached every reading client, in order, in a few batched writes (not 2,000).
    const readers = clients.filter((_, i) => i % 2 === 0);
    const bytes = readers[0]!.s.text.length;
    for (const r of readers) {
      const seqs = [...r.s.text.matchAll(/"seq":(\d+)/g)].map((m) => Number(m[1]));
      expect(seqs).toEqual(Array.from({ length: 2001 }, (_, i) => i + 1));
      expect(r.s.writes).toBeLessThanOrEqual(Math.ceil(bytes / (32 * 1024)) + 2);
      expect(r.s.ended).toBe(false);
    }
    // The never-reading half: held to the bound, then dropped with a final clear (stale).
    for (const c of clients.filter((_, i) => i % 2 === 1)) {
      expect(c.s.ended).toBe(true);
      expect(c.s.text.trimEnd().split('\n\n').at(-1)).toMatch(/"kind":"clear".*"reason":"stale"/);
    }
    expect(hub.clientCount).toBe(150);
    expect(hub.queuedFrames).toBe(0);
    for (const l of leave) l();
    expect(hub.clientCount).toBe(0);
    expect(hub.upstreamCount).toBe(0);
    expect(u.closed).toBe(1);
  });

  it('a late joiner gets what the others were not sent yet inside its snapshot, then only later events (seq lines up)', async () => {
    const hub = new StreamHub({ maxQueuedBytes: 1 << 20, flushMs: 10 });
    const { u, open } = upstream();
    const a = sink(true);
    hub.join('k', A, a.k, open);
    u.opts!.onUpdate(snapshot);
    u.opts!.onUpdate(delta(2));
    const b = sink(true);
    hub.join('k', A, b.k, open);
    u.opts!.onUpdate(delta(3));
    await flushed();
    expect([...a.s.text.matchAll(/"seq":(\d+)/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3]);
    expect([...b.s.text.matchAll(/"kind":"(\w+)","asset_id":"[^"]+","seq":(\d+)/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(['snapshot:2', 'delta:3']);
  });

  it('a late joiner while the exchange is away hears the last status', async () => {
    const hub = new StreamHub({ maxQueuedBytes: 1 << 20, flushMs: 10 });
    const { u, open } = upstream();
    hub.join('k', A, sink(true).k, open);
    u.opts!.onUpdate({ kind: 'status', asset_id: A, local_ts_ms: 5, state: 'reconnecting', retry_in_ms: 4000 });
    const late = sink(true);
    hub.join('k', A, late.k, open);
    await flushed();
    expect(late.s.text).toContain('"kind":"status","asset_id":"KXFAN-26","local_ts_ms":5,"state":"reconnecting","retry_in_ms":4000');
  });
});

describe('GET /v1/orderbook/stream: a client that leaves during resolution', () => {
  it('never joins: no client and no upstream subscription stay behind', async () => {
    const s = await startApp();
    try {
      const k = s.exchanges.kalshi;
      let release!: () => void;
      k.resolveGate = new Promise<void>((r) => (release = r));
      const before = k.streams.length;
      const sockets = Array.from({ length: 20 }, () => {
        const sock = connect(Number(new URL(s.url).port), '127.0.0.1');
        sock.on('error', () => {});
        sock.write(`GET /v1/orderbook/stream?asset_id=${A} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
        return sock;
      });
      for (let i = 0; i < 500 && k.resolving < 20; i++) await new Promise((r) => setTimeout(r, 10));
      expect(k.resolving).toBe(20);
      // All 20 leave while their asset is being resolved; the server sees every socket close.
      const closed = sockets.map((sock) => new Promise((r) => sock.once('close', r)));
      for (const sock of sockets) sock.destroy();
      await Promise.all(closed);
      for (let i = 0; i < 500; i++) {
        const n = await new Promise<number>((r) => s.app.server.getConnections((_e, c) => r(c)));
        if (n === 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      k.resolveGate = undefined;
      release();
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      const hub = streamHubOf(s.app)!;
      expect(hub.clientCount).toBe(0);
      expect(hub.upstreamCount).toBe(0);
      expect(k.streams.slice(before).filter((x) => !x.closed)).toEqual([]);
    } finally {
      await s.app.close();
    }
  });
});
