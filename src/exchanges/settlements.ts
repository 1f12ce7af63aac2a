/**
 * Settled markets of the account (`pmt settlements`): what settled, how, the payout and the fees,
 * so the day closes on an exchange that settles for the trader (Kalshi). Money as exact decimal
 * strings in dollars.
 */
export interface Settlement {
  exchange: string;
  market_ticker: string;
  event_ticker: string | null;
  /** `yes`, `no`, `scalar` or `void`, as the exchange reports it. */
  result: string;
  yes_count: string;
  no_count: string;
  /** Cost basis of the contracts held at settlement (YES + NO). */
  cost: string;
  /** What the settlement paid out. */
  payout: string;
  fees: string;
  /** payout − cost − fees. */
  net: string;
  settled_time: string | null;
}

export interface SettlementsQuery {
  ticker?: string;
  /** At most this many (newest first). */
  limit?: number;
}

export type SettlementsReader = (ex: object) => (q: SettlementsQuery) => Promise<Settlement[]>;
