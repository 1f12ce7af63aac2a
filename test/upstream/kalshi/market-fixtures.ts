/**
 * Wire-format Kalshi markets for tests and the orders double, shaped like
 * shared/upstream/kalshi-market.json (the openpx fixture of `GET /markets/{ticker}`'s `market`).
 */
import type { KalshiMarketWire } from './markets-routes.js';

export interface MarketSpec {
  ticker: string;
  /** Tiered grid, YES dollars as Kalshi writes them ("0.0100"). Default: one cent, 0.01–0.99. */
  price_ranges?: Array<{ start: string; end: string; step: string }>;
  /** `fractional_trading_enabled`; default true (the spec: "always true"). */
  fractional?: boolean;
  /** Upstream status; default `active`. */
  status?: string;
  title?: string;
  /** The exchange shard the market is pinned to (`exchange_index`); default 0. */
  exchange_index?: number;
}

/** Kalshi's "tapered deci-cent" structure: 0.1¢ steps in the tails, 1¢ in the middle. */
export const TAPERED_RANGES = [
  { start: '0.0000', end: '0.1000', step: '0.0010' },
  { start: '0.1000', end: '0.9000', step: '0.0100' },
  { start: '0.9000', end: '1.0000', step: '0.0010' },
];

export function kalshiWireMarket(spec: MarketSpec): KalshiMarketWire {
  const event = spec.ticker.includes('-') ? spec.ticker.slice(0, spec.ticker.lastIndexOf('-')) : spec.ticker;
  return {
    ticker: spec.ticker,
    event_ticker: event,
    market_type: 'binary',
    title: spec.title ?? `Test market ${spec.ticker}`,
    yes_sub_title: spec.title ?? `Test market ${spec.ticker}`,
    no_sub_title: `Not ${spec.title ?? spec.ticker}`,
    status: spec.status ?? 'active',
    rules_primary: 'Primary rules text describing the market.',
    rules_secondary: 'Secondary rules text.',
    result: '',
    can_close_early: true,
    fractional_trading_enabled: spec.fractional ?? true,
    open_time: '2025-10-01T14:30:00Z',
    close_time: '2030-12-31T21:00:00Z',
    created_time: '2025-09-15T08:00:00Z',
    updated_time: '2025-11-12T10:00:00Z',
    latest_expiration_time: '2030-12-31T22:00:00Z',
    settlement_timer_seconds: 30,
    yes_bid_dollars: '0.5000',
    yes_ask_dollars: '0.5200',
    no_bid_dollars: '0.4800',
    no_ask_dollars: '0.5000',
    yes_bid_size_fp: '100.00',
    yes_ask_size_fp: '100.00',
    last_price_dollars: '0.5100',
    previous_yes_bid_dollars: '0.4900',
    previous_yes_ask_dollars: '0.5100',
    previous_price_dollars: '0.5000',
    volume_fp: '1500.00',
    volume_24h_fp: '50.00',
    open_interest_fp: '250.00',
    liquidity_dollars: '0.0000',
    notional_value_dollars: '1.0000',
    expiration_value: '',
    price_level_structure: spec.price_ranges ? 'custom' : 'linear_cent',
    price_ranges: spec.price_ranges ?? [{ start: '0.0100', end: '0.9900', step: '0.0100' }],
    exchange_index: spec.exchange_index ?? 0,
  };
}
