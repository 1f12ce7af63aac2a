/**
 * Help for people: a one-line summary and two or three real examples per command, kept as data
 * keyed by command path so a test can check that every command has them and that every example
 * only uses commands and flags that exist. `applyHelp` attaches them to the Commander tree.
 */
import type { Command } from 'commander';

export interface Example {
  /** What it does, shown as a shell comment above the command. */
  note: string;
  /** A command line starting with `pmt` (or a pipeline/env prefix around it). */
  cmd: string;
}

export interface CommandHelp {
  /** One line for the parent's command list (a group's subcommands are appended from the tree). */
  summary: string;
  examples: Example[];
}

// Ids that exist in the demo doubles (README tour), so every example works when pasted there.
const K = 'KXTEST-25Q4-CONTRACT';
const P = 'polymarket:polymarket-test-slug-2025q4';
const TOKEN = '123456789012345678901234567890123456789012345678901234567890001';

/** Command path (names joined by spaces, '' for pmt itself) → help. */
export const HELP: Record<string, CommandHelp> = {
  '': {
    summary: 'Trade prediction markets on Kalshi and Polymarket from one command line',
    examples: [
      { note: 'The first 20 active Kalshi markets', cmd: 'pmt markets list --exchange kalshi --limit 20' },
      { note: 'An orderbook, asks above bids', cmd: `pmt book show ${K}` },
      { note: 'Buy 10 YES at 0.42 (previews and asks first)', cmd: `pmt order create --asset ${K} --side buy --price 0.42 --size 10` },
    ],
  },
  markets: {
    summary: 'Browse markets',
    examples: [
      { note: 'Closed Polymarket markets', cmd: 'pmt markets list --exchange polymarket --status closed' },
      { note: 'A market with its event and series', cmd: `pmt markets lineage kalshi:${K}` },
    ],
  },
  'markets list': {
    summary: 'List markets on both exchanges, or one with --exchange',
    examples: [
      { note: 'Active markets on both exchanges, 100 from each', cmd: 'pmt markets list' },
      { note: 'Every market of one Kalshi event, one JSON object per line', cmd: 'pmt markets list --exchange kalshi --event KXTEST-25Q4 --all --ndjson' },
      { note: 'Two markets by id, whatever their status', cmd: `pmt markets list --ticker kalshi:${K},${P} --status all` },
    ],
  },
  'markets search': {
    summary: 'Find markets by words, on both exchanges, best match first',
    examples: [
      { note: 'Markets about a topic, on both exchanges', cmd: 'pmt markets search test event' },
      { note: 'Including settled ones, as JSON', cmd: 'pmt markets search test series --status all --json' },
      { note: 'The ten best matches on Kalshi', cmd: 'pmt markets search test --exchange kalshi --limit 10' },
    ],
  },
  'markets lineage': {
    summary: 'A market with its parent event and series',
    examples: [
      { note: 'By unified id', cmd: `pmt markets lineage kalshi:${K}` },
      { note: 'By native slug, as JSON', cmd: 'pmt markets lineage polymarket-test-slug-2025q4 --exchange polymarket --json' },
    ],
  },
  book: {
    summary: 'Orderbooks',
    examples: [
      { note: 'The ladder of a Kalshi market', cmd: `pmt book show ${K}` },
      { note: 'What buying 500 NO would cost on Polymarket', cmd: `pmt book impact ${P} --outcome no --size 500` },
    ],
  },
  'book show': {
    summary: 'The orderbook ladder: asks above bids, with depth',
    examples: [
      { note: 'Five levels a side', cmd: `pmt book show ${K} --depth 5` },
      { note: 'The YES token of a Polymarket market, in cents', cmd: `pmt book show ${P} --outcome yes --cents` },
      { note: 'A token id, every level as JSON', cmd: `pmt book show ${TOKEN} --json` },
    ],
  },
  'book stats': {
    summary: 'Top of book, mid, spread, imbalance and depth',
    examples: [
      { note: 'Stats for a Kalshi market', cmd: `pmt book stats ${K}` },
      { note: 'Just the spread, for a script', cmd: `pmt book stats ${P} --json | jq .spread_bps` },
    ],
  },
  'book impact': {
    summary: 'Fill price and slippage of a market order of --size',
    examples: [
      { note: '100 contracts each way', cmd: `pmt book impact ${K} --size 100` },
      { note: 'A Polymarket token, as JSON', cmd: `pmt book impact ${TOKEN} --size 2500 --json` },
    ],
  },
  'book watch': {
    summary: 'The live book: a ladder redrawn in place, or BookUpdates as NDJSON',
    examples: [
      { note: 'Watch a Kalshi book on a terminal (q quits)', cmd: `pmt book watch ${K}` },
      { note: 'The NO side, on NO prices', cmd: `pmt book watch ${K} --outcome no` },
      { note: 'Ten events as NDJSON, for a script', cmd: `pmt book watch ${TOKEN} --ndjson --count 10` },
    ],
  },
  order: {
    summary: 'Place, inspect and cancel orders',
    examples: [
      { note: 'Your open orders on both exchanges', cmd: 'pmt order list' },
      { note: 'Place an order (asks for what is missing, previews, confirms)', cmd: 'pmt order create' },
      { note: 'Cancel everything resting on one market', cmd: `pmt order cancel-all --asset ${K}` },
    ],
  },
  'order create': {
    summary: 'Place a limit order (previews and confirms first)',
    examples: [
      { note: 'Interactive: prompts for each missing flag, then previews', cmd: 'pmt order create' },
      { note: 'Buy 10 YES at 0.42 without a question (for scripts)', cmd: `pmt order create --asset ${K} --side buy --price 0.42 --size 10 --yes` },
      { note: 'Preview buying NO on Polymarket against the live book; sends nothing', cmd: `pmt order create --asset ${P} --outcome no --side buy --price 0.30 --size 50 --dry-run` },
    ],
  },
  'order cancel-all': {
    summary: 'Cancel every open order, or those of one asset',
    examples: [
      { note: 'Lists what will be cancelled and asks first', cmd: 'pmt order cancel-all' },
      { note: 'One market, no question (scripts)', cmd: `pmt order cancel-all --asset ${K} --yes` },
    ],
  },
  'order cancel': {
    summary: 'Cancel one order',
    examples: [
      { note: 'Shows the order and asks first', cmd: 'pmt order cancel 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c' },
      { note: 'No question (scripts), the cancelled order as JSON', cmd: 'pmt order cancel 0x9c1b7f4e2a6d8c3b5e0f1a2d4c6e8b0a3f5d7c9e1b2a4c6d8e0f1a3b5c7d9e1f --yes --json' },
    ],
  },
  'order amend': {
    summary: "Change a resting order's price and/or size (Kalshi)",
    examples: [
      { note: 'Move a bid to 0.44 (the price of the order\'s own outcome)', cmd: 'pmt order amend 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c --price 0.44' },
      { note: 'New price and total size, no question', cmd: 'pmt order amend 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c --price 0.45 --size 20 --yes' },
    ],
  },
  balance: {
    summary: 'Cash available to trade per exchange',
    examples: [
      { note: 'Both exchanges (Kalshi portfolio value and Polymarket allowance too)', cmd: 'pmt balance' },
      { note: 'For a script: {"USD": n, "USDC": n}', cmd: 'pmt balance --json' },
    ],
  },
  positions: {
    summary: 'Open positions with average price, mark and unrealized P&L',
    examples: [
      { note: 'Everything held on both exchanges, with totals', cmd: 'pmt positions' },
      { note: 'One market, as Position models', cmd: `pmt positions --market kalshi:${K} --json` },
    ],
  },
  fills: {
    summary: 'Your fills (executions), newest first',
    examples: [
      { note: 'The latest 100 on each exchange', cmd: 'pmt fills' },
      { note: 'Every fill of one market, one JSON object per line', cmd: `pmt fills --market kalshi:${K} --all --ndjson` },
    ],
  },
  trades: {
    summary: "A market's public trades (the tape)",
    examples: [
      { note: 'The latest 20 trades', cmd: `pmt trades kalshi:${K} --limit 20` },
      { note: 'The whole tape of a Polymarket market as NDJSON', cmd: `pmt trades ${P} --all --ndjson` },
    ],
  },
  'markets history': {
    summary: 'Price history: a chart on a terminal, candles as JSON',
    examples: [
      { note: 'Hourly closes over the last week, drawn to fit the terminal', cmd: `pmt markets history kalshi:${K}` },
      { note: 'Minute candles of the last 3 hours as JSON', cmd: `pmt markets history ${P} --interval 1m --since 3h --json` },
    ],
  },
  'order get': {
    summary: 'One order by id',
    examples: [
      { note: 'A Kalshi order (UUID)', cmd: 'pmt order get 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c' },
      { note: 'A Polymarket order (0x hash), as JSON', cmd: 'pmt order get 0x9c1b7f4e2a6d8c3b5e0f1a2d4c6e8b0a3f5d7c9e1b2a4c6d8e0f1a3b5c7d9e1f --json' },
      { note: 'Settle an order whose outcome was unknown, by the id it was sent with', cmd: 'pmt order get --client-id 6d1f0c52-3b7e-4a49-9c1e-2f8a7d3b5e10' },
    ],
  },
  'order journal': {
    summary: 'Every order pmt sent: intent before it left, result after',
    examples: [
      { note: 'The last 20 entries', cmd: 'pmt order journal --limit 20' },
      { note: 'As JSON, for a script', cmd: 'pmt order journal --json' },
    ],
  },
  'order list': {
    summary: 'Your open orders',
    examples: [
      { note: 'Everything open on both exchanges', cmd: 'pmt order list' },
      { note: 'One market, as JSON', cmd: `pmt order list --asset ${K} --json` },
    ],
  },
  profile: {
    summary: 'Credential profiles',
    examples: [
      { note: 'Store Kalshi credentials (the key stays in its file)', cmd: 'pmt profile add main --kalshi-api-key-id KEY_ID --kalshi-private-key-path ~/.kalshi/key.pem' },
      { note: 'Which profiles exist, and which is active', cmd: 'pmt profile list' },
    ],
  },
  'profile add': {
    summary: 'Add or replace a profile',
    examples: [
      { note: 'Kalshi, key file referenced by path', cmd: 'pmt profile add main --kalshi-api-key-id KEY_ID --kalshi-private-key-path ~/.kalshi/key.pem' },
      { note: 'In a script: the Polymarket key piped in on stdin (a flag value would show in ps)', cmd: 'pmt profile add bot --polymarket-private-key-stdin' },
      { note: 'Polymarket browser wallet; the private key is asked for, not typed on the line', cmd: 'pmt profile add poly --polymarket-funder 0xYOUR_PROXY_WALLET --polymarket-signature-type gnosis-safe' },
    ],
  },
  'profile list': {
    summary: 'List profiles (secrets masked)',
    examples: [
      { note: 'All profiles, the active one marked', cmd: 'pmt profile list' },
      { note: 'As JSON', cmd: 'pmt profile list --json' },
    ],
  },
  'profile show': {
    summary: 'A profile and where each credential comes from',
    examples: [
      { note: 'The active profile, with env overrides applied', cmd: 'pmt profile show' },
      { note: 'A named profile', cmd: 'pmt profile show demo' },
    ],
  },
  'profile use': {
    summary: 'Make a profile the active one',
    examples: [
      { note: 'Switch to the demo profile', cmd: 'pmt profile use demo' },
      { note: 'Use another profile for one command only', cmd: 'pmt order list --profile main' },
    ],
  },
  'profile remove': {
    summary: 'Remove a profile',
    examples: [
      { note: 'Asks first', cmd: 'pmt profile remove old' },
      { note: 'No question', cmd: 'pmt profile remove old --yes' },
    ],
  },
  serve: {
    summary: 'Serve the interface as a REST API on localhost',
    examples: [
      { note: 'Loopback on port 8080; prints a random bearer token once', cmd: 'pmt serve' },
      { note: 'Your own token (32+ characters, from a file or PMT_SERVE_TOKEN) and port', cmd: 'pmt serve --token-file ~/.pmt-serve-token --port 9000' },
    ],
  },
  version: {
    summary: 'Print the version (same as --version)',
    examples: [
      { note: 'The version of pmt you run', cmd: 'pmt version' },
      { note: 'Into a bug report', cmd: 'pmt version | tee -a bug-report.txt' },
    ],
  },
  completion: {
    summary: 'Print a shell completion script (bash, zsh, fish)',
    examples: [
      { note: 'bash (needs the bash-completion package)', cmd: 'pmt completion bash > ~/.local/share/bash-completion/completions/pmt' },
      { note: 'zsh: any directory on $fpath, then restart the shell', cmd: 'pmt completion zsh > ~/.zsh/completions/_pmt' },
      { note: 'fish', cmd: 'pmt completion fish > ~/.config/fish/completions/pmt.fish' },
    ],
  },
  exchanges: {
    summary: 'Capabilities, environment and credential status per exchange',
    examples: [
      { note: 'What each exchange supports and whether credentials are set', cmd: 'pmt exchanges' },
      { note: 'One signed request per exchange: are the credentials accepted? clock skew?', cmd: 'pmt exchanges --check' },
      { note: 'For a script', cmd: 'pmt exchanges --check --json' },
    ],
  },
  approvals: {
    summary: "Let the exchange contracts move the wallet's pUSD and outcome tokens (Polymarket, on chain)",
    examples: [
      { note: 'Each spender and token, approved or not', cmd: 'pmt approvals check' },
      { note: 'Approve what is missing (previews the transactions, asks first)', cmd: 'pmt approvals set' },
    ],
  },
  'approvals check': {
    summary: 'Show each spender and token, and whether it is approved',
    examples: [
      { note: 'As a table', cmd: 'pmt approvals check' },
      { note: 'For a script: [{spender, name, token, standard, ok, allowance}]', cmd: 'pmt approvals check --json' },
    ],
  },
  'approvals set': {
    summary: 'Approve what is missing (previews the transactions and asks first)',
    examples: [
      { note: 'Preview, confirm, send', cmd: 'pmt approvals set' },
      { note: 'From a script (no confirmation)', cmd: 'pmt approvals set --yes' },
    ],
  },
  position: {
    summary: 'Split pUSD into complete sets, merge them back, redeem resolved markets (Polymarket, on chain)',
    examples: [
      { note: 'Turn 10 pUSD into 10 of each outcome of a market', cmd: `pmt position split ${P} --size 10` },
      { note: 'A resolved market back into pUSD', cmd: `pmt position redeem ${P}` },
    ],
  },
  'position split': {
    summary: "Split pUSD into a complete set of the market's outcome tokens",
    examples: [
      { note: '10 pUSD into 10 of each outcome', cmd: `pmt position split ${P} --size 10` },
      { note: 'From a script', cmd: `pmt position split ${P} --size 10 --yes` },
    ],
  },
  'position merge': {
    summary: 'Merge complete sets back into pUSD',
    examples: [
      { note: 'Every complete set held', cmd: `pmt position merge ${P}` },
      { note: 'Five sets', cmd: `pmt position merge ${P} --size 5` },
    ],
  },
  'position redeem': {
    summary: "Redeem a resolved market's tokens for pUSD",
    examples: [
      { note: 'Preview the payout, confirm, send', cmd: `pmt position redeem ${P}` },
      { note: 'Every resolved position the Data API lists as redeemable', cmd: 'pmt position redeem --all' },
    ],
  },
  settlements: {
    summary: 'Settled markets: result, payout, fees and net (Kalshi)',
    examples: [
      { note: 'Everything settled, newest first', cmd: 'pmt settlements' },
      { note: 'The last five, for a script', cmd: 'pmt settlements --limit 5 --json' },
    ],
  },
  doctor: {
    summary: 'Why an account cannot trade, and the fix (exit 0 when nothing blocks trading, else 9)',
    examples: [
      { note: 'Every configured exchange', cmd: 'pmt doctor' },
      { note: 'For a script', cmd: 'pmt doctor --exchange polymarket --json' },
    ],
  },
};

