/**
 * Shared set-up for the `pmt book` command tests: all doubles, a Kalshi key registered with the
 * Kalshi double, its PEM written to a temp file, and env builders for each credential situation.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { makeKalshiKey, type KalshiKeyPair } from '../upstream/kalshi/auth.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';

export interface BookEnv {
  d: Doubles;
  key: KalshiKeyPair;
  keyPath: string;
  /** Doubles' URLs, a private config dir and Kalshi credentials from the environment. */
  env: (extra?: Record<string, string>) => Record<string, string>;
  /** Doubles' URLs and a private config dir, no credentials. */
  bare: (extra?: Record<string, string>) => Record<string, string>;
  /** pmt run in process (test/helpers/in-process.ts) with this environment. */
  pmt: (args: string[], env: Record<string, string>) => ReturnType<typeof runInProcess>;
}

export async function bookEnv(): Promise<BookEnv> {
  const d = await startDoubles();
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  const dir = mkdtempSync(join(tmpdir(), 'pmt-book-'));
  const keyPath = join(dir, 'kalshi.pem');
  writeFileSync(keyPath, key.privatePem, { mode: 0o600 });
  const bare = (extra: Record<string, string> = {}) => ({ ...d.env, PMT_CONFIG_DIR: tempConfigDir(), TZ: 'UTC', ...extra });
  return {
    d,
    key,
    keyPath,
    bare,
    env: (extra = {}) => bare({ KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: keyPath, ...extra }),
    pmt: (args, env) => runInProcess(args, { env }),
  };
}

/** Terminal-like output without colour, so text can be compared. */
export const TTY = { PMT_FORCE_TTY: '80', NO_COLOR: '1', LINES: '24' };
