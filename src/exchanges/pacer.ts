/**
 * Pacing under an exchange's documented rate, shared by every client with the same key, and the
 * abort scope through which `pmt serve` lets a request whose client went away leave the queue.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PmtError } from '../errors.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const pacers = new Map<string, Pacer>();

interface Waiter {
  priority: boolean;
  resolve: () => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** What a request abandoned by its caller (a serve client gone) fails with; it was never sent. */
export function abandonedError(): PmtError {
  return new PmtError('NetworkError', 'the request was abandoned by its caller before it was sent');
}

/**
 * Spaces request starts at least 1/rate apart for one key, so pmt never provokes a 429 itself.
 * Takers wait in a queue: priority takers (cancels) go before every other waiting request, and a
 * taker whose signal aborts (its serve client went away) leaves the queue at once instead of
 * holding a place that delays everyone behind it.
 */
export class Pacer {
  private last = -Infinity;
  private readonly queue: Waiter[] = [];
  private pumping = false;
  constructor(public intervalMs: number) {}

  /** Requests waiting for their turn (tests, stats). */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Wait for this request's turn. Takers are served one at a time, each released at least one
   * interval after the previous release as measured when it is actually released, so a stalled
   * event loop (timers firing late together) can never turn into a burst.
   */
  take(opts: { signal?: AbortSignal; priority?: boolean } = {}): Promise<void> {
    if (opts.signal?.aborted) return Promise.reject(abandonedError());
    return new Promise<void>((resolve, reject) => {
      const w: Waiter = { priority: opts.priority ?? false, resolve, reject, signal: opts.signal };
      if (w.signal) {
        w.onAbort = () => {
          const i = this.queue.indexOf(w);
          if (i >= 0) this.queue.splice(i, 1);
          reject(abandonedError());
        };
        w.signal.addEventListener('abort', w.onAbort, { once: true });
      }
      if (w.priority) {
        // After the priority takers already waiting, before everyone else.
        let i = 0;
        while (i < this.queue.length && this.queue[i]!.priority) i++;
        this.queue.splice(i, 0, w);
      } else {
        this.queue.push(w);
      }
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0) {
        const wait = this.last + this.intervalMs - Date.now();
        if (wait > 0) {
          await sleep(wait);
          continue;
        }
        const w = this.queue.shift()!;
        if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
        this.last = Date.now();
        w.resolve();
      }
    } finally {
      this.pumping = false;
    }
  }
}

/**
 * The abort signal of the operation running now (set by `pmt serve` per request, through
 * `withAbortSignal`): requests of an operation whose client went away leave the rate queue, and
 * reads in flight are stopped. Writes already sent are never cut (their outcome must be known).
 */
const abortScope = new AsyncLocalStorage<AbortSignal>();
export function withAbortSignal<T>(signal: AbortSignal, fn: () => T): T {
  return abortScope.run(signal, fn);
}
export function currentAbortSignal(): AbortSignal | undefined {
  return abortScope.getStore();
}

/** The shared pacer of a key; a later caller with another rate re-tunes it (tests, serve reloads). */
export function pacerFor(key: string, perSecond: number): Pacer {
  const interval = 1000 / perSecond;
  let p = pacers.get(key);
  if (!p) {
    p = new Pacer(interval);
    pacers.set(key, p);
  } else if (p.intervalMs !== interval) {
    p.intervalMs = interval;
  }
  return p;
}

