/**
 * Help for people: a one-line summary and two or three real examples per command, kept as data
 * keyed by command path so a test can check that every command has them and that every example
 * only uses commands and flags that exist. `applyHelp` attaches them to the Commander tree.
 */
import type { Command } from 'commander';
import { K, OPERATIONS_TABLE, P, type Example } from '../ops/table.js';

export type { Example };

export interface CommandHelp {
  /** One line for the parent's command list (a group's subcommands are appended from the tree). */
  summary: string;
  examples: Example[];
}

/**
 * Command path (names joined by spaces, '' for pmt itself) → help: the groups and pmt's own
 * commands here, every operation's from its entry in the operation table (ops/table.ts).
 */
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
  book: {
    summary: 'Orderbooks',
    examples: [
      { note: 'The ladder of a Kalshi market', cmd: `pmt book show ${K}` },
      { note: 'What buying 500 NO would cost on Polymarket', cmd: `pmt book impact ${P} --outcome no --size 500` },
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
  'order group': {
    summary: 'Kalshi order groups: a contract limit the exchange enforces',
    examples: [
      { note: 'At most 50 contracts matched per 15 seconds', cmd: 'pmt order group create bot --limit 50' },
      { note: 'Place into it', cmd: `pmt order create --asset ${K} --side buy --price 0.42 --size 10 --group bot --yes` },
    ],
  },
  'order group create': {
    summary: 'Create an order group and name it on the profile',
    examples: [
      { note: 'At most 50 contracts matched per 15 seconds', cmd: 'pmt order group create bot --limit 50' },
      { note: 'For a script', cmd: 'pmt order group create bot2 --limit 10 --json' },
    ],
  },
  'order group list': {
    summary: "The exchange's order groups with the profile's names",
    examples: [
      { note: 'For people', cmd: 'pmt order group list' },
      { note: 'For a script', cmd: 'pmt order group list --json' },
    ],
  },
  'order group trigger': {
    summary: 'Cancel the group\'s orders and block new ones until reset',
    examples: [
      { note: 'Stop one bot', cmd: 'pmt order group trigger bot' },
      { note: 'For a script', cmd: 'pmt order group trigger bot --json' },
    ],
  },
  'order group reset': {
    summary: 'Allow orders in the group again',
    examples: [
      { note: 'After a trigger', cmd: 'pmt order group reset bot' },
      { note: 'For a script', cmd: 'pmt order group reset bot --json' },
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
  risk: {
    summary: "The profile's risk limits, checked before any order is signed",
    examples: [
      { note: 'The limits and what today used', cmd: 'pmt risk show' },
      { note: 'At most $5 per order and $50 a day per exchange', cmd: 'pmt risk set --max-order-notional 5 --max-daily-notional 50' },
    ],
  },
  'risk show': {
    summary: "The limits of the profile in use and today's usage per exchange",
    examples: [
      { note: 'For people', cmd: 'pmt risk show' },
      { note: 'For a script', cmd: 'pmt risk show --json' },
    ],
  },
  'risk set': {
    summary: 'Set or clear limits on the profile in use',
    examples: [
      { note: 'Per order and per day, fees included', cmd: 'pmt risk set --max-order-notional 5 --max-daily-notional kalshi=50,polymarket=20' },
      { note: 'Only Fed markets, at most 3 open orders', cmd: "pmt risk set --allowed-markets 'KXFED-*' --max-open-orders 3" },
      { note: 'Remove one limit', cmd: 'pmt risk set --clear max_open_orders' },
    ],
  },
  'risk resume': {
    summary: 'Turn trading on again after `pmt kill`',
    examples: [
      { note: 'After a kill switch', cmd: 'pmt risk resume' },
      { note: 'Then check', cmd: 'pmt risk show' },
    ],
  },
  mcp: {
    summary: 'Serve the operations as MCP tools for AI agents (stdio, or Streamable HTTP)',
    examples: [
      { note: 'For an MCP client that starts pmt itself (reads and previews only)', cmd: 'pmt mcp' },
      { note: 'Let the agent trade, within the profile limits ($10/order, $100/day if none)', cmd: 'pmt mcp --allow-trading' },
      { note: 'Streamable HTTP on 127.0.0.1:8081/mcp (token from PMT_SERVE_TOKEN, or printed once)', cmd: 'pmt mcp --http --port 8081' },
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
  ...Object.fromEntries(OPERATIONS_TABLE.map((o) => [o.cli, { summary: o.summary, examples: o.examples }])),
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
  mcp: 'Setup:',
  risk: 'Trading:',
  kill: 'Trading:',
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
