/**
 * The Polymarket CLOB book double: `GET /book?token_id=` in the live OrderBookSummary shape (every
 * number a string, levels worst-first: bids ascending, asks descending, `hash`, a millisecond
 * `timestamp` string), plus `GET /tick-size` and `GET /neg-risk` (query or path form).
 *
 * Books: the fixtures below (token ids exported for tests), books set by tests with `setBook`, and
 * a deterministic book generated for any token the Gamma double knows.
 */
import { createHash } from 'node:crypto';
import type { Reply, Router, RecordedRequest } from '../server.js';
import type { Gamma, TokenInfo } from './gamma-routes.js';
import { seeded } from '../seeded.js';

export interface ClobLevel {
  price: string;
  size: string;
}
/** A stored book: levels best-first (bids descending, asks ascending) plus the token's metadata. */
export interface ClobBook {
  market: string;
  bids: ClobLevel[];
  asks: ClobLevel[];
  tickSize: string;
  minOrderSize: string;
  negRisk: boolean;
  lastTradePrice: string;
  /** Fixed ms timestamp; absent means "now" at each request. */
  timestamp?: number;
}
export type ClobBookInput = Partial<Omit<ClobBook, 'bids' | 'asks'>> & {
  bids?: Array<[number | string, number | string]>;
  asks?: Array<[number | string, number | string]>;
};

/** 77-digit token ids, like the real uint256 ones. */
const tok = (n: number) => `7135${String(n).padStart(3, '0')}${'0123456789'.repeat(7)}`;

export const POLY_BOOK_TOKENS = {
  /** YES token: bids 0.45×100, 0.44×200, 0.43×500; asks 0.46×150, 0.47×250, 0.50×300. */
  normal: tok(1),
  /** The matching NO token: bids 0.54×150, 0.53×250, 0.50×300; asks 0.55×100, 0.56×200, 0.57×500. */
  normalNo: tok(2),
  empty: tok(3),
  bidsOnly: tok(4),
  asksOnly: tok(5),
  /** 4,999 levels per side on a 0.0001 tick (bids 0.0001–0.4999, asks 0.5001–0.9999). */
  deep: tok(6),
  /** 0.001 tick near the bottom of the range: bids 0.013, 0.012, 0.011; asks 0.015, 0.016, 0.020. */
  subCent: tok(7),
} as const;

/** Fixed snapshot time of the fixtures: 2026-01-01T00:00:00.123Z. */
export const POLY_FIXTURE_TS = 1767225600123;

const condition = (n: number) => '0x' + createHash('sha256').update(`condition-${n}`).digest('hex');
const str = (v: number | string) => (typeof v === 'string' ? v : String(v));

export function toClobBook(input: ClobBookInput): ClobBook {
  const side = (levels: Array<[number | string, number | string]> = [], dir: 1 | -1) =>
    levels.map(([p, s]) => ({ price: str(p), size: str(s) })).sort((a, b) => dir * (Number(a.price) - Number(b.price)));
  return {
    market: input.market ?? condition(0),
    bids: side(input.bids, -1),
    asks: side(input.asks, 1),
    tickSize: input.tickSize ?? '0.01',
    minOrderSize: input.minOrderSize ?? '5',
    negRisk: input.negRisk ?? false,
    lastTradePrice: input.lastTradePrice ?? '0.5',
    timestamp: input.timestamp,
  };
}

function deepSide(from: number, seed: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 1; i <= 4999; i++) out.push([((from + i) / 10000).toFixed(4), String(5 + ((i * seed) % 11) * 3)]);
  return out;
}

function fixtures(): Map<string, ClobBook> {
  const t = POLY_BOOK_TOKENS;
  const ts = POLY_FIXTURE_TS;
  const m1 = condition(1);
  return new Map<string, ClobBook>([
    [t.normal, toClobBook({ market: m1, timestamp: ts, lastTradePrice: '0.45', bids: [[0.45, 100], [0.44, 200], [0.43, 500]], asks: [[0.46, 150], [0.47, 250], [0.5, 300]] })],
    [t.normalNo, toClobBook({ market: m1, timestamp: ts, lastTradePrice: '0.55', bids: [[0.54, 150], [0.53, 250], [0.5, 300]], asks: [[0.55, 100], [0.56, 200], [0.57, 500]] })],
    [t.empty, toClobBook({ market: condition(3), timestamp: ts })],
    [t.bidsOnly, toClobBook({ market: condition(4), timestamp: ts, bids: [[0.3, 40], [0.29, 60]] })],
    [t.asksOnly, toClobBook({ market: condition(5), timestamp: ts, asks: [[0.35, 70], [0.4, 30]] })],
    [t.deep, toClobBook({ market: condition(6), timestamp: ts, tickSize: '0.0001', bids: deepSide(0, 3), asks: deepSide(5000, 5) })],
    [t.subCent, toClobBook({ market: condition(7), timestamp: ts, tickSize: '0.001', negRisk: true, minOrderSize: '15', lastTradePrice: '0.014',
      bids: [[0.013, 250], [0.012, 500], [0.011, 1000]], asks: [[0.015, 300], [0.016, 800], ['0.020', 2000]] })],
  ]);
}

