/**
 * What an operation's input is made of: each parameter declared once, with its CLI flag (or
 * positional argument), its name under `pmt serve`, its JSON Schema there, its allowed values and
 * default, its two descriptions (help for people, the served schema's for clients) and its parse.
 * The operation table (table.ts) lists each operation's parameters; from them come the Commander
 * options and arguments (commands/op-command.ts), serve's querystring and body schemas and so the
 * OpenAPI document and the MCP tools' inputs (serve/input-schema.ts), the completion scripts
 * (commands/completion-model.ts), and the op's input on either surface (ops/input.ts `readInput`).
 *
 * A value reaches the op in two steps. Typing: on the CLI a flag is text, turned into a value by
 * `text` (the served value is typed by fastify against `schema` instead); then `parse`, the same
 * on both surfaces, naming the field as that surface does (`--event` on the CLI, `event_ticker`
 * over HTTP). Where neither is declared the op itself checks the value it is given.
 *
 * Loaded on the start-up path with the table: data only, importing nothing but value lists.
 */
import { MARKET_STATUS_FILTERS, ORDER_SIDES, ORDER_TYPES } from '../exchanges/types.js';
import { POSITION_STATUSES } from '../models/enums.js';
import { EXCHANGE_IDS } from '../models/exchange-ids.js';
import { INTERVALS } from '../models/params.js';
import { MARKET_SORTS } from './market-sort.js';

export { INTERVALS, MARKET_SORTS, MARKET_STATUS_FILTERS, ORDER_SIDES, ORDER_TYPES, POSITION_STATUSES };

/** A served value's JSON Schema, without its enum, default and description (from `choices`, `default`, `doc`). */
export type SchemaFragment = Readonly<Record<string, unknown>>;

/** CLI text → value (ops/input.ts). */
export type TextParse =
  /** A whole number within [min, max] (`--limit must be a whole number`). */
  | { readonly integer: readonly [min: number, max: number] }
  /** Seconds above 0, at most a year, fractions allowed. */
  | 'seconds'
  /** The words of a variadic argument, joined by a space. */
  | 'words';

/** Value → the op's input, on both surfaces (ops/input.ts). */
export type ValueParse =
  /** An identifier (validate.ts `parseId`). */
  | 'id'
  /** Identifiers, repeated or comma-separated; none given is `[]`. */
  | 'ids'
  /** An opaque page cursor (validate.ts `parseCursor`). */
  | 'cursor';

export interface Param {
  /** The field of the op's input. */
  readonly name: string;
  /**
   * On the CLI: an option's flags as Commander takes them (`--limit <n>`, `-y, --yes`), or a
   * positional argument (`<asset>`, `[order_id]`, `<words...>`). Absent: served only.
   */
  readonly cli?: string;
  /** A global option of pmt (`--exchange`): defined once on the program, read by every command. */
  readonly global?: boolean;
  /** The CLI's help line. */
  readonly help?: string;
  /** Its name under `pmt serve` when that is not `name` (`asset_id` for a tape's market). */
  readonly http?: string;
  /** The served value's schema; absent: not served. */
  readonly schema?: SchemaFragment;
  /** The description in the served schema (OpenAPI, MCP). */
  readonly doc?: string;
  /** The allowed values, on both surfaces (Commander's choices, the schema's enum). */
  readonly choices?: readonly string[];
  /** The value when not given, on both surfaces (a boolean flag's absence is false and never shown). */
  readonly default?: string | boolean;
  /** Must be given: on both surfaces, or only when served (the CLI asks for it on a terminal). */
  readonly required?: true | 'served';
  /** May be given more than once (`--ticker A --ticker B`; each also comma-separated). */
  readonly repeatable?: boolean;
  /** Values the shell completes at Tab time (`pmt __complete <kind>`). */
  readonly complete?: 'outcomes' | 'profiles';
  readonly text?: TextParse;
  readonly parse?: ValueParse;
  /**
   * A value the demo doubles know (README tour), for the table's parity test: each filter of a
   * read operation is run with it on the CLI and over serve.
   */
  readonly example?: string;
}

/** The same parameter with some fields changed (its served description, mostly). */
export function alter(p: Param, change: Partial<Param>): Param {
  return { ...p, ...change };
}

/** A served identifier: non-empty, at most 200 characters (validate.ts checks the characters). */
export const ID = { type: 'string', minLength: 1, maxLength: 200 } as const;
const TEXT = { type: 'string' } as const;
const CURSOR = { type: 'string', maxLength: 4096 } as const;
const UNIX_SECONDS = { type: 'integer', minimum: 0 } as const;

// Ids that exist in the demo doubles (README tour), so every example works when pasted there.
export const K = 'KXTEST-25Q4-CONTRACT';
export const P = 'polymarket:polymarket-test-slug-2025q4';
export const TOKEN = '123456789012345678901234567890123456789012345678901234567890001';

