/**
 * Driving the shipped completion scripts outside a terminal, and setting one up inside one:
 * shared by the completion tests (test/commands) and the terminal tests (test/pty).
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Doubles } from '../upstream/doubles.js';
import { PMT_BIN } from './cli.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A bash script in `dir` that sources completions/pmt.bash, sets COMP_WORDS to its arguments
 * (the last word is being completed), runs `_pmt` and prints COMPREPLY one per line.
 */
export function bashDriver(dir: string): string {
  const driver = join(dir, 'drive.sh');
  writeFileSync(
    driver,
    [
      `source ${JSON.stringify(join(ROOT, 'completions/pmt.bash'))}`,
      'COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _pmt',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n'),
  );
  return driver;
}

/**
 * A home for a shell under test: `pmt` on PATH, a config directory with two profiles (work, the
 * active one, and demo), and a Polymarket market of more than two outcomes from the doubles.
 */
export function completionHome(d: Doubles, prefix: string): { env: Record<string, string>; labels: string[]; slug: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'bin'));
  symlinkSync(PMT_BIN, join(dir, 'bin', 'pmt'));
  mkdirSync(join(dir, 'cfg'), { mode: 0o700 });
  writeFileSync(join(dir, 'cfg', 'profiles.json'), JSON.stringify({ active: 'work', profiles: { work: {}, demo: {} } }), { mode: 0o600 });
  const m = d.polymarket.gamma.catalog.markets.find((x) => x.wire.closed !== true && JSON.parse(String(x.wire.outcomes)).length > 2)!;
  const labels = JSON.parse(String(m.wire.outcomes)) as string[];
  const env = { PATH: `${join(dir, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`, PMT_CONFIG_DIR: join(dir, 'cfg'), ...d.env };
  return { env, labels, slug: String(m.wire.slug) };
}