/** A book for a Gamma token: ten levels a side around its price on its tick, empty if unpriced. */
function generated(info: TokenInfo): ClobBook {
  const tick = Number(info.tickSize) || 0.01;
  const steps = Math.round(1 / tick);
  const rnd = seeded(info.tokenId);
  const base = { market: info.conditionId, tickSize: info.tickSize, minOrderSize: String(info.minOrderSize), negRisk: info.negRisk };
  if (info.price === null) return toClobBook(base);
  const mid = Math.min(steps - 2, Math.max(2, Math.round(info.price * steps)));
  const bids: Array<[string, string]> = [];
  const asks: Array<[string, string]> = [];
  const places = Math.max(2, Math.round(-Math.log10(tick)));
  for (let i = 0; i < 10; i++) {
    if (mid - 1 - i >= 1) bids.push([((mid - 1 - i) * tick).toFixed(places), String(5 + Math.floor(rnd() * 1000))]);
    if (mid + 1 + i <= steps - 1) asks.push([((mid + 1 + i) * tick).toFixed(places), String(5 + Math.floor(rnd() * 1000))]);
  }
  return toClobBook({ ...base, bids, asks, lastTradePrice: (mid * tick).toFixed(places) });
}

const clobError = (status: number, error: string): Reply => ({ status, json: { error } });

export function createClobBooks(gamma: Gamma) {
  const books = fixtures();
  const served = { count: 0 };
  /** corruptSummaries: the next N `GET /book` answers change a size after hashing (they do not verify). */
  const faults = { corruptSummaries: 0 };

  /** The stored (mutable) book of a token: a fixture, a set book, or one generated from Gamma. */
  function book(tokenId: string): ClobBook | undefined {
    const have = books.get(tokenId);
    if (have) return have;
    const info = gamma.tokenInfo(tokenId);
    if (!info) return undefined;
    const b = generated(info);
    books.set(tokenId, b);
    return b;
  }

  /** The wire OrderBookSummary: worst-first levels, string numbers, hash over the content. */
  function summary(tokenId: string, b: ClobBook) {
    const body = {
      market: b.market,
      asset_id: tokenId,
      timestamp: String(b.timestamp ?? Date.now()),
      hash: '',
      bids: [...b.bids].reverse(),
      asks: [...b.asks].reverse(),
      min_order_size: b.minOrderSize,
      tick_size: b.tickSize,
      neg_risk: b.negRisk,
      last_trade_price: b.lastTradePrice,
    };
    body.hash = createHash('sha1').update(JSON.stringify(body)).digest('hex');
    if (faults.corruptSummaries > 0 && body.bids.length > 0) {
      faults.corruptSummaries -= 1;
      body.bids = body.bids.map((l, i) => (i === 0 ? { price: l.price, size: '123456' } : l));
    }
    return body;
  }

  const tokenParam = (req: RecordedRequest, params: Record<string, string>) => params.token_id ?? req.query.get('token_id') ?? '';
  /** Resolve the token of a request, or the error reply the CLOB gives. */
  function lookup(id: string, notFound: string): ClobBook | Reply {
    if (!/^\d{1,78}$/.test(id)) return clobError(400, 'Invalid token id');
    return book(id) ?? clobError(404, notFound);
  }
  const isReply = (v: ClobBook | Reply): v is Reply => !('bids' in v);

  return {
    register(router: Router): void {
      router.get('/book', (req) => {
        const id = tokenParam(req, {});
        const b = lookup(id, 'No orderbook exists for the requested token id');
        if (isReply(b)) return b;
        served.count += 1;
        return { json: summary(id, b) };
      });
      // Tokens this double has no book for pass on to the trading double's routes (undefined).
      const tick = (req: RecordedRequest, params: Record<string, string>) => {
        const b = lookup(tokenParam(req, params), 'market not found');
        return isReply(b) ? (b.status === 404 ? undefined : b) : { json: { minimum_tick_size: Number(b.tickSize) } };
      };
      const neg = (req: RecordedRequest, params: Record<string, string>) => {
        const b = lookup(tokenParam(req, params), 'market not found');
        return isReply(b) ? (b.status === 404 ? undefined : b) : { json: { neg_risk: b.negRisk } };
      };
      router.get('/tick-size', tick).get('/tick-size/:token_id', tick);
      router.get('/neg-risk', neg).get('/neg-risk/:token_id', neg);
    },
    /** Replace (or create) the book of a token; levels may be numbers or strings, in any order. */
    setBook(tokenId: string, input: ClobBookInput): void {
      books.set(tokenId, toClobBook(input));
    },
    deleteBook(tokenId: string): void {
      books.delete(tokenId);
    },
    book,
    summary,
    served,
    faults,
  };
}
export type ClobBooks = ReturnType<typeof createClobBooks>;
