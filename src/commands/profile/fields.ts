/**
 * Checks for the values a profile stores, shared by flags and prompts. Each returns the problem
 * as text (naming the field, never echoing a secret) or null. A key is checked by really loading
 * it with the exchange's own loader (its manifest's `checkKey`): if it loads here, it signs later.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { PmtError } from '../../errors.js';
import type { ExchangeManifest } from '../../exchanges/manifest.js';

export { tokenProblem } from '../../exchanges/credential-checks.js';

/** The problem with a key (text, never the key), or the kind its exchange found ("Ed25519" / "RSA"). */
export async function keyCheck(m: ExchangeManifest, field: string, text: string): Promise<{ problem: string | null; kind?: string }> {
  if (!m.credentials.checkKey) return { problem: null };
  try {
    const kind = await m.credentials.checkKey(text, field);
    return { problem: null, ...(kind ? { kind } : {}) };
  } catch (e) {
    if (e instanceof PmtError) return { problem: e.message };
    throw e;
  }
}

/** A key file: readable, a key its exchange loads. Returns the absolute path, the kind and any warning (a file others can read). */
export async function checkKeyFile(m: ExchangeManifest, field: string, path: string): Promise<{ problem: string | null; absolute: string; warning?: string; kind?: string }> {
  const absolute = resolve(path.trim().replace(/^~(?=\/)/, process.env.HOME ?? '~'));
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (e) {
    return { problem: `${field} ${absolute} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'unreadable'})`, absolute };
  }
  const { problem, kind } = await keyCheck(m, `${field} ${absolute}`, text);
  let warning: string | undefined;
  try {
    const mode = statSync(absolute).mode & 0o777;
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) warning = `${absolute} is readable by other users (mode ${mode.toString(8)}); consider \`chmod 600 ${absolute}\``;
  } catch {
    // The key loaded, so the file exists; a failing stat only loses the warning.
  }
  return { problem, absolute, warning, ...(kind ? { kind } : {}) };
}
