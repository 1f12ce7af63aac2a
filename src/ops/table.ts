/**
 * The operation table: each operation pmt offers declared once, with everything a surface derives
 * from it. The CLI takes its help (summary, examples), its lazily built groups' subcommand lists
 * (program.ts LAZY_COMMANDS) and the flag set each command must have (checked against the built
 * tree) from here; `pmt serve` takes each route's method, path and operationId from here (and the
 * OpenAPI document follows from the routes); `serve/operations.ts` joins the table with the
 * routes' input schemas and handlers into the list another surface (an MCP server) enumerates.
 * test/ops/table.test.ts walks it: every operation has a CLI command with exactly these flags,
 * examples, and (unless it is pmt's own, local) a capability and a route.
 *
 * Loaded on the start-up path (`pmt --help` lists from it): data only, type imports only.
 */
import type { CapabilityName } from './capabilities.js';

export interface Example {
  /** What it does, shown as a shell comment above the command. */
  note: string;
  /** A command line starting with `pmt` (or a pipeline/env prefix around it). */
  cmd: string;
}

export interface OperationDecl {
  /** The interface's name (unified-interface.md), serve's operationId, an MCP tool's name. */
  id: string;
  /** The CLI command, as typed after `pmt`. */
  cli: string;
  /** What an exchange must support (its manifest's capability); null for pmt's own operation (not the interface's). */
  capability: CapabilityName | null;
  /** The command's own flags, in the order its help lists them (the tree must have exactly these). */
  flags: readonly string[];
  /** Positional arguments, as its usage shows them. */
  args?: readonly string[];
  /** One line: the CLI's command list, serve's route summary for people, an MCP tool's description. */
  summary: string;
  examples: Example[];
  /** The REST route under `pmt serve`; null for one that is local (the journal lives on this machine). */
  http: { method: 'GET' | 'POST'; path: string } | null;
  /** Reads only: nothing is placed, changed or cancelled. */
  readOnly: boolean;
  /** Cancels or changes what exists (a client should ask first). */
  destructive: boolean;
}

// Ids that exist in the demo doubles (README tour), so every example works when pasted there.
export const K = 'KXTEST-25Q4-CONTRACT';
export const P = 'polymarket:polymarket-test-slug-2025q4';
export const TOKEN = '123456789012345678901234567890123456789012345678901234567890001';

