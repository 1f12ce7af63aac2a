/**
 * Polymarket portfolio reads.
 * - Cash: CLOB `GET /balance-allowance?asset_type=COLLATERAL&signature_type=<0|1|2>` (L2). The
 *   CLOB finds the address from the API key and the signature type (the EOA itself, or its proxy
 *   or Safe), so the configured type picks whose cash is read. `balance` and each allowance are
 *   6-decimal fixed-point integers in strings ("12500000" = $12.50), read exactly.
 * - Positions: Data API `GET /positions?user=<funder when set, else signer>` (public), every page
 *   (limit 500, offset). `avgPrice`/`curPrice` are already prices of the token's own outcome.
 * - Fills: fills.ts.
 */
import { Decimal } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import type { BalanceDetail, Position } from '../../models/portfolio.js';
import { l2 } from './auth.js';
import type { PolymarketClient } from './client.js';
import { resolveMarketRef } from './market-ref.js';
import { wallet } from './wallet.js';

type Raw = Record<string, unknown>;
const isObj = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);

/** An allowance at least this large (2^128 micro-dollars) is shown as unlimited. */
const UNLIMITED = 1n << 128n;
const POSITIONS_PAGE = 500;
/** The Data API refuses offsets past 10,000. */
const MAX_OFFSET = 10_000;

/** A 6-decimal fixed-point amount ("12500000") → dollars, exactly; null when not such a string. */
export function microToDollars(v: unknown): Decimal | null {
  const s = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
  if (typeof s !== 'string' || !/^\d{1,60}$/.test(s)) return null;
  return Decimal.fromUnits(BigInt(s), 6);
}

export interface CollateralState {
  /** Dollars. */
  balance: Decimal;
  /** Smallest allowance over the exchange contracts, dollars; 'unlimited'; null when none reported. */
  allowance: Decimal | 'unlimited' | null;
}

/** The collateral balance and allowance the CLOB sees for this API key under one signature type. */
export async function collateralState(c: PolymarketClient, signatureType: 0 | 1 | 2 | 3): Promise<CollateralState> {
  const { signer } = await l2(c);
  const body = await c.clob.get<unknown>('/balance-allowance', { query: { asset_type: 'COLLATERAL', signature_type: signatureType }, signer });
  if (!isObj(body)) throw new PmtError('Api', 'Polymarket answered GET /balance-allowance without an object');
  const balance = microToDollars(body.balance);
  if (!balance) throw new PmtError('Api', 'Polymarket answered GET /balance-allowance without a readable balance');
  let allowance: CollateralState['allowance'] = null;
  const raw = isObj(body.allowances) ? Object.values(body.allowances) : body.allowance !== undefined ? [body.allowance] : [];
  for (const a of raw) {
    if (typeof a !== 'string' || !/^\d{1,80}$/.test(a)) continue;
    const units = BigInt(a);
    const v: Decimal | 'unlimited' = units >= UNLIMITED ? 'unlimited' : Decimal.fromUnits(units, 6);
    // The smallest allowance limits trading; 'unlimited' is larger than any amount.
    if (allowance === null || allowance === 'unlimited' || (v !== 'unlimited' && v.lt(allowance))) allowance = v === 'unlimited' && allowance !== null ? allowance : v;
  }
  return { balance, allowance };
}

export async function fetchBalance(c: PolymarketClient): Promise<BalanceDetail> {
  const w = await wallet(c);
  const s = await collateralState(c, w.signatureTypeCode);
  return {
    balance: { USDC: s.balance.toNumber() },
    portfolio_value: null,
    allowance: s.allowance === null || s.allowance === 'unlimited' ? s.allowance : s.allowance.toNumber(),
    account: w.maker,
  };
}

/** One Data API position → Position; null for a row without a size or price. */
export function parseDataPosition(raw: unknown): Position | null {
  if (!isObj(raw)) return null;
  const size = Decimal.read(raw.size);
  const avg = Decimal.read(raw.avgPrice);
  if (!size || size.lte(0) || !avg) return null;
  const cur = Decimal.read(raw.curPrice);
  const slug = typeof raw.slug === 'string' && raw.slug ? raw.slug : typeof raw.conditionId === 'string' ? raw.conditionId : '';
  return {
    market_ticker: slug,
    outcome: typeof raw.outcome === 'string' && raw.outcome ? raw.outcome : '',
    size: size.toNumber(),
    average_price: avg.toNumber(),
    current_price: cur ? cur.toNumber() : null,
  };
}

export async function fetchPositions(c: PolymarketClient, marketTicker?: string): Promise<Position[]> {
  const w = await wallet(c);
  const market = marketTicker === undefined ? undefined : (await resolveMarketRef(c, marketTicker)).conditionId;
  const out: Position[] = [];
  for (let offset = 0; offset <= MAX_OFFSET; offset += POSITIONS_PAGE) {
    const body = await c.data.get<unknown>('/positions', {
      query: { user: w.maker, market, sizeThreshold: 0, limit: POSITIONS_PAGE, offset },
    });
    if (!Array.isArray(body)) throw new PmtError('Api', 'Polymarket Data API answered GET /positions without a list');
    for (const raw of body) {
      const p = parseDataPosition(raw);
      if (p) out.push(p);
    }
    if (body.length < POSITIONS_PAGE) break;
  }
  return out;
}
