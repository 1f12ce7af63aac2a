/**
 * What order entry reads about one Kalshi market: the raw `GET /markets/{ticker}` (for the
 * tiered `price_ranges` grid, fractional trading and status, which the unified Market does not
 * carry), fresh on every order so a changed grid is never served from a cache.
 */
import { Decimal } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import type { Market, MarketStatus } from '../types.js';
import type { KalshiClient } from './client.js';
import { finestStep, parsePriceRanges, type KalshiOrderRules } from './order-rules.js';
import { isoTime } from './order-parse.js';

export type RawMarket = Record<string, unknown>;

/** The wire market for a ticker (unsigned public read); 404 → MarketNotFound naming it. */
export async function fetchRawMarket(c: KalshiClient, ticker: string): Promise<RawMarket> {
  let body: { market?: unknown };
  try {
    body = await c.http.get<{ market?: unknown }>(`/markets/${encodeURIComponent(ticker)}`);
  } catch (e) {
    if (e instanceof PmtError && e.kind === 'MarketNotFound') {
      throw new PmtError('MarketNotFound', `Kalshi has no market "${ticker}"`, { status: e.status, hint: 'check the ticker with `pmt markets list --exchange kalshi`' });
    }
    throw e;
  }
  const m = body?.market;
  if (!m || typeof m !== 'object') throw new PmtError('Api', `Kalshi answered GET /markets/${ticker} without a market object`);
  return m as RawMarket;
}

/**
 * Sample (trimmed): `{"ticker":"KXTEST-25Q4-CONTRACT","status":"active",
 * "fractional_trading_enabled":false,"price_ranges":[{"start":"0.0100","end":"0.9900","step":"0.0100"}]}`.
 * `fractional_trading_enabled` is deprecated and documented as always true, so only an explicit
 * `false` restricts orders to whole contracts.
 */
export function orderRulesOf(raw: RawMarket, ticker: string): KalshiOrderRules {
  return {
    ticker: typeof raw.ticker === 'string' && raw.ticker ? raw.ticker : ticker,
    ranges: parsePriceRanges(raw.price_ranges, raw.tick_size),
    fractional: raw.fractional_trading_enabled !== false,
    status: typeof raw.status === 'string' && raw.status ? raw.status.toLowerCase() : null,
  };
}

function num(v: unknown): number | null {
  const d = typeof v === 'string' ? Decimal.parse(v) : typeof v === 'number' && Number.isFinite(v) ? Decimal.from(v) : null;
  return d ? d.toNumber() : null;
}

function statusOf(s: unknown, result: string | null): MarketStatus {
  const v = typeof s === 'string' ? s.toLowerCase() : '';
  if (v === 'active' || v === 'open') return 'active';
  if (result || ['determined', 'finalized', 'settled', 'amended'].includes(v)) return 'resolved';
  return 'closed';
}

/**
 * A unified Market from the same wire object, used only while the markets module's
 * `fetchMarket` is not available (it answers NotSupported); the markets module owns the full
 * mapping (volumes in USD, lineage), this keeps order entry working without it.
 */
export function fallbackMarket(raw: RawMarket, ticker: string): Market {
  const rules = orderRulesOf(raw, ticker);
  const result = typeof raw.result === 'string' && raw.result ? (raw.result.toLowerCase() === 'yes' ? 'Yes' : raw.result.toLowerCase() === 'no' ? 'No' : raw.result) : null;
  const yesBid = num(raw.yes_bid_dollars);
  const yesAsk = num(raw.yes_ask_dollars);
  const last = num(raw.last_price_dollars);
  const title = [raw.title, raw.yes_sub_title].find((t): t is string => typeof t === 'string' && t !== '') ?? rules.ticker;
  const ruleTexts = [raw.rules_primary, raw.rules_secondary].filter((t): t is string => typeof t === 'string' && t !== '');
  return {
    exchange: 'kalshi',
    market_type: raw.market_type === 'scalar' ? 'scalar' : 'binary',
    unified_id: `kalshi:${rules.ticker}`,
    status: statusOf(raw.status, result),
    ticker: rules.ticker,
    title,
    volume: num(raw.volume_fp) ?? 0,
    best_ask: yesAsk,
    best_bid: yesBid,
    last_trade_price: last,
    close_time: isoTime(raw.close_time),
    open_time: isoTime(raw.open_time),
    created_at: isoTime(raw.created_time),
    settlement_time: isoTime(raw.settlement_ts),
    condition_id: null,
    event_ticker: typeof raw.event_ticker === 'string' ? raw.event_ticker : null,
    min_order_size: rules.fractional ? 0.01 : 1,
    neg_risk: null,
    neg_risk_market_id: null,
    numeric_id: null,
    outcomes: [
      { label: 'Yes', price: last ?? yesBid, token_id: null },
      { label: 'No', price: (last ?? yesBid) === null ? null : Decimal.ONE.minus(Decimal.from((last ?? yesBid)!)).toNumber(), token_id: null },
    ],
    result,
    rules: ruleTexts.length ? ruleTexts.join('\n\n') : null,
    tick_size: finestStep(rules.ranges).toNumber(),
    volume_24h: num(raw.volume_24h_fp),
  };
}
