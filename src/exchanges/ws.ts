/**
 * One reconnecting WebSocket for a book stream: connect (with headers computed per attempt, so a
 * Kalshi signature is always fresh), hand every text frame to the exchange's protocol, keep the
 * exchange's heartbeat, notice silence, and reconnect with jittered exponential backoff.
 *
 * `ws` is imported on first connect, never at start-up (Node 20 has no stable WebSocket client).
 * What a drop or silence means for the book (a `clear`) is the protocol's decision: this layer
 * only reports it.
 */
import { PmtError } from '../errors.js';
import type { StreamState } from './stream.js';

export interface SocketProtocol {
  /** Full ws:// or wss:// URL. */
  url: string;
  /** Upgrade-request headers, computed for each connection attempt. */
  headers?: () => Promise<Record<string, string>>;
  /** The socket is open: subscribe. */
  onOpen(send: (text: string) => void): void;
  onMessage(text: string, send: (text: string) => void): void;
  /** The socket closed or went silent while subscribed (the protocol clears its book). */
  onDrop(why: 'reconnect' | 'stale'): void;
  /** Text the client sends as its own heartbeat (Polymarket's `PING`); a ping frame when absent. */
  heartbeatText?: string;
  /** How often the exchange's heartbeat runs (ms): silence longer than this is `stale`. */
  heartbeatMs: number;
  onState?: (s: StreamState, detail?: string) => void;
  onFatal?: (e: Error) => void;
  /** The `status` events of the stream (exchanges/stream.ts StatusReporter). */
  status?: { reconnecting(retryInMs: number): void; stale(): void };
  /** The exchange's name, for messages ("Kalshi"). */
  label?: string;
}

/**
 * The largest text frame a book stream takes (4 MiB): a full book of 10,000 levels a side (a
 * 0.0001 tick, both exchanges' finest) is about 1.2 MB as JSON. A larger frame is no book; `ws`
 * refuses it from its length header, before buffering it, and the connection is re-opened.
 */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;

/** A loopback host (the test doubles, a local proxy): the one place plain ws:// may carry a signature. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

interface WsLike {
  readyState: number;
  send(data: string): void;
  ping(): void;
  close(code?: number): void;
  terminate(): void;
  on(event: string, fn: (...args: any[]) => void): void;
  removeAllListeners(): void;
}
type WsCtor = new (url: string, opts: Record<string, unknown>) => WsLike;

let wsCtor: Promise<WsCtor> | undefined;
/** The `ws` client class, loaded once on first use. */
export function loadWs(): Promise<WsCtor> {
  return (wsCtor ??= import('ws').then((m) => ((m as { WebSocket?: unknown }).WebSocket ?? (m as { default: unknown }).default) as WsCtor));
}

/** Backoff before attempt `n` (0-based): 250 ms doubling to 15 s, with full jitter in [½, 1]. */
export function backoffMs(n: number, random: () => number = Math.random, baseMs = 250): number {
  const cap = Math.min(15_000, baseMs * 2 ** Math.min(n, 10));
  return Math.round(cap / 2 + (random() * cap) / 2);
}

export class ReconnectingSocket {
  private ws?: WsLike;
  private closed = false;
  private attempts = 0;
  private lastMessage = Date.now();
  private watchdog?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private retry?: NodeJS.Timeout;
  /** Set once the current connection went silent (one `stale` per silence). */
  private silent = false;

  constructor(private readonly p: SocketProtocol) {}

  start(): void {
    // A signed upgrade carries the API key and a signature: never over plain ws:// beyond loopback.
    if (this.p.headers) {
      let u: URL | undefined;
      try {
        u = new URL(this.p.url);
      } catch {
        u = undefined;
      }
      if (u && u.protocol !== 'wss:' && !isLoopbackHost(u.hostname)) {
        const label = this.p.label ?? 'the exchange';
        // Reported once the caller holds the stream (a fatal error never arrives synchronously).
        queueMicrotask(() =>
          !this.closed &&
          this.fail(
            new PmtError('Config', `${label}'s stream connection is signed, and its URL ${safeUrl(this.p.url)} is not wss: keys never travel unencrypted`, {
              hint: `use a wss:// URL in the ${label} WebSocket URL setting (PMT_*_WS_URL), or a loopback address for a local proxy`,
            }),
          ),
        );
        return;
      }
    }
    void this.connect();
  }

  close(): void {
    this.closed = true;
    this.stopTimers();
    clearTimeout(this.retry);
    if (this.ws) {
      this.ws.removeAllListeners();
      this.ws.on('error', () => {});
      this.ws.terminate();
    }
    this.p.onState?.('closed');
  }

  /**
   * The protocol has a verified book on this connection: the backoff starts over. (Not on open: an
   * upstream that accepts connections and then sends nothing usable keeps backing off.)
   */
  healthy(): void {
    this.attempts = 0;
  }

