/**
 * Kalshi's book stream: the `orderbook_delta` channel (plus `trade`) of the market-data
 * WebSocket, on a connection whose upgrade request carries the same RSA-PSS headers as REST,
 * signed over `timestamp + GET + /trade-api/ws/v2` (the URL's path).
 *
 * Kalshi sends `orderbook_snapshot` then `orderbook_delta`s, each with the subscription's `seq`
 * (+1 per message). A gap means a lost message: the book is cleared (`sequence_gap`), the
 * subscription is dropped and taken again, and the new snapshot rebuilds it. Kalshi pings every
 * 10 s (`ws` answers); silence beyond that is `stale`.
 *
 * Kalshi's book is bids only per side. On the YES scale: bids = YES bids, asks = NO bids at 1 − p;
 * with `--outcome no` the other way round (bids = NO bids, asks = YES bids at 1 − p), so prices
 * are always those of the outcome asked for, as `book show` prints them.
 *
 * Range: a price outside (0, 1), a size below 0 or over MAX_LEVEL_SIZE, or a number that is none
 * is never emitted: `clear` (`invalid_data`) and the subscription is taken again.
 *
 * Kalshi's `orderbook_delta` channel needs a signed connection; its REST book does not. Without
 * Kalshi credentials the stream follows the public `GET /markets/{ticker}/orderbook` instead
 * (book-poll.ts): the same events, at the poll's pace, without trades.
 */
import { complement } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import { INVALID, isoFromEpoch, MAX_LEVEL_SIZE, num, streamPrice, streamSize } from '../levels.js';
import { BookState } from '../book-state.js';
import { StatusReporter, type BookStream, type BookUpdate, type WatchBookOptions } from '../stream.js';
import { heartbeatMs, ReconnectingSocket } from '../ws.js';
import type { KalshiClient } from './client.js';
import { kalshi } from './manifest.js';
import { pollBook } from './book-poll.js';

/** Kalshi pings every 10 s. */
const HEARTBEAT_MS = 10_000;

type Msg = { type?: string; sid?: number; seq?: number; id?: number; msg?: Record<string, unknown> };

/** The WebSocket URL (the manifest's `kalshiWs`: PMT_KALSHI_WS_URL, else demo or production). */
export function kalshiWsUrl(c: KalshiClient): string {
  return c.cfg.urls.kalshiWs ?? kalshi.urls.kalshiWs.default;
}

