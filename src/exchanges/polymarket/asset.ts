/**
 * What order entry needs to know about one Polymarket token: its market and outcome (with the
 * market's other tokens), the minimum order size, and — fresh for every order, never cached —
 * the tick size (`GET /tick-size`) and neg-risk flag (`GET /neg-risk`), which pick the price grid
 * and the exchange contract the order is signed for.
 *
 * The market part goes through `lookupMarket`: Gamma first (`markets.fetchMarketByToken`: slug,
 * title, status, outcomes with token ids, minimum size); for a token Gamma does not list (new
 * markets can reach the CLOB before Gamma), the CLOB itself (`/markets-by-token/{token}` then
 * `/clob-markets/{condition}`: outcome labels and minimum size, the condition id as ticker).
 */
import { Decimal } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import type { AssetInfo } from '../exchange.js';
import type { Market } from '../types.js';
import type { PolymarketClient } from './client.js';
import { fetchMarketByToken } from './markets.js';
import type { TokenRules } from './order-rules.js';
import { carryFacts, protocolOf, type Protocol } from './protocol.js';

const TOKEN_RE = /^\d{1,78}$/;
const UINT256_MAX = (1n << 256n) - 1n;

/** A Polymarket token id (decimal uint256), else a usage error. */
export function parseTokenId(input: string): string {
  const id = String(input ?? '').trim().replace(/^polymarket:/i, '');
  if (!TOKEN_RE.test(id) || BigInt(id) > UINT256_MAX || BigInt(id) === 0n) {
    throw usageError(`asset must be a Polymarket token id, a long decimal number (got "${id.slice(0, 40)}")`, 'find token ids with `pmt markets lineage <market> --json` (outcomes[].token_id)');
  }
  return id;
}

export interface TokenMarket {
  market: Market;
  /** This token's outcome label. */
  outcome: string;
  siblings: Array<{ tokenId: string; outcome: string }>;
  conditionId: string | null;
  /** Minimum order size in shares; zero when the exchange does not say. */
  minSize: Decimal;
  /** The market's protocol (Gamma `version`): a V2 market's orders are signed for ExchangeV3. */
  protocol: Protocol;
}

/** The market a token belongs to: Gamma, else the CLOB when Gamma does not list the token. */
export async function lookupMarket(c: PolymarketClient, tokenId: string): Promise<TokenMarket> {
  try {
    return tokenMarketFrom(await fetchMarketByToken(c, tokenId), tokenId);
  } catch (e) {
    if (e instanceof PmtError && e.kind === 'MarketNotFound') return lookupMarketViaClob(c, tokenId);
    throw e;
  }
}

/** From a unified Market (Gamma). */
export function tokenMarketFrom(market: Market, tokenId: string): TokenMarket {
  const own = market.outcomes.find((o) => o.token_id === tokenId);
  return {
    market,
    outcome: own?.label ?? '',
    siblings: market.outcomes.filter((o) => o.token_id && o.token_id !== tokenId).map((o) => ({ tokenId: o.token_id!, outcome: o.label })),
    conditionId: market.condition_id,
    minSize: market.min_order_size === null ? Decimal.ZERO : Decimal.from(market.min_order_size),
    protocol: protocolOf(market),
  };
}

