/**
 * `book watch` on Polymarket US: the venue's markets WebSocket (`/v1/ws/markets`) takes only
 * signed connections, so the stream follows the public gateway's book (`GET /v1/markets/{slug}/
 * book`) instead, as Kalshi's does without keys: a snapshot, then each read's differences as one
 * delta, at most every PMT_POLYMARKET_US_BOOK_POLL_MS (1 s by default: 1 of the 20 reads/s). A
 * failed read is `clear` (`reconnect`) with a `status` naming the wait before the next; a value no
 * book holds is `clear` (`invalid_data`). An unknown market or a usage error ends the stream.
 */
import { PmtError } from '../../errors.js';
import { levelDiff } from '../book-state.js';
import { isInvalidBookError } from '../levels.js';
import { backoffMs } from '../ws.js';
import { StatusReporter, type BookStream, type BookUpdate, type WatchBookOptions } from '../stream.js';
import type { Orderbook } from '../types.js';
import { fetchOrderbook } from './book.js';
import type { PolymarketUsClient } from './client.js';
import { bookOutcome, slugOf } from './markets.js';

function pollMs(env: NodeJS.ProcessEnv): number {
  const v = Number(env.PMT_POLYMARKET_US_BOOK_POLL_MS);
  return Number.isFinite(v) && v >= 50 ? v : 1000;
}

const ends = (e: unknown) => e instanceof PmtError && (e.kind === 'MarketNotFound' || e.kind === 'Config' || e.usage === true);

export function watchBook(c: PolymarketUsClient, assetId: string, opts: WatchBookOptions): BookStream {
  const slug = slugOf(assetId);
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
