/**
 * One upstream book stream per asset, shared by every SSE client of that asset. The hub keeps the
 * applied book, so a client joining late starts from a snapshot of it (with the stream's current
 * seq) and then receives the same events as everyone else. The upstream subscription is opened by
 * the first client and closed when the last one leaves.
 *
 * Fan-out work is bounded per tick, whatever the upstream's rate and the number of clients: events
 * are applied to the topic's book as they arrive and their frames collected; every `flushMs` (or
 * once `maxBatchBytes` are waiting) the collected frames go to each client as one write. So 2,000
 * book changes a second to 300 clients cost 300 writes per flush, not 600,000 a second, and the
 * event loop stays free for trading routes (`cancel_all_orders` answers in well under a second:
 * `node bench/serve-fanout.mjs`).
 *
 * Every client has a bounded queue: batches wait in it only while the client's socket is full
 * (the batches are shared strings, never copied per client). A client whose queue would pass its
 * bound is dropped with a final `clear` (`stale`): a slow reader never makes the server hold more
 * than the bound for it, and never gets a book with holes.
 */
import { AppliedBook } from '../exchanges/book-state.js';
import { jsonText } from '../safe-text.js';
import type { BookStream, BookUpdate, StatusUpdate, WatchBookOptions } from '../exchanges/stream.js';

/** What a client's connection offers: write a frame (false when its buffer is full), close. */
export interface Sink {
  /** A batch of frames, as UTF-8 bytes encoded once for every client. */
  write(frame: Uint8Array | string): boolean;
  /** Called once the sink can take more after a write returned false. */
  onDrain(fn: () => void): void;
  end(finalFrame?: string): void;
}

export interface HubLimits {
  /** Bytes one client may have waiting beyond its socket's own buffer. */
  maxQueuedBytes: number;
  /** Longest an event waits before it is written to the clients (ms); default 50. */
  flushMs?: number;
  /** Bytes of frames collected before they are written at once, whatever flushMs says; default 256 KiB. */
  maxBatchBytes?: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = { maxQueuedBytes: 1024 * 1024, flushMs: 50, maxBatchBytes: 256 * 1024 };

/** One BookUpdate as a Server-Sent Event (no `event:` field: a browser's `onmessage` gets it). */
export const sseFrame = (u: unknown): string => `data: ${jsonText(u)}\n\n`;
export const sseError = (e: { kind: string; message: string }): string => `event: error\ndata: ${jsonText(e)}\n\n`;

class Client {
  /** Frames this client waits for (its socket is full); bounded by maxQueuedBytes. */
  queue: Array<Uint8Array | string> = [];
  private queued = 0;
  private blocked = false;
  closed = false;

  constructor(
    private readonly sink: Sink,
    private readonly limits: HubLimits,
    private readonly onDropped: (c: Client) => void,
  ) {
    sink.onDrain(() => this.flush());
  }

  send(frame: Uint8Array | string, dropFrame: () => string): void {
    if (this.closed) return;
    if (!this.blocked) {
      this.blocked = !this.sink.write(frame);
      return;
    }
    if (this.queued + frame.length > this.limits.maxQueuedBytes) {
      // Too far behind: what it has would be a book with holes. Tell it, and let it go.
      this.queue = [];
      this.queued = 0;
      this.closed = true;
      this.sink.end(dropFrame());
      this.onDropped(this);
      return;
    }
    this.queue.push(frame);
    this.queued += frame.length;
  }

  private flush(): void {
    this.blocked = false;
    while (this.queue.length > 0 && !this.blocked) {
      const f = this.queue.shift()!;
      this.queued -= f.length;
      this.blocked = !this.sink.write(f);
    }
  }

  end(frame?: string): void {
    if (this.closed) return;
    this.closed = true;
    this.sink.end(frame);
  }
}

class Topic {
  readonly clients = new Set<Client>();
  readonly book = new AppliedBook();
  lastSeq = 0;
  /** The last `status` while the connection is not live (a late joiner is told). */
  status: StatusUpdate | null = null;
  stream?: BookStream;
  /** Frames collected since the last flush, and their size. */
  batch: string[] = [];
  batchBytes = 0;
  timer?: NodeJS.Timeout;
  closed = false;
}

export type OpenUpstream = (opts: WatchBookOptions) => BookStream;

export class StreamHub {
  private readonly topics = new Map<string, Topic>();
  /** Upstream subscriptions opened since start (the bench and tests read it). */
  opened = 0;

