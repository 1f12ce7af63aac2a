/**
 * Kalshi orderbooks. `GET /markets/{ticker}/orderbook` is public market data (Kalshi documents it
 * so): it is signed when Kalshi keys are configured and sent unsigned when none are, so `book
 * show|stats|impact` work without an account.
 *
 * Kalshi returns bids only, for YES and for NO. A NO bid at p is an offer to sell YES at 1 − p,
 * so the unified book is YES-priced: bids = YES bids, asks = NO bids mirrored to 1 − p. The NO
 * book (`outcome` no) is its complement.
 */
import { complement } from '../../decimal.js';
import { PmtError, usageError } from '../../errors.js';
import { complementBook, level, orderLevels } from '../levels.js';
import type { Level, Orderbook } from '../types.js';
import type { KalshiClient } from './client.js';

/*
 * Trimmed upstream sample (levels ascending by price: the best bid is the LAST element):
 *   {"orderbook_fp": {"yes_dollars": [["0.4100","250.00"], ["0.4200","100.00"]],
 *                     "no_dollars":  [["0.5400","200.00"], ["0.5500","150.00"]]}}
 * Legacy shapes still accepted: key `orderbook` instead of `orderbook_fp`, and `yes`/`no` arrays
 * of integer cents with integer counts.
 */
type RawLevel = unknown[];
interface RawSides {
  yes_dollars?: unknown;
  no_dollars?: unknown;
  yes?: unknown;
  no?: unknown;
}

function sideLevels(dollars: unknown, legacyCents: unknown, mirror: boolean): Level[] {
  const out: Level[] = [];
  const fromDollars = Array.isArray(dollars);
  const rows = (fromDollars ? dollars : Array.isArray(legacyCents) ? legacyCents : []) as unknown[];
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    const [rawPrice, rawSize] = row as RawLevel;
    let price = typeof rawPrice === 'string' || typeof rawPrice === 'number' ? Number(rawPrice) : NaN;
    if (!fromDollars && Number.isInteger(price) && price >= 1) price /= 100; // legacy cents
    const l = level(mirror ? complement(price) : price, rawSize);
    if (l) out.push(l);
  }
  return out;
}

/** Parse Kalshi's orderbook response into the unified YES-priced book. Never throws. */
export function parseKalshiBook(ticker: string, body: unknown, timestamp: string): Orderbook {
  const root = (body && typeof body === 'object' ? body : {}) as { orderbook_fp?: unknown; orderbook?: unknown };
  const raw = root.orderbook_fp ?? root.orderbook;
  const sides = (raw && typeof raw === 'object' ? raw : {}) as RawSides;
  return {
    asset_id: ticker,
    asks: orderLevels(sideLevels(sides.no_dollars, sides.no, true), 'asc'),
    bids: orderLevels(sideLevels(sides.yes_dollars, sides.yes, false), 'desc'),
    hash: null,
    last_update_id: null,
    timestamp,
  };
}

/**
 * The snapshot time: Kalshi's book carries none, so the exchange's own clock from the response's
 * `Date` header (second precision) stands for it, and the local receive time when that is absent.
 */
function snapshotTime(dateHeader: string | string[] | undefined, receivedAt: number): string {
  const v = Array.isArray(dateHeader) ? dateHeader[0] : dateHeader;
  const t = v ? Date.parse(v) : NaN;
  return new Date(Number.isNaN(t) ? receivedAt : t).toISOString();
}

/**
 * The full-depth book of one market, on the scale of `outcome`: YES (the default) as Kalshi
 * prices it, or NO, its exact complement (contract: `book … --outcome no` is the NO book).
 * `depth` (1..100) asks Kalshi for only the best N levels per side; pmt itself asks for every level.
 */
export async function fetchOrderbook(c: KalshiClient, assetId: string, outcome?: string, depth?: number): Promise<Orderbook> {
  const side = bookOutcome(outcome);
  const ticker = assetId.replace(/^kalshi:/i, '');
  if (!ticker) throw usageError('asset must be a Kalshi market ticker');
  const signer = await c.publicReadSigner();
  const path = `/markets/${encodeURIComponent(ticker)}/orderbook`;
  const res = await c.http.send('GET', path, { signer, query: depth ? { depth } : undefined });
  const receivedAt = c.cfg.now();
  const body = c.http.parseJson<unknown>(res, { method: 'GET', path });
  const yes = parseKalshiBook(ticker, body, snapshotTime(res.headers.date, receivedAt));
  return side === 'no' ? complementBook(yes) : yes;
}

/** `yes`/`no` (any case, trimmed); anything else is a usage error before any request. */
function bookOutcome(outcome: string | undefined): 'yes' | 'no' {
  if (outcome === undefined) return 'yes';
  const o = outcome.trim().toLowerCase();
  if (o === 'yes' || o === 'no') return o;
  throw usageError(`--outcome must be yes or no on Kalshi (got "${outcome.slice(0, 40)}")`);
}

/** A Kalshi market is one asset: its ticker carries the orders on both outcomes. */
export async function resolveMarketAssets(c: KalshiClient, input: string): Promise<string[]> {
  return [await resolveAsset(c, input)];
}

/**
 * The orderable asset of a Kalshi market: the market ticker itself (`kalshi:X` → X). A Kalshi
 * market has one YES-priced book for both outcomes, so `--outcome` may only be yes or no.
 */
export async function resolveAsset(_c: KalshiClient, input: string, outcome?: string): Promise<string> {
  if (outcome !== undefined && !/^(yes|no)$/i.test(outcome.trim())) {
    throw usageError(
      `--outcome must be yes or no on Kalshi (got "${outcome.slice(0, 40)}")`,
      'a Kalshi market has one YES-priced book; a NO price p is the YES price 1 − p',
    );
  }
  const ticker = input.replace(/^kalshi:/i, '');
  if (!ticker) throw usageError('asset must be a Kalshi market ticker, e.g. KXBTCD-25APR1517');
  // A Kalshi ticker never holds a colon: what is left is another exchange's unified id.
  if (ticker.includes(':')) throw new PmtError('Api', `"${input}" is another exchange's market, not a Kalshi one`, { usage: true });
  return ticker;
}
