/**
 * The Kalshi orderbook double: `GET /markets/{ticker}/orderbook` (and the batch
 * `GET /markets/orderbooks`), public as Kalshi documents them (unsigned requests are answered; a
 * signed one goes through the real RSA-PSS check), in the live wire shape:
 * `{"orderbook_fp":{"yes_dollars":[["0.4000","500.00"],…],"no_dollars":[…]}}`, bids only per side,
 * each side ascending by price (best bid last), as Kalshi's documentation describes it.
 *
 * Books: the fixtures below (ids exported for tests), books set by tests with `setBook`, and a
 * deterministic book generated for any market the catalogue double knows.
 */
import type { Router, RecordedRequest, Reply } from '../server.js';
import type { KalshiAuth } from './auth.js';
import type { KalshiMarkets, KalshiMarketWire } from './markets-routes.js';
import { seeded } from '../seeded.js';

/** One wire level: [price in dollars, contract count], both strings. */
export type KalshiWireLevel = [string, string];
/** A stored book: YES bids and NO bids, each ascending by price. */
export interface KalshiWireBook {
  yes: KalshiWireLevel[];
  no: KalshiWireLevel[];
}
/** What tests hand to setBook: numbers or strings, in any order. */
export type KalshiBookInput = { yes?: Array<[number | string, number | string]>; no?: Array<[number | string, number | string]> };

export const KALSHI_BOOK_TICKERS = {
  /** YES bids 0.42×100, 0.41×250, 0.40×500; NO bids 0.55×150, 0.54×200, 0.50×300 (YES asks 0.45, 0.46, 0.50). */
  normal: 'KXBOOK-26DEC31-NORMAL',
  empty: 'KXBOOK-26DEC31-EMPTY',
  /** YES bids only: the unified book has bids and no asks. */
  bidsOnly: 'KXBOOK-26DEC31-BIDS',
  /** NO bids only: the unified book has asks and no bids. */
  asksOnly: 'KXBOOK-26DEC31-ASKS',
  /** 4,999 levels per side on the 0.0001 grid (YES bids 0.0001–0.4999, YES asks 0.5001–0.9999). */
  deep: 'KXBOOK-26DEC31-DEEP',
  /** Sub-penny prices and fractional counts around 0.50. */
  subPenny: 'KXBOOK-26DEC31-SUBPENNY',
} as const;

const fmt = (v: number | string, places: number): string => (typeof v === 'string' ? v : v.toFixed(places));

function wireSide(levels: Array<[number | string, number | string]> = []): KalshiWireLevel[] {
  return levels
    .map(([p, s]): KalshiWireLevel => [fmt(p, 4), fmt(s, 2)])
    .sort((a, b) => Number(a[0]) - Number(b[0]));
}

export function toWireBook(input: KalshiBookInput): KalshiWireBook {
  return { yes: wireSide(input.yes), no: wireSide(input.no) };
}

function deepSide(seed: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 1; i <= 4999; i++) out.push([i / 10000, 10 + ((i * seed) % 7) * 5]);
  return out;
}

function fixtures(): Map<string, KalshiWireBook> {
  const t = KALSHI_BOOK_TICKERS;
  return new Map<string, KalshiWireBook>([
    [t.normal, toWireBook({ yes: [[0.42, 100], [0.41, 250], [0.4, 500]], no: [[0.55, 150], [0.54, 200], [0.5, 300]] })],
    [t.empty, toWireBook({})],
    [t.bidsOnly, toWireBook({ yes: [[0.3, 40], [0.29, 60]] })],
    [t.asksOnly, toWireBook({ no: [[0.65, 70], [0.6, 30]] })],
    [t.deep, toWireBook({ yes: deepSide(3), no: deepSide(5) })],
    [t.subPenny, toWireBook({ yes: [['0.4995', '10.00'], ['0.4990', '75.25'], ['0.4985', '120.50']], no: [['0.4995', '60.75'], ['0.4990', '40.00']] })],
  ]);
}

