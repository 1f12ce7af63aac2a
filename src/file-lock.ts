/**
 * One cross-process lock for pmt's files (proper-lockfile: a `<file>.lock` directory made with
 * mkdir, refreshed while held; a holder killed mid-way leaves a stale lock that is taken over after
 * `staleMs`). The profile store locks its read-modify-write with it; `pmt serve`'s idempotency
 * store locks each key's check-and-record, so two servers on one config directory send one order.
 */
import { PmtError } from './errors.js';

export interface LockOptions {
  /** Where the lock directory goes (default `<file>.lock`). */
  lockfilePath?: string;
  /** How long to wait for a lock another process holds. */
  waitMs: number;
  staleMs?: number;
  /** The error when the wait ran out. */
  busy: (cause: Error) => PmtError;
}

/** A listener of our own, so the one proper-lockfile's exit hook adds does not re-raise the signal. */
const ignore = () => undefined;

export async function withFileLock<T>(file: string, fn: () => T | Promise<T>, o: LockOptions): Promise<T> {
  const lockfile = await import('proper-lockfile');
  // proper-lockfile's exit hook (signal-exit) catches SIGXFSZ and, when it is the only listener,
  // raises it again with the default action: a write past a file-size limit would then kill the
  // process (a `pmt serve` with orders in flight) instead of failing with EFBIG, which pmt handles.
  if (process.platform !== 'win32' && !process.listeners('SIGXFSZ').includes(ignore)) process.on('SIGXFSZ', ignore);
  const lock = (lockfile as unknown as { default?: typeof lockfile }).default?.lock ?? lockfile.lock;
  const maxTimeout = 100;
  let release: () => Promise<void>;
  try {
    release = await lock(file, {
      realpath: false,
      lockfilePath: o.lockfilePath,
      stale: o.staleMs ?? 5000,
      // About waitMs in all: quick at first, then every 100 ms.
      retries: { retries: Math.max(10, Math.ceil(o.waitMs / maxTimeout)), factor: 1.3, minTimeout: 5, maxTimeout, randomize: true },
      // A lock found compromised (its directory removed under us) must not crash a server.
      onCompromised: () => undefined,
    });
  } catch (e) {
    throw o.busy(e as Error);
  }
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}