export async function lookupMarketViaClob(c: PolymarketClient, tokenId: string): Promise<TokenMarket> {
  const byToken = await c.clob.get<Record<string, unknown>>(`/markets-by-token/${tokenId}`);
  const conditionId = typeof byToken?.condition_id === 'string' ? byToken.condition_id : null;
  const primary = String(byToken?.primary_token_id ?? '');
  const secondary = String(byToken?.secondary_token_id ?? '');
  let tokens: Array<{ tokenId: string; outcome: string }> = [
    { tokenId: primary, outcome: 'Yes' },
    { tokenId: secondary, outcome: 'No' },
  ].filter((t) => t.tokenId);
  let minSize = Decimal.ZERO;
  let tick: number | null = null;
  let negRisk: boolean | null = null;
  if (conditionId) {
    const info = await c.clob.get<Record<string, unknown>>(`/clob-markets/${conditionId}`);
    const t = Array.isArray(info?.t) ? (info.t as Array<Record<string, unknown>>) : [];
    const labelled = t.filter((x) => typeof x?.t === 'string' && typeof x?.o === 'string').map((x) => ({ tokenId: x.t as string, outcome: x.o as string }));
    if (labelled.length) tokens = labelled;
    const mos = Decimal.parse(String(info?.mos ?? ''));
    if (mos && !mos.isNegative()) minSize = mos;
    tick = typeof info?.mts === 'number' ? info.mts : null;
    negRisk = typeof info?.nr === 'boolean' ? info.nr : null;
  }
  const own = tokens.find((t) => t.tokenId === tokenId);
  const market: Market = {
    exchange: 'polymarket',
    market_type: 'binary',
    unified_id: `polymarket:${conditionId ?? tokenId}`,
    status: 'active',
    ticker: conditionId ?? tokenId,
    title: conditionId ?? tokenId,
    volume: 0,
    best_ask: null,
    best_bid: null,
    last_trade_price: null,
    close_time: null,
    open_time: null,
    created_at: null,
    settlement_time: null,
    condition_id: conditionId,
    event_ticker: null,
    min_order_size: minSize.isZero() ? null : minSize.toNumber(),
    neg_risk: negRisk,
    neg_risk_market_id: null,
    numeric_id: null,
    outcomes: tokens.map((t) => ({ label: t.outcome, price: null, token_id: t.tokenId })),
    result: null,
    rules: null,
    tick_size: tick,
    volume_24h: null,
  };
  return { market, outcome: own?.outcome ?? '', siblings: tokens.filter((t) => t.tokenId !== tokenId), conditionId, minSize, protocol: 'v1' };
}

/** Tick size and neg-risk flag, read fresh (stale tick caches are a top cause of rejections). */
export async function freshTradingRules(c: PolymarketClient, tokenId: string): Promise<{ tick: Decimal; negRisk: boolean }> {
  const [t, n] = await Promise.all([
    c.clob.get<Record<string, unknown>>('/tick-size', { query: { token_id: tokenId } }),
    c.clob.get<Record<string, unknown>>('/neg-risk', { query: { token_id: tokenId } }),
  ]);
  const tick = Decimal.parse(String(t?.minimum_tick_size ?? ''));
  if (!tick || tick.lte(0) || tick.gte(1)) {
    throw new PmtError('Api', `Polymarket reported no usable tick size for token ${tokenId}`);
  }
  return { tick, negRisk: n?.neg_risk === true };
}

export interface TokenContext extends TokenMarket {
  tokenId: string;
  tick: Decimal;
  negRisk: boolean;
  rules: TokenRules;
}

/** Everything the pre-trade checks and the signer need, in parallel. */
export async function tokenContext(c: PolymarketClient, tokenId: string): Promise<TokenContext> {
  const [m, fresh] = await Promise.all([lookupMarket(c, tokenId), freshTradingRules(c, tokenId)]);
  const market = carryFacts(m.market, { ...m.market, tick_size: fresh.tick.toNumber(), neg_risk: fresh.negRisk });
  const rules: TokenRules = {
    tokenId,
    outcome: m.outcome,
    siblings: m.siblings,
    tick: fresh.tick,
    minSize: m.minSize,
    market: market.ticker,
    status: market.status,
  };
  return { ...m, market, tokenId, tick: fresh.tick, negRisk: fresh.negRisk, rules };
}

export async function describeAsset(c: PolymarketClient, assetId: string): Promise<AssetInfo> {
  const t = await tokenContext(c, parseTokenId(assetId));
  return {
    exchange: 'polymarket',
    asset_id: t.tokenId,
    market: t.market,
    book_outcome: t.outcome,
    outcomes: t.outcome ? [t.outcome] : [],
    tick_size: t.tick.toNumber(),
    min_order_size: t.minSize.toNumber(),
    neg_risk: t.negRisk,
  };
}
