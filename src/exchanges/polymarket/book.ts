/**
 * Polymarket orderbooks: the public CLOB `GET /book?token_id=` for one outcome token. Prices are
 * that token's own (the NO token's book is in NO terms); nothing is mirrored.
 */
import { PmtError, usageError } from '../../errors.js';
import { isoFromEpoch, level, orderLevels } from '../levels.js';
import type { Level, Market, Orderbook } from '../types.js';
import type { PolymarketClient } from './client.js';

/** A CLOB token id: the decimal form of a uint256. */
export const TOKEN_ID_RE = /^\d{1,78}$/;
/** What resolveAsset takes for a token id rather than a (numeric) market id: real ones are ~77 digits. */
const LONG_TOKEN_RE = /^\d{20,78}$/;

/*
 * Trimmed upstream sample (all numbers are strings; live levels come worst-first: bids
 * ascending, asks descending, whatever the spec says):
 *   {"market":"0x5f65…","asset_id":"7132…","timestamp":"1714000000123","hash":"a1b2…",
 *    "bids":[{"price":"0.44","size":"200"},{"price":"0.45","size":"100"}],
 *    "asks":[{"price":"0.47","size":"250"},{"price":"0.46","size":"150"}],
 *    "min_order_size":"5","tick_size":"0.01","neg_risk":false,"last_trade_price":"0.45"}
 */
interface RawBook {
  timestamp?: unknown;
  hash?: unknown;
  bids?: unknown;
  asks?: unknown;
}

function levelsOf(raw: unknown): Level[] {
  const out: Level[] = [];
  if (!Array.isArray(raw)) return out;
  for (const row of raw) {
    if (!row || typeof row !== 'object') continue;
    const l = level((row as { price?: unknown }).price, (row as { size?: unknown }).size);
    if (l) out.push(l);
  }
  return out;
}

/**
 * Parse an OrderBookSummary into the unified book. Never throws: a missing or unreadable
 * timestamp falls back to `receivedAt`, a missing hash is null.
 */
export function parsePolymarketBook(tokenId: string, body: unknown, receivedAt: number): Orderbook {
  const b = (body && typeof body === 'object' ? body : {}) as RawBook;
  return {
    asset_id: tokenId,
    asks: orderLevels(levelsOf(b.asks), 'asc'),
    bids: orderLevels(levelsOf(b.bids), 'desc'),
    hash: typeof b.hash === 'string' && b.hash !== '' ? b.hash : null,
    last_update_id: null,
    timestamp: isoFromEpoch(b.timestamp) ?? new Date(receivedAt).toISOString(),
  };
}

export async function fetchOrderbook(c: PolymarketClient, assetId: string): Promise<Orderbook> {
  const body = await fetchBookSummary(c, assetId);
  return parsePolymarketBook(assetId, body, c.cfg.now());
}

/** The CLOB's OrderBookSummary of a token as sent (the book stream re-syncs from it and checks its hash). */
export async function fetchBookSummary(c: PolymarketClient, assetId: string): Promise<Record<string, unknown>> {
  if (!TOKEN_ID_RE.test(assetId)) {
    throw usageError(
      `asset must be a Polymarket token id (a long decimal number), got "${assetId.slice(0, 40)}"`,
      'to use a market instead, pass polymarket:<slug> with --outcome',
    );
  }
  let res;
  try {
    res = await c.clob.send('GET', '/book', { query: { token_id: assetId } });
  } catch (e) {
    if (e instanceof PmtError && e.kind === 'MarketNotFound') {
      throw new PmtError('MarketNotFound', `Polymarket has no orderbook for token ${assetId}`, {
        status: e.status,
        hint: 'the market may be closed, or this is not a CLOB token id (see the outcome token ids with `pmt markets lineage polymarket:<slug>`)',
      });
    }
    throw e;
  }
  const body = c.clob.parseJson<unknown>(res, { method: 'GET', path: '/book' });
  return (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
}

/** The outcome of `market` named by `outcome` (label, case-insensitive), default the first. */
export function pickOutcomeToken(market: Market, outcome?: string): string {
  const outs = market.outcomes;
  const labels = outs.map((o) => o.label);
  let chosen = outs[0];
  if (outcome !== undefined) {
    const want = outcome.trim().toLowerCase();
    chosen = outs.find((o) => o.label.trim().toLowerCase() === want);
    if (!chosen) {
      throw usageError(
        `--outcome "${outcome.slice(0, 60)}" is not an outcome of ${market.unified_id}; valid: ${labels.join(', ') || '(none)'}`,
      );
    }
  }
  if (!chosen || !chosen.token_id) {
    throw new PmtError('MarketNotFound', `${market.unified_id} has no orderbook token${chosen ? ` for outcome ${chosen.label}` : ''}`, {
      hint: 'the market may not be tradable on the CLOB',
    });
  }
  return chosen.token_id;
}

/**
 * The token id an input names: a token id passes through (any --outcome is checked later, by
 * order entry against the token's market); `polymarket:<slug>` or a bare slug resolves through
 * the market to the outcome's token (`--outcome` yes/no/label, default the first outcome).
 */
/**
 * Every outcome token of the market `input` names (a token id names just itself), so orders on
 * the NO token are not left out of a market-scoped list or cancel.
 */
export async function resolveMarketAssets(c: PolymarketClient, input: string): Promise<string[]> {
  const id = marketOrToken(input);
  if (LONG_TOKEN_RE.test(id)) return [id];
  const market = await marketBySlug(c, id);
  const tokens = market.outcomes.map((o) => o.token_id).filter((t): t is string => typeof t === 'string' && t !== '');
  return tokens.length > 0 ? [...new Set(tokens)] : [pickOutcomeToken(market, undefined)];
}

/** A market by slug: the markets module (Gamma's parsers) loads only when a slug is given, not for a token id. */
async function marketBySlug(c: PolymarketClient, slug: string): Promise<Market> {
  return (await import('./markets.js')).fetchMarket(c, slug);
}

/** The token id or market slug `input` names, checked before any request. */
function marketOrToken(input: string): string {
  const id = input.replace(/^polymarket:/i, '');
  if (LONG_TOKEN_RE.test(id)) return id;
  if (/^kalshi:/i.test(id)) throw usageError(`"${input}" is a Kalshi market, not a Polymarket one`);
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(id)) {
    throw usageError(`"${input.slice(0, 60)}" is neither a Polymarket token id nor a market slug`);
  }
  return id;
}

export async function resolveAsset(c: PolymarketClient, input: string, outcome?: string): Promise<string> {
  const id = marketOrToken(input);
  if (LONG_TOKEN_RE.test(id)) return id;
  const market = await marketBySlug(c, id);
  return pickOutcomeToken(market, outcome);
}
