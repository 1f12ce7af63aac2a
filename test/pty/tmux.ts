/**
 * A real terminal for tests: a detached tmux session (private server socket, no user config)
 * running a plain `sh` with a controlled environment. `screen()` is what a person sees now;
 * `raw()` is every byte the program wrote to the terminal (tmux pipe-pane), escapes included.
 * Waits poll the screen until a condition holds or a generous deadline passes; nothing asserts
 * on durations.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether a program is installed in one of the usual places. */
export function installed(bin: string): boolean {
  return ['/usr/bin', '/bin', '/usr/local/bin', '/opt/homebrew/bin'].some((d) => existsSync(join(d, bin)));
}

export function hasTmux(): boolean {
  return installed('tmux');
}

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export class Terminal {
  private readonly socket = `pmt-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly session = 'pmt';
  readonly dir = mkdtempSync(join(tmpdir(), 'pmt-pty-'));
  private readonly logFile = join(this.dir, 'raw.log');

  constructor(
    private readonly opts: { cols: number; rows: number; env: Record<string, string>; shell?: string },
  ) {}

  private tmux(...args: string[]) {
    // Never block the event loop: the upstream doubles live in this process and must answer.
    return run('tmux', ['-u', '-f', '/dev/null', '-L', this.socket, ...args], { env: { PATH: process.env.PATH ?? '' } });
  }

  async start(): Promise<void> {
    const env = {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: this.dir,
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      PS1: '$ ',
      ...this.opts.env,
    };
    const cmd = `env -i ${Object.entries(env).map(([k, v]) => `${k}=${shq(v)}`).join(' ')} ${this.opts.shell ?? 'sh'}`;
    await this.tmux('new-session', '-d', '-s', this.session, '-x', String(this.opts.cols), '-y', String(this.opts.rows), cmd);
    await this.tmux('pipe-pane', '-o', '-t', this.session, `cat >> ${shq(this.logFile)}`);
  }

  /** Press keys (tmux key names: "Tab", "C-c", "Enter"). */
  async keys(...names: string[]): Promise<void> {
    await this.tmux('send-keys', '-t', this.session, ...names);
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

  /** The visible screen plus scrollback, as text. */
  async screen(): Promise<string> {
    const { stdout } = await this.tmux('capture-pane', '-p', '-S', '-', '-E', '-', '-t', this.session);
    return stdout;
  }

  /** Everything the pane received so far, raw. */
  raw(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  /** Poll the screen until `pred` holds; returns that screen. */
  async waitFor(pred: (screen: string) => boolean, what: string, deadlineMs = 20_000, everyMs = 25): Promise<string> {
    const end = Date.now() + deadlineMs;
    let last = '';
    while (Date.now() < end) {
      last = await this.screen();
      if (pred(last)) return last;
      await new Promise((r) => setTimeout(r, everyMs));
    }
    throw new Error(`terminal never showed ${what}; last screen:\n${last}`);
  }

  async close(): Promise<void> {
    await this.tmux('kill-server').catch(() => undefined);
  }
}
