/**
 * IOStreams: the one object that decides presentation. Nothing else reads `isTTY`, `NO_COLOR` or
 * the terminal width, so tests flip TTY per case with `PMT_FORCE_TTY` (value: columns) and
 * commands ask `io` instead of the process.
 */
import { fstatSync, writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { jsonText, oneLineJson, safeBlock } from '../safe-text.js';

export interface IOOptions {
  stdout?: Writable & { isTTY?: boolean; columns?: number; rows?: number };
  stderr?: Writable & { isTTY?: boolean; columns?: number };
  stdinIsTTY?: boolean;
  env?: NodeJS.ProcessEnv;
  /** `--no-color` was given. */
  noColor?: boolean;
  /** `--wide`: tables keep every column at full width instead of fitting the terminal. */
  wide?: boolean;
}

/** Characters of NDJSON per write (see ndjsonLines). */
const NDJSON_CHUNK = 64 * 1024;

export class IO {
  /** stdout, created on first use (see `plainFd`); tests pass their own. */
  get stdout(): Writable {
    return (this.out$ ??= process.stdout);
  }
  get stderr(): Writable {
    return (this.err$ ??= process.stderr);
  }
  private out$?: Writable;
  private err$?: Writable;
  /** stdout is a terminal: tables and colour for people. */
  readonly isTTY: boolean;
  /** stderr is a terminal: progress lines may be drawn there. */
  readonly stderrIsTTY: boolean;
  /**
   * A person is watching a terminal that can redraw a line: stdout and stderr are terminals and
   * TERM is not `dumb`. Progress lines and spinners are drawn only then.
   */
  readonly canAnimate: boolean;
  /** stdin and stdout are terminals: prompts and confirmations are possible. */
  readonly canPrompt: boolean;
  /** Colour on stdout (see decideColor). */
  readonly color: boolean;
  /** Colour on stderr: errors and the progress line follow stderr's own terminal-ness. */
  readonly stderrColor: boolean;
  /** Width of the terminal stdout draws on (`PMT_FORCE_TTY=<cols>` in tests). */
  readonly columns: number;
  /** Width of the terminal stderr draws on (the progress line). */
  readonly stderrColumns: number;
  /** `--wide` was given: tables keep every column whole, even past the terminal's width. */
  readonly wide: boolean;
  /** Terminal height in lines (views that fit the screen); `LINES`, else 24, when unknown. */
  readonly rows: number;

  constructor(opts: IOOptions = {}) {
    const env = opts.env ?? process.env;
    this.out$ = opts.stdout;
    this.err$ = opts.stderr;
    const forced = env.PMT_FORCE_TTY;
    const forcedCols = forced && /^\d+$/.test(forced) ? Number(forced) : undefined;
    // A pipe or a file is never a terminal: no need to create the stream to ask (process.stdout
    // on a pipe loads Node's socket machinery, a large share of a short command's run).
    const outTTY = () => (opts.stdout || !plainFd(1) ? Boolean((this.stdout as { isTTY?: boolean }).isTTY) : false);
    const errTTY = () => (opts.stderr || !plainFd(2) ? Boolean((this.stderr as { isTTY?: boolean }).isTTY) : false);
    this.isTTY = forced ? forced !== '0' : outTTY();
    this.stderrIsTTY = forced ? forced !== '0' : errTTY();
    // stdin is looked at only when it matters: when stdout is a terminal.
    this.canPrompt = this.isTTY && (forced ? forced !== '0' : (opts.stdinIsTTY ?? Boolean(process.stdin.isTTY)));
    const cols = this.isTTY && !forced ? (this.stdout as { columns?: number }).columns : undefined;
    this.columns = forcedCols ?? cols ?? (Number(env.COLUMNS) || 100);
    const errCols = this.stderrIsTTY && !forced ? (this.stderr as { columns?: number }).columns : undefined;
    this.stderrColumns = forcedCols ?? errCols ?? this.columns;
    this.canAnimate = this.isTTY && this.stderrIsTTY && env.TERM !== 'dumb';
    const rows = this.isTTY && !forced ? (this.stdout as { rows?: number }).rows : undefined;
    this.rows = rows ?? (Number(env.LINES) || 24);
    this.wide = opts.wide ?? false;
    this.color = decideColor(env, this.isTTY, opts.noColor ?? false);
    this.stderrColor = decideColor(env, this.stderrIsTTY, opts.noColor ?? false);
  }

  /** Lines for people: through the output net (safeBlock), so no upstream text reaches the terminal raw. */
  out(text: string): void {
    text = safeBlock(text);
    this.put(text.endsWith('\n') ? text : text + '\n');
  }

  /**
   * Documents and rows go straight to the descriptor (writeStdout) until something needs the
   * stream (streamed NDJSON with back-pressure); from then on everything goes through it, in order.
   */
  private put(text: string): void {
    if (this.out$ === undefined && stdoutIsPlain()) writeStdout(text);
    else this.stdout.write(text);
  }

  err(text: string): void {
    text = safeBlock(text);
    this.stderr.write(text.endsWith('\n') ? text : text + '\n');
  }

  /** Exactly one JSON document on stdout. */
  json(value: unknown): void {
    this.put(jsonText(value, this.isTTY ? 2 : undefined) + '\n');
  }

  /** One JSON object per line; returns false when the pipe is full so callers may await drain. */
  ndjson(value: unknown): boolean {
    return this.stdout.write(jsonText(value) + '\n');
  }

  /**
   * Many objects as NDJSON in writes of about 64 KiB: a few system calls per page instead of one
   * per object, and no page-sized string (a string over V8's 128 KiB object limit that is alive
   * at a young collection is promoted whole, and lingers until a full one: a listing's memory
   * would grow with its pages). Returns false when the pipe is full so callers may await drain.
   */
  ndjsonLines(values: readonly unknown[]): boolean {
    let ok = true;
    let text = '';
    for (const v of values) {
      text += JSON.stringify(v) + '\n';
      if (text.length >= NDJSON_CHUNK) {
        ok = this.stdout.write(oneLineJson(text)) && ok;
        text = '';
      }
    }
    if (text !== '') ok = this.stdout.write(oneLineJson(text)) && ok;
    return ok;
  }

  /** Resolves once stdout can take more (back-pressure for streamed pages). */
  drain(): Promise<void> {
    return new Promise((resolve) => {
      const s = this.stdout as Writable & { writableNeedDrain?: boolean };
      if (!s.writableNeedDrain) return resolve();
      s.once('drain', () => resolve());
    });
  }
}

/**
 * Whether to colour a stream, in this order: `--no-color` (off), `NO_COLOR` set and non-empty
 * (off), `FORCE_COLOR` set and non-empty (`0`/`false` off, anything else on, even when piped),
 * `TERM=dumb` (off), else on exactly when the stream is a terminal. Empty values count as unset,
 * as no-color.org asks.
 */
export function decideColor(env: NodeJS.ProcessEnv, isTTY: boolean, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

/** Colour for a stream given outside an IO object (the top-level error line in cli.ts). */
export function streamColor(
  env: NodeJS.ProcessEnv,
  stream: { isTTY?: boolean },
  noColorFlag: boolean,
): boolean {
  const forced = env.PMT_FORCE_TTY;
  const tty = forced ? forced !== '0' : Boolean(stream.isTTY);
  return decideColor(env, tty, noColorFlag);
}

const plain: Record<number, boolean> = {};
/** The descriptor is a pipe, a file or a socket: certainly not a terminal (one fstat, no stream). */
function plainFd(fd: number): boolean {
  if (plain[fd] === undefined) {
    try {
      const st = fstatSync(fd);
      plain[fd] = st.isFIFO() || st.isFile() || st.isSocket();
    } catch {
      plain[fd] = false;
    }
  }
  return plain[fd];
}
let directStdout: boolean | undefined;
/** stdout can be written with writeSync: plain, and no write has had to go through the stream. */
export function stdoutIsPlain(): boolean {
  return (directStdout ??= plainFd(1));
}

/**
 * Write text to stdout without creating `process.stdout` when stdout is a pipe or a file:
 * creating the stream loads Node's socket and stream machinery, a sizeable share of what
 * `pmt --version` and `pmt --help` cost. A terminal, or a pipe that cannot take the text at once
 * (O_NONBLOCK), goes through process.stdout, and so does everything after that, in order.
 */
export function writeStdout(text: string): void {
  if (!stdoutIsPlain()) {
    process.stdout.write(text);
    return;
  }
  const buf = Buffer.from(text);
  for (let off = 0; off < buf.length; ) {
    try {
      off += writeSync(1, buf, off);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // The reader went away (`pmt ... | head -1`): not an error; stop, as bin/pmt does for the stream.
      if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
      if (code !== 'EAGAIN') throw e;
      directStdout = false;
      process.stdout.write(buf.subarray(off));
      return;
    }
  }
}

/** Commander's output settings: help and version text through writeStdout. */
export function commanderOutput(): { writeOut?: (s: string) => void; getOutHelpWidth?: () => number; getOutHasColors?: () => boolean } {
  if (!stdoutIsPlain()) return {};
  // Not a terminal: Commander's own defaults would be width 80 and colour only when forced.
  return { writeOut: writeStdout, getOutHelpWidth: () => 80, getOutHasColors: () => decideColor(process.env, false, false) };
}
