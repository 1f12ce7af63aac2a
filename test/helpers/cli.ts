/**
 * Run the built pmt binary the way a user or a script does (execa, real process, real pipes),
 * against the loopback doubles, with a private config dir. Build first: `npm run build`.
 */
import { execa, type Options } from 'execa';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PMT_BIN = resolve(import.meta.dirname, '../../bin/pmt');

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'pmt-test-'));
}

/** Environment with every credential and colour variable cleared, then `extra` applied. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(KALSHI_|POLYMARKET_|PMT_|NO_COLOR|FORCE_COLOR|COLUMNS)/.test(k)) continue;
    env[k] = v;
  }
  return { ...env, PMT_RETRY_BASE_MS: '5', ...extra };
}

export async function runPmt(
  args: string[],
  opts: { env?: Record<string, string | undefined>; input?: string; timeout?: number; cwd?: string } = {},
): Promise<RunResult> {
  const execOpts: Options = {
    env: cleanEnv(opts.env),
    extendEnv: false,
    reject: false,
    input: opts.input ?? '',
    timeout: opts.timeout ?? 20_000,
    cwd: opts.cwd,
    stripFinalNewline: false,
  };
  const r = await execa(PMT_BIN, args, execOpts);
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}
