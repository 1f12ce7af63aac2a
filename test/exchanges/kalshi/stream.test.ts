/**
 * The Kalshi book stream against the loopback WebSocket double: signed upgrade, snapshot then
 * deltas, NO on its own scale, a sequence gap (clear + resubscribe + new snapshot), a dropped
 * connection (clear reconnect + new snapshot), silence (clear stale), and an order placed
 * through REST arriving as a delta.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterConfig } from '../../../src/context.js';
import { resolveCredentials } from '../../../src/credentials.js';
import { AppliedBook } from '../../../src/exchanges/book-state.js';
import { KalshiClient } from '../../../src/exchanges/kalshi/client.js';
import { watchBook } from '../../../src/exchanges/kalshi/stream.js';
import type { BookStream, BookUpdate, StreamState } from '../../../src/exchanges/stream.js';
import { makeKalshiKey, type KalshiKeyPair } from '../../upstream/kalshi/auth.js';
import { KALSHI_BOOK_TICKERS as T } from '../../upstream/kalshi/book-routes.js';
import { createKalshiDouble, type KalshiDouble } from '../../upstream/kalshi/index.js';

let k: KalshiDouble;
let key: KalshiKeyPair;
let open: BookStream[] = [];

beforeAll(async () => {
  k = createKalshiDouble();
  await k.double.start();
  key = makeKalshiKey();
  k.auth.register(key.keyId, key.publicKey);
});
afterAll(async () => {
  k.stream.close();
  await k.double.close();
});
afterEach(() => {
  for (const s of open) s.close();
  open = [];
  Object.assign(k.stream.faults, { silent: false, skipSeq: 0, maxBufferedBytes: Infinity });
});

function client(creds: boolean | KalshiKeyPair = true, extra: Record<string, string> = {}): KalshiClient {
  const kp = creds === true ? key : creds || undefined;
  const env = kp ? { KALSHI_API_KEY_ID: kp.keyId, KALSHI_PRIVATE_KEY: kp.privatePem } : {};
  const cfg: AdapterConfig = {
    env: { ...extra },
    urls: { kalshi: k.double.url, gamma: 'http://127.0.0.1:9', clob: 'http://127.0.0.1:9', kalshiWs: k.stream.url(k.double) },
    environment: 'custom',
    credentials: async () => resolveCredentials({ env, profile: undefined, profileName: null }),
    now: Date.now,
  };
  return new KalshiClient(cfg);
}

/** Watch a ticker; collects events, applies them, and resolves waits on predicates. */
function watch(ticker: string, opts: { outcome?: string; env?: Record<string, string>; creds?: boolean | KalshiKeyPair } = {}) {
  const events: BookUpdate[] = [];
  const states: StreamState[] = [];
  const applied = new AppliedBook();
  let fatal: Error | undefined;
  const waiters: Array<() => void> = [];
  const s = watchBook(client(opts.creds ?? true, opts.env), ticker, {
    outcome: opts.outcome,
    onUpdate: (u) => {
      events.push(u);
      applied.apply(u);
      waiters.forEach((w) => w());
    },
    onState: (st) => states.push(st),
    onFatal: (e) => {
      fatal = e;
      waiters.forEach((w) => w());
    },
  });
  open.push(s);
  const until = (pred: () => boolean, ms = 4000) =>
    new Promise<void>((resolve, reject) => {
      if (pred()) return resolve();
      const t = setTimeout(() => reject(new Error(`timeout; events: ${events.map((e) => e.kind).join(',')}`)), ms);
      waiters.push(() => pred() && (clearTimeout(t), resolve()));
    });
  return { events, states, applied, until, fatal: () => fatal, kinds: () => events.map((e) => (e.kind === 'clear' ? `clear:${e.reason}` : e.kind === 'status' ? `status:${e.state}` : e.kind)) };
}

