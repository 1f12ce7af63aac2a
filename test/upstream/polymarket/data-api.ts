/**
 * The Polymarket Data API double (public, no auth, as upstream): `GET /positions?user=` and
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
    const prefix = `${user.toLowerCase()}:`;
    const rows = [...engine.positions.entries()]
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
      .filter((r) => !markets.length || markets.includes(r.conditionId))
      .sort((a, b) => b.size - a.size || a.asset.localeCompare(b.asset));
    return { json: rows.slice(pg.offset, pg.offset + pg.limit) };
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
    register(router: Router): void {
      router.get('/positions', positions);
      router.get('/trades', trades);
    },
  };
}
export type DataApi = ReturnType<typeof createDataApi>;
