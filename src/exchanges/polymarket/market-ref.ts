/**
 * A market named on the command line, as the Data API and the CLOB filter by it: its condition
 * id, plus its slug and tokens when Gamma (or the CLOB) knows them. Accepts a condition id
 * (`0x` + 64 hex), a token id (a long decimal number) or a slug (`polymarket:<slug>` or bare).
 */
import { usageError } from '../../errors.js';
import type { Market } from '../types.js';
import { lookupMarket } from './asset.js';
import type { PolymarketClient } from './client.js';
import { fetchMarket } from './markets.js';

const CONDITION_RE = /^0x[0-9a-fA-F]{64}$/;
const TOKEN_RE = /^\d{10,78}$/;
const SLUG_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export interface MarketRef {
  conditionId: string;
  /** The slug, or null when only the condition id is known. */
  slug: string | null;
  market: Market | null;
  /** The token the input named, when it named one. */
  tokenId: string | null;
}

export async function resolveMarketRef(c: PolymarketClient, input: string): Promise<MarketRef> {
  const id = String(input ?? '').trim().replace(/^polymarket:/i, '');
  if (CONDITION_RE.test(id)) return { conditionId: id.toLowerCase(), slug: null, market: null, tokenId: null };
  if (/^kalshi:/i.test(id)) throw usageError(`"${input}" is a Kalshi market, not a Polymarket one`);
  if (TOKEN_RE.test(id)) {
    const t = await lookupMarket(c, id);
    if (!t.conditionId) throw usageError(`Polymarket token ${id.slice(0, 20)}… has no condition id`);
    return { conditionId: t.conditionId, slug: t.market.condition_id === t.market.ticker ? null : t.market.ticker, market: t.market, tokenId: id };
  }
  if (!SLUG_RE.test(id)) throw usageError(`"${input.slice(0, 60)}" is neither a Polymarket slug, token id nor condition id`);
  const market = await fetchMarket(c, id);
  if (!market.condition_id) throw usageError(`Polymarket market ${market.ticker} has no condition id (not tradable on the CLOB)`);
  return { conditionId: market.condition_id, slug: market.ticker, market, tokenId: null };
}
