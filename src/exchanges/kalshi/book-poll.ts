/**
 * Kalshi's book without credentials: the `orderbook_delta` channel needs a signed connection, the
 * REST book does not, so the stream follows `GET /markets/{ticker}/orderbook` (unsigned) instead:
 * a snapshot, then each poll's differences as one delta, at most every PMT_KALSHI_BOOK_POLL_MS
 * (1 s by default, well inside the read budget). No trades (they come with the signed channel).
 * A failed read is `clear` (`reconnect`) and a `status` with the wait before the next one; a value
 * no book holds is `clear` (`invalid_data`) and the next read starts over.
 */
import { PmtError } from '../../errors.js';
import { levelDiff } from '../book-state.js';
import { isInvalidBookError } from '../levels.js';
import { backoffMs } from '../ws.js';
import { StatusReporter, type BookStream, type BookUpdate, type WatchBookOptions } from '../stream.js';
import type { Orderbook } from '../types.js';
import { fetchOrderbook } from './book.js';
import type { KalshiClient } from './client.js';

const DEFAULT_POLL_MS = 1000;

function pollMs(env: NodeJS.ProcessEnv): number {
  const v = Number(env.PMT_KALSHI_BOOK_POLL_MS);
  return Number.isFinite(v) && v >= 50 ? v : DEFAULT_POLL_MS;
}

/** Failures no later read can fix end the stream. */
const fatal = (e: unknown) => e instanceof PmtError && (e.kind === 'MarketNotFound' || e.kind === 'Authentication' || e.kind === 'Config' || e.usage === true);

export function pollBook(c: KalshiClient, ticker: string, outcome: 'yes' | 'no', opts: WatchBookOptions): BookStream {
  const every = pollMs(c.cfg.env);
  const now = () => c.cfg.now();
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let book: Orderbook | null = null;
  let seq = 0;
  let failures = 0;
  const emit = (u: BookUpdate) => {
    if (!closed) opts.onUpdate(u);
  };
  const status = new StatusReporter(ticker, now, emit);

  const clear = (reason: 'reconnect' | 'invalid_data') => {
    if (!book) return;
    book = null;
    emit({ kind: 'clear', asset_id: ticker, seq: ++seq, local_ts_ms: now(), reason });
  };

  async function poll(): Promise<void> {
    if (closed) return;
    let next = every;
    try {
      const b = await fetchOrderbook(c, ticker, outcome);
      if (closed) return;
      failures = 0;
      if (!book) {
        seq = 0;
        emit({ kind: 'snapshot', asset_id: ticker, seq: ++seq, exchange_ts: b.timestamp, local_ts_ms: now(), book: b });
        status.live();
        opts.onState?.('live', 'public book: polled');
      } else {
        const changes = [...levelDiff('bid', book.bids, b.bids), ...levelDiff('ask', book.asks, b.asks)];
        if (changes.length > 0) emit({ kind: 'delta', asset_id: ticker, seq: ++seq, exchange_ts: b.timestamp, local_ts_ms: now(), changes });
      }
      book = b;
    } catch (e) {
      if (closed) return;
      if (fatal(e)) {
        closed = true;
        opts.onState?.('closed', e instanceof Error ? e.message : String(e));
        opts.onFatal?.(e instanceof Error ? e : new Error(String(e)));
        return;
      }
      // A book no real exchange holds (a level beyond MAX_LEVEL_SIZE) is dropped, never shown.
      const invalid = isInvalidBookError(e);
      clear(invalid ? 'invalid_data' : 'reconnect');
      next = backoffMs(failures++);
      status.reconnecting(next);
      opts.onState?.('reconnecting', `retrying in ${(next / 1000).toFixed(1)} s`);
    }
    if (!closed) timer = setTimeout(() => void poll(), next);
  }

  opts.onState?.('connecting');
  void poll();
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
      opts.onState?.('closed');
    },
  };
}
