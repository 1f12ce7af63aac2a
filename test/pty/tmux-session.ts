/**
 * Drive the real pmt binary on a pseudo-terminal inside tmux: start it in a detached session on
 * a private tmux server (its own socket, so nothing else's sessions are touched), type keys, wait
 * for text on the screen, and read the exit code pmt ended with.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PMT_BIN } from '../helpers/cli.js';

export function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const EXIT_RE = /\[pmt exited (\d+)\]/;

export class TmuxSession {
  readonly socket = `pmt-test-${process.pid}-${randomBytes(4).toString('hex')}`;
  readonly name = 'pmt';
  private started = false;

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  }

  /** Start `pmt args` with exactly `env` (plus PATH/HOME/TERM) on a 120×40 terminal. */
  start(args: string[], env: Record<string, string>): void {
    const script = join(tmpdir(), `${this.socket}.sh`);
    const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const vars = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', TERM: 'xterm-256color', ...env };
    writeFileSync(
      script,
      `#!/bin/sh\nexec env -i ${Object.entries(vars).map(([k, v]) => `${k}=${quote(v)}`).join(' ')} sh -c ${quote(`${quote(PMT_BIN)} ${args.map(quote).join(' ')}; echo "[pmt exited $?]"; sleep 3600`)}\n`,
      { mode: 0o700 },
    );
    this.tmux(['new-session', '-d', '-s', this.name, '-x', '120', '-y', '40', script]);
    this.started = true;
  }

  /** Type text literally (no key-name interpretation). */
  type(text: string): void {
    this.tmux(['send-keys', '-t', this.name, '-l', text]);
  }

  /** Press named keys: Enter, Down, Up, Space, C-c, BSpace. */
  press(...keys: string[]): void {
    this.tmux(['send-keys', '-t', this.name, ...keys]);
  }

  /** The screen plus scroll-back, as text. */
  screen(): string {
    return this.tmux(['capture-pane', '-p', '-J', '-t', this.name, '-S', '-500']);
  }

  /** Wait until the screen matches (polling; the deadline only guards against a hung test). */
  async waitFor(re: RegExp, deadlineMs = 15_000): Promise<string> {
    const until = Date.now() + deadlineMs;
    for (;;) {
      const s = this.screen();
      // Prompts wrap long lines themselves: match the text with line breaks folded too.
      if (re.test(s) || re.test(s.replace(/[ \t]*\n[ \t]*/g, ' '))) return s;
      if (Date.now() > until) throw new Error(`screen never showed ${re}; it shows:\n${s}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Wait for pmt to end and return its exit code. */
  async exitCode(): Promise<number> {
    const s = await this.waitFor(EXIT_RE);
    return Number(EXIT_RE.exec(s)![1]);
  }

  /** Stop the private tmux server this session started (and nothing else). */
  close(): void {
    if (!this.started) return;
    try {
      this.tmux(['kill-server']);
    } catch {
      // Already gone.
    }
    this.started = false;
  }
}
