/**
 * What every operation gets from its caller: the CLI's Context and `pmt serve` both implement
 * this, so an op never knows which surface called it.
 */
import type { PmtError } from '../errors.js';
import type { Exchange } from '../exchanges/exchange.js';
import type { ExchangeId } from '../exchanges/registry.js';
import type { Order } from '../exchanges/types.js';
import type { Journal } from '../journal.js';
import type { IdempotencyStore } from './idempotency.js';
import type { NamedGroup, RiskSettings } from '../profiles.js';

/** Where an op reads (and `pmt kill` / `pmt risk` write) the risk limits of the profile in use (ops/risk.ts). */
export interface RiskAccess {
  /** The profile the limits belong to; null when none is in use (environment credentials only). */
  profileName(): Promise<string | null>;
  /** The profile's settings, read afresh (another process may have changed them). */
  read(): Promise<RiskSettings>;
  /** Change them under the store's lock; Config when no profile is in use. */
  write(change: (r: RiskSettings) => void): Promise<RiskSettings>;
  /** Limits that apply where the profile sets none (`pmt mcp`: $10 per order, $100 per day). */
  readonly defaults?: RiskSettings;
  /** The profile's exchange order groups by name (`pmt order group`). */
  readGroups(): Promise<Record<string, NamedGroup>>;
  writeGroups(change: (g: Record<string, NamedGroup>) => void): Promise<Record<string, NamedGroup>>;
}

/** How the caller names its inputs in messages (`--exchange` vs `exchange`, `--ticker` vs `market_tickers`). */
export interface InputNames {
  exchange: string;
  market: string;
  asset: string;
  order: string;
  tickers: string;
  outcome: string;
  size: string;
  /** The GTD expiry's name (`--expires` / `expires`). */
  expires: string;
  /** The series filter (`--series`, `series_ticker`). */
  series: string;
  /** A bare market id (a Polymarket slug) is accepted as an asset, as on the CLI; serve's contract does not. */
  bareMarketAsset?: boolean;
  /** create_order's own inputs, as each surface names them (`--price` / `price`, `--type` / `order_type`). */
  create: { asset: string; side: string; price: string; type: string; postOnly: string; reduceOnly: string };
}

const CLI_CREATE = { asset: '--asset', side: '--side', price: '--price', type: '--type', postOnly: '--post-only', reduceOnly: '--reduce-only' };
const SERVE_CREATE = { asset: 'asset_id', side: 'side', price: 'price', type: 'order_type', postOnly: 'post_only', reduceOnly: 'reduce_only' };

export const CLI_NAMES: InputNames = { exchange: '--exchange', market: 'market', asset: 'asset', order: 'order id', tickers: '--ticker', outcome: '--outcome', size: '--size', expires: '--expires', series: '--series', bareMarketAsset: true, create: CLI_CREATE };
export const SERVE_NAMES: InputNames = { exchange: 'exchange', market: 'market_ticker', asset: 'asset_id', order: 'order_id', tickers: 'market_tickers', outcome: 'outcome', size: 'size', expires: 'expires', series: 'series_ticker', create: SERVE_CREATE };

export interface Services {
  /** The adapter for one exchange, built on first use. */
  exchange(id: ExchangeId): Promise<Exchange>;
  /** Exchanges whose credentials resolve (account reads and cancels default to these). */
  configured(): Promise<ExchangeId[]>;
  /** Throws `Config` naming the fix when `id` has no credentials; before any request. */
  requireCredentials(id: ExchangeId): Promise<void>;
  /** The `Config` error for "no exchange has credentials" (the CLI and serve say how to fix it differently). */
  noCredentials(): Promise<PmtError>;
  now(): number;
  /** A line for the verbose log (`--verbose` on the CLI); never a credential. */
  log?(line: string): void;
  /** Input names for messages. */
  names: InputNames;
  /** The local order journal: creates are journaled, orders pmt placed read back as placed. */
  readonly journal?: Journal;
  /** create_order's Idempotency-Key memory (`pmt serve`). */
  readonly idempotency?: IdempotencyStore;
  /** The profile's risk limits (absent: none apply). */
  readonly risk?: RiskAccess;
}

/** An order with the exchange it lives on (views group and label by it). */
export interface ExchangeOrder {
  exchange: ExchangeId;
  order: Order;
  /** The market by name (its native ticker, e.g. a slug) and title, for people, where the order names it by an id (nameMarkets); never in JSON. */
  market?: { name: string; title: string };
}
