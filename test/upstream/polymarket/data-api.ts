/**
 * The Polymarket Data API double (public, no auth, as upstream): v2's `GET /v2/positions` (cursor
 * paging, `{data, pagination}`) and `GET /v2/value`, v1's `GET /positions?user=` and
 * `GET /trades?market=<condition ids>`, both from the CLOB double's matching engine, so a test
 * that trades sees its position and the tape move. Numbers are JSON numbers, as the Data API
 * sends them. Errors are `{"error": "..."}` with 400.
 */
import { Decimal } from '../../../src/decimal.js';
import type { RecordedRequest, Reply, Router } from '../server.js';
import type { Gamma } from './gamma-routes.js';
import type { ClobTrading } from './trading-routes.js';

const ADDR_RE = /^0x[0-9a-fA-F]{40}$/;
const HASH_RE = /^0x[0-9a-fA-F]{64}$/;
/** The taker address the tape shows for seeded (house) liquidity taking. */
export const HOUSE_WALLET = '0x000000000000000000000000000000000000beef';

interface TapeRow {
  wallet: string;
  side: 'BUY' | 'SELL';
  tokenId: string;
  size: Decimal;
  price: Decimal;
  ts: number;
  hash: string;
}

export function createDataApi(gamma: Gamma, trading: ClobTrading) {
  const { engine } = trading;
  const seeded: TapeRow[] = [];

  const meta = (tokenId: string) => {
    const t = trading.token(tokenId);
    const g = gamma.tokenInfo(tokenId);
    const siblings = t ? [...engine.tokens.values(), ...[...gamma.catalog.tokens.values()].map((x) => trading.token(x.tokenId)!)].filter((x) => x && x.conditionId === t.conditionId) : [];
    const uniq = [...new Map(siblings.map((x) => [x.tokenId, x])).values()];
    const idx = uniq.findIndex((x) => x.tokenId === tokenId);
    const other = uniq.find((x) => x.tokenId !== tokenId);
    return { conditionId: t?.conditionId ?? '', outcome: t?.outcome ?? '', slug: g?.slug ?? '', outcomeIndex: Math.max(0, idx), other, price: g?.price ?? null };
  };

  /** Best bid of the token in the engine, else Gamma's price, else null. */
  const markOf = (tokenId: string): Decimal | null => {
    const bids = engine.levels(tokenId).bids.map((l) => Decimal.from(l.price));
    if (bids.length) return bids.reduce((m, x) => (x.gt(m) ? x : m));
    const g = gamma.tokenInfo(tokenId)?.price;
    return g === null || g === undefined ? null : Decimal.from(g);
  };

  const paging = (q: URLSearchParams, max: number): { limit: number; offset: number } | Reply => {
    const limit = q.get('limit') === null ? 100 : Number(q.get('limit'));
    const offset = q.get('offset') === null ? 0 : Number(q.get('offset'));
    if (!Number.isInteger(limit) || limit < 0 || limit > max) return { status: 400, json: { error: `limit must be between 0 and ${max}` } };
    if (!Number.isInteger(offset) || offset < 0 || offset > 10_000) return { status: 400, json: { error: 'offset must be between 0 and 10000' } };
    return { limit, offset };
  };

  function positions(req: RecordedRequest): Reply {
    const q = req.query;
    const user = q.get('user') ?? '';
    if (!ADDR_RE.test(user)) return { status: 400, json: { error: 'user is required: an address' } };
    const pg = paging(q, 500);
    if (!('limit' in pg)) return pg;
    const threshold = q.get('sizeThreshold') === null ? 1 : Number(q.get('sizeThreshold'));
    const markets = (q.get('market') ?? '').split(',').filter(Boolean);
    if (markets.some((m) => !HASH_RE.test(m))) return { status: 400, json: { error: 'market must be condition ids' } };
    const rows = v1Rows(user, threshold).filter((r) => !markets.length || markets.includes(r.conditionId));
    return { json: rows.slice(pg.offset, pg.offset + pg.limit) };
  }

  /** The v1 rows of a user's engine positions, largest first. */
  function v1Rows(user: string, threshold: number) {
    const prefix = `${user.toLowerCase()}:`;
    return [...engine.positions.entries()]
      .filter(([k, v]) => k.startsWith(prefix) && v.gt(0) && v.gte(threshold))
      .map(([k, size]) => {
        const tokenId = k.slice(prefix.length);
        const m = meta(tokenId);
        const avg = engine.avgPrice(user, tokenId);
        const cur = markOf(tokenId) ?? Decimal.ZERO;
        const initial = avg.times(size);
        const current = cur.times(size);
        return {
          proxyWallet: user.toLowerCase(),
          asset: tokenId,
          conditionId: m.conditionId,
          size: size.toNumber(),
          avgPrice: avg.toNumber(),
          initialValue: initial.toNumber(),
          currentValue: current.toNumber(),
          cashPnl: current.minus(initial).toNumber(),
          percentPnl: initial.isZero() ? 0 : current.minus(initial).times(100).div(initial, 4).toNumber(),
          totalBought: size.toNumber(),
          realizedPnl: 0,
          percentRealizedPnl: 0,
          curPrice: cur.toNumber(),
          redeemable: false,
          mergeable: false,
          title: m.slug || m.conditionId,
          slug: m.slug,
          icon: '',
          eventSlug: '',
          outcome: m.outcome,
          outcomeIndex: m.outcomeIndex,
          oppositeOutcome: m.other?.outcome ?? '',
          oppositeAsset: m.other?.tokenId ?? '',
          endDate: '2030-12-31',
          negativeRisk: trading.token(tokenId)?.negRisk ?? false,
        };
      })
      .sort((a, b) => b.size - a.size || a.asset.localeCompare(b.asset));
  }

  /** Synthetic v2 rows per user (lower case), for books larger than a test can trade. */
  const seededPositions = new Map<string, Array<Record<string, unknown>>>();
  const V2_STATUSES = ['OPEN', 'REDEEMABLE', 'MERGEABLE', 'CLOSED'];
  const V2_MAX_LIMIT = 500;

  /** A v1 row (camelCase) in v2's snake_case shape (docs.polymarket.com/api-reference/data-api/overview). */
  const v2Row = (r: ReturnType<typeof v1Rows>[number]) => ({
    proxy_wallet: r.proxyWallet, condition_id: r.conditionId, token_id: r.asset, outcome: r.outcome, title: r.title, slug: r.slug,
    status: 'OPEN', current_size: r.size, avg_price: r.avgPrice, cur_price: r.curPrice, entry_cost_usdc: r.initialValue,
    current_value: r.currentValue, realized_pnl: 0, unrealized_pnl: r.cashPnl, redeemable: false, mergeable: false,
  });

  type Cursor = { user: string; status: string; condition: string; offset: number; limit: number };
  const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify({ k: 'positions', ...c })).toString('base64url');
  const decodeCursor = (s: string): Cursor | null => {
    try {
      const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Record<string, unknown>;
      return v.k === 'positions' && typeof v.offset === 'number' && typeof v.limit === 'number' && typeof v.user === 'string' && typeof v.status === 'string' && typeof v.condition === 'string' ? (v as never) : null;
    } catch {
      return null;
    }
  };

  /**
   * `GET /v2/positions` as documented: `user` (or `condition`) anchors, `status` (default OPEN) of
   * OPEN / REDEEMABLE / MERGEABLE / CLOSED, `limit` (1–500) on the first page, cursor-only paging
   * (`offset` is a 400; a cursor must be re-sent with the same anchor and must not contradict the
   * status), `{data, pagination: {limit, has_more, next_cursor}}`.
   */
  function positionsV2(req: RecordedRequest): Reply {
    const q = req.query;
    if (q.has('offset')) return { status: 400, json: { error: 'offset is not supported on v2; follow pagination.next_cursor' } };
    const user = (q.get('user') ?? '').toLowerCase();
    if (!ADDR_RE.test(user)) return { status: 400, json: { error: 'user is required: an address' } };
    const condition = q.get('condition') ?? q.get('condition_id') ?? q.get('conditionId') ?? '';
    if (condition.split(',').filter(Boolean).some((m) => !HASH_RE.test(m))) return { status: 400, json: { error: `malformed condition id: ${condition}` } };
    let status = (q.get('status') ?? '').toUpperCase();
    if (status && !V2_STATUSES.includes(status)) return { status: 400, json: { error: `status must be one of ${V2_STATUSES.join(', ')}` } };
    let offset = 0;
    let limit = q.get('limit') === null ? 100 : Number(q.get('limit'));
    const cursor = q.get('cursor');
    if (cursor !== null) {
      const c = decodeCursor(cursor);
      if (!c || c.user !== user || c.condition !== condition) return { status: 400, json: { error: 'invalid cursor' } };
      if (status && status !== c.status) return { status: 400, json: { error: 'status contradicts the cursor' } };
      status = c.status;
      offset = c.offset;
      limit = c.limit; // the cursor's size wins
    }
    status ||= 'OPEN';
    if (!Number.isInteger(limit) || limit < 1 || limit > V2_MAX_LIMIT) return { status: 400, json: { error: `limit must be between 1 and ${V2_MAX_LIMIT}` } };
    const conditions = condition.split(',').filter(Boolean);
    const all = [...v1Rows(user, 0).map(v2Row), ...(seededPositions.get(user) ?? [])].filter(
      (r) => (!conditions.length || conditions.includes(String(r.condition_id))) &&
        (status === 'CLOSED' ? r.status === 'CLOSED' : r.status !== 'CLOSED' && (status === 'OPEN' || (status === 'REDEEMABLE' ? r.redeemable === true : r.mergeable === true))),
    );
    const page = all.slice(offset, offset + limit);
    const more = offset + limit < all.length;
    const next = more ? encodeCursor({ user, status, condition, offset: offset + limit, limit }) : null;
    return { json: { data: page, pagination: { limit, has_more: more, next_cursor: next } } };
  }

  /** `GET /v2/value?user=`: `{data: {proxy_wallet, value}}`, holdings at the mark, 4 decimals. */
  function valueV2(req: RecordedRequest): Reply {
    const user = (req.query.get('user') ?? '').toLowerCase();
    if (!ADDR_RE.test(user)) return { status: 400, json: { error: 'user is required: an address' } };
    const rows = [...v1Rows(user, 0).map(v2Row), ...(seededPositions.get(user) ?? []).filter((r) => r.status !== 'CLOSED')];
    const value = rows.reduce((sum, r) => sum.plus(Decimal.from(String(r.current_value ?? 0))), Decimal.ZERO).round(4);
    return { json: { data: { proxy_wallet: user, value: value.toNumber() } } };
  }

  function tape(): TapeRow[] {
    const matched: TapeRow[] = engine.trades.map((t) => ({
      wallet: t.taker.maker === 'house' ? HOUSE_WALLET : t.taker.maker,
      side: t.taker.side,
      tokenId: t.tokenId,
      size: t.size,
      price: t.price,
      ts: t.ts,
      hash: `0x${Buffer.from(t.id.padEnd(32, '.')).toString('hex').slice(0, 64)}`,
    }));
    return [...seeded, ...matched];
  }

  function trades(req: RecordedRequest): Reply {
    const q = req.query;
    const pg = paging(q, 10_000);
    if (!('limit' in pg)) return pg;
    const markets = (q.get('market') ?? '').split(',').filter(Boolean);
    if (markets.some((m) => !HASH_RE.test(m))) return { status: 400, json: { error: 'market must be condition ids' } };
    const user = q.get('user')?.toLowerCase();
    const side = q.get('side');
    const rows = tape()
      .map((r, i) => ({ ...r, i }))
      .filter((r) => (!markets.length || markets.includes(meta(r.tokenId).conditionId)) && (!user || r.wallet === user) && (!side || r.side === side))
      // Newest first; trades of the same second, the later-booked first.
      .sort((a, b) => b.ts - a.ts || b.i - a.i)
      .slice(pg.offset, pg.offset + pg.limit)
      .map((r) => {
        const m = meta(r.tokenId);
        return {
          proxyWallet: r.wallet,
          side: r.side,
          asset: r.tokenId,
          conditionId: m.conditionId,
          size: r.size.toNumber(),
          price: r.price.toNumber(),
          timestamp: r.ts,
          title: m.slug || m.conditionId,
          slug: m.slug,
          icon: '',
          eventSlug: '',
          outcome: m.outcome,
          outcomeIndex: m.outcomeIndex,
          name: '',
          pseudonym: '',
          bio: '',
          profileImage: '',
          profileImageOptimized: '',
          transactionHash: r.hash,
        };
      });
    return { json: rows };
  }

  return {
    /** Public trades by others on a token (unix seconds). */
    seedTrades(tokenId: string, rows: Array<{ price: number | string; size: number | string; ts: number; side?: 'BUY' | 'SELL'; wallet?: string }>): void {
      rows.forEach((r, i) =>
        seeded.push({ wallet: r.wallet ?? HOUSE_WALLET, side: r.side ?? 'BUY', tokenId, size: Decimal.from(r.size), price: Decimal.from(r.price), ts: r.ts, hash: `0x${(r.ts * 1000 + i).toString(16).padStart(64, '0')}` }),
      );
    },
    /** Add synthetic Data API v2 position rows for a user (snake_case, as `/v2/positions` serves them). */
    seedPositions(user: string, rows: Array<Record<string, unknown>>): void {
      const k = user.toLowerCase();
      seededPositions.set(k, [...(seededPositions.get(k) ?? []), ...rows]);
    },
    register(router: Router): void {
      router.get('/v2/positions', positionsV2);
      router.get('/v2/value', valueV2);
      router.get('/positions', positions);
      router.get('/trades', trades);
    },
  };
}
export type DataApi = ReturnType<typeof createDataApi>;