/** `--exchange`: global on the CLI, a parameter of each served operation (its description per operation). */
export const exchange: Param = {
  name: 'exchange',
  cli: '--exchange <id>',
  global: true,
  help: 'exchange to use where an id alone cannot tell',
  choices: EXCHANGE_IDS,
  schema: TEXT,
  doc: 'Exchange to use, needed only where an id alone cannot tell (a native ticker that could be either)',
  example: 'kalshi',
};
/** The exchange parameter of the trader's-day operations (interface-extensions.md). */
export const dayExchange = alter(exchange, { doc: 'Exchange to use, needed only where an id alone cannot tell' });
/** The exchange parameter of pmt's own account reads (issue 25): each configured exchange by default. */
export const eachExchange = alter(exchange, { doc: 'Exchange to use (default: each configured one that has the operation)' });

export const yes = (help: string): Param => ({ name: 'yes', cli: '-y, --yes', help });
export const all = (help: string): Param => ({ name: 'all', cli: '--all', help });

export const cursor = (help: string, doc?: string): Param => ({ name: 'cursor', cli: '--cursor <cursor>', help, schema: CURSOR, ...(doc ? { doc } : {}) });
const PAGE_CURSOR = 'Opaque cursor returned by a prior page';

/** A market, as account and tape reads take it. */
const MARKET_DOC = 'Unified market id (`kalshi:TICKER`, `polymarket:slug`), native ticker/slug, or Polymarket token/condition id';
const ASSET_DOC = 'Kalshi market ticker, Polymarket conditional-token id (a long decimal), or a unified market id (`kalshi:TICKER`, `polymarket:slug`)';
const ORDER_ID_DOC = 'Kalshi order id (UUID) or Polymarket order id (0x + 64 hex)';

// Markets --------------------------------------------------------------------------------------

/** `markets search`: markets in all, across exchanges (ops/search.ts). */
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 200;
/** A page of fills (ops/portfolio.ts) or of the tape (ops/tape.ts), per exchange. */
export const FILLS_LIMIT_MAX = 1000;
export const TRADES_LIMIT_MAX = 1000;


export const marketStatus: Param = {
  name: 'status',
  cli: '--status <status>',
  help: 'market status',
  choices: MARKET_STATUS_FILTERS,
  default: 'active',
  schema: TEXT,
  doc: 'Lifecycle filter',
  example: 'all',
};

/** A market on the tape (`pmt trades`, `markets history`): served as `asset_id`. */
export const tapeMarket: Param = {
  name: 'market_ticker',
  cli: '<market>',
  help: 'unified id (kalshi:TICKER, polymarket:slug), a Kalshi ticker, or a Polymarket token id',
  http: 'asset_id',
  schema: ID,
  doc: MARKET_DOC,
  required: true,
  example: `kalshi:${K}`,
};
export const startTs: Param = { name: 'start_ts', schema: UNIX_SECONDS, doc: 'Unix seconds' };
export const endTs: Param = { name: 'end_ts', schema: UNIX_SECONDS, doc: 'Unix seconds' };

// Books ----------------------------------------------------------------------------------------

const ASSET_HELP = 'Kalshi ticker, Polymarket token id, or a unified market id (with --outcome on Polymarket)';
export const bookAsset: Param = { name: 'asset_id', cli: '<asset>', help: ASSET_HELP, schema: ID, doc: ASSET_DOC, required: true, example: K };
export const bookOutcome: Param = {
  name: 'outcome',
  cli: '--outcome <outcome>',
  help: 'Kalshi: yes or no, the book priced in that outcome (no: bids 1 − YES asks, asks 1 − YES bids; default yes); Polymarket market: the outcome whose token to use (default: the first outcome)',
  complete: 'outcomes',
  schema: ID,
  doc: 'Kalshi: `yes` or `no`, the book priced in that outcome (`no`: bids 1 − YES asks, asks 1 − YES bids; default `yes`). Polymarket market: the outcome whose token to use (default: the first outcome)',
  example: 'no',
};
export const cents: Param = { name: 'cents', cli: '--cents', help: 'show prices in cents (65¢) instead of probabilities (0.65)' };
export const depth = (help: string): Param => ({ name: 'depth', cli: '--depth <n>', help, text: { integer: [1, 100_000] } });
export const duration = (value: string): Param => ({ name: 'duration', cli: `--duration <${value}>`, help: 'stop after this many seconds', text: 'seconds' });
export const count: Param = { name: 'count', cli: '--count <n>', help: 'stop after this many events', text: { integer: [1, 1_000_000_000] } };

// Orders ---------------------------------------------------------------------------------------


export const scopeAsset: Param = { name: 'asset_id', cli: '--asset <asset>', help: 'only orders of this asset', schema: ID, doc: ASSET_DOC, example: K };
export const orderId = (help: string, cli = '<order_id>'): Param => ({
  name: 'order_id',
  cli,
  help,
  schema: ID,
  doc: ORDER_ID_DOC,
  ...(cli.startsWith('<') ? { required: true as const } : {}),
});

// The account ----------------------------------------------------------------------------------

export const accountMarket = (help: string): Param => ({ name: 'market_ticker', cli: '--market <market>', help, schema: ID, doc: MARKET_DOC, example: `kalshi:${K}` });
export const accountCursor = cursor('continue from the cursor a previous page printed', PAGE_CURSOR);
export const listCursor = cursor('continue from the cursor a previous page printed (on stderr, or `cursor` in --json)', PAGE_CURSOR);
