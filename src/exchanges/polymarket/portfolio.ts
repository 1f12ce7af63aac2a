/**
 * Polymarket portfolio reads.
 * - Cash: CLOB `GET /balance-allowance?asset_type=COLLATERAL&signature_type=<0|1|2>` (L2). The
 *   CLOB finds the address from the API key and the signature type (the EOA itself, or its proxy
 *   or Safe), so the configured type picks whose cash is read. `balance` and each allowance are
 *   6-decimal fixed-point integers in strings ("12500000" = $12.50), read exactly.
 * - Portfolio value: Data API v2 `GET /v2/value?user=` → `{"data": {"proxy_wallet", "value"}}`
 *   (holdings marked to market, dollars, 4 decimals).
 * - Positions: Data API v2 `GET /v2/positions?user=<funder when set, else signer>&status=` (public;
 *   docs.polymarket.com/migrate/data-api-v1-to-v2): the `{data, pagination}` envelope, snake_case
 *   rows, and cursor paging — follow `pagination.next_cursor` until null (v1's offsets stopped at
 *   10,000 rows, so a larger book was cut short). `avg_price` and the mark are prices of the row's
 *   own outcome.
 * - Fills: fills.ts.
 */
import { Decimal } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import type { PositionStatus } from '../../models/enums.js';
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
  // The value is a public read beside the cash; if only it fails, the cash still answers (value unknown).
  const [s, value] = await Promise.all([collateralState(c, w.signatureTypeCode), portfolioValue(c, w.maker).catch((e: unknown) => {
    c.cfg.log?.(`Polymarket portfolio value unavailable: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  })]);
  return {
    balance: { USDC: s.balance.toNumber() },
    portfolio_value: value === null ? null : value.toNumber(),
    allowance: s.allowance === null || s.allowance === 'unlimited' ? s.allowance : s.allowance.toNumber(),
    account: w.maker,
  };
}

/** A Data API number or numeric string, exactly. */
const dec = (v: unknown): Decimal | null => Decimal.read(v);

/**
 * One Data API v2 position row → Position; null for a row without a readable size or price.
 *   { "proxy_wallet", "condition_id", "token_id", "outcome", "title", "slug"?, "status",
 *     "current_size", "avg_price", "cur_price"?, "current_value", "realized_pnl", "unrealized_pnl",
 *     "redeemable", "mergeable" }
 * v1's camelCase row (`size`, `avgPrice`, `curPrice`, `conditionId`) is read too. The mark is
 * `cur_price`, else `current_value / current_size`. Closed rows (status CLOSED) hold nothing:
 * their size is 0, kept so the closed book can be listed.
 */
export function parseDataPosition(raw: unknown, opts: { allowEmpty?: boolean } = {}): Position | null {
  if (!isObj(raw)) return null;
  const size = dec(raw.current_size) ?? dec(raw.size);
  const avg = dec(raw.avg_price) ?? dec(raw.avgPrice);
  if (!size || size.isNegative() || (size.isZero() && !opts.allowEmpty) || !avg) return null;
  const value = dec(raw.current_value);
  const cur = dec(raw.cur_price) ?? dec(raw.curPrice) ?? (value && size.gt(0) ? value.div(size, 6) : null);
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    market_ticker: str(raw.slug) ?? str(raw.condition_id) ?? str(raw.conditionId) ?? '',
    outcome: str(raw.outcome) ?? '',
    size: size.toNumber(),
    average_price: avg.toNumber(),
    current_price: cur ? cur.toNumber() : null,
  };
}

/** pmt's status → the Data API v2 `status` value. */
const STATUS: Record<PositionStatus, string> = { open: 'OPEN', redeemable: 'REDEEMABLE', mergeable: 'MERGEABLE', closed: 'CLOSED' };
/** Pages followed at most (500 rows each): a cursor that never ends is a fault, not a portfolio. */
const MAX_PAGES = 2_000;

/** The `data` list and next cursor of a v2 page; an unreadable envelope is an Api error. */
export function v2Page(body: unknown, what: string): { rows: unknown[]; next: string | null } {
  if (!isObj(body) || !('data' in body)) throw new PmtError('Api', `Polymarket Data API answered ${what} without the v2 {data, pagination} envelope`);
  const rows = body.data === null ? [] : body.data;
  if (!Array.isArray(rows)) throw new PmtError('Api', `Polymarket Data API answered ${what} with data that is not a list`);
  const p = isObj(body.pagination) ? body.pagination : {};
  const next = typeof p.next_cursor === 'string' && p.next_cursor !== '' ? p.next_cursor : null;
  return { rows, next };
}

export async function fetchPositions(c: PolymarketClient, marketTicker?: string, opts: { status?: PositionStatus } = {}): Promise<Position[]> {
  const w = await wallet(c);
  const status = opts.status ?? 'open';
  const condition = marketTicker === undefined ? undefined : (await resolveMarketRef(c, marketTicker)).conditionId;
  const out: Position[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    // The anchor (user, condition, status) goes with every page; the cursor carries the rest.
    const body = await c.data.get<unknown>('/v2/positions', {
      query: { user: w.maker, condition, status: STATUS[status], limit: cursor === null ? POSITIONS_PAGE : undefined, cursor: cursor ?? undefined },
    });
    const { rows, next } = v2Page(body, 'GET /v2/positions');
    for (const raw of rows) {
      const p = parseDataPosition(raw, { allowEmpty: status === 'closed' });
      if (p) out.push(p);
    }
    if (next === null || seen.has(next)) return out;
    seen.add(next);
    cursor = next;
  }
  throw new PmtError('Api', `Polymarket Data API kept paging positions past ${MAX_PAGES} pages; stopped`);
}

/** Holdings marked to market (`GET /v2/value`), dollars; null when the Data API has no answer. */
export async function portfolioValue(c: PolymarketClient, user: string): Promise<Decimal | null> {
  const body = await c.data.get<unknown>('/v2/value', { query: { user } });
  if (!isObj(body) || !('data' in body)) throw new PmtError('Api', 'Polymarket Data API answered GET /v2/value without the v2 {data} envelope');
  const d = Array.isArray(body.data) ? body.data[0] : body.data;
  return isObj(d) ? dec(d.value) : null;
}