/** Every operation, in the order the CLI lists them within their group. */
export const OPERATIONS_TABLE: readonly OperationDecl[] = [
  {
    id: 'fetch_markets',
    cli: 'markets list',
    capability: 'fetchMarkets',
    flags: ['--status', '--limit', '--cursor', '--event', '--series', '--ticker', '--all', '--sort'],
    summary: 'List markets on both exchanges, or one with --exchange',
    examples: [
      { note: 'Active markets on both exchanges, 100 from each', cmd: 'pmt markets list' },
      { note: 'Every market of one Kalshi event, one JSON object per line', cmd: 'pmt markets list --exchange kalshi --event KXTEST-25Q4 --all --ndjson' },
      { note: 'Two markets by id, whatever their status', cmd: `pmt markets list --ticker kalshi:${K},${P} --status all` },
    ],
    http: { method: 'GET', path: '/v1/markets/fetch_markets' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'search_markets',
    cli: 'markets search',
    capability: 'searchMarkets',
    flags: ['--status', '--limit'],
    args: ['<words...>'],
    summary: 'Find markets by words, on both exchanges, best match first',
    examples: [
      { note: 'Markets about a topic, on both exchanges', cmd: 'pmt markets search test event' },
      { note: 'Including settled ones, as JSON', cmd: 'pmt markets search test series --status all --json' },
      { note: 'The ten best matches on Kalshi', cmd: 'pmt markets search test --exchange kalshi --limit 10' },
    ],
    http: { method: 'GET', path: '/v1/markets/search_markets' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_market_lineage',
    cli: 'markets lineage',
    capability: 'fetchMarketLineage',
    flags: [],
    args: ['<market>'],
    summary: 'A market with its parent event and series',
    examples: [
      { note: 'By unified id', cmd: `pmt markets lineage kalshi:${K}` },
      { note: 'By native slug, as JSON', cmd: 'pmt markets lineage polymarket-test-slug-2025q4 --exchange polymarket --json' },
    ],
    http: { method: 'GET', path: '/v1/markets/fetch_market_lineage' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_price_history',
    cli: 'markets history',
    capability: 'fetchPriceHistory',
    flags: ['--interval', '--since', '--outcome'],
    args: ['<market>'],
    summary: 'Price history: a chart on a terminal, candles as JSON',
    examples: [
      { note: 'Hourly closes over the last week, drawn to fit the terminal', cmd: `pmt markets history kalshi:${K}` },
      { note: 'Minute candles of the last 3 hours as JSON', cmd: `pmt markets history ${P} --interval 1m --since 3h --json` },
    ],
    http: { method: 'GET', path: '/v1/markets/fetch_price_history' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_orderbook',
    cli: 'book show',
    capability: 'fetchOrderbook',
    flags: ['--depth', '--outcome', '--cents'],
    args: ['<asset>'],
    summary: 'The orderbook ladder: asks above bids, with depth',
    examples: [
      { note: 'Five levels a side', cmd: `pmt book show ${K} --depth 5` },
      { note: 'The YES token of a Polymarket market, in cents', cmd: `pmt book show ${P} --outcome yes --cents` },
      { note: 'A token id, every level as JSON', cmd: `pmt book show ${TOKEN} --json` },
    ],
    http: { method: 'GET', path: '/v1/orderbook/fetch_orderbook' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_orderbook_stats',
    cli: 'book stats',
    capability: 'fetchOrderbook',
    flags: ['--outcome', '--cents'],
    args: ['<asset>'],
    summary: 'Top of book, mid, spread, imbalance and depth',
    examples: [
      { note: 'Stats for a Kalshi market', cmd: `pmt book stats ${K}` },
      { note: 'Just the spread, for a script', cmd: `pmt book stats ${P} --json | jq .spread_bps` },
    ],
    http: { method: 'GET', path: '/v1/orderbook/fetch_orderbook_stats' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_orderbook_impact',
    cli: 'book impact',
    capability: 'fetchOrderbook',
    flags: ['--size', '--outcome', '--cents'],
    args: ['<asset>'],
    summary: 'Fill price and slippage of a market order of --size',
    examples: [
      { note: '100 contracts each way', cmd: `pmt book impact ${K} --size 100` },
      { note: 'A Polymarket token, as JSON', cmd: `pmt book impact ${TOKEN} --size 2500 --json` },
    ],
    http: { method: 'GET', path: '/v1/orderbook/fetch_orderbook_impact' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'watch_orderbook',
    cli: 'book watch',
    capability: 'fetchOrderbook',
    flags: ['--outcome', '--depth', '--duration', '--count', '--cents'],
    args: ['<asset>'],
    summary: 'The live book: a ladder redrawn in place, or BookUpdates as NDJSON',
    examples: [
      { note: 'Watch a Kalshi book on a terminal (q quits)', cmd: `pmt book watch ${K}` },
      { note: 'The NO side, on NO prices', cmd: `pmt book watch ${K} --outcome no` },
      { note: 'Ten events as NDJSON, for a script', cmd: `pmt book watch ${TOKEN} --ndjson --count 10` },
    ],
    http: { method: 'GET', path: '/v1/orderbook/stream' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'create_order',
    cli: 'order create',
    capability: 'createOrder',
    flags: ['--asset', '--side', '--price', '--size', '--outcome', '--type', '--post-only', '--reduce-only', '--expires', '--yes', '--dry-run', '--group', '--client-order-id'],
    summary: 'Place a limit order (previews and confirms first)',
    examples: [
      { note: 'Interactive: prompts for each missing flag, then previews', cmd: 'pmt order create' },
      { note: 'Buy 10 YES at 0.42 without a question (for scripts)', cmd: `pmt order create --asset ${K} --side buy --price 0.42 --size 10 --yes` },
      { note: 'Preview buying NO on Polymarket against the live book; sends nothing', cmd: `pmt order create --asset ${P} --outcome no --side buy --price 0.30 --size 50 --dry-run` },
    ],
    http: { method: 'POST', path: '/v1/orders/create_order' },
    readOnly: false,
    destructive: false,
  },
  {
    id: 'cancel_all_orders',
    cli: 'order cancel-all',
    capability: 'cancelAllOrders',
    flags: ['--asset', '--yes'],
    summary: 'Cancel every open order, or those of one asset',
    examples: [
      { note: 'Lists what will be cancelled and asks first', cmd: 'pmt order cancel-all' },
      { note: 'One market, no question (scripts)', cmd: `pmt order cancel-all --asset ${K} --yes` },
    ],
    http: { method: 'POST', path: '/v1/orders/cancel_all_orders' },
    readOnly: false,
    destructive: true,
  },
  {
    id: 'cancel_order',
    cli: 'order cancel',
    capability: 'cancelOrder',
    flags: ['--yes'],
    args: ['<order_id>'],
    summary: 'Cancel one order',
    examples: [
      { note: 'Shows the order and asks first', cmd: 'pmt order cancel 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c' },
      { note: 'No question (scripts), the cancelled order as JSON', cmd: 'pmt order cancel 0x9c1b7f4e2a6d8c3b5e0f1a2d4c6e8b0a3f5d7c9e1b2a4c6d8e0f1a3b5c7d9e1f --yes --json' },
    ],
    http: { method: 'POST', path: '/v1/orders/cancel_order' },
    readOnly: false,
    destructive: true,
  },
  {
    id: 'amend_order',
    cli: 'order amend',
    capability: 'amendOrder',
    flags: ['--price', '--size', '--yes'],
    args: ['<order_id>'],
    summary: "Change a resting order's price and/or size (Kalshi)",
    examples: [
      { note: 'Move a bid to 0.44 (the price of the order\'s own outcome)', cmd: 'pmt order amend 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c --price 0.44' },
      { note: 'New price and total size, no question', cmd: 'pmt order amend 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c --price 0.45 --size 20 --yes' },
    ],
    http: { method: 'POST', path: '/v1/orders/amend_order' },
    readOnly: false,
    destructive: true,
  },
  {
    id: 'fetch_order',
    cli: 'order get',
    capability: 'fetchOrder',
    flags: ['--client-id'],
    args: ['[order_id]'],
    summary: 'One order by id',
    examples: [
      { note: 'A Kalshi order (UUID)', cmd: 'pmt order get 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c' },
      { note: 'A Polymarket order (0x hash), as JSON', cmd: 'pmt order get 0x9c1b7f4e2a6d8c3b5e0f1a2d4c6e8b0a3f5d7c9e1b2a4c6d8e0f1a3b5c7d9e1f --json' },
      { note: 'Settle an order whose outcome was unknown, by the id it was sent with', cmd: 'pmt order get --client-id 6d1f0c52-3b7e-4a49-9c1e-2f8a7d3b5e10' },
    ],
    http: { method: 'GET', path: '/v1/orders/fetch_order' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'read_journal',
    cli: 'order journal',
    capability: null,
    flags: ['--limit'],
    summary: 'Every order pmt sent: intent before it left, result after',
    examples: [
      { note: 'The last 20 entries', cmd: 'pmt order journal --limit 20' },
      { note: 'As JSON, for a script', cmd: 'pmt order journal --json' },
    ],
    http: null,
    readOnly: true,
    destructive: false,
  },
  {
    // A stream of the account's own orders and fills (ops/order-watch.ts). Not a manifest
    // capability and not served yet (no SSE route like the book's): local to the CLI for now,
    // and an exchange that does not bind it answers NotSupported from the adapter base.
    id: 'watch_orders',
    cli: 'order watch',
    capability: null,
    flags: ['--duration', '--count'],
    summary: 'Your orders and fills, live, as the exchanges push them',
    examples: [
      { note: 'Watch both exchanges until Ctrl-C', cmd: 'pmt order watch' },
      { note: 'One OrderEvent per line for a script, stop after 10', cmd: 'pmt order watch --exchange polymarket --ndjson --count 10' },
    ],
    http: null,
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_open_orders',
    cli: 'order list',
    capability: 'fetchOpenOrders',
    flags: ['--asset'],
    summary: 'Your open orders',
    examples: [
      { note: 'Everything open on both exchanges', cmd: 'pmt order list' },
      { note: 'One market, as JSON', cmd: `pmt order list --asset ${K} --json` },
    ],
    http: { method: 'GET', path: '/v1/orders/fetch_open_orders' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_balance',
    cli: 'balance',
    capability: 'fetchBalance',
    flags: [],
    summary: 'Cash available to trade per exchange',
    examples: [
      { note: 'Both exchanges (Kalshi portfolio value and Polymarket allowance too)', cmd: 'pmt balance' },
      { note: 'For a script: {"USD": n, "USDC": n}', cmd: 'pmt balance --json' },
    ],
    http: { method: 'GET', path: '/v1/balance/fetch_balance' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_positions',
    cli: 'positions',
    capability: 'fetchPositions',
    flags: ['--market', '--status'],
    summary: 'Open positions with average price, mark and unrealized P&L',
    examples: [
      { note: 'Everything held on both exchanges, with totals', cmd: 'pmt positions' },
      { note: 'One market, as Position models', cmd: `pmt positions --market kalshi:${K} --json` },
      { note: 'Polymarket positions whose market resolved, ready to redeem', cmd: 'pmt positions --exchange polymarket --status redeemable' },
    ],
    http: { method: 'GET', path: '/v1/positions/fetch_positions' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_fills',
    cli: 'fills',
    capability: 'fetchFills',
    flags: ['--market', '--limit', '--cursor', '--all'],
    summary: 'Your fills (executions), newest first',
    examples: [
      { note: 'The latest 100 on each exchange', cmd: 'pmt fills' },
      { note: 'Every fill of one market, one JSON object per line', cmd: `pmt fills --market kalshi:${K} --all --ndjson` },
    ],
    http: { method: 'GET', path: '/v1/fills/fetch_fills' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_trades',
    cli: 'trades',
    capability: 'fetchTrades',
    flags: ['--limit', '--cursor', '--all'],
    args: ['<market>'],
    summary: "A market's public trades (the tape)",
    examples: [
      { note: 'The latest 20 trades', cmd: `pmt trades kalshi:${K} --limit 20` },
      { note: 'The whole tape of a Polymarket market as NDJSON', cmd: `pmt trades ${P} --all --ndjson` },
    ],
    http: { method: 'GET', path: '/v1/trades/fetch_trades' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_approvals',
    cli: 'approvals check',
    // pmt's own (no interface operation, no manifest capability): issue 25.
    capability: null,
    flags: [],
    summary: 'Show each spender and token, and whether it is approved',
    examples: [
      { note: 'As a table', cmd: 'pmt approvals check' },
      { note: 'For a script: [{spender, name, token, standard, ok, allowance}]', cmd: 'pmt approvals check --json' },
    ],
    http: { method: 'GET', path: '/v1/account/fetch_approvals' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'fetch_settlements',
    cli: 'settlements',
    // pmt's own (no interface operation, no manifest capability): issue 25.
    capability: null,
    flags: ['--ticker', '--limit'],
    summary: 'Settled markets: result, payout, fees and net (Kalshi)',
    examples: [
      { note: 'Everything settled, newest first', cmd: 'pmt settlements' },
      { note: 'The last five, for a script', cmd: 'pmt settlements --limit 5 --json' },
    ],
    http: { method: 'GET', path: '/v1/account/fetch_settlements' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'doctor',
    cli: 'doctor',
    // pmt's own (no interface operation, no manifest capability): issue 25.
    capability: null,
    flags: [],
    summary: 'Why an account cannot trade, and the fix (exit 0 when nothing blocks trading, else 9)',
    examples: [
      { note: 'Every configured exchange', cmd: 'pmt doctor' },
      { note: 'For a script', cmd: 'pmt doctor --exchange polymarket --json' },
    ],
    http: { method: 'GET', path: '/v1/account/doctor' },
    readOnly: true,
    destructive: false,
  },
  {
    id: 'kill',
    cli: 'kill',
    // pmt's own (issue 24): the kill switch over every exchange's cancel-all, then `trading: off`.
    capability: null,
    flags: ['--yes'],
    summary: 'Cancel every open order everywhere, then turn trading off',
    examples: [
      { note: 'Stop everything now', cmd: 'pmt kill --yes' },
      { note: 'One exchange only, for a script', cmd: 'pmt kill --exchange kalshi --yes --json' },
    ],
    http: { method: 'POST', path: '/v1/kill' },
    readOnly: false,
    destructive: true,
  },
];

/** The operation of a CLI command path, if it is one. */
export function operationAt(cli: string): OperationDecl | undefined {
  return OPERATIONS_TABLE.find((o) => o.cli === cli);
}

/** The operation with this id (throws on a typo: the table is the one list). */
export function operation(id: string): OperationDecl {
  const o = OPERATIONS_TABLE.find((x) => x.id === id);
  if (!o) throw new Error(`no operation ${id} in ops/table.ts`);
  return o;
}

/** The subcommands of a CLI group the table declares, in order (`markets` → list, search, …). */
export function subcommandsOf(group: string): string[] {
  return OPERATIONS_TABLE.filter((o) => o.cli.startsWith(`${group} `)).map((o) => o.cli.slice(group.length + 1));
}

/** How `pmt --help` lists a top-level operation before building it: `trades [options] <market>`. */
export function termOf(o: OperationDecl): string {
  return [o.cli, o.flags.length ? '[options]' : '', ...(o.args ?? [])].filter(Boolean).join(' ');
}
