/**
 * What `pmt` alone prints: a short map of the tool (each command with its subcommands, generated
 * from the tree so it cannot go stale), three first steps, and where to get more help. The full
 * reference is `pmt --help` and `pmt <command> --help`.
 */
import type { Command } from 'commander';
import { HELP } from './help-text.js';

const ORDER = ['markets', 'book', 'trades', 'order', 'positions', 'balance', 'fills', 'profile', 'exchanges', 'completion', 'serve'];

const FIRST_STEPS: Array<[string, string]> = [
  ['pmt markets list --exchange kalshi --limit 10', 'browse markets'],
  ['pmt book show KXBTCD-25APR1517', 'read an orderbook'],
  ['pmt exchanges --check', 'are my credentials working?'],
];

/** The overview text for `pmt` with no arguments. */
export function overview(program: Command, version: string): string {
  // Most used first; anything not named here keeps its registration order at the end.
  const rank = (name: string) => {
    const i = ORDER.indexOf(name);
    return i < 0 ? ORDER.length : i;
  };
  const top = program.commands
    .filter((c) => !(c as unknown as { _hidden?: boolean })._hidden)
    .sort((a, b) => rank(a.name()) - rank(b.name()));
  const nameWidth = Math.max(...top.map((c) => c.name().length));
  const lines: string[] = [];
  lines.push(`pmt ${version}: ${HELP['']?.summary ?? program.description()}`);
  lines.push('');
  lines.push('Usage: pmt <command> [subcommand] [options]');
  lines.push('');
  lines.push('Commands:');
  for (const c of top) {
    const summary = c.summary() || c.description();
    lines.push(`  ${c.name().padEnd(nameWidth)}  ${summary}`);
  }
  lines.push('');
  lines.push('First steps:');
  const cmdWidth = Math.max(...FIRST_STEPS.map(([c]) => c.length));
  for (const [cmd, what] of FIRST_STEPS) lines.push(`  ${cmd.padEnd(cmdWidth)}  # ${what}`);
  lines.push('');
  lines.push('More: pmt <command> --help for flags and examples; pmt --help for global options');
  return lines.join('\n') + '\n';
}

/** Extra reference at the end of `pmt --help`: environment variables and exit codes. */
export const REFERENCE = `Environment:
  KALSHI_API_KEY_ID, KALSHI_PRIVATE_KEY_PATH (or KALSHI_PRIVATE_KEY)    Kalshi credentials
  POLYMARKET_PRIVATE_KEY, POLYMARKET_FUNDER, POLYMARKET_SIGNATURE_TYPE  Polymarket credentials
  POLYMARKET_API_KEY, POLYMARKET_API_SECRET, POLYMARKET_API_PASSPHRASE  optional; else derived
  PMT_PROFILE          profile to use (like --profile)
  PMT_CONFIG_DIR       where profiles are stored
  PMT_KALSHI_API_URL, PMT_POLYMARKET_GAMMA_URL, PMT_POLYMARKET_CLOB_URL,
  PMT_POLYMARKET_DATA_URL  upstream base URLs
  NO_COLOR=1           no colour (like --no-color); FORCE_COLOR=1 colour even when piped
  TZ                   time zone for times shown to people (JSON and pipes: ISO UTC)

Output: tables and colour on a terminal; tab-separated rows, no colour, ISO UTC times when
piped; --json / --ndjson for scripts. Progress lines go to stderr, only on a terminal.

Exit codes: 0 ok, 1 API error, 2 usage, 3 authentication, 4 insufficient funds,
5 market not found, 6 order not found, 7 rate limited, 8 network, 9 config,
10 not supported, 130 cancelled (nothing was sent)
`;