describe('Kalshi watchBook', () => {
  it('signs the upgrade, then gives the snapshot on the YES scale and applies deltas with their seq', async () => {
    const w = watch(T.normal);
    await w.until(() => w.events.some((e) => e.kind === 'snapshot'));
    const snap = w.events.find((e) => e.kind === 'snapshot')!;
    expect(snap.kind === 'snapshot' && snap.book.bids[0]).toEqual({ price: 0.42, size: 100 });
    expect(snap.kind === 'snapshot' && snap.book.asks[0]).toEqual({ price: 0.45, size: 150 });
    expect(snap.kind === 'snapshot' && snap.seq).toBe(1);
    k.stream.delta(T.normal, 'yes', 0.43, 25);
    k.stream.delta(T.normal, 'no', 0.55, -50);
    await w.until(() => w.events.filter((e) => e.kind === 'delta').length === 2);
    const deltas = w.events.filter((e) => e.kind === 'delta');
    expect(deltas.map((d) => d.kind === 'delta' && d.changes)).toEqual([[{ side: 'bid', price: 0.43, size: 25 }], [{ side: 'ask', price: 0.45, size: 100 }]]);
    expect(deltas.map((d) => d.kind === 'delta' && d.seq)).toEqual([2, 3]);
    expect(w.applied.orderbook()!.bids[0]).toEqual({ price: 0.43, size: 25 });
    // undo for the next tests
    k.stream.delta(T.normal, 'yes', 0.43, -25);
    k.stream.delta(T.normal, 'no', 0.55, 50);
  });

  it('with outcome no, prices the NO book: bids = NO bids, asks = 1 − YES bids', async () => {
    const w = watch(T.normal, { outcome: 'no' });
    await w.until(() => w.applied.live);
    const b = w.applied.orderbook()!;
    expect(b.bids[0]).toEqual({ price: 0.55, size: 150 });
    expect(b.asks[0]).toEqual({ price: 0.58, size: 100 });
    k.stream.delta(T.normal, 'yes', 0.42, 10);
    await w.until(() => w.events.some((e) => e.kind === 'delta'));
    expect(w.applied.orderbook()!.asks[0]).toEqual({ price: 0.58, size: 110 });
    k.stream.delta(T.normal, 'yes', 0.42, -10);
  });

  it('a sequence gap clears the book, resubscribes and rebuilds it from a new snapshot', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    const subscribes = k.stream.stats.subscribes;
    k.stream.faults.skipSeq = 1;
    k.stream.delta(T.normal, 'yes', 0.3, 5); // lost from the client's view: seq jumps by 2
    await w.until(() => w.kinds().filter((x) => x === 'snapshot').length === 2);
    expect(w.kinds()).toEqual(['snapshot', 'clear:sequence_gap', 'snapshot']);
    expect(k.stream.stats.subscribes).toBe(subscribes + 1);
    // the rebuilt book has the level the gap hid
    expect(w.applied.orderbook()!.bids.find((l) => l.price === 0.3)).toEqual({ price: 0.3, size: 5 });
    k.stream.delta(T.normal, 'yes', 0.3, -5);
  });

  it('a dropped connection is a clear (reconnect), then a new snapshot on a new connection', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    k.stream.dropConnections();
    await w.until(() => w.kinds().filter((x) => x === 'snapshot').length === 2);
    // The script hears the state too: reconnecting (with the wait), then live again.
    expect(w.kinds()).toEqual(['snapshot', 'clear:reconnect', 'status:reconnecting', 'snapshot', 'status:live']);
    const st = w.events.find((e) => e.kind === 'status')!;
    expect(st).toMatchObject({ kind: 'status', asset_id: T.normal, state: 'reconnecting', retry_in_ms: expect.any(Number), local_ts_ms: expect.any(Number) });
    expect(w.events.at(-1)).toMatchObject({ kind: 'status', state: 'live', retry_in_ms: null });
    expect(w.states).toContain('reconnecting');
    w.events.splice(-1); // the checks below are about the snapshot
    // seq restarts with the new connection
    expect(w.events.at(-1)!.kind === 'snapshot' && (w.events.at(-1) as { seq: number }).seq).toBe(1);
  });

  it('silence longer than the heartbeat period is a clear (stale), and the stream recovers', async () => {
    const w = watch(T.normal, { env: { PMT_STREAM_HEARTBEAT_MS: '150' } });
    await w.until(() => w.applied.live);
    k.stream.faults.silent = true;
    await w.until(() => w.kinds().includes('clear:stale'));
    k.stream.faults.silent = false;
    await w.until(() => w.kinds().filter((x) => x === 'snapshot').length === 2);
    expect(w.kinds().slice(0, 6)).toEqual(['snapshot', 'clear:stale', 'status:stale', 'status:reconnecting', 'snapshot', 'status:live']);
  });

  it('a delta of 1e308 contracts or at price 7 is never emitted: clear (invalid_data), resubscribe, a new snapshot (issue 28 item 6)', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    k.stream.rawDelta(T.normal, { price_dollars: '0.3000', delta_fp: '1e308', side: 'yes', ts_ms: Date.now() });
    await w.until(() => w.kinds().filter((x) => x === 'snapshot').length === 2);
    k.stream.rawDelta(T.normal, { price_dollars: '7.0000', delta_fp: '5.00', side: 'yes', ts_ms: Date.now() });
    await w.until(() => w.kinds().filter((x) => x === 'snapshot').length === 3);
    expect(w.kinds()).toEqual(['snapshot', 'clear:invalid_data', 'snapshot', 'clear:invalid_data', 'snapshot']);
    expect(w.events.some((e) => e.kind === 'delta')).toBe(false);
    expect(w.applied.orderbook()!.bids.find((l) => l.price === 0.3)).toBeUndefined();
  });

  it('the exchange dropping a slow consumer is a reconnect: clear, then a new snapshot', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    const dropped = k.stream.stats.slowDropped;
    k.stream.faults.maxBufferedBytes = -1; // every consumer counts as too slow
    k.stream.delta(T.normal, 'yes', 0.3, 1);
    await w.until(() => w.kinds().includes('clear:reconnect'));
    expect(k.stream.stats.slowDropped).toBeGreaterThan(dropped);
    k.stream.faults.maxBufferedBytes = Infinity;
    await w.until(() => w.kinds().filter((x) => x === 'snapshot').length === 2);
    expect(w.applied.orderbook()!.bids.find((l) => l.price === 0.3)).toEqual({ price: 0.3, size: 1 });
    k.stream.delta(T.normal, 'yes', 0.3, -1);
  });

  it('an order placed through REST shows up as a delta', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    const signed = client();
    const signer = await signed.signer('trade');
    k.orders.setBalance(key.keyId, 1000);
    k.orders.addMarket({ ticker: T.normal });
    const json = { ticker: T.normal, client_order_id: 'c-stream-1', side: 'bid', count: '7.00', price: '0.3500', time_in_force: 'good_till_canceled', self_trade_prevention_type: 'taker_at_cross' };
    const res = await signed.http.send('POST', '/portfolio/events/orders', { signer, json });
    expect(res.status).toBeLessThan(300);
    await w.until(() => w.events.some((e) => e.kind === 'delta'));
    expect(w.applied.orderbook()!.bids.find((l) => l.price === 0.35)).toEqual({ price: 0.35, size: 7 });
  });

  it('without credentials: the public REST book, polled (no WebSocket tried): a snapshot, then its changes as deltas', async () => {
    const refused = k.stream.stats.refused;
    const upgrades = k.stream.stats.upgrades;
    const w = watch(T.normal, { creds: false, env: { PMT_KALSHI_BOOK_POLL_MS: '50' } });
    await w.until(() => w.applied.live);
    expect(w.events[0]).toMatchObject({ kind: 'snapshot', seq: 1, asset_id: T.normal });
    const bids = (w.events[0] as { book: { bids: unknown[] } }).book.bids.length;
    k.stream.delta(T.normal, 'yes', 0.3, 7);
    await w.until(() => w.events.some((e) => e.kind === 'delta'));
    expect(w.events.find((e) => e.kind === 'delta')).toMatchObject({ kind: 'delta', seq: 2, changes: [{ side: 'bid', price: 0.3, size: 7 }] });
    expect(w.applied.orderbook()!.bids.at(-1)).toEqual({ price: 0.3, size: 7 });
    k.stream.delta(T.normal, 'yes', 0.3, -7);
    await w.until(() => w.applied.orderbook()!.bids.length === bids);
    expect(w.fatal()).toBeUndefined();
    expect(k.stream.stats.refused).toBe(refused);
    expect(k.stream.stats.upgrades).toBe(upgrades);
  });

  it('the signed upgrade over plain ws:// to a host that is not loopback is refused before connecting (Config, naming wss)', async () => {
    const c = client(true);
    c.cfg.urls.kalshiWs = 'ws://kalshi.example.invalid/trade-api/ws/v2';
    let fatal: (Error & { kind?: string }) | undefined;
    const events: BookUpdate[] = [];
    const s = watchBook(c, T.normal, { onUpdate: (u) => events.push(u), onFatal: (e) => (fatal = e) });
    open.push(s);
    for (let i = 0; i < 100 && !fatal; i++) await new Promise((r) => setTimeout(r, 10));
    expect(fatal?.kind).toBe('Config');
    expect(fatal?.message).toMatch(/not wss/);
    expect(events).toEqual([]);
  });

  it('the double checks the RSA-PSS upgrade headers: an unknown key is refused, as Authentication', async () => {
    const refused = k.stream.stats.refused;
    const w = watch(T.normal, { creds: makeKalshiKey('ffffffff-0000-4000-8000-000000000bad') });
    await w.until(() => w.fatal() !== undefined);
    expect((w.fatal() as { kind?: string }).kind).toBe('Authentication');
    expect(k.stream.stats.refused).toBe(refused + 1);
    expect(w.events).toEqual([]);
  });

  it('an unknown market is MarketNotFound', async () => {
    const w = watch('KXNOPE-00');
    await w.until(() => w.fatal() !== undefined);
    expect((w.fatal() as { kind?: string }).kind).toBe('MarketNotFound');
  });
});

describe('trade direction on the stream (canonical fields)', () => {
  it('a trade message with only taker_outcome_side / taker_book_side names its aggressor', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    k.stream.wire.canonicalOnly = true;
    try {
      k.stream.trade(T.normal, 0.45, 3, 'no');
      await w.until(() => w.events.some((e) => e.kind === 'trade'));
      const t = w.events.find((e) => e.kind === 'trade') as { trade: { aggressor_side: string | null; price: number } };
      // The taker bought NO: on the YES book that is a sell at 0.45.
      expect(t.trade).toMatchObject({ aggressor_side: 'sell', price: 0.45 });
    } finally {
      k.stream.wire.canonicalOnly = false;
    }
  });
});
