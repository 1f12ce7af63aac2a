/**
 * A progress line on stderr for long work (`--all` paging, cancel-all): drawn only when stderr is
 * a terminal, redrawn in place with a spinner, cut to the terminal's width so it never wraps
 * (a wrapped line cannot be erased with one `\r`), and erased when done so the terminal is left
 * as if it had never been there. Callers decide not to create one with --json/--ndjson.
 *
 * It is drawn only when a person is watching: stderr and stdout both terminals (as gh does).
 * With stdout piped or redirected (`pmt markets list --all | cut -f1`) it is a no-op, so pipes,
 * logs and captured stderr never see a spinner or an escape code.
 */
import type { IO } from './io.js';
import { sanitize } from '../safe-text.js';
import { truncate } from './width.js';

export interface Progress {
  /** Replace the line's text (drawn at once, then animated). */
  update(text: string): void;
  /** Erase the line; safe to call twice. */
  done(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Carriage return + erase the whole line. */
const CLEAR = '\r\u001b[2K';

export interface ProgressOptions {
  /** Redraw interval for the spinner, ms. */
  intervalMs?: number;
}

/** A progress line for `io`, or a no-op unless a person is watching a capable terminal. */
export function progressLine(io: IO, opts: ProgressOptions = {}): Progress {
  if (!io.canAnimate) return { update() {}, done() {} };
  const width = Math.max(10, (io.stderrColumns ?? io.columns) - 1);
  const spin = (f: string) => (io.stderrColor ? `\u001b[36m${f}\u001b[39m` : f);
  let frame = 0;
  let text = '';
  let drawn = false;
  let finished = false;
  const draw = () => {
    if (finished) return;
    // The text may quote upstream strings: through the one sanitizer before it reaches the terminal.
    const line = `${spin(FRAMES[frame++ % FRAMES.length]!)} ${truncate(sanitize(text), width - 2)}`;
    io.stderr.write(CLEAR + line);
    drawn = true;
  };
  const timer = setInterval(() => text && draw(), opts.intervalMs ?? 100);
  timer.unref();
  return {
    update(t: string) {
      text = t.replace(/[\r\n]+/g, ' ');
      draw();
    },
    done() {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      if (drawn) io.stderr.write(CLEAR);
    },
  };
}
