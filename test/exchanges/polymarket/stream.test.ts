/**
 * The Polymarket book stream against the loopback market-channel double: book snapshot,
 * price_change deltas, trades, tick size, a lost change caught by the next book's hash (clear
 * hash_mismatch, then the exchange's book), a dropped connection, silence, PING heartbeats.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterConfig } from '../../../src/context.js';
import { AppliedBook } from '../../../src/exchanges/book-state.js';
import { PolymarketClient } from '../../../src/exchanges/polymarket/client.js';
import { watchBook } from '../../../src/exchanges/polymarket/stream.js';
import type { BookStream, BookUpdate } from '../../../src/exchanges/stream.js';
import { POLY_BOOK_TOKENS as T } from '../../upstream/polymarket/book-routes.js';
import { createPolymarketDoubles, type PolymarketDoubles } from '../../upstream/polymarket/index.js';

let p: PolymarketDoubles;
let open: BookStream[] = [];

beforeAll(async () => {
  p = createPolymarketDoubles();
  await Promise.all([p.clobDouble.start(), p.gammaDouble.start()]);
});
afterAll(async () => {
  p.stream.close();
  await Promise.all([p.clobDouble.close(), p.gammaDouble.close()]);
});
afterEach(() => {
  for (const s of open) s.close();
  open = [];
  Object.assign(p.stream.faults, { silent: false, losePriceChanges: 0, maxBufferedBytes: Infinity, corruptBooks: 0 });
  p.books.faults.corruptSummaries = 0;
});

function client(env: Record<string, string> = {}): PolymarketClient {
  const cfg: AdapterConfig = {
    env: { ...env },
    urls: { kalshi: 'http://127.0.0.1:9/trade-api/v2', gamma: p.gammaDouble.url, clob: p.clobDouble.url, polymarketWs: p.stream.url(p.clobDouble) },
    credentials: async () => ({}) as never,
    now: Date.now,
  };
  return new PolymarketClient(cfg);
}

function watch(token: string, env: Record<string, string> = {}) {
  const events: BookUpdate[] = [];
  const details: string[] = [];
  const applied = new AppliedBook();
  const waiters: Array<() => void> = [];
  const s = watchBook(client(env), token, {
    onUpdate: (u) => {
      events.push(u);
      applied.apply(u);
      waiters.forEach((w) => w());
    },
    onState: (_s, d) => {
      if (d) details.push(d);
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
  return { events, details, applied, until, kinds: () => events.map((e) => (e.kind === 'clear' ? `clear:${e.reason}` : e.kind === 'status' ? `status:${e.state}` : e.kind)) };
}

describe('Polymarket watchBook', () => {
  it('subscribes to the token and gives its book with the exchange hash, then applies price_change', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    const snap = w.events[0]!;
    expect(snap.kind === 'snapshot' && snap.book.bids[0]).toEqual({ price: 0.45, size: 100 });
    expect(snap.kind === 'snapshot' && snap.book.asks[0]).toEqual({ price: 0.46, size: 150 });
    expect(snap.kind === 'snapshot' && snap.book.hash).toMatch(/^[0-9a-f]{40}$/);
    p.stream.priceChange(T.normal, 'BUY', '0.45', '120');
    p.stream.priceChange(T.normal, 'SELL', '0.46', '0');
    await w.until(() => w.events.filter((e) => e.kind === 'delta').length === 2);
    expect(w.applied.orderbook()!.bids[0]).toEqual({ price: 0.45, size: 120 });
    expect(w.applied.orderbook()!.asks[0]).toEqual({ price: 0.47, size: 250 });
    // A book that agrees with what was applied is no mismatch.
    p.stream.sendBook(T.normal);
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 2);
    expect(w.kinds()).toEqual(['snapshot', 'delta', 'delta', 'snapshot']);
    p.stream.priceChange(T.normal, 'BUY', '0.45', '100');
    p.stream.priceChange(T.normal, 'SELL', '0.46', '150');
  });

  it('a lost change makes the next book hash mismatch: clear (hash_mismatch), then the exchange book', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.faults.losePriceChanges = 1;
    p.stream.priceChange(T.normal, 'BUY', '0.44', '999'); // the double's book moves, the client never hears
    p.stream.sendBook(T.normal);
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 2);
    expect(w.kinds()).toEqual(['snapshot', 'clear:hash_mismatch', 'snapshot']);
    expect(w.applied.orderbook()!.bids[1]).toEqual({ price: 0.44, size: 999 });
    p.stream.priceChange(T.normal, 'BUY', '0.44', '200');
  });

  it('custom feature: a lost change is caught by best_bid_ask at once (clear, the verified book re-read), before any new book', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.faults.losePriceChanges = 1;
    p.stream.priceChange(T.normal, 'BUY', '0.455', '10'); // a new best bid the client never hears of
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 2);
    expect(w.kinds()).toEqual(['snapshot', 'clear:hash_mismatch', 'snapshot']);
    expect(w.applied.orderbook()!.bids[0]).toEqual({ price: 0.455, size: 10 });
    p.stream.priceChange(T.normal, 'BUY', '0.455', '0');
  });

  it('custom feature: market_resolved is reported with the winner', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.resolveMarket([T.normal], { tokenId: T.normal, outcome: 'Yes' });
    await w.until(() => w.details.some((d) => /market resolved: Yes won/.test(String(d))));
  });

  it('also reads the older price_change shape (asset at the top, `changes`)', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.broadcastRaw(T.normal, { event_type: 'price_change', asset_id: T.normal, market: '0x', changes: [{ price: '0.45', size: '55', side: 'BUY' }], timestamp: '1767225600999' });
    await w.until(() => w.events.some((e) => e.kind === 'delta'));
    expect(w.applied.orderbook()!.bids[0]).toEqual({ price: 0.45, size: 55 });
    const d = w.events.find((e) => e.kind === 'delta')!;
    expect(d.kind === 'delta' && d.exchange_ts).toBe('2026-01-01T00:00:00.999Z');
  });

  it('last_trade_price is a trade; tick_size_change is reported', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.trade(T.normal, '0.46', '12.5', 'BUY');
    p.stream.tickSize(T.normal, '0.01', '0.001');
    await w.until(() => w.events.some((e) => e.kind === 'trade') && w.details.includes('tick 0.001'));
    const t = w.events.find((e) => e.kind === 'trade')!;
    expect(t.kind === 'trade' && t.trade).toMatchObject({ price: 0.46, size: 12.5, aggressor_side: 'buy' });
    p.stream.tickSize(T.normal, '0.001', '0.01');
  });

  it('a dropped connection is clear (reconnect), then a new book', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.dropConnections();
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 2);
    expect(w.kinds()).toEqual(['snapshot', 'clear:reconnect', 'status:reconnecting', 'snapshot', 'status:live']);
    expect(w.events[2]).toMatchObject({ kind: 'status', asset_id: T.normal, state: 'reconnecting', retry_in_ms: expect.any(Number) });
  });

  it('sends PING at the heartbeat period; silence beyond it is clear (stale)', async () => {
    const pings = p.stream.stats.pings;
    const w = watch(T.normal, { PMT_STREAM_HEARTBEAT_MS: '100' });
    await w.until(() => w.applied.live);
    await new Promise((r) => setTimeout(r, 350));
    expect(p.stream.stats.pings).toBeGreaterThan(pings + 1);
    expect(w.kinds()).toEqual(['snapshot']); // PONGs keep it alive
    p.stream.faults.silent = true;
    await w.until(() => w.kinds().includes('clear:stale'));
    p.stream.faults.silent = false;
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 2);
  });
});

/** Every size any snapshot or delta carried (a corrupt level must never be among them). */
const sizesSeen = (events: BookUpdate[]) =>
  events.flatMap((e) => (e.kind === 'snapshot' ? [...e.book.bids, ...e.book.asks].map((l) => l.size) : e.kind === 'delta' ? e.changes.map((c) => c.size) : []));

