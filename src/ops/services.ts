/**
 * What every operation gets from its caller (the CLI's Context, `pmt serve`), so an op never
 * knows which surface called it. Shaped as the operations layer (issue 11) defines it; until that
 * lands, the CLI adapts its Context with `commands/services.ts`.
 */
import type { PmtError } from '../errors.js';
import type { Exchange } from '../exchanges/exchange.js';
import type { ExchangeId } from '../exchanges/types.js';

/** How the caller names its inputs in messages (`--exchange` vs `exchange`). */
export interface InputNames {
  exchange: string;
  market: string;
  asset: string;
  order: string;
  tickers: string;
  outcome: string;
  size: string;
}

export const CLI_NAMES: InputNames = { exchange: '--exchange', market: 'market', asset: 'asset', order: 'order id', tickers: '--ticker', outcome: '--outcome', size: '--size' };
export const SERVE_NAMES: InputNames = { exchange: 'exchange', market: 'market_ticker', asset: 'asset_id', order: 'order_id', tickers: 'market_tickers', outcome: 'outcome', size: 'size' };

export interface Services {
  exchange(id: ExchangeId): Promise<Exchange>;
  /** Exchanges whose credentials resolve. */
  configured(): Promise<ExchangeId[]>;
  /** Throws `Config` naming the fix when `id` has no credentials; before any request. */
  requireCredentials(id: ExchangeId): Promise<void>;
  /** The `Config` error for "no exchange has credentials". */
  noCredentials(): Promise<PmtError>;
  now(): number;
  names: InputNames;
}