/** A book for a catalogue market: around its quoted bid/ask, empty once it stopped trading. */
function generated(m: KalshiMarketWire): KalshiWireBook {
  if (typeof m.status === 'string' && !['active', 'open'].includes(m.status)) return { yes: [], no: [] };
  const rnd = seeded(m.ticker);
  const cents = (v: unknown) => (typeof v === 'string' && Number(v) > 0 && Number(v) < 1 ? Math.round(Number(v) * 100) : undefined);
  const bid = Math.min(97, cents(m.yes_bid_dollars) ?? 20 + Math.floor(rnd() * 60));
  const ask = Math.max(bid + 1, cents(m.yes_ask_dollars) ?? bid + 1 + Math.floor(rnd() * 3));
  const yes: Array<[number, number]> = [];
  const no: Array<[number, number]> = [];
  for (let i = 0; i < 8 && bid - i >= 1; i++) yes.push([(bid - i) / 100, 10 + Math.floor(rnd() * 500)]);
  for (let i = 0; i < 8 && ask + i <= 99; i++) no.push([(100 - ask - i) / 100, 10 + Math.floor(rnd() * 500)]);
  return toWireBook({ yes, no });
}

const kalshiError = (status: number, code: string, message: string): Reply => ({
  status,
  json: { error: { code, message, details: '' } },
});

export function createKalshiBooks(auth: KalshiAuth, markets: KalshiMarkets) {
  const books = fixtures();
  const served = { count: 0 };

  /** The stored (mutable) book of a ticker: a fixture, a set book, or one generated from the catalogue. */
  function book(ticker: string): KalshiWireBook | undefined {
    const have = books.get(ticker);
    if (have) return have;
    const m = markets.market(ticker);
    if (!m) return undefined;
    const b = generated(m);
    books.set(ticker, b);
    return b;
  }

  /** The best `depth` levels (the last ones: sides are ascending); 0 or absent means all. */
  const cut = (levels: KalshiWireLevel[], depth: number) => (depth > 0 ? levels.slice(-depth) : levels);

  function parseDepth(req: RecordedRequest): number | Reply {
    const raw = req.query.get('depth');
    if (raw === null) return 0;
    if (!/^-?\d+$/.test(raw) || Number(raw) > 100) return kalshiError(400, 'bad_request', 'depth must be an integer between 0 and 100');
    return Math.max(0, Number(raw));
  }

  return {
    register(router: Router): void {
      router.get('/markets/orderbooks', (req) => {
        const denied = auth.checkOptional(req);
        if (denied) return denied;
        const tickers = req.query.getAll('tickers').flatMap((t) => t.split(',')).filter(Boolean);
        if (tickers.length < 1 || tickers.length > 100) return kalshiError(400, 'bad_request', 'tickers must name 1 to 100 markets');
        const orderbooks = tickers.flatMap((ticker) => {
          const b = book(ticker);
          return b ? [{ ticker, orderbook_fp: { yes_dollars: b.yes, no_dollars: b.no } }] : [];
        });
        served.count += 1;
        return { json: { orderbooks } };
      });
      router.get('/markets/:ticker/orderbook', (req, { ticker }) => {
        const denied = auth.checkOptional(req);
        if (denied) return denied;
        const depth = parseDepth(req);
        if (typeof depth !== 'number') return depth;
        const b = book(ticker!);
        if (!b) return kalshiError(404, 'not_found', 'market not found');
        served.count += 1;
        return { json: { orderbook_fp: { yes_dollars: cut(b.yes, depth), no_dollars: cut(b.no, depth) } } };
      });
    },
    /** Replace (or create) the book of a ticker; levels may be numbers or strings, in any order. */
    setBook(ticker: string, input: KalshiBookInput): void {
      books.set(ticker, toWireBook(input));
    },
    deleteBook(ticker: string): void {
      books.delete(ticker);
    },
    book,
    /** Books answered successfully (refused requests are counted by `auth.refusals`). */
    served,
  };
}
export type KalshiBooks = ReturnType<typeof createKalshiBooks>;