describe('Polymarket watchBook never adopts unverified levels (issue 21 item 8)', () => {
  it('the first book of a connection is checked: levels that do not give their hash are re-read from GET /book, verified', async () => {
    p.stream.faults.corruptBooks = 1;
    const served = p.books.served.count;
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    expect(w.kinds()).toEqual(['snapshot']);
    expect(w.applied.orderbook()!.bids[0]).toEqual({ price: 0.45, size: 100 });
    expect(sizesSeen(w.events)).not.toContain(999999);
    expect(p.books.served.count).toBe(served + 1);
  });

  it('a corrupt book while the applied one gives the announced hash: the local book stays, no clear', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.faults.corruptBooks = 1;
    p.stream.sendBook(T.normal);
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 2);
    expect(w.kinds()).toEqual(['snapshot', 'snapshot']);
    expect(w.applied.orderbook()!.bids[0]).toEqual({ price: 0.45, size: 100 });
    expect(sizesSeen(w.events)).not.toContain(999999);
  });

  it('a corrupt book after a lost change: clear (hash_mismatch), then the re-read, verified book, never the corrupt levels', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.faults.losePriceChanges = 1;
    p.stream.priceChange(T.normal, 'BUY', '0.44', '777');
    p.stream.faults.corruptBooks = 1;
    p.stream.sendBook(T.normal);
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 2);
    expect(w.kinds()).toEqual(['snapshot', 'clear:hash_mismatch', 'snapshot']);
    expect(w.applied.orderbook()!.bids.slice(0, 2)).toEqual([{ price: 0.45, size: 100 }, { price: 0.44, size: 777 }]);
    expect(sizesSeen(w.events)).not.toContain(999999);
    const snap = w.events.at(-1)!;
    expect(snap.kind === 'snapshot' && snap.book.hash).toMatch(/^[0-9a-f]{40}$/);
    p.stream.priceChange(T.normal, 'BUY', '0.44', '200');
  });

  it('when GET /book does not verify either, it resubscribes (a new connection) and adopts only a verified book', async () => {
    p.stream.faults.corruptBooks = 1;
    p.books.faults.corruptSummaries = 1;
    const connections = p.stream.stats.connections;
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    expect(w.kinds()).toEqual(['status:reconnecting', 'snapshot', 'status:live']);
    expect(p.stream.stats.connections).toBe(connections + 2);
    expect(sizesSeen(w.events)).not.toContain(999999);
    expect(sizesSeen(w.events)).not.toContain(123456);
  });
});

