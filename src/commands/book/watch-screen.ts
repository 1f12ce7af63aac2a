/**
 * The terminal side of `pmt book watch`: the alternate screen with the cursor hidden, frames
 * drawn in place (cursor home, each line overwritten and its rest erased, the rest of the screen
 * erased: no blank flash between frames), at most 20 frames a second however fast the book
 * moves (events only mark the frame dirty; a 50 ms tick draws it), once a second for the age,
 * and at once on a resize. `q` or Ctrl-C leave, restoring the screen, the cursor and the
 * keyboard mode; so does any exit of the process.
 */
import { bookStats } from '../../analytics/book.js';
import type { Context } from '../../context.js';
import { PmtError } from '../../errors.js';
import { AppliedBook } from '../../exchanges/book-state.js';
import type { BookUpdate } from '../../exchanges/stream.js';
import { Formatter } from '../../render/format.js';
import { safeBlock } from '../../safe-text.js';
import type { BookLabel } from '../../render/views/book.js';
import { watchLines, WATCH_TRADES, type WatchTrade } from '../../render/views/book-watch.js';
import type { Open, WatchLimits } from './watch.js';

/** Shortest time between two frames: 20 frames a second at most. */
export const FRAME_MS = 50;

const ENTER = '\u001b[?1049h\u001b[?25l\u001b[H\u001b[2J';
const LEAVE = '\u001b[?25h\u001b[?1049l';

export async function watchScreen(ctx: Context, label: BookLabel, open: Open, opts: WatchLimits & { depth?: number; cents?: boolean }): Promise<void> {
  const io = ctx.io;
  const out = io.stdout as NodeJS.WriteStream;
  const f = new Formatter(io, { cents: opts.cents });
  const applied = new AppliedBook();
  const trades: WatchTrade[] = [];
  let state = 'connecting';
  let detail: string | undefined;
  let dirty = true;
  let lastDraw = 0;
  let events = 0;
  const arrivals: number[] = []; // event times in the last second, for the rate
  const size = () => ({ columns: out.columns || io.columns, rows: out.rows || io.rows });

  const draw = () => {
    const now = Date.now();
    while (arrivals.length && now - arrivals[0]! > 1000) arrivals.shift();
    const book = applied.orderbook();
    const { columns, rows } = size();
    const lines = watchLines(f, {
      label,
      book,
      stats: book ? bookStats(book, new Date(now).toISOString()) : null,
      trades,
      state,
      detail,
      ageMs: applied.localTs === null ? null : Math.max(0, now - applied.localTs),
      rate: arrivals.length,
      columns,
      rows,
      depth: opts.depth,
    });
    // Every line through the one net (upstream text such as a tick size rides in the status line);
    // only the frame's own cursor sequences are added after it.
    out.write('\u001b[H' + lines.map((l) => safeBlock(l).replace(/[\n\t]/g, ' ') + '\u001b[K').join('\r\n') + '\u001b[J');
    dirty = false;
    lastDraw = now;
  };

  return new Promise<void>((resolve, reject) => {
    let finished = false;
    const stdin = process.stdin;
    const raw = Boolean(stdin.isTTY && typeof stdin.setRawMode === 'function');
    const restore = () => {
      out.write(LEAVE);
      if (raw) stdin.setRawMode(false);
    };
    const finish = (err?: Error) => {
      if (finished) return;
      finished = true;
      clearInterval(tick);
      clearTimeout(timer);
      stream.close();
      stdin.off('data', onKey);
      stdin.pause();
      // A stdin that is a pipe or socket still open would keep the process alive after we are done.
      (stdin as { unref?: () => void }).unref?.();
      out.off('resize', onResize);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.off('exit', restore);
      restore();
      if (err) reject(err);
      else resolve();
    };
    const onKey = (b: Buffer) => {
      const k = b.toString('utf8');
      if (k === 'q' || k === 'Q' || k.includes('\u0003')) finish();
    };
    const onResize = () => {
      out.write('\u001b[2J');
      draw();
    };
    const onSignal = () => finish();

    out.write(ENTER);
    process.on('exit', restore);
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    out.on('resize', onResize);
    if (raw) stdin.setRawMode(true);
    stdin.on('data', onKey);
    stdin.resume();

    const tick = setInterval(() => {
      if (dirty || Date.now() - lastDraw >= 1000) draw();
    }, FRAME_MS);
    const timer = opts.durationMs === undefined ? undefined : setTimeout(() => finish(), opts.durationMs);

    const onUpdate = (u: BookUpdate) => {
      // A status is no book event: the state reaches the screen through onState.
      if (finished || u.kind === 'status') return;
      arrivals.push(Date.now());
      if (u.kind === 'trade') {
        trades.unshift(u.trade);
        trades.length = Math.min(trades.length, WATCH_TRADES);
      } else if (u.kind === 'clear') {
        detail = `cleared: ${u.reason.replace('_', ' ')}, resyncing`;
      } else if (u.kind === 'snapshot') {
        detail = undefined;
      }
      applied.apply(u);
      dirty = true;
      if (opts.count !== undefined && ++events >= opts.count) finish();
    };
    const stream = open({
      onUpdate,
      onState: (s, d) => {
        state = s;
        if (d) detail = d;
        dirty = true;
      },
      onFatal: (e) => finish(e instanceof PmtError ? e : new PmtError('NetworkError', e.message)),
    });
    draw();
  });
}
