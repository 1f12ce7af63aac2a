/**
 * What order entry reads about one Kalshi market: the raw `GET /markets/{ticker}` (for the
 * tiered `price_ranges` grid, fractional trading and status, which the unified Market does not
 * carry), fresh on every order so a changed grid is never served from a cache.
 */
import { PmtError, usageError } from '../../errors.js';
import type { KalshiClient } from './client.js';
import { parsePriceRanges, resolvedMessage, type KalshiOrderRules } from './order-rules.js';

export type RawMarket = Record<string, unknown>;

/** The wire market for a ticker (unsigned public read); 404 → MarketNotFound naming it. */
export async function fetchRawMarket(c: KalshiClient, ticker: string): Promise<RawMarket> {
  let body: { market?: unknown };
  try {
    body = await c.http.get<{ market?: unknown }>(`/markets/${encodeURIComponent(ticker)}`);
  } catch (e) {
    if (e instanceof PmtError && e.kind === 'MarketNotFound') {
      // Settled before Kalshi's historical cutoff, a market answers only in the archive: say it
      // is resolved, with its result, rather than that it does not exist.
      const archived = await historical(c, ticker);
      if (archived) throw usageError(resolvedMessage(typeof archived.ticker === 'string' ? archived.ticker : ticker, typeof archived.result === 'string' ? archived.result : null));
      throw new PmtError('MarketNotFound', `Kalshi has no market "${ticker}"`, { status: e.status, hint: 'check the ticker with `pmt markets list --exchange kalshi`' });
    }
    throw e;
  }
  const m = body?.market;
  if (!m || typeof m !== 'object') throw new PmtError('Api', `Kalshi answered GET /markets/${ticker} without a market object`);
  return m as RawMarket;
}

/** The archived wire market, or null when the archive does not have it (or cannot be read). */
async function historical(c: KalshiClient, ticker: string): Promise<RawMarket | null> {
  try {
    const body = await c.http.get<{ market?: unknown }>(`/historical/markets/${encodeURIComponent(ticker)}`);
    const m = body?.market;
    return m && typeof m === 'object' ? (m as RawMarket) : null;
  } catch {
    return null;
  }
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
    result: typeof raw.result === 'string' && raw.result ? raw.result : null,
  };
}
