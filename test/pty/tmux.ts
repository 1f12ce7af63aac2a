/**
 * A real terminal for tests: a detached tmux session (private server socket, no user config, so
 * nothing else's sessions are touched) running a plain `sh` with a controlled environment, or
 * the pmt binary itself (`startPmt`, whose exit code `exitCode()` reads). `screen()` is what a person sees now;
 * `raw()` is every byte the program wrote to the terminal (tmux pipe-pane), escapes included.
 * Waits poll the screen until a condition holds or a generous deadline passes; nothing asserts
 * on durations.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { PMT_BIN } from '../helpers/cli.js';

const run = promisify(execFile);

/** Whether a program is installed in one of the usual places. */
export function installed(bin: string): boolean {
  return ['/usr/bin', '/bin', '/usr/local/bin', '/opt/homebrew/bin'].some((d) => existsSync(join(d, bin)));
}

export function hasTmux(): boolean {
  return installed('tmux');
}

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

const EXIT_RE = /\[pmt exited (\d+)\]/;

/** A screen with the line breaks a prompt wraps long lines with folded into spaces. */
const folded = (screen: string) => screen.replace(/[ \t]*\n[ \t]*/g, ' ');

export class Terminal {
  private readonly socket = `pmt-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly session = 'pmt';
  readonly dir = mkdtempSync(join(tmpdir(), 'pmt-pty-'));
  private readonly logFile = join(this.dir, 'raw.log');

  constructor(
    private readonly opts: { cols: number; rows: number; env: Record<string, string>; shell?: string } = { cols: 120, rows: 40, env: {} },
  ) {}

  private tmux(...args: string[]) {
    // Never block the event loop: the upstream doubles live in this process and must answer.
    return run('tmux', ['-u', '-f', '/dev/null', '-L', this.socket, ...args], { env: { PATH: process.env.PATH ?? '' } });
  }

  /**
   * Start the shell, or with `program` run just that command line; it then prints
   * "[pmt exited N]" and stays on screen, so the test can read the last screen and the code.
   */
  async start(program?: string): Promise<void> {
    const env = {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: this.dir,
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      PS1: '$ ',
      ...this.opts.env,
    };
    const shell = program === undefined ? (this.opts.shell ?? 'sh') : `sh -c ${shq(`${program}; echo "[pmt exited $?]"; sleep 3600`)}`;
    const cmd = `env -i ${Object.entries(env).map(([k, v]) => `${k}=${shq(v)}`).join(' ')} ${shell}`;
    await this.tmux('new-session', '-d', '-s', this.session, '-x', String(this.opts.cols), '-y', String(this.opts.rows), cmd);
    await this.tmux('pipe-pane', '-o', '-t', this.session, `cat >> ${shq(this.logFile)}`);
  }

  /** Run the built pmt binary with `args` (and this terminal's environment) instead of a shell. */
  startPmt(args: string[]): Promise<void> {
    return this.start([PMT_BIN, ...args].map(shq).join(' '));
  }

  /** Press keys (tmux key names: "Tab", "C-c", "Enter", "Down", "Space", "BSpace"). */
  async keys(...names: string[]): Promise<void> {
    await this.tmux('send-keys', '-t', this.session, ...names);
  }

  press(...names: string[]): Promise<void> {
    return this.keys(...names);
  }

  /** Type text without pressing Enter. */
  async typeText(text: string): Promise<void> {
    await this.tmux('send-keys', '-t', this.session, '-l', text);
  }

  /** Type a command line and press Enter. */
  async type(line: string): Promise<void> {
    await this.tmux('send-keys', '-t', this.session, '-l', line);
    await this.tmux('send-keys', '-t', this.session, 'Enter');
  }

  /** The visible screen plus scrollback, as text; `joined`: lines the terminal wrapped joined back. */
  async screen(joined = false): Promise<string> {
    const { stdout } = await this.tmux('capture-pane', '-p', ...(joined ? ['-J'] : []), '-S', '-', '-E', '-', '-t', this.session);
    return stdout;
  }

  /** Everything the pane received so far, raw. */
  raw(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  /**
   * Poll the screen until `pred` holds (a RegExp matches the screen as shown or with wrapped
   * lines folded); returns that screen. The deadline only guards against a hung test.
   */
  async waitFor(pred: RegExp | ((screen: string) => boolean), what?: string, deadlineMs = 20_000, everyMs = 25): Promise<string> {
    const re = pred instanceof RegExp ? pred : null;
    const holds = re ? (s: string) => re.test(s) || re.test(folded(s)) : (pred as (screen: string) => boolean);
    const end = Date.now() + deadlineMs;
    let last = '';
    while (Date.now() < end) {
      last = await this.screen(re !== null);
      if (holds(last)) return last;
      await new Promise((r) => setTimeout(r, everyMs));
    }
    throw new Error(`terminal never showed ${what ?? String(re)}; last screen:\n${last}`);
  }

  /** Wait for the program started by `start(program)` / `startPmt` to end; its exit code. */
  async exitCode(): Promise<number> {
    return Number(EXIT_RE.exec(await this.waitFor(EXIT_RE, 'the program exit'))![1]);
  }

  /** Resize the terminal (the program gets SIGWINCH). */
  async resize(cols: number, rows: number): Promise<void> {
    await this.tmux('resize-window', '-t', this.session, '-x', String(cols), '-y', String(rows));
  }

  async close(): Promise<void> {
    await this.tmux('kill-server').catch(() => undefined);
  }
}
