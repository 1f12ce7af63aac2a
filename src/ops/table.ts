/**
 * The operation table: each operation pmt offers declared once, with everything a surface derives
 * from it: its id, the capability it needs, its input (each parameter with its CLI flag or
 * argument, its served name and schema, its values, descriptions and parse: params.ts), its CLI
 * path, description, summary and examples, its HTTP method and path.
 *
 * - the CLI: each command's options and arguments (commands/op-command.ts), its help (summary,
 *   examples), the lazily built groups' subcommand lists (program.ts LAZY_COMMANDS), and the
 *   completion scripts (commands/completion-model.ts);
 * - `pmt serve`: each route's method, path, operationId and querystring or body schema
 *   (serve/route-def.ts, serve/input-schema.ts), and so the OpenAPI document and the list an MCP
 *   server enumerates (serve/operations.ts);
 * - both: the op's input from a command line or a request, by the same parse (ops/input.ts), and
 *   the op that answers it (`run`, ops/modules.ts): serve's route is derived from the entry
 *   (its tag, summary, response model and errors: serve/routes.ts), and so is the CLI's verb
 *   where the entry names its `view` (commands/op-run.ts: input → op → JSON, NDJSON or the view).
 *
 * test/ops/table.test.ts walks it: every operation has flags (maybe none), examples, a capability
 * and a route (unless it is pmt's own, local), an op or a hook on each surface, and every surface
 * agrees with it.
 *
 * Loaded on the start-up path (`pmt --help` lists from it): data only, no schema library.
 */
import type { CapabilityName } from './capabilities.js';
import type { OpRef } from './modules.js';
import {
  accountCursor,
  accountMarket,
  all,
  alter,
  bookAsset,
  bookOutcome,
  cents,
  count,
  cursor,
  dayExchange,
  DEFAULT_SEARCH_LIMIT,
  depth,
  duration,
  eachExchange,
  endTs,
  exchange,
  FILLS_LIMIT_MAX,
  ID,
  INTERVALS,
  K,
  listCursor,
  MARKET_SORTS,
  MAX_SEARCH_LIMIT,
  marketStatus,
  ORDER_SIDES,
  ORDER_TYPES,
  orderId,
  P,
  POSITION_STATUSES,
  scopeAsset,
  startTs,
  tapeMarket,
  TOKEN,
  TRADES_LIMIT_MAX,
  yes,
  type Param,
} from './params.js';

export { K, P, TOKEN, type Param };

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
  /** What `pmt <cli> --help` says below its usage line. */
  description: string;
  /**
   * Every parameter, once: the CLI's in the order its help lists them (arguments, then flags),
   * the served ones in the same order unless `http.order` gives theirs.
   */
  input: readonly Param[];
  /** One line: the CLI's command list, serve's route summary for people, an MCP tool's description. */
  summary: string;
  examples: Example[];
  /**
   * The REST route under `pmt serve`; null for one that is local (the journal lives on this
   * machine).
   */
  http: HttpRoute | null;
  /** Reads only: nothing is placed, changed or cancelled. */
  readOnly: boolean;
  /** Cancels or changes what exists (a client should ask first). */
  destructive: boolean;
  /**
   * The op that answers it on every surface: `<module>.<export>` of `src/ops/<module>.ts`
   * (ops/modules.ts loads it), `(svc, input) => Answer` (ops/answer.ts: the model as `body`, the
   * exchanges that failed, what a view shows beside it). Serve's route and the MCP tool run it
   * (serve/routes.ts). Without, the route's handler is written by hand (serve/route-hooks.ts:
   * create_order's Idempotency-Key, the cancelled ids of cancel_all_orders and kill).
   */
  run?: OpRef;
  /**
   * The CLI's view of the answer for people: `<module>.<export>` of `src/render/views/<module>.ts`,
   * `(io, answer, input)`. With `run` and a view, the CLI's verb is derived (commands/op-run.ts):
   * `--json` prints the body, `--ndjson` its `lines`, people see the view; failures then exit.
   * Without, the verb is a module of its own (commands/verb-modules.ts: prompts, confirmations,
   * pages, a live screen).
   */
  view?: string;
  /** `--ndjson`: a line per element of the body (`true`) or of this field of it; without, `--ndjson` prints the document as `--json` does. */
  lines?: true | string;
}

/** The OpenAPI tags routes are listed under. */
export type Tag = 'Markets' | 'Orders' | 'Orderbook' | 'Account' | 'Server';

/** The upstream failures every route may answer with (rate limited, config, not supported, upstream). */
export const UPSTREAM = [429, 500, 501, 502] as const;

export interface HttpRoute {
  method: 'GET' | 'POST';
  path: string;
  /** The served parameters' names in their order, where it is not the CLI's. */
  order?: readonly string[];
  /** OpenAPI: the tag it is listed under, its summary and description. */
  tag?: Tag;
  summary?: string;
  description?: string;
  /** The answer's model by name (serve/responses.ts: a model of src/models/, or `<Name>[]` for a list of them). */
  response?: string;
  /** The error statuses it documents besides 400 and 401 (which every route can answer). */
  errors?: readonly number[];
  /** Spans exchanges, and documents a 200 with partial results and `Pmt-Failures`. */
  partial?: boolean;
}

