/**
 * IOStreams: the one object that decides presentation. Nothing else reads `isTTY`, `NO_COLOR` or
 * the terminal width, so tests flip TTY per case with `PMT_FORCE_TTY` (value: columns) and
 * commands ask `io` instead of the process.
 */
import type { Writable } from 'node:stream';

export interface IOOptions {
  stdout?: Writable & { isTTY?: boolean; columns?: number; rows?: number };
  stderr?: Writable & { isTTY?: boolean; columns?: number };
  stdinIsTTY?: boolean;
  env?: NodeJS.ProcessEnv;
  /** `--no-color` was given. */
  noColor?: boolean;
}

export class IO {
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** stdout is a terminal: tables and colour for people. */
  readonly isTTY: boolean;
  /** stderr is a terminal: progress lines may be drawn there. */
  readonly stderrIsTTY: boolean;
  /** stdin and stdout are terminals: prompts and confirmations are possible. */
  readonly canPrompt: boolean;
  readonly color: boolean;
  readonly columns: number;
  /** Terminal height in lines (views that fit the screen); `LINES`, else 24, when unknown. */
  readonly rows: number;

  constructor(opts: IOOptions = {}) {
    const env = opts.env ?? process.env;
    const stdout = opts.stdout ?? process.stdout;
    const stderr = opts.stderr ?? process.stderr;
    this.stdout = stdout;
    this.stderr = stderr;
    const forced = env.PMT_FORCE_TTY;
    const forcedCols = forced && /^\d+$/.test(forced) ? Number(forced) : undefined;
    this.isTTY = forced ? forced !== '0' : Boolean(stdout.isTTY);
    this.stderrIsTTY = forced ? forced !== '0' : Boolean(stderr.isTTY);
    const stdinTTY = opts.stdinIsTTY ?? Boolean(process.stdin.isTTY);
    this.canPrompt = this.isTTY && (forced ? forced !== '0' : stdinTTY);
    this.columns = forcedCols ?? stdout.columns ?? (Number(env.COLUMNS) || 100);
    this.rows = stdout.rows ?? (Number(env.LINES) || 24);
    this.color = decideColor(env, this.isTTY, opts.noColor ?? false);
  }

  out(text: string): void {
    this.stdout.write(text.endsWith('\n') ? text : text + '\n');
  }

  err(text: string): void {
    this.stderr.write(text.endsWith('\n') ? text : text + '\n');
  }

  /** Exactly one JSON document on stdout. */
  json(value: unknown): void {
    this.stdout.write(JSON.stringify(value, null, this.isTTY ? 2 : undefined) + '\n');
  }

  /** One JSON object per line; returns false when the pipe is full so callers may await drain. */
  ndjson(value: unknown): boolean {
    return this.stdout.write(JSON.stringify(value) + '\n');
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

/** NO_COLOR and --no-color win, then FORCE_COLOR, then "is stdout a terminal". */
export function decideColor(env: NodeJS.ProcessEnv, isTTY: boolean, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.TERM === 'dumb') return false;
  return isTTY;
}