/** Where each top-level command is listed in `pmt --help`. */
export const GROUPS: Record<string, string> = {
  markets: 'Market data:',
  book: 'Market data:',
  order: 'Trading:',
  balance: 'Trading:',
  positions: 'Trading:',
  fills: 'Trading:',
  trades: 'Market data:',
  profile: 'Setup:',
  exchanges: 'Setup:',
  completion: 'Setup:',
  serve: 'Setup:',
  approvals: 'Trading:',
  position: 'Trading:',
  settlements: 'Trading:',
  doctor: 'Setup:',
};

/** The space-separated path of a command below `pmt` ('' for pmt itself). */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** The "Examples:" block shown after a command's help. */
export function examplesText(examples: Example[]): string {
  const lines = ['', 'Examples:'];
  examples.forEach((e, i) => {
    if (i > 0) lines.push('');
    lines.push(`  # ${e.note}`, `  ${e.cmd}`);
  });
  return lines.join('\n') + '\n';
}

/**
 * Attach summaries, help groups and examples to every command of the tree. `listed` gives the
 * subcommand names of a group that is listed but not built (program.ts).
 */
export function applyHelp(program: Command, listed: (cmd: Command) => readonly string[] | undefined = () => undefined): void {
  const visit = (cmd: Command) => {
    const path = commandPath(cmd);
    const help = HELP[path];
    if (help) {
      const subs = listed(cmd) ?? cmd.commands.map((c) => c.name());
      if (path !== '') cmd.summary(subs.length ? `${help.summary}: ${subs.join(', ')}` : help.summary);
      cmd.addHelpText('after', examplesText(help.examples));
    }
    if (cmd.parent && !cmd.parent.parent && GROUPS[cmd.name()]) cmd.helpGroup(GROUPS[cmd.name()]!);
    cmd.commands.forEach(visit);
  };
  visit(program);
}