  constructor(
    private readonly limits: HubLimits = DEFAULT_HUB_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Clients connected now, over every asset. */
  get clientCount(): number {
    let n = 0;
    for (const t of this.topics.values()) n += t.clients.size;
    return n;
  }

  /** Upstream subscriptions open now. */
  get upstreamCount(): number {
    return this.topics.size;
  }

  /** Frames waiting in clients' queues now, over every asset (bounded: clients × maxQueuedBytes). */
  get queuedFrames(): number {
    let n = 0;
    for (const t of this.topics.values()) for (const c of t.clients) n += c.queue.length;
    return n;
  }

  /** Add a client of `key`; returns the function that removes it (when its connection closes). */
  join(key: string, assetId: string, sink: Sink, open: OpenUpstream): () => void {
    let topic = this.topics.get(key);
    const fresh = !topic;
    if (!topic) {
      topic = new Topic();
      this.topics.set(key, topic);
    }
    const t = topic;
    const drop = (c: Client) => this.leave(key, c);
    const client = new Client(sink, this.limits, drop);
    const clear = () => sseFrame({ kind: 'clear', asset_id: assetId, seq: t.lastSeq + 1, local_ts_ms: this.now(), reason: 'stale' });
    // What the others have not been sent yet is already in the book: send it to them first, so
    // the joiner's snapshot and the events after it line up.
    this.flush(t, clear);
    t.clients.add(client);
    // A late joiner starts from the book as applied so far (and hears that the exchange is away).
    const book = t.book.orderbook();
    if (book) client.send(sseFrame({ kind: 'snapshot', asset_id: assetId, seq: t.lastSeq, exchange_ts: t.book.exchangeTs, local_ts_ms: this.now(), book }), clear);
    if (t.status) client.send(sseFrame(t.status), clear);
    if (fresh) {
      this.opened += 1;
      try {
        t.stream = this.openTopic(key, t, open, clear);
      } catch (e) {
        this.topics.delete(key);
        t.closed = true;
        throw e;
      }
    }
    return () => this.leave(key, client);
  }

  /** Write what the topic collected to every client, as one frame each. */
  private flush(t: Topic, clear: () => string): void {
    clearTimeout(t.timer);
    t.timer = undefined;
    if (t.batch.length === 0) return;
    // Encoded once: every client is written the same bytes (no per-client copy or re-encoding).
    const frames = Buffer.from(t.batch.length === 1 ? t.batch[0]! : t.batch.join(''), 'utf8');
    t.batch = [];
    t.batchBytes = 0;
    for (const c of [...t.clients]) c.send(frames, clear);
  }

  private openTopic(key: string, t: Topic, open: OpenUpstream, clear: () => string): BookStream {
    const flushMs = this.limits.flushMs ?? DEFAULT_HUB_LIMITS.flushMs!;
    const maxBatch = this.limits.maxBatchBytes ?? DEFAULT_HUB_LIMITS.maxBatchBytes!;
    return open({
      onUpdate: (u: BookUpdate) => {
        if (t.closed) return;
        t.book.apply(u);
        if (u.kind === 'status') t.status = u.state === 'live' ? null : u;
        else if (u.kind !== 'trade') t.lastSeq = u.seq;
        const frame = sseFrame(u);
        t.batch.push(frame);
        t.batchBytes += frame.length;
        if (t.batchBytes >= maxBatch) this.flush(t, clear);
        else if (!t.timer) {
          t.timer = setTimeout(() => this.flush(t, clear), flushMs);
          t.timer.unref?.();
        }
      },
      onFatal: (e) => {
        // The error ends every client's stream as an `error` event (the headers are long sent).
        this.flush(t, clear);
        t.closed = true;
        const err = e as { kind?: string; message: string };
        for (const c of [...t.clients]) c.end(sseError({ kind: err.kind ?? 'NetworkError', message: err.message }));
        if (this.topics.get(key) === t) this.topics.delete(key);
      },
    });
  }

  private leave(key: string, c: Client): void {
    const t = this.topics.get(key);
    if (!t || !t.clients.delete(c)) return;
    c.end();
    if (t.clients.size === 0) {
      t.closed = true;
      clearTimeout(t.timer);
      t.stream?.close();
      this.topics.delete(key);
    }
  }

  /** End every client and upstream (server shutdown). */
  closeAll(): void {
    for (const [, t] of this.topics) {
      t.closed = true;
      clearTimeout(t.timer);
      t.stream?.close();
      for (const c of t.clients) c.end();
    }
    this.topics.clear();
  }
}