describe('Polymarket watchBook range checks (issue 28 item 6)', () => {
  it('a book level over 1e12 is never emitted and ends nothing: the verified book is re-read', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.broadcastRaw(T.normal, { event_type: 'book', asset_id: T.normal, market: '0x', bids: [{ price: '0.45', size: '5e12' }], asks: [], timestamp: '1767225600999', hash: 'x' });
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 2);
    expect(w.kinds()).toEqual(['snapshot', 'clear:invalid_data', 'snapshot']);
    expect(w.applied.orderbook()!.bids[0]).toEqual({ price: 0.45, size: 100 });
  });

  it('a change of size 1e308 or a trade at price 7 is never emitted: clear (invalid_data) and a re-read', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.broadcastRaw(T.normal, { event_type: 'price_change', market: '0x', price_changes: [{ asset_id: T.normal, price: '0.45', size: '1e308', side: 'BUY' }], timestamp: '1767225600999' });
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 2);
    p.stream.broadcastRaw(T.normal, { event_type: 'last_trade_price', asset_id: T.normal, market: '0x', price: '7', size: '10', side: 'BUY', timestamp: '1767225600999' });
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 3);
    expect(w.kinds()).toEqual(['snapshot', 'clear:invalid_data', 'snapshot', 'clear:invalid_data', 'snapshot']);
    expect(sizesSeen(w.events)).not.toContain(1e308);
    expect(w.applied.orderbook()!.bids[0]).toEqual({ price: 0.45, size: 100 });
  });

  it('a frame larger than any book (5 MiB) is refused by size: the connection is re-opened, the stream goes on', async () => {
    const w = watch(T.normal);
    await w.until(() => w.applied.live);
    p.stream.sendText(T.normal, JSON.stringify({ event_type: 'noise', pad: 'x'.repeat(5 * 1024 * 1024) }));
    await w.until(() => w.kinds().filter((k) => k === 'snapshot').length === 2);
    expect(w.kinds()).toEqual(['snapshot', 'clear:reconnect', 'status:reconnecting', 'snapshot', 'status:live']);
  });
});