function watchSigned(c: KalshiClient, assetId: string, opts: WatchBookOptions): BookStream {
  const ticker = assetId.replace(/^kalshi:/i, '');
  if (!ticker) throw usageError('asset must be a Kalshi market ticker');
  const outcome = (opts.outcome ?? 'yes').trim().toLowerCase();
  if (outcome !== 'yes' && outcome !== 'no') throw usageError(`--outcome must be yes or no on Kalshi (got "${outcome.slice(0, 40)}")`);
  const no = outcome === 'no';
  const url = kalshiWsUrl(c);
  const book = new BookState();
  let seq = 0; // ours: +1 per event within one connection
  let live = false;
  let bookSid: number | undefined;
  let expected: number | undefined; // Kalshi's next seq on bookSid
  let cmdId = 0;
  const emit = (u: BookUpdate) => opts.onUpdate(u);
  const now = () => c.cfg.now();
  const status = new StatusReporter(ticker, now, emit);
  const subscribe = (send: (t: string) => void, channels: string[]) =>
    send(JSON.stringify({ id: ++cmdId, cmd: 'subscribe', params: { channels, market_ticker: ticker } }));

  /** Which unified side and price a Kalshi (side, YES-or-NO price) level is. */
  const place = (kalshiSide: string, price: number): { side: 'bid' | 'ask'; price: number } => {
    const own = (kalshiSide === 'no') === no; // a bid on the outcome asked for
    return own ? { side: 'bid', price } : { side: 'ask', price: complement(price) };
  };

  function clear(reason: 'sequence_gap' | 'reconnect' | 'stale' | 'invalid_data'): void {
    if (!live) return;
    live = false;
    book.reset([], []);
    emit({ kind: 'clear', asset_id: ticker, seq: ++seq, local_ts_ms: now(), reason });
  }

  /** The book is wrong from here (a lost message, a value no book holds): take the subscription again. */
  /** Resubscriptions since the last good snapshot: an upstream that keeps sending bad data is re-connected with backoff. */
  let retakes = 0;
  function resubscribe(reason: 'sequence_gap' | 'invalid_data', send: (t: string) => void): void {
    clear(reason);
    if (++retakes > 3) {
      retakes = 0;
      opts.onState?.('reconnecting', `${reason.replace('_', ' ')}: reconnecting`);
      socket.reconnectNow();
      return;
    }
    if (bookSid !== undefined) send(JSON.stringify({ id: ++cmdId, cmd: 'unsubscribe', params: { sids: [bookSid] } }));
    bookSid = undefined;
    subscribe(send, ['orderbook_delta']);
    opts.onState?.('connecting', `${reason.replace('_', ' ')}: resubscribing`);
  }

  function snapshot(m: Msg, send: (t: string) => void): void {
    const body = m.msg ?? {};
    const bids: Array<{ price: number; size: number }> = [];
    const asks: Array<{ price: number; size: number }> = [];
    for (const [side, key] of [['yes', 'yes_dollars_fp'], ['no', 'no_dollars_fp']] as const) {
      const rows = Array.isArray(body[key]) ? (body[key] as unknown[]) : [];
      for (const row of rows) {
        if (!Array.isArray(row)) return resubscribe('invalid_data', send);
        const p = streamPrice(row[0]);
        const s = streamSize(row[1]);
        if (p === INVALID || s === INVALID) return resubscribe('invalid_data', send);
        if (s === 0) continue;
        const at = place(side, p);
        (at.side === 'bid' ? bids : asks).push({ price: at.price, size: s });
      }
    }
    book.reset(bids, asks);
    live = true;
    expected = (m.seq ?? 0) + 1;
    const ts = new Date(now()).toISOString();
    emit({ kind: 'snapshot', asset_id: ticker, seq: ++seq, exchange_ts: ts, local_ts_ms: now(), book: book.orderbook(ticker, ts, null, m.seq ?? null) });
    retakes = 0;
    status.live();
    socket.healthy();
    opts.onState?.('live');
  }

  function delta(m: Msg, send: (t: string) => void): void {
    if (!live) return;
    // A message was lost: the book is wrong from here.
    if (m.seq !== expected) return resubscribe('sequence_gap', send);
    expected = (m.seq as number) + 1;
    const b = m.msg ?? {};
    const p = streamPrice(b.price_dollars);
    const d = num(b.delta_fp);
    if (p === INVALID || d === null || Math.abs(d) > MAX_LEVEL_SIZE || (b.side !== 'yes' && b.side !== 'no')) return resubscribe('invalid_data', send);
    const at = place(String(b.side), p);
    if (book.size(at.side, at.price) + d > MAX_LEVEL_SIZE) return resubscribe('invalid_data', send);
    const size = book.add(at.side, at.price, d);
    const ts = isoFromEpoch(b.ts_ms) ?? new Date(now()).toISOString();
    emit({ kind: 'delta', asset_id: ticker, seq: ++seq, exchange_ts: ts, local_ts_ms: now(), changes: [{ side: at.side, price: at.price, size }] });
  }

  function trade(m: Msg, send: (t: string) => void): void {
    const b = m.msg ?? {};
    const yes = streamPrice(b.yes_price_dollars);
    const noRaw = b.no_price_dollars === undefined ? (yes === INVALID ? INVALID : complement(yes)) : streamPrice(b.no_price_dollars);
    const size = streamSize(b.count_fp);
    if (yes === INVALID || noRaw === INVALID || size === INVALID || size === 0) return resubscribe('invalid_data', send);
    const noPrice = noRaw;
    const price = no ? noPrice : yes;
    // The taker's direction: taker_outcome_side / taker_book_side first (bid ≡ yes, ask ≡ no), the
    // deprecated taker_side only as a fallback (Kalshi's order direction page).
    const canonical = b.taker_outcome_side ?? (b.taker_book_side === 'bid' ? 'yes' : b.taker_book_side === 'ask' ? 'no' : undefined);
    const said = canonical ?? b.taker_side;
    const taker = said === 'yes' || said === 'no' ? said : null;
    emit({
      kind: 'trade',
      asset_id: ticker,
      local_ts_ms: now(),
      trade: {
        id: typeof b.trade_id === 'string' ? b.trade_id : `${ticker}-${String(b.ts_ms ?? now())}`,
        price,
        size,
        aggressor_side: taker === null ? null : (taker === 'no') === no ? 'buy' : 'sell',
        outcome: no ? 'No' : 'Yes',
        yes_price: yes,
        no_price: noPrice,
        taker_address: null,
        exchange_ts: isoFromEpoch(b.ts_ms) ?? isoFromEpoch(b.ts) ?? new Date(now()).toISOString(),
      },
    });
  }

  const socket = new ReconnectingSocket({
    url,
    label: 'Kalshi',
    status,
    heartbeatMs: heartbeatMs(c.cfg.env, HEARTBEAT_MS),
    headers: async () => {
      const signer = await c.signer('read');
      let path = '/trade-api/ws/v2';
      try {
        path = new URL(url).pathname;
      } catch {
        throw new PmtError('Config', 'PMT_KALSHI_WS_URL is not a valid URL');
      }
      return signer({ method: 'GET', signPath: path, body: undefined });
    },
    onOpen(send) {
      seq = 0;
      bookSid = undefined;
      subscribe(send, ['orderbook_delta', 'trade']);
    },
    onMessage(text, send) {
      let m: Msg;
      try {
        m = JSON.parse(text) as Msg;
      } catch {
        return;
      }
      switch (m.type) {
        case 'subscribed':
          if (m.msg?.channel === 'orderbook_delta') bookSid = m.sid ?? (m.msg.sid as number | undefined);
          return;
        case 'orderbook_snapshot':
          if (m.sid === bookSid && m.msg?.market_ticker === ticker) snapshot(m, send);
          return;
        case 'orderbook_delta':
          if (m.sid === bookSid && m.msg?.market_ticker === ticker) delta(m, send);
          return;
        case 'trade':
          if (m.msg?.market_ticker === ticker) trade(m, send);
          return;
        case 'error': {
          const code = Number(m.msg?.code);
          const message = typeof m.msg?.msg === 'string' ? m.msg.msg : 'error';
          if (code === 16) socket.fail(new PmtError('MarketNotFound', `Kalshi has no market ${ticker}`));
          else if (code !== 6) socket.fail(new PmtError('Api', `Kalshi refused the book subscription: ${message.slice(0, 120)} (code ${code})`));
          return;
        }
      }
    },
    onDrop(why) {
      clear(why);
    },
    onState: opts.onState,
    onFatal: opts.onFatal,
  });
  socket.start();
  return { close: () => socket.close() };
}

/**
 * The book stream of a Kalshi market: the signed `orderbook_delta` channel when Kalshi keys are
 * configured, the public REST book polled when none are (book-poll.ts). Input is checked first.
 */
export function watchBook(c: KalshiClient, assetId: string, opts: WatchBookOptions): BookStream {
  const ticker = assetId.replace(/^kalshi:/i, '');
  if (!ticker) throw usageError('asset must be a Kalshi market ticker');
  const outcome = (opts.outcome ?? 'yes').trim().toLowerCase();
  if (outcome !== 'yes' && outcome !== 'no') throw usageError(`--outcome must be yes or no on Kalshi (got "${outcome.slice(0, 40)}")`);
  let closed = false;
  let inner: BookStream | undefined;
  c.cfg.credentials().then(
    (creds) => {
      if (closed) return;
      inner = creds.kalshi ? watchSigned(c, assetId, opts) : pollBook(c, ticker, outcome, opts);
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