/** Every operation, in the order the CLI lists them within their group. */
export const OPERATIONS_TABLE: readonly OperationDecl[] = [
  {
    id: 'fetch_markets',
    cli: 'markets list',
    capability: 'fetchMarkets',
    description: 'List markets (both exchanges unless --exchange is given)',
    input: [
      marketStatus,
      {
        name: 'limit',
        cli: '--limit <n>',
        help: 'markets per exchange per page (so up to twice this without --exchange), at least 1, clamped to 1000 (kalshi) and 500 (polymarket) (default: 100; with --all, the maximum)',
        // The interface's page size may be 0 (serve passes it on); a person asking for 0 markets
        // per page, which --all could never advance, is told at least 1.
        text: { integer: [1, 1_000_000] },
        schema: { type: 'integer', minimum: 0, maximum: 1_000_000 },
        doc: 'Page size per exchange (default 100), clamped to 1000 on kalshi and 500 on polymarket',
        example: '3',
      },
      alter(listCursor, { parse: 'cursor' }),
      {
        name: 'event_ticker',
        cli: '--event <ticker>',
        help: 'only markets of this event (Kalshi event ticker or Polymarket event slug)',
        schema: ID,
        doc: 'All markets in this event (Kalshi event ticker or Polymarket event slug)',
        parse: 'id',
        example: 'KXTEST-25Q4',
      },
      {
        name: 'series_ticker',
        cli: '--series <ticker>',
        help: 'only markets of this Kalshi series (a Kalshi filter: lists Kalshi only)',
        schema: ID,
        doc: 'Only markets in this series (a Kalshi series ticker): without `exchange`, only the exchanges that have series are listed; an `exchange` without series is a 400',
        parse: 'id',
        example: 'KXTEST',
      },
      {
        name: 'market_tickers',
        cli: '--ticker <ticker>',
        help: 'only these markets (repeatable, or comma-separated)',
        repeatable: true,
        schema: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 4096 } },
        doc: 'Only these markets: repeat the parameter or separate with commas; native tickers/slugs or unified ids',
        parse: 'ids',
        example: `kalshi:${K},${P}`,
      },
      all('follow every page to the end (progress on stderr when it is a terminal)'),
      {
        name: 'sort',
        cli: '--sort <key>',
        help: 'order the markets fetched (this page, or all of them with --all): volume and volume_24h highest first, close_time soonest first, spread tightest first',
        choices: MARKET_SORTS,
      },
      alter(exchange, { doc: 'List one exchange only' }),
    ],
    summary: 'List markets on both exchanges, or one with --exchange',
    examples: [
      { note: 'Active markets on both exchanges, 100 from each', cmd: 'pmt markets list' },
      { note: 'Every market of one Kalshi event, one JSON object per line', cmd: 'pmt markets list --exchange kalshi --event KXTEST-25Q4 --all --ndjson' },
      { note: 'Two markets by id, whatever their status', cmd: `pmt markets list --ticker kalshi:${K},${P} --status all` },
    ],
    http: {
      method: 'GET',
      path: '/v1/markets/fetch_markets',
      order: ['cursor', 'event_ticker', 'limit', 'market_tickers', 'series_ticker', 'status', 'exchange'],
      tag: 'Markets',
      summary: 'List markets, optionally filtered by status, ticker, event or series',
      description:
        'Without `exchange`, both exchanges are listed and `cursor` carries both positions (opaque). ' +
        'With `market_tickers`, only those markets are fetched (no paging; MarketNotFound when none exists). ' +
        'When some exchanges answer and others fail, the answer is 200 with the markets that came back and the header ' +
        '`Pmt-Failures` (a JSON array of `{exchange, kind, message}`, one per failed exchange; the cursor keeps a failed ' +
        "exchange's position, so the next page asks it again); when every exchange fails, the first failure's error object.",
      response: 'MarketsPage',
      errors: [404, ...UPSTREAM],
      partial: true,
    },
    readOnly: true,
    destructive: false,
    run: 'markets.marketsPage',
  },
  {
    id: 'search_markets',
    cli: 'markets search',
    capability: 'searchMarkets',
    description: 'Find markets by words in their title, event or series, on both exchanges (best match first)',
    input: [
      {
        name: 'query',
        cli: '<words...>',
        help: 'words to look for',
        text: 'words',
        required: true,
        schema: { type: 'string', minLength: 1, maxLength: 1000 },
        doc: 'The words to look for (at most 200 characters), e.g. `fed rates`',
        example: 'test',
      },
      marketStatus,
      {
        name: 'limit',
        cli: '--limit <n>',
        help: `markets in all, across both exchanges (1-${MAX_SEARCH_LIMIT}, default: ${DEFAULT_SEARCH_LIMIT})`,
        text: { integer: [1, MAX_SEARCH_LIMIT] },
        schema: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT },
        doc: `Markets in all, across exchanges (default ${DEFAULT_SEARCH_LIMIT})`,
        example: '5',
      },
      alter(exchange, { doc: 'Search one exchange only' }),
    ],
    summary: 'Find markets by words, on both exchanges, best match first',
    examples: [
      { note: 'Markets about a topic, on both exchanges', cmd: 'pmt markets search test event' },
      { note: 'Including settled ones, as JSON', cmd: 'pmt markets search test series --status all --json' },
      { note: 'The ten best matches on Kalshi', cmd: 'pmt markets search test --exchange kalshi --limit 10' },
    ],
    http: {
      method: 'GET',
      path: '/v1/markets/search_markets',
      tag: 'Markets',
      summary: 'Markets found by words in their title, event or series, best match first',
      description:
        'Without `exchange`, both exchanges are searched and their markets ranked together; `limit` counts markets in all. ' +
        '`cursor` is always null (one page). When some exchanges answer and others fail: 200 with what came back and ' +
        '`Pmt-Failures`; when every exchange fails, the first failure\'s error object.',
      response: 'MarketsPage',
      errors: [429, 500, 501, 502],
      partial: true,
    },
    readOnly: true,
    destructive: false,
    run: 'search.searchMarkets',
    view: 'markets.showSearch',
    lines: 'markets',
  },
  {
    id: 'fetch_market_lineage',
    cli: 'markets lineage',
    capability: 'fetchMarketLineage',
    description: 'Show a market with its parent event and series',
    input: [
      {
        name: 'market_ticker',
        cli: '<market>',
        help: 'unified id (kalshi:TICKER, polymarket:slug), or a native ticker/slug with --exchange',
        required: true,
        schema: ID,
        doc: 'Unified id (`kalshi:TICKER`, `polymarket:slug`) or native ticker/slug',
        example: `kalshi:${K}`,
      },
      exchange,
    ],
    summary: 'A market with its parent event and series',
    examples: [
      { note: 'By unified id', cmd: `pmt markets lineage kalshi:${K}` },
      { note: 'By native slug, as JSON', cmd: 'pmt markets lineage polymarket-test-slug-2025q4 --exchange polymarket --json' },
    ],
    http: {
      method: 'GET',
      path: '/v1/markets/fetch_market_lineage',
      tag: 'Markets',
      summary: 'One market with its parent event and series',
      response: 'MarketLineage',
      errors: [404, ...UPSTREAM],
    },
    readOnly: true,
    destructive: false,
    run: 'markets.fetchMarketLineage',
    view: 'markets.showLineage',
  },
  {
    id: 'fetch_price_history',
    cli: 'markets history',
    capability: 'fetchPriceHistory',
    description: 'Price history as candles: a chart on a terminal, JSON for scripts',
    input: [
      tapeMarket,
      { name: 'interval', cli: '--interval <interval>', help: 'candle length', choices: INTERVALS, default: '1h', schema: { type: 'string' }, example: '1d' },
      {
        name: 'since',
        cli: '--since <when>',
        help: 'start: a span back (90m, 12h, 7d, 4w), a date (2026-11-01) or an ISO time (default: 2h, 7d or 120d back by interval)',
        // Served as unix seconds, which the CLI takes too.
        http: 'start_ts',
        schema: { type: 'integer', minimum: 0 },
        doc: 'Unix seconds (default: a span back from end_ts fitting the interval)',
        example: '1700000000',
      },
      { name: 'until', http: 'end_ts', schema: { type: 'integer', minimum: 0 }, doc: 'Unix seconds (default: now)' },
      {
        name: 'outcome',
        cli: '--outcome <outcome>',
        help: 'Polymarket market: the outcome whose token to chart (default: the first)',
        complete: 'outcomes',
        schema: ID,
        doc: 'For a Polymarket market: the outcome whose token to chart (default: the first)',
        example: 'yes',
      },
      dayExchange,
    ],
    summary: 'Price history: a chart on a terminal, candles as JSON',
    examples: [
      { note: 'Hourly closes over the last week, drawn to fit the terminal', cmd: `pmt markets history kalshi:${K}` },
      { note: 'Minute candles of the last 3 hours as JSON', cmd: `pmt markets history ${P} --interval 1m --since 3h --json` },
    ],
    http: {
      method: 'GET',
      path: '/v1/markets/fetch_price_history',
      tag: 'Markets',
      summary: 'Candles of a market (Kalshi: YES prices) or token (Polymarket), oldest first',
      response: 'Candle[]',
      errors: [404, ...UPSTREAM],
    },
    readOnly: true,
    destructive: false,
    run: 'tape.fetchPriceHistory',
    view: 'tape.showHistory',
    lines: true,
  },
  {
    id: 'fetch_orderbook',
    cli: 'book show',
    capability: 'fetchOrderbook',
    description: 'Show the orderbook ladder: asks above bids, with cumulative depth',
    input: [bookAsset, exchange, depth('the N best levels per side, in JSON too (default: every level; as many as fit on a terminal)'), bookOutcome, cents],
    summary: 'The orderbook ladder: asks above bids, with depth',
    examples: [
      { note: 'Five levels a side', cmd: `pmt book show ${K} --depth 5` },
      { note: 'The YES token of a Polymarket market, in cents', cmd: `pmt book show ${P} --outcome yes --cents` },
      { note: 'A token id, every level as JSON', cmd: `pmt book show ${TOKEN} --json` },
    ],
    http: {
      method: 'GET',
      path: '/v1/orderbook/fetch_orderbook',
      tag: 'Orderbook',
      summary: 'Full-depth level-2 orderbook of one asset',
      response: 'Orderbook',
      errors: [404, ...UPSTREAM],
    },
    readOnly: true,
    destructive: false,
    run: 'book.fetchOrderbook',
    view: 'book.showBook',
  },
  {
    id: 'fetch_orderbook_stats',
    cli: 'book stats',
    capability: 'fetchOrderbook',
    description: 'Top of book, mid, spread, weighted mid, imbalance and depth',
    input: [bookAsset, exchange, bookOutcome, cents],
    summary: 'Top of book, mid, spread, imbalance and depth',
    examples: [
      { note: 'Stats for a Kalshi market', cmd: `pmt book stats ${K}` },
      { note: 'Just the spread, for a script', cmd: `pmt book stats ${P} --json | jq .spread_bps` },
    ],
    http: {
      method: 'GET',
      path: '/v1/orderbook/fetch_orderbook_stats',
      tag: 'Orderbook',
      summary: 'Top of book, mid, spread (bps), size-weighted mid, top-10 imbalance and depth',
      response: 'OrderbookStats',
      errors: [404, ...UPSTREAM],
    },
    readOnly: true,
    destructive: false,
    run: 'book.fetchOrderbookStats',
    view: 'book.showStats',
  },
  {
    id: 'fetch_orderbook_impact',
    cli: 'book impact',
    capability: 'fetchOrderbook',
    description: 'Average fill price, fill % and slippage of a market order of --size contracts',
    input: [
      bookAsset,
      exchange,
      { name: 'size', cli: '--size <n>', help: 'order size in contracts (> 0)', required: true, schema: { type: 'number', exclusiveMinimum: 0 }, doc: 'Order size in contracts', example: '100' },
      bookOutcome,
      cents,
    ],
    summary: 'Fill price and slippage of a market order of --size',
    examples: [
      { note: '100 contracts each way', cmd: `pmt book impact ${K} --size 100` },
      { note: 'A Polymarket token, as JSON', cmd: `pmt book impact ${TOKEN} --size 2500 --json` },
    ],
    http: {
      method: 'GET',
      path: '/v1/orderbook/fetch_orderbook_impact',
      order: ['asset_id', 'exchange', 'outcome', 'size'],
      tag: 'Orderbook',
      summary: 'Average fill price, fill % and slippage (bps) of a market order of `size` contracts, each side',
      response: 'OrderbookImpact',
      errors: [404, ...UPSTREAM],
    },
    readOnly: true,
    destructive: false,
    run: 'book.fetchOrderbookImpact',
    view: 'book.showImpact',
  },
  {
    id: 'watch_orderbook',
    cli: 'book watch',
    capability: 'fetchOrderbook',
    description: 'Watch the book live: the ladder redrawn in place, or one BookUpdate per line (--ndjson, or piped)',
    input: [
      alter(bookAsset, { doc: 'Kalshi market ticker, Polymarket token id, or a unified market id' }),
      alter(bookOutcome, {
        help: 'outcome whose prices to show (Kalshi: yes or no; Polymarket: the outcome whose token to use)',
        doc: "Kalshi: yes or no (the book on that outcome's price scale); Polymarket market id: the outcome whose token to stream",
      }),
      alter(exchange, { doc: 'Exchange, needed only where an id alone cannot tell' }),
      depth('the N best levels per side, in every NDJSON event too (default: as many as fit the terminal; every level in NDJSON)'),
      duration('seconds'),
      count,
      cents,
    ],
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
    description: 'Place a limit order (prompts for what is missing on a terminal, then previews and confirms)',
    // The CLI asks on a terminal for what is `required: 'served'`; its rules are the op's (ops/order-create.ts).
    input: [
      { name: 'asset_id', cli: '--asset <asset>', help: 'Kalshi ticker, Polymarket token id, or unified market id (asked for on a terminal)', required: 'served', schema: ID, doc: scopeAsset.doc },
      { name: 'side', cli: '--side <side>', help: 'order direction, asked for on a terminal', choices: ORDER_SIDES, required: 'served', schema: { type: 'string' } },
      {
        name: 'price',
        cli: '--price <p>',
        help: 'limit price of the outcome traded, what you pay (buy) or receive (sell) per contract, in (0, 1) (asked for on a terminal)',
        required: 'served',
        schema: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        doc: 'Limit price as a probability in (0, 1)',
      },
      { name: 'size', cli: '--size <n>', help: 'number of contracts, > 0 (asked for on a terminal)', required: 'served', schema: { type: 'number', exclusiveMinimum: 0 }, doc: 'Contracts' },
      {
        name: 'outcome',
        cli: '--outcome <outcome>',
        help: "yes, no, or a label; --outcome no --price 0.30 buys NO at 0.30 on both exchanges (default: yes on Kalshi; on Polymarket the token's own outcome, or a market id's first outcome)",
        complete: 'outcomes',
        schema: { oneOf: [{ type: 'string', minLength: 1, maxLength: 200 }, { type: 'object', properties: { label: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['label'], additionalProperties: false }] },
        doc: '`yes`, `no`, or a label (`{"label": "<name>"}` or the string `label: <name>`); default: the outcome of the asset\'s own book',
      },
      {
        name: 'order_type',
        cli: '--type <type>',
        help: 'time in force: gtc good till cancelled, ioc fill what you can now then cancel, fok fill all now or nothing',
        choices: ORDER_TYPES,
        default: 'gtc',
        schema: { type: 'string' },
        doc: 'Time in force',
      },
      {
        name: 'post_only',
        cli: '--post-only',
        help: 'rest on the book or not at all: refused before sending if the price would cross the book (gtc only)',
        default: false,
        schema: { type: 'boolean' },
        doc: 'Rest on the book or not at all (gtc only): refused before sending, naming the best price that would rest, when the price would cross the current book',
      },
      {
        name: 'reduce_only',
        cli: '--reduce-only',
        help: 'only reduce the position you hold (Kalshi: the count is capped by it)',
        default: false,
        schema: { type: 'boolean' },
        doc: 'Only reduce the position held (Kalshi: the count is capped by it); refused on exchanges without reduce-only orders',
      },
      {
        name: 'expires',
        cli: '--expires <time>',
        help: 'GTD: the order expires at this time, ISO 8601 (2026-12-01T18:00:00Z) or unix seconds (gtc only; at least 3 minutes ahead on Polymarket, 1 on Kalshi)',
        schema: { type: ['string', 'integer'] },
        doc: "GTD: the (gtc) order expires at this time, ISO 8601 or unix seconds; refused when inside the exchange's minimum lead (Kalshi: 1 minute, Polymarket: 3 minutes), naming the earliest allowed",
      },
      yes('send without asking for confirmation (required when not on a terminal)'),
      { name: 'dry_run', cli: '--dry-run', help: 'validate and preview against live data; send nothing' },
      {
        name: 'group',
        cli: '--group <name>',
        help: 'place into this order group of the profile (Kalshi; `pmt order group create NAME --limit N` makes one)',
        schema: { type: 'string', minLength: 1, maxLength: 64 },
        doc: 'Place into this order group of the profile (Kalshi; the name `pmt order group create` gave it): an unknown name is refused before any request',
      },
      {
        name: 'client_order_id',
        cli: '--client-order-id <id>',
        help: 'Kalshi: send under this client order id (to re-send after an unknown outcome: Kalshi refuses a duplicate)',
        schema: ID,
        doc: 'Your id for this order, an idempotency key like the `Idempotency-Key` header (which wins): the same key within 24 h returns the first order, never a second one',
      },
      exchange,
    ],
    summary: 'Place a limit order (previews and confirms first)',
    examples: [
      { note: 'Interactive: prompts for each missing flag, then previews', cmd: 'pmt order create' },
      { note: 'Buy 10 YES at 0.42 without a question (for scripts)', cmd: `pmt order create --asset ${K} --side buy --price 0.42 --size 10 --yes` },
      { note: 'Preview buying NO on Polymarket against the live book; sends nothing', cmd: `pmt order create --asset ${P} --outcome no --side buy --price 0.30 --size 50 --dry-run` },
    ],
    http: {
      method: 'POST',
      path: '/v1/orders/create_order',
      order: ['asset_id', 'outcome', 'price', 'side', 'size', 'order_type', 'post_only', 'reduce_only', 'group', 'expires', 'exchange', 'client_order_id'],
      tag: 'Orders',
      summary: 'Submit a limit order',
      description:
        "`price` is on the scale of the asset's own book (what fetch_orderbook shows for `asset_id`). " +
        '`price` is the price of `outcome`, what is paid or received per contract: `outcome` `no` at 0.30 buys NO at 0.30 on both exchanges (Kalshi: sent as a YES ask at 0.70). Polymarket: the asset is one outcome token; `outcome` may be omitted and, if given, must name that token. ' +
        'The order is validated (tick size, minimum size, outcome) before it is signed; it is sent once and never retried. ' +
        'An `Idempotency-Key` header (or `client_order_id` in the body) makes a repeat safe: the same key within 24 h returns the first request\'s order (waiting for it while it is in flight; after a restart, looked up on the exchange), never a second one; the same key with a different order is refused (400).',
      response: 'Order',
      errors: [402, 403, 404, 413, 415, ...UPSTREAM],
    },
    readOnly: false,
    destructive: false,
  },
  {
    id: 'cancel_all_orders',
    cli: 'order cancel-all',
    capability: 'cancelAllOrders',
    description: 'Cancel every open order, or those of one asset (lists them and asks first)',
    input: [scopeAsset, yes('cancel without asking for confirmation (required when not on a terminal)'), exchange],
    summary: 'Cancel every open order, or those of one asset',
    examples: [
      { note: 'Lists what will be cancelled and asks first', cmd: 'pmt order cancel-all' },
      { note: 'One market, no question (scripts)', cmd: `pmt order cancel-all --asset ${K} --yes` },
    ],
    http: {
      method: 'POST',
      path: '/v1/orders/cancel_all_orders',
      tag: 'Orders',
      summary: "Cancel the caller's open orders, optionally of one asset",
      description:
        'The response holds the orders that were cancelled. If any order could not be cancelled the answer is the error ' +
        'object instead (kind Api, 502, when an exchange refused some orders; the failing call\'s own kind when an exchange ' +
        'failed outright), with the headers `Pmt-Cancelled-Ids` (what was cancelled) and `Pmt-Cancel-Failed-Ids` (what was ' +
        'refused), comma-separated. Without `asset_id` and `exchange`: every exchange the server\'s profile has credentials ' +
        'for. Send `{}` to cancel everything.',
      response: 'Order[]',
      errors: [404, 413, 415, ...UPSTREAM],
    },
    readOnly: false,
    destructive: true,
  },
  {
    id: 'cancel_order',
    cli: 'order cancel',
    capability: 'cancelOrder',
    description: 'Cancel one order (shows it and asks first)',
    input: [orderId('order id: Kalshi UUID or Polymarket 0x hash'), yes('cancel without asking for confirmation (required when not on a terminal)'), dayExchange],
    summary: 'Cancel one order',
    examples: [
      { note: 'Shows the order and asks first', cmd: 'pmt order cancel 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c' },
      { note: 'No question (scripts), the cancelled order as JSON', cmd: 'pmt order cancel 0x9c1b7f4e2a6d8c3b5e0f1a2d4c6e8b0a3f5d7c9e1b2a4c6d8e0f1a3b5c7d9e1f --yes --json' },
    ],
    http: {
      method: 'POST',
      path: '/v1/orders/cancel_order',
      tag: 'Orders',
      summary: 'Cancel one order',
      description: 'Answers the order as the exchange now holds it (status `cancelled`). A filled or already cancelled order is refused (Api).',
      response: 'Order',
      errors: [404, 413, 415, ...UPSTREAM],
    },
    readOnly: false,
    destructive: true,
    run: 'order-one.cancelOrder',
  },
  {
    id: 'amend_order',
    cli: 'order amend',
    capability: 'amendOrder',
    description: "Change a resting order's price and/or size (Kalshi; on Polymarket cancel and re-create)",
    input: [
      orderId('Kalshi order id (UUID)'),
      { name: 'price', cli: '--price <p>', help: "new limit price of the order's own outcome, in (0, 1)", schema: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }, doc: "New limit price of the order's outcome" },
      { name: 'size', cli: '--size <n>', help: 'new total size in contracts (filled ones included)', schema: { type: 'number', exclusiveMinimum: 0 }, doc: 'New total size in contracts' },
      yes('amend without asking for confirmation (required when not on a terminal)'),
      dayExchange,
    ],
    summary: "Change a resting order's price and/or size (Kalshi)",
    examples: [
      { note: 'Move a bid to 0.44 (the price of the order\'s own outcome)', cmd: 'pmt order amend 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c --price 0.44' },
      { note: 'New price and total size, no question', cmd: 'pmt order amend 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c --price 0.45 --size 20 --yes' },
    ],
    http: {
      method: 'POST',
      path: '/v1/orders/amend_order',
      tag: 'Orders',
      summary: 'Change the price and/or size of a resting order (Kalshi)',
      description:
        "`price` is the price of the order's own outcome; `size` the new total size (filled contracts included). " +
        'Polymarket has no amend: NotSupported (501); cancel the order and create a new one.',
      response: 'Order',
      errors: [402, 404, 413, 415, ...UPSTREAM],
    },
    readOnly: false,
    destructive: true,
    run: 'order-one.amendOrder',
  },
  {
    id: 'fetch_order',
    cli: 'order get',
    capability: 'fetchOrder',
    description: 'Show one order by id (Kalshi UUID or Polymarket 0x hash), or by the client order id / hash it was sent with',
    input: [
      alter(orderId('order id', '[order_id]'), { example: '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c' }),
      {
        name: 'client_order_id',
        cli: '--client-id <id>',
        help: 'the client order id (Kalshi) or order hash (Polymarket) pmt sent the order with',
        schema: ID,
        doc: 'The id the order was sent with: Kalshi client order id, or Polymarket order hash (0x + 64 hex); instead of order_id',
        example: '6d1f0c52-3b7e-4a49-9c1e-2f8a7d3b5e10',
      },
      exchange,
    ],
    summary: 'One order by id',
    examples: [
      { note: 'A Kalshi order (UUID)', cmd: 'pmt order get 3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c' },
      { note: 'A Polymarket order (0x hash), as JSON', cmd: 'pmt order get 0x9c1b7f4e2a6d8c3b5e0f1a2d4c6e8b0a3f5d7c9e1b2a4c6d8e0f1a3b5c7d9e1f --json' },
      { note: 'Settle an order whose outcome was unknown, by the id it was sent with', cmd: 'pmt order get --client-id 6d1f0c52-3b7e-4a49-9c1e-2f8a7d3b5e10' },
    ],
    http: {
      method: 'GET',
      path: '/v1/orders/fetch_order',
      tag: 'Orders',
      summary: 'One order by its id, or by the id it was sent with',
      description:
        'Give `order_id`, or `client_order_id`: the id an order was sent with (Kalshi\'s client order id, Polymarket\'s order hash), ' +
        'as named by a create_order answered "order status unknown" (NetworkError, 502). The order found settles that create in the ' +
        'journal, and a repeat of its Idempotency-Key then answers with it. OrderNotFound (404) when the exchange has no such order.',
      response: 'Order',
      errors: [404, ...UPSTREAM],
    },
    readOnly: true,
    destructive: false,
    run: 'orders.fetchOrder',
    view: 'orders.showOrder',
  },
  {
    id: 'read_journal',
    cli: 'order journal',
    capability: null,
    description: 'The local order journal: every create pmt sent, its intent and its result',
    input: [{ name: 'limit', cli: '--limit <n>', help: 'only the last N entries', text: { integer: [1, 1_000_000] } }],
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
    description: 'Your orders and fills, live, as the exchanges push them (NDJSON when piped)',
    input: [duration('s'), count, exchange],
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
    description: 'List open orders',
    input: [scopeAsset, exchange],
    summary: 'Your open orders',
    examples: [
      { note: 'Everything open on both exchanges', cmd: 'pmt order list' },
      { note: 'One market, as JSON', cmd: `pmt order list --asset ${K} --json` },
    ],
    http: {
      method: 'GET',
      path: '/v1/orders/fetch_open_orders',
      tag: 'Orders',
      summary: "The caller's open orders, optionally of one asset",
      description:
        'Without `asset_id` and `exchange`, the open orders of every exchange the server\'s profile has credentials for. ' +
        'When some exchanges answer and others fail: 200 with the orders that came back and the header `Pmt-Failures` ' +
        '(a JSON array of `{exchange, kind, message}`, one per failed exchange); when every exchange fails, the first failure\'s error object.',
      response: 'Order[]',
      errors: [404, ...UPSTREAM],
      partial: true,
    },
    readOnly: true,
    destructive: false,
    run: 'orders.fetchOpenOrders',
    view: 'orders.showOpenOrders',
    lines: true,
  },
  {
    id: 'fetch_balance',
    cli: 'balance',
    capability: 'fetchBalance',
    description: 'Cash available to trade on each exchange with credentials',
    input: [dayExchange],
    summary: 'Cash available to trade per exchange',
    examples: [
      { note: 'Both exchanges (Kalshi portfolio value and Polymarket allowance too)', cmd: 'pmt balance' },
      { note: 'For a script: {"USD": n, "USDC": n}', cmd: 'pmt balance --json' },
    ],
    http: {
      method: 'GET',
      path: '/v1/balance/fetch_balance',
      tag: 'Account',
      summary: 'Cash available to trade on each exchange with credentials',
      description: 'When some exchanges answer and others fail: 200 with what came back and `Pmt-Failures`.',
      response: 'BalanceAnswer',
      errors: UPSTREAM,
    },
    readOnly: true,
    destructive: false,
    run: 'portfolio.fetchBalance',
    view: 'portfolio.showBalances',
  },
  {
    id: 'fetch_positions',
    cli: 'positions',
    capability: 'fetchPositions',
    description: 'Open positions with average price, mark and unrealized P&L',
    input: [
      accountMarket('only this market (unified id, Kalshi ticker, Polymarket slug)'),
      dayExchange,
      {
        name: 'status',
        cli: '--status <status>',
        // The CLI names the values in its help; the op refuses others (ops/portfolio.ts).
        help: 'open (default), redeemable, mergeable or closed (Polymarket)',
        schema: { type: 'string', enum: POSITION_STATUSES },
        doc: 'open (default), redeemable, mergeable or closed; other than open only on exchanges that list them (Polymarket)',
        example: 'closed',
      },
    ],
    summary: 'Open positions with average price, mark and unrealized P&L',
    examples: [
      { note: 'Everything held on both exchanges, with totals', cmd: 'pmt positions' },
      { note: 'One market, as Position models', cmd: `pmt positions --market kalshi:${K} --json` },
      { note: 'Polymarket positions whose market resolved, ready to redeem', cmd: 'pmt positions --exchange polymarket --status redeemable' },
    ],
    http: {
      method: 'GET',
      path: '/v1/positions/fetch_positions',
      tag: 'Account',
      summary: 'Open positions, optionally of one market',
      description: 'Prices are those of the outcome held. When some exchanges answer and others fail: 200 with what came back and `Pmt-Failures`.',
      response: 'Position[]',
      errors: [404, ...UPSTREAM],
    },
    readOnly: true,
    destructive: false,
    run: 'portfolio.fetchPositions',
    view: 'portfolio.showPositions',
    lines: true,
  },
  {
    id: 'fetch_fills',
    cli: 'fills',
    capability: 'fetchFills',
    description: 'Your fills (executions), newest first',
    input: [
      accountMarket('only this market'),
      {
        name: 'limit',
        cli: '--limit <n>',
        help: `fills per exchange per page, 1 to ${FILLS_LIMIT_MAX} (default 100)`,
        schema: { type: 'integer', minimum: 1, maximum: FILLS_LIMIT_MAX },
        doc: 'Fills per page (per exchange)',
        example: '1',
      },
      accountCursor,
      all('follow every page to the end'),
      dayExchange,
    ],
    summary: 'Your fills (executions), newest first',
    examples: [
      { note: 'The latest 100 on each exchange', cmd: 'pmt fills' },
      { note: 'Every fill of one market, one JSON object per line', cmd: `pmt fills --market kalshi:${K} --all --ndjson` },
    ],
    http: {
      method: 'GET',
      path: '/v1/fills/fetch_fills',
      tag: 'Account',
      summary: "The caller's fills, newest first, one page",
      description: 'Without `exchange` or `market_ticker`, every exchange with credentials; `cursor` then carries each position (opaque).',
      response: 'FillsPage',
      errors: [404, ...UPSTREAM],
    },
    readOnly: true,
    destructive: false,
    run: 'portfolio.fetchFills',
  },
  {
    id: 'fetch_trades',
    cli: 'trades',
    capability: 'fetchTrades',
    description: "A market's public trades (the tape), newest first",
    input: [
      tapeMarket,
      { name: 'limit', cli: '--limit <n>', help: `trades per page, 1 to ${TRADES_LIMIT_MAX} (default 100)`, schema: { type: 'integer', minimum: 1, maximum: TRADES_LIMIT_MAX }, example: '5' },
      cursor('continue from the cursor a previous page printed'),
      all('follow every page to the end'),
      startTs,
      endTs,
      dayExchange,
    ],
    summary: "A market's public trades (the tape)",
    examples: [
      { note: 'The latest 20 trades', cmd: `pmt trades kalshi:${K} --limit 20` },
      { note: 'The whole tape of a Polymarket market as NDJSON', cmd: `pmt trades ${P} --all --ndjson` },
    ],
    http: {
      method: 'GET',
      path: '/v1/trades/fetch_trades',
      tag: 'Markets',
      summary: "A market's public trades (the tape), newest first, one page",
      response: 'TradesPage',
      errors: [404, ...UPSTREAM],
    },
    readOnly: true,
    destructive: false,
    run: 'tape.fetchTrades',
  },
  {
    id: 'fetch_approvals',
    cli: 'approvals check',
    // pmt's own (no interface operation, no manifest capability): issue 25.
    capability: null,
    description: 'show each spender and token, and whether it is approved',
    input: [eachExchange],
    summary: 'Show each spender and token, and whether it is approved',
    examples: [
      { note: 'As a table', cmd: 'pmt approvals check' },
      { note: 'For a script: [{spender, name, token, standard, ok, allowance}]', cmd: 'pmt approvals check --json' },
    ],
    http: {
      method: 'GET',
      path: '/v1/account/fetch_approvals',
      tag: 'Account',
      summary: "Each spender's permission to move the wallet's collateral and outcome tokens (Polymarket, on chain)",
      response: 'Approval[]',
      errors: UPSTREAM,
    },
    readOnly: true,
    destructive: false,
    run: 'onchain.approvalsCheck',
    view: 'onchain.showApprovals',
  },
  {
    id: 'fetch_settlements',
    cli: 'settlements',
    // pmt's own (no interface operation, no manifest capability): issue 25.
    capability: null,
    description: 'Settled markets: result, contracts held, cost, payout, fees and net (Kalshi)',
    input: [
      eachExchange,
      { name: 'ticker', cli: '--ticker <ticker>', help: 'one market', schema: { type: 'string' }, doc: 'One market', example: K },
      { name: 'limit', cli: '--limit <n>', help: 'at most this many, newest first', text: { integer: [1, 100_000] }, schema: { type: 'integer', minimum: 1, maximum: 100_000 }, doc: 'At most this many', example: '1' },
    ],
    summary: 'Settled markets: result, payout, fees and net (Kalshi)',
    examples: [
      { note: 'Everything settled, newest first', cmd: 'pmt settlements' },
      { note: 'The last five, for a script', cmd: 'pmt settlements --limit 5 --json' },
    ],
    http: {
      method: 'GET',
      path: '/v1/account/fetch_settlements',
      tag: 'Account',
      summary: 'Settled markets: result, payout, fees and net, newest first (Kalshi)',
      response: 'Settlement[]',
      errors: UPSTREAM,
    },
    readOnly: true,
    destructive: false,
    run: 'settlements.settlements',
    view: 'portfolio.showSettlements',
  },
  {
    id: 'doctor',
    cli: 'doctor',
    // pmt's own (no interface operation, no manifest capability): issue 25.
    capability: null,
    description: 'Why an account cannot trade, and the fix: credentials, clock, wallet, collateral, approvals, gas (exit 0 when nothing blocks trading, else 9)',
    input: [eachExchange],
    summary: 'Why an account cannot trade, and the fix (exit 0 when nothing blocks trading, else 9)',
    examples: [
      { note: 'Every configured exchange', cmd: 'pmt doctor' },
      { note: 'For a script', cmd: 'pmt doctor --exchange polymarket --json' },
    ],
    http: {
      method: 'GET',
      path: '/v1/account/doctor',
      tag: 'Account',
      summary: 'Why an account cannot trade, and the fix, per exchange (200 either way: read `ok`)',
      response: 'DoctorReport',
      errors: UPSTREAM,
    },
    readOnly: true,
    destructive: false,
    run: 'doctor.doctor',
    view: 'onchain.showDoctor',
  },
  {
    id: 'kill',
    cli: 'kill',
    // pmt's own (issue 24): the kill switch over every exchange's cancel-all, then `trading: off`.
    capability: null,
    description: 'Cancel every open order on every exchange, then set trading: off on the profile',
    input: [yes('without asking for confirmation (required when not on a terminal)'), exchange],
    summary: 'Cancel every open order everywhere, then turn trading off',
    examples: [
      { note: 'Stop everything now', cmd: 'pmt kill --yes' },
      { note: 'One exchange only, for a script', cmd: 'pmt kill --exchange kalshi --yes --json' },
    ],
    http: {
      method: 'POST',
      path: '/v1/kill',
      tag: 'Orders',
      summary: "Kill switch: turn trading off on the server's profile, then cancel every open order on every exchange",
      description:
        "`trading: off` is set first (every later create_order is refused with 403 RiskLimit until `pmt risk resume`), then each exchange's " +
        'open orders are cancelled and read back. 200 with the cancelled orders only when nothing is left open; otherwise the first ' +
        "failure's error object, with `Pmt-Cancelled-Ids` listing what was cancelled. Send `{}` for every exchange.",
      response: 'Order[]',
      errors: [413, 415, ...UPSTREAM],
    },
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

/** The CLI's flags of an operation (its own options, not pmt's global ones), in help order. */
export function flagsOf(o: OperationDecl): Param[] {
  return o.input.filter((p) => p.cli !== undefined && !p.global && !isArgument(p));
}

/** The CLI's positional arguments of an operation, in order. */
export function argumentsOf(o: OperationDecl): Param[] {
  return o.input.filter(isArgument);
}

/** The parameters served (a route's querystring or body), in the served order. */
export function servedOf(o: OperationDecl): Param[] {
  const served = o.input.filter((p) => p.schema !== undefined);
  const order = o.http?.order;
  if (!order) return served;
  return order.map((n) => {
    const p = served.find((x) => servedName(x) === n);
    if (!p) throw new Error(`${o.id}: http.order names ${n}, which is not served`);
    return p;
  });
}

/** A parameter's name under `pmt serve`. */
export function servedName(p: Param): string {
  return p.http ?? p.name;
}

/** A positional argument (`<asset>`, `[order_id]`), not an option. */
export function isArgument(p: Param): boolean {
  return p.cli !== undefined && /^[<[]/.test(p.cli);
}

/** The long flag of an option (`--yes` of `-y, --yes`). */
export function longFlag(p: Param): string {
  return /--[\w-]+/.exec(p.cli ?? '')?.[0] ?? '';
}

/** How `pmt --help` lists a top-level operation before building it: `trades [options] <market>`. */
export function termOf(o: OperationDecl): string {
  return [o.cli, flagsOf(o).length ? '[options]' : '', ...argumentsOf(o).map((a) => a.cli!)].filter(Boolean).join(' ');
}
