/**
 * The models of the trader's-day operations (interface-extensions.md): Position, Fill,
 * MarketTrade, Candle, and the pages and balances around them. One TypeBox definition per model
 * gives the TypeScript type (`Static`) and the JSON schema serve publishes. Adapters import only
 * the types (`import type`), so TypeBox is loaded where a schema is needed, never at start-up.
 *
 * Prices follow the contract: the price of the `outcome` in the same object, a probability.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ORDER_SIDES } from './enums.js';
import { Nullable, StringEnum } from './kit.js';

const NullableString = Nullable(Type.String());

export const PositionSchema = Type.Object(
  {
    /** Market the position is held on (Kalshi ticker, Polymarket slug). */
    market_ticker: Type.String({ description: 'market the position is held on (Kalshi ticker, Polymarket slug)' }),
    /** Outcome held: `Yes`, `No`, or a label. */
    outcome: Type.String({ description: 'outcome held (Yes, No, or a label)' }),
    /** Contracts held (> 0). */
    size: Type.Number({ description: 'contracts held (> 0)' }),
    /** Volume-weighted entry price of that outcome, in (0, 1). */
    average_price: Type.Number({ description: 'volume-weighted entry price of that outcome' }),
    /** Mark price of that outcome now (best bid, else last); null when the market has no quote. */
    current_price: Nullable(Type.Number(), 'mark price of that outcome (best bid, else last); null without a quote'),
  },
  { additionalProperties: false, $id: 'Position' },
);
export type Position = Static<typeof PositionSchema>;

export const FillSchema = Type.Object(
  {
    /** Exchange fill / trade id. */
    fill_id: Type.String(),
    /** The caller's order that filled. */
    order_id: Type.String(),
    /** Market (Kalshi ticker, Polymarket slug or condition id when the slug is unknown). */
    market_ticker: Type.String(),
    /** Outcome traded. */
    outcome: Type.String(),
    /** The caller's direction, for that outcome. */
    side: StringEnum(ORDER_SIDES),
    /** Price of that outcome. */
    price: Type.Number(),
    /** Contracts filled. */
    size: Type.Number(),
    /** Fee paid in dollars (0 when none). */
    fee: Type.Number(),
    /** The caller took liquidity. */
    is_taker: Type.Boolean(),
    /** Execution time, ISO 8601 UTC. */
    created_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false, $id: 'Fill' },
);
export type Fill = Static<typeof FillSchema>;

export const MarketTradeSchema = Type.Object(
  {
    /** Exchange trade id (Polymarket Data API: the transaction hash). */
    id: Type.String(),
    /** YES price (Kalshi) or the token's price (Polymarket). */
    price: Type.Number(),
    /** Contracts. */
    size: Type.Number(),
    /** Taker's direction relative to `outcome`. */
    aggressor_side: Nullable(StringEnum(ORDER_SIDES)),
    /** Outcome of the traded token; `Yes` on Kalshi. */
    outcome: NullableString,
    /** YES reference price (binary markets). */
    yes_price: Nullable(Type.Number()),
    /** NO reference price (binary markets). */
    no_price: Nullable(Type.Number()),
    /** Polymarket taker wallet; null on Kalshi. */
    taker_address: NullableString,
    /** Trade time, ISO 8601 UTC. */
    exchange_ts: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false, $id: 'MarketTrade' },
);
export type MarketTrade = Static<typeof MarketTradeSchema>;

export const CandleSchema = Type.Object(
  {
    /** Start of the interval, ISO 8601 UTC. */
    start: Type.String({ format: 'date-time' }),
    /** Prices of the YES outcome (Kalshi) or of the token (Polymarket); null without a trade. */
    open: Nullable(Type.Number()),
    high: Nullable(Type.Number()),
    low: Nullable(Type.Number()),
    close: Nullable(Type.Number()),
    /** Contracts traded in the interval; null where the exchange does not say. */
    volume: Nullable(Type.Number()),
  },
  { additionalProperties: false, $id: 'Candle' },
);
export type Candle = Static<typeof CandleSchema>;

export const FillsPageSchema = Type.Object({ fills: Type.Array(FillSchema), cursor: NullableString }, { additionalProperties: false });
export type FillsPage = Static<typeof FillsPageSchema>;

export const TradesPageSchema = Type.Object({ trades: Type.Array(MarketTradeSchema), cursor: NullableString }, { additionalProperties: false });
export type TradesPage = Static<typeof TradesPageSchema>;

/** fetch_balance: cash available to trade, in dollars, keyed by currency (`USD`, `USDC`). */
export const BalanceSchema = Type.Record(Type.String(), Type.Number(), {
  description: 'Cash available to trade in dollars, per currency (`USD` Kalshi, `USDC` Polymarket)',
});
export type Balance = Static<typeof BalanceSchema>;

/**
 * fetch_balance across exchanges: each exchange's balance under its id, so two exchanges that both
 * settle in USD (Kalshi, Polymarket US) are never summed or confused:
 * `{"kalshi": {"USD": n}, "polymarket": {"USDC": n}, "polymarket-us": {"USD": n}}`.
 */
export const BalancesSchema = Type.Record(Type.String(), BalanceSchema, {
  description: 'Cash available to trade, per exchange id, then per currency: {"kalshi": {"USD": n}, "polymarket": {"USDC": n}, "polymarket-us": {"USD": n}}',
});
export type Balances = Static<typeof BalancesSchema>;

/** fetch_balance as answered: one named exchange's balance by currency, else every exchange's. */
export const BalanceAnswerSchema = Type.Union([BalanceSchema, BalancesSchema], {
  description: 'With `exchange`: that exchange\'s balance by currency ({"USD": n}); without: per exchange id, then per currency',
});

/**
 * What a person's `pmt balance` shows beyond the model: Kalshi's portfolio value, Polymarket's
 * allowance state. Never part of the JSON model.
 */
export interface BalanceDetail {
  balance: Balance;
  /** Value of open positions in dollars (Kalshi; Polymarket's Data API `/v2/value`); null when unknown. */
  portfolio_value: number | null;
  /**
   * Polymarket: the smallest allowance granted to the exchange contracts, in dollars (null when
   * none reported); `unlimited` when it is at least 2^128 micro-dollars.
   */
  allowance: number | 'unlimited' | null;
  /** The address or account the balance belongs to, for people (Polymarket funder or signer). */
  account: string | null;
  /** What the cash figure is when it is not plain cash, for people (Polymarket US: buying power, and the cash it comes from). */
  basis?: string;
  /**
   * Kalshi: the cash on each exchange shard (`balance_breakdown`), for people; `balance` is their
   * total. Absent where the exchange has one shard or does not say.
   */
  shards?: Array<{ exchange_index: number; cash: number }>;
}

export { INTERVALS, type Interval, type FetchFillsParams, type FetchTradesParams, type PriceHistoryParams } from './params.js';