  /** Close this connection and open a new one now (the protocol decided the book must be rebuilt). */
  reconnectNow(): void {
    this.ws?.terminate();
  }

  private stopTimers(): void {
    clearInterval(this.watchdog);
    clearInterval(this.heartbeat);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    this.p.onState?.(this.attempts === 0 ? 'connecting' : 'reconnecting');
    let headers: Record<string, string> = {};
    let Ctor: WsCtor;
    try {
      Ctor = await loadWs();
      headers = (await this.p.headers?.()) ?? {};
    } catch (e) {
      return this.fail(e);
    }
    if (this.closed) return;
    const ws = new Ctor(this.p.url, { headers, handshakeTimeout: 10_000, maxPayload: MAX_FRAME_BYTES });
    this.ws = ws;
    const send = (text: string) => {
      if (ws.readyState === 1) ws.send(text);
    };
    ws.on('open', () => {
      this.touch();
      this.startTimers(ws);
      this.p.onOpen(send);
    });
    ws.on('message', (data: Buffer | string, isBinary: boolean) => {
      this.touch();
      if (isBinary || this.closed) return;
      try {
        this.p.onMessage(typeof data === 'string' ? data : data.toString('utf8'), send);
      } catch (e) {
        // The last net: a message the protocol could not handle ends this stream, never the process.
        const why = e instanceof Error ? e.message : String(e);
        this.fail(e instanceof PmtError ? e : new PmtError('Api', `the exchange sent a stream message pmt could not use (${why.slice(0, 200)}); the stream was stopped`));
      }
    });
    ws.on('ping', () => this.touch());
    ws.on('pong', () => this.touch());
    ws.on('unexpected-response', (_req: unknown, res: { statusCode?: number }) => {
      const status = res.statusCode ?? 0;
      if (status === 401 || status === 403) {
        this.fail(new PmtError('Authentication', `the exchange refused the stream connection (HTTP ${status}): check the API key`, { status }));
      } else if (status === 404) {
        this.fail(new PmtError('Api', `no stream at ${safeUrl(this.p.url)} (HTTP 404): check the WebSocket base URL`, { status }));
      } else {
        ws.terminate();
      }
    });
    ws.on('error', () => {
      // 'close' follows every error; the reconnect is scheduled there.
    });
    ws.on('close', () => this.onClose(ws));
  }

  private onClose(ws: WsLike): void {
    if (ws !== this.ws) return;
    this.stopTimers();
    if (this.closed) return;
    if (!this.silent) this.p.onDrop('reconnect');
    this.silent = false;
    const wait = backoffMs(this.attempts++);
    this.p.status?.reconnecting(wait);
    this.p.onState?.('reconnecting', `retrying in ${(wait / 1000).toFixed(1)} s`);
    this.retry = setTimeout(() => void this.connect(), wait);
  }

  private touch(): void {
    this.lastMessage = Date.now();
  }

  private startTimers(ws: WsLike): void {
    this.stopTimers();
    const hb = this.p.heartbeatMs;
    // Our own heartbeat at the exchange's cadence; the exchange answers (PONG / pong frame).
    this.heartbeat = setInterval(() => {
      if (ws.readyState !== 1) return;
      if (this.p.heartbeatText) ws.send(this.p.heartbeatText);
      else ws.ping();
    }, hb);
    this.watchdog = setInterval(() => {
      if (this.silent || Date.now() - this.lastMessage <= hb * 1.5) return;
      // Nothing for longer than the heartbeat period: the book can no longer be trusted.
      this.silent = true;
      this.p.onDrop('stale');
      this.p.status?.stale();
      this.p.onState?.('reconnecting', 'no data: stale');
      ws.terminate();
    }, Math.max(20, Math.round(hb / 4)));
    this.heartbeat.unref?.();
    this.watchdog.unref?.();
  }

  /** End the stream on a failure no reconnect can fix. */
  fail(e: unknown): void {
    this.closed = true;
    this.stopTimers();
    this.ws?.removeAllListeners();
    this.ws?.on('error', () => {});
    this.ws?.terminate();
    this.p.onState?.('closed', e instanceof Error ? e.message : String(e));
    this.p.onFatal?.(e instanceof Error ? e : new Error(String(e)));
  }
}

/** A URL for messages: no credentials or query. */
function safeUrl(u: string): string {
  try {
    const x = new URL(u);
    return `${x.protocol}//${x.host}${x.pathname}`;
  } catch {
    return 'the configured URL';
  }
}

/** The heartbeat period, overridable for tests (`PMT_STREAM_HEARTBEAT_MS`). */
export function heartbeatMs(env: NodeJS.ProcessEnv, exchangeDefault: number): number {
  const v = Number(env.PMT_STREAM_HEARTBEAT_MS);
  return Number.isFinite(v) && v >= 20 ? v : exchangeDefault;
}
