/**
 * `book watch` on Polymarket US. With credentials: the markets WebSocket (`<ws>/v1/ws/markets`,
 * the upgrade signed as a GET of that path), subscribed to SUBSCRIPTION_TYPE_MARKET_DATA; each
 * `marketData` frame is the whole book: the first a snapshot, the next ones their differences as
 * one delta; `{"heartbeat": {}}` keeps it alive; a drop or silence is `clear` and a new snapshot
 * follows the reconnect. Without credentials (the venue takes only signed connections): the public
 * gateway's book (`GET /v1/markets/{slug}/book`), read every PMT_POLYMARKET_US_BOOK_POLL_MS (1 s),
 * as Kalshi's without keys. A failed read is `clear` (`reconnect`) with a `status`; a value no book
 * holds is `clear` (`invalid_data`). An unknown market or a usage error ends the stream.
 */
import { PmtError } from '../../errors.js';
import { levelDiff } from '../book-state.js';
import { complementBook, isInvalidBookError } from '../levels.js';
import { backoffMs, heartbeatMs, ReconnectingSocket } from '../ws.js';
import { StatusReporter, type BookStream, type BookUpdate, type WatchBookOptions } from '../stream.js';
import type { Orderbook } from '../types.js';
import { fetchOrderbook, parseBook } from './book.js';
import { origin, type PolymarketUsClient } from './client.js';
import { polymarketUs } from './manifest.js';
import { bookOutcome, slugOf } from './markets.js';

function pollMs(env: NodeJS.ProcessEnv): number {
  const v = Number(env.PMT_POLYMARKET_US_BOOK_POLL_MS);
  return Number.isFinite(v) && v >= 50 ? v : 1000;
}

const ends = (e: unknown) => e instanceof PmtError && (e.kind === 'MarketNotFound' || e.kind === 'Config' || e.usage === true);

export function watchBook(c: PolymarketUsClient, assetId: string, opts: WatchBookOptions): BookStream {
  const slug = slugOf(assetId);
  bookOutcome(opts.outcome);
  let closed = false;
  let inner: BookStream | undefined;
  c.cfg.credentials().then(
    (creds) => {
      if (closed) return;
      inner = creds.polymarketUs ? watchSigned(c, slug, opts) : pollBook(c, slug, opts);
    },
    (e: unknown) => {
      if (!closed) opts.onFatal?.(e instanceof Error ? e : new Error(String(e)));
    },
  );
  return {
    close: () => {
      closed = true;
      inner?.close();
    },
  };
}

const WS_PATH = '/v1/ws/markets';

/**
 * A venue WebSocket (`<PMT_POLYMARKET_US_WS_URL><path>`) and its upgrade headers, signed as a GET
 * of the path with the REST signer, afresh for each connection (the timestamp must be recent).
 */
export function signedSocket(c: PolymarketUsClient, path: string): { url: string; headers: () => Promise<Record<string, string>> } {
  const base = origin(c.cfg.urls.pmusWs ?? polymarketUs.urls.pmusWs.default);
  return { url: base + path, headers: async () => (await c.signer())({ method: 'GET', signPath: path, body: undefined }) };
}
/** The venue sends heartbeats; silence longer than this is `stale`. */
const HEARTBEAT_MS = 30_000;

