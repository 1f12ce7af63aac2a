/**
 * `pmt book watch <asset> [--outcome O] [--depth N]`: the live book. On a terminal, the ladder
 * redrawn in place (watch-screen.ts); piped or with `--ndjson`, one BookUpdate per line, written
 * as each event arrives. `--json` has no meaning for an endless stream and is refused.
 * `--duration S` and `--count N` end it for scripts; Ctrl-C (and `q` on the screen) end it too,
 * exit 0.
 */
import type { Context } from '../../context.js';
import type { Decimal } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import type { BookUpdate } from '../../exchanges/stream.js';
import { bookStream, trimUpdates } from '../../ops/stream.js';
import { cliInput } from '../input.js';

interface Opts {
  cents?: boolean;
}

export interface WatchLimits {
  /** Stop after this many ms. */
  durationMs?: number;
  /** Stop after this many events. */
  count?: number;
  /** Bytes written but not yet taken by stdout's reader before the stream gives up (default 32 MiB). */
  maxBehindBytes?: number;
}

/** How far a reader of the NDJSON may fall behind before pmt stops instead of holding more. */
export const MAX_BEHIND_BYTES = 32 * 1024 * 1024;

/** A stream's end: `--duration` in seconds (> 0, fractions allowed, as ops/input.ts read it) and `--count` (≥ 1). */
export function watchLimits(q: { duration?: Decimal; count?: number }): WatchLimits {
  const out: WatchLimits = {};
  if (q.duration !== undefined) out.durationMs = Math.max(1, Math.round(q.duration.toNumber() * 1000));
  if (q.count !== undefined) out.count = q.count;
  return out;
}

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  // The error object under --json carries no hint, so the message itself names the way out.
  if (ctx.json) throw usageError('--json prints one document and a book stream never ends: use --ndjson for one BookUpdate per line');
  const q = cliInput(ctx, 'watch_orderbook', opts, args) as { asset_id: string; outcome?: string; exchange?: never; depth?: number; duration?: Decimal; count?: number };
  const { depth } = q;
  const limits = watchLimits(q);
  const target = await bookStream(ctx, { asset_id: q.asset_id, exchange: q.exchange, outcome: q.outcome });
  if (ctx.ndjson || !ctx.io.isTTY) {
    // --depth keeps every NDJSON event within the N best levels per side.
    const open: Open = depth === undefined ? target.open : (o) => target.open({ ...o, onUpdate: trimUpdates(depth, o.onUpdate) });
    return streamNdjson(ctx, open, limits);
  }
  const { watchScreen } = await import('./watch-screen.js');
  // The header names the book watched: --outcome no on Kalshi is the NO book, on NO prices.
  return watchScreen(ctx, { exchange: target.asset.exchange, asset_id: target.asset.assetId, outcome: target.asset.outcome?.trim() || undefined }, target.open, { ...limits, depth, cents: opts.cents });
}

export type Open = (o: { onUpdate: (u: BookUpdate) => void; onState?: (s: string, d?: string) => void; onFatal: (e: Error) => void }) => { close(): void };

/**
 * One BookUpdate per line until a limit, a signal, or a failure no reconnect can fix (which
 * rejects, so the error reaches stderr and the exit code).
 */
export function streamNdjson(ctx: Context, open: Open, limits: WatchLimits): Promise<void> {
  return pumpStream<BookUpdate>(ctx, (h) => open({ onUpdate: h.onEvent, onFatal: h.onFatal }), limits, (u) => ctx.io.ndjson(u), 'the book stream');
}

/**
 * Write a stream's events to stdout (`write` per event) until `limits` (count, duration), a
 * signal, a reader that went away (EPIPE: a quiet end), one that stopped reading (stopped rather
 * than buffer without bound), or a failure no reconnect can fix (rejects: stderr and the exit
 * code). `book watch` and `order watch` both end this way.
 */
export function pumpStream<E>(
  ctx: Context,
  open: (h: { onEvent: (e: E) => void; onFatal: (e: Error) => void }) => { close(): void },
  limits: WatchLimits,
  write: (e: E) => void,
  what: string,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let n = 0;
    let done = false;
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      stream?.close();
      // A failure ends at once (the reader may be the problem); a normal end resolves once what
      // was written has left (a pipe may still hold the last lines).
      if (err) return reject(err);
      const s = ctx.io.stdout as NodeJS.WritableStream & { writableLength?: number };
      if ((s.writableLength ?? 0) > 0) s.write('', () => resolve());
      else resolve();
    };
    const stop = () => finish();
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    const timer = limits.durationMs === undefined ? undefined : setTimeout(stop, limits.durationMs);
    // A reader that went away (`| head`) ends the stream quietly.
    ctx.io.stdout.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' ? finish() : finish(e)));
    let stream: { close(): void } | undefined;
    stream = open({
      onEvent: (e) => {
        if (done) return;
        write(e);
        if (limits.count !== undefined && ++n >= limits.count) return finish();
        // A reader that stopped reading would make pmt buffer the stream without bound.
        const behind = (ctx.io.stdout as { writableLength?: number }).writableLength ?? 0;
        const max = limits.maxBehindBytes ?? MAX_BEHIND_BYTES;
        if (behind > max) finish(new PmtError('Api', `stdout's reader fell ${Math.round(behind / 2 ** 20)} MiB behind ${what}; stopped rather than buffer more`));
      },
      onFatal: (e) => finish(e instanceof PmtError ? e : new PmtError('NetworkError', e.message)),
    });
    if (done) stream.close();
  });
}
