/**
 * Where pmt keeps its files (profiles, the order journal, caches). Its own module because the
 * entry needs it on every failure (to learn which secrets to scrub) and the profile store's
 * locking and file checks are not worth loading for that.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the store lives: `PMT_CONFIG_DIR`, else the XDG config dir (conf's default for `pmt`). */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PMT_CONFIG_DIR) return env.PMT_CONFIG_DIR;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'pmt');
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'pmt', 'Config');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'pmt');
}