function watchSigned(c: PolymarketUsClient, slug: string, opts: WatchBookOptions): BookStream {
  const no = bookOutcome(opts.outcome) === 'no';
  const now = () => c.cfg.now();
  const emit = (u: BookUpdate) => opts.onUpdate(u);
  const status = new StatusReporter(slug, now, emit);
  let last: Orderbook | null = null;
  let seq = 0;
  const clear = (reason: 'reconnect' | 'stale' | 'invalid_data') => {
    if (last === null) return;
    last = null;
    emit({ kind: 'clear', asset_id: slug, seq: ++seq, local_ts_ms: now(), reason });
  };
  const socket = new ReconnectingSocket({
    ...signedSocket(c, WS_PATH),
    label: 'Polymarket US',
    heartbeatMs: heartbeatMs(c.cfg.env, HEARTBEAT_MS),
    onOpen: (send) => send(JSON.stringify({ subscribe: { requestId: `pmt-book-${slug}`, subscriptionType: 'SUBSCRIPTION_TYPE_MARKET_DATA', marketSlugs: [slug] } })),
    onMessage: (text) => {
      let m: Record<string, unknown>;
      try {
        m = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return;
      }
      if ('heartbeat' in m) return;
      if (typeof m.error === 'string') {
        const e = /not found/i.test(m.error) ? new PmtError('MarketNotFound', `Polymarket US has no market "${slug}"`) : new PmtError('Api', `Polymarket US stream: ${m.error}`);
        socket.close();
        opts.onState?.('closed', e.message);
        opts.onFatal?.(e);
        return;
      }
      const d = m.marketData as Record<string, unknown> | undefined;
      if (!d || d.marketSlug !== slug) return;
      let b: Orderbook;
      try {
        const yes = parseBook(slug, d, now());
        b = no ? complementBook(yes) : yes;
      } catch (e) {
        if (isInvalidBookError(e)) return clear('invalid_data');
        throw e;
      }
      if (last === null) {
        seq = 0;
        emit({ kind: 'snapshot', asset_id: slug, seq: ++seq, exchange_ts: b.timestamp, local_ts_ms: now(), book: b });
        status.live();
        opts.onState?.('live');
      } else {
        const changes = [...levelDiff('bid', last.bids, b.bids), ...levelDiff('ask', last.asks, b.asks)];
        if (changes.length) emit({ kind: 'delta', asset_id: slug, seq: ++seq, exchange_ts: b.timestamp, local_ts_ms: now(), changes });
      }
      last = b;
    },
    onDrop: (why) => clear(why),
    onState: opts.onState,
    onFatal: opts.onFatal,
    status,
  });
  socket.start();
  return { close: () => socket.close() };
}

function pollBook(c: PolymarketUsClient, slug: string, opts: WatchBookOptions): BookStream {
  const outcome = bookOutcome(opts.outcome);
  const every = pollMs(c.cfg.env);
  const now = () => c.cfg.now();
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let last: Orderbook | null = null;
  let seq = 0;
  let failures = 0;
  const emit = (u: BookUpdate) => {
    if (!closed) opts.onUpdate(u);
  };
  const status = new StatusReporter(slug, now, emit);

  async function read(): Promise<void> {
    if (closed) return;
    let wait = every;
    try {
      const b = await fetchOrderbook(c, slug, outcome);
      if (closed) return;
      failures = 0;
      if (last === null) {
        seq = 0;
        emit({ kind: 'snapshot', asset_id: slug, seq: ++seq, exchange_ts: b.timestamp, local_ts_ms: now(), book: b });
        status.live();
        opts.onState?.('live', 'public book: polled');
      } else {
        const changes = [...levelDiff('bid', last.bids, b.bids), ...levelDiff('ask', last.asks, b.asks)];
        if (changes.length) emit({ kind: 'delta', asset_id: slug, seq: ++seq, exchange_ts: b.timestamp, local_ts_ms: now(), changes });
      }
      last = b;
    } catch (e) {
      if (closed) return;
      if (ends(e)) {
        closed = true;
        opts.onState?.('closed', e instanceof Error ? e.message : String(e));
        opts.onFatal?.(e instanceof Error ? e : new Error(String(e)));
        return;
      }
      if (last !== null) {
        last = null;
        emit({ kind: 'clear', asset_id: slug, seq: ++seq, local_ts_ms: now(), reason: isInvalidBookError(e) ? 'invalid_data' : 'reconnect' });
      }
      wait = backoffMs(failures++);
      status.reconnecting(wait);
      opts.onState?.('reconnecting', `retrying in ${(wait / 1000).toFixed(1)} s`);
    }
    if (!closed) timer = setTimeout(() => void read(), wait);
  }

  opts.onState?.('connecting');
  void read();
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
      opts.onState?.('closed');
    },
  };
}
