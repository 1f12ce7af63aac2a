/**
 * A progress line on stderr for long work (`--all`, cancel-all): drawn only when stderr is a
 * terminal, redrawn in place, erased when done. Callers decide not to create one when piped or
 * with --json.
 */
import type { IO } from './io.js';

export interface Progress {
  update(text: string): void;
  done(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function progressLine(io: IO): Progress {
  if (!io.stderrIsTTY) return { update() {}, done() {} };
  let frame = 0;
  let text = '';
  let drawn = false;
  const draw = () => {
    const line = `${FRAMES[frame++ % FRAMES.length]} ${text}`.slice(0, Math.max(10, io.columns - 1));
    io.stderr.write(`\r\u001b[2K${line}`);
    drawn = true;
  };
  const timer = setInterval(() => text && draw(), 100);
  timer.unref();
  return {
    update(t: string) {
      text = t;
      draw();
    },
    done() {
      clearInterval(timer);
      if (drawn) io.stderr.write('\r\u001b[2K');
    },
  };
}
