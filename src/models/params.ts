/**
 * Parameters of the trader's-day operations: plain TypeScript, no TypeBox, so the adapters and
 * ops that take them never load a schema library.
 */
export const INTERVALS = ['1m', '1h', '1d'] as const;
export type Interval = (typeof INTERVALS)[number];

export interface FetchFillsParams {
  market_ticker?: string;
  limit?: number;
  cursor?: string;
}
export interface FetchTradesParams {
  limit?: number;
  cursor?: string;
  /** Unix seconds. */
  start_ts?: number;
  end_ts?: number;
}
export interface PriceHistoryParams {
  interval: Interval;
  /** Unix seconds. */
  start_ts: number;
  end_ts: number;
}
