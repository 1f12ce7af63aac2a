/**
 * The same call two ways against the upstream doubles: `pmt ... --json` (run in process) and
 * `pmt serve` over HTTP (test/helpers/parity.ts says what agreeing means). test/ops/parity.test.ts
 * walks every filter the operation table declares; these are the cases it cannot derive (paging
 * through cursors, refusals, every kind of book).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { expectSame } from '../helpers/parity.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import { POLY_BOOK_TOKENS as P } from '../upstream/polymarket/book-routes.js';
import { FIXTURE_EVENT_SLUG } from '../upstream/polymarket/gamma-catalog.js';
import { TOKEN } from './helpers.js';
import { startServe, type ServeProcess } from './process.js';

let d: Doubles;
let env: Record<string, string>;
let s: ServeProcess;
beforeAll(async () => {
  d = await startDoubles({ polymarket: { events: 120 } });
  // The same profile for both surfaces: Kalshi credentials from the environment, key registered upstream.
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  const keyPath = join(mkdtempSync(join(tmpdir(), 'pmt-serve-')), 'kalshi.pem');
  writeFileSync(keyPath, key.privatePem, { mode: 0o600 });
  env = {
    ...d.env,
    PMT_CONFIG_DIR: tempConfigDir(),
    PMT_POLYMARKET_RATE: '5000',
    PMT_KALSHI_RATE: '5000',
    KALSHI_API_KEY_ID: key.keyId,
    KALSHI_PRIVATE_KEY_PATH: keyPath,
  };
  s = await startServe([], { ...env, PMT_SERVE_TOKEN: TOKEN });
});
afterAll(async () => {
  const code = await s?.stop();
  expect(s.stderr()).not.toMatch(/does not match its schema/);
  expect(code).toBe(0);
  await d?.close();
});

/** Run both; assert they agree; return the parsed body. */
async function same(cli: string[], path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const before = Date.now();
  const [c, r] = await Promise.all([runInProcess([...cli, '--json'], { env }), s.call(path, { body })]);
  return expectSame(c, r, before);
}

const slugOf = (pred: (m: { slug: string; event: { slug: string } }) => boolean) => d.polymarket.gamma.catalog.markets.find(pred)!.slug;

it('says at start which exchanges it trades on and where the keys came from, never the keys', () => {
  expect(s.stderr()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/v1 \(profile: none; credentials: kalshi from KALSHI_API_KEY_ID;/);
  expect(s.stderr()).not.toContain('PRIVATE KEY');
});

describe('markets on polymarket', () => {
  it('fetch_markets: one page, a status, and the next page from its cursor', async () => {
    const page = await same(['--exchange', 'polymarket', 'markets', 'list', '--limit', '7'], '/v1/markets/fetch_markets?exchange=polymarket&limit=7');
    expect(page.markets).toHaveLength(7);
    await same(['--exchange', 'polymarket', 'markets', 'list', '--limit', '20', '--status', 'all'], '/v1/markets/fetch_markets?exchange=polymarket&limit=20&status=all');
    await same(['--exchange', 'polymarket', 'markets', 'list', '--status', 'resolved'], '/v1/markets/fetch_markets?exchange=polymarket&status=resolved');
    const next = await same(
      ['--exchange', 'polymarket', 'markets', 'list', '--limit', '7', '--cursor', page.cursor],
      `/v1/markets/fetch_markets?exchange=polymarket&limit=7&cursor=${encodeURIComponent(page.cursor)}`,
    );
    expect(next.markets[0].unified_id).not.toBe(page.markets[0].unified_id);
  });

  it('fetch_markets: an event, and tickers (repeated, comma-separated, unified)', async () => {
    await same(['--exchange', 'polymarket', 'markets', 'list', '--event', FIXTURE_EVENT_SLUG, '--status', 'all'], `/v1/markets/fetch_markets?exchange=polymarket&event_ticker=${FIXTURE_EVENT_SLUG}&status=all`);
    const [a, b] = d.polymarket.gamma.catalog.markets.slice(3, 5).map((m) => m.slug);
    await same(['markets', 'list', '--status', 'all', '--ticker', `polymarket:${a}`, '--ticker', `polymarket:${b}`], `/v1/markets/fetch_markets?status=all&market_tickers=polymarket:${a},polymarket:${b}`);
    await same(['--exchange', 'polymarket', 'markets', 'list', '--status', 'all', '--ticker', a!], `/v1/markets/fetch_markets?exchange=polymarket&status=all&market_tickers=${a}`);
  });

  it('fetch_markets: tickers that exist nowhere are MarketNotFound on both surfaces', async () => {
    const r = await same(['--exchange', 'polymarket', 'markets', 'list', '--ticker', 'no-such-market-anywhere'], '/v1/markets/fetch_markets?exchange=polymarket&market_tickers=no-such-market-anywhere');
    expect(r.kind).toBe('MarketNotFound');
  });

  it('fetch_market_lineage: a unified id, a slug with exchange, and a missing market', async () => {
    const slug = slugOf((m) => m.event.slug === FIXTURE_EVENT_SLUG);
    const l = await same(['markets', 'lineage', `polymarket:${slug}`], `/v1/markets/fetch_market_lineage?market_ticker=polymarket:${slug}`);
    expect(l.market.ticker).toBe(slug);
    await same(['--exchange', 'polymarket', 'markets', 'lineage', slug], `/v1/markets/fetch_market_lineage?market_ticker=${slug}&exchange=polymarket`);
    const missing = await same(['markets', 'lineage', 'polymarket:no-such-market'], '/v1/markets/fetch_market_lineage?market_ticker=polymarket:no-such-market');
    expect(missing.kind).toBe('MarketNotFound');
  });
});

describe('markets on kalshi and on both exchanges', () => {
  it('fetch_markets on kalshi: pages, status, event, tickers', async () => {
    const page = await same(['--exchange', 'kalshi', 'markets', 'list', '--limit', '4'], '/v1/markets/fetch_markets?exchange=kalshi&limit=4');
    expect(page.markets).toHaveLength(4);
    await same(['--exchange', 'kalshi', 'markets', 'list', '--limit', '4', '--cursor', page.cursor], `/v1/markets/fetch_markets?exchange=kalshi&limit=4&cursor=${encodeURIComponent(page.cursor)}`);
    await same(['--exchange', 'kalshi', 'markets', 'list', '--status', 'resolved', '--limit', '50'], '/v1/markets/fetch_markets?exchange=kalshi&status=resolved&limit=50');
    await same(['--exchange', 'kalshi', 'markets', 'list', '--event', 'KXTEST-25Q4'], '/v1/markets/fetch_markets?exchange=kalshi&event_ticker=KXTEST-25Q4');
    const live = d.kalshi.markets.allLive().filter((w) => w.status === 'active');
    const [a, b, c] = [live[3]!.ticker, live[1]!.ticker, live[2]!.ticker];
    await same(['--exchange', 'kalshi', 'markets', 'list', '--ticker', a, '--ticker', `${b},kalshi:${c}`], `/v1/markets/fetch_markets?exchange=kalshi&market_tickers=${a}&market_tickers=${b},kalshi:${c}`);
  });

  it('fetch_markets on both exchanges: the combined cursor pages both', async () => {
    const page = await same(['markets', 'list', '--limit', '3'], '/v1/markets/fetch_markets?limit=3');
    expect(new Set(page.markets.map((m: { exchange: string }) => m.exchange))).toEqual(new Set(['kalshi', 'polymarket', 'polymarket-us']));
    await same(['markets', 'list', '--limit', '3', '--cursor', page.cursor], `/v1/markets/fetch_markets?limit=3&cursor=${encodeURIComponent(page.cursor)}`);
    await same(['markets', 'list', '--status', 'all', '--limit', '5000'], '/v1/markets/fetch_markets?status=all&limit=5000');
  });

  it('fetch_markets with a series: only the exchanges that have series, on both surfaces (issue 22)', async () => {
    // serve used to answer the Kalshi series plus unfiltered Polymarket markets; the rule is the op's now.
    const page = await same(['markets', 'list', '--series', 'KXTEST'], '/v1/markets/fetch_markets?series_ticker=KXTEST');
    expect(page.markets.length).toBeGreaterThan(0);
    expect(new Set(page.markets.map((m: { exchange: string }) => m.exchange))).toEqual(new Set(['kalshi']));
    await same(['markets', 'list', '--series', 'KXTEST', '--status', 'all', '--limit', '3'], '/v1/markets/fetch_markets?series_ticker=KXTEST&status=all&limit=3');
    // An exchange without series, named explicitly: refused on both.
    const refused = await same(['--exchange', 'polymarket', 'markets', 'list', '--series', 'KXTEST'], '/v1/markets/fetch_markets?exchange=polymarket&series_ticker=KXTEST');
    expect(refused.message).toMatch(/^series_ticker is a kalshi filter; polymarket markets have no series/);
  });

  it('fetch_market_lineage on kalshi, and its refusals', async () => {
    await same(['markets', 'lineage', 'kalshi:KXTEST-25Q4-CONTRACT'], '/v1/markets/fetch_market_lineage?market_ticker=kalshi:KXTEST-25Q4-CONTRACT');
    await same(['markets', 'lineage', 'KXTEST-25Q4'], '/v1/markets/fetch_market_lineage?market_ticker=KXTEST-25Q4');
    expect((await same(['markets', 'lineage', 'kalshi:KXNOPE-1'], '/v1/markets/fetch_market_lineage?market_ticker=kalshi:KXNOPE-1')).kind).toBe('MarketNotFound');
    await same(['markets', 'list', '--exchange', 'kalshi', '--cursor', 'garbage'], '/v1/markets/fetch_markets?exchange=kalshi&cursor=garbage');
  });
});

describe('search on both exchanges', () => {
  it('search_markets: words on both exchanges, one exchange, a status and a limit', async () => {
    const both = await same(['markets', 'search', 'canonical', 'test'], '/v1/markets/search_markets?query=canonical%20test');
    expect(new Set(both.markets.map((m: { exchange: string }) => m.exchange))).toEqual(new Set(['kalshi', 'polymarket']));
    expect(both.cursor).toBeNull();
    await same(['--exchange', 'kalshi', 'markets', 'search', 'bitcoin', 'price', '--limit', '5'], '/v1/markets/search_markets?query=bitcoin+price&exchange=kalshi&limit=5');
    await same(['markets', 'search', 'bitcoin', '--status', 'resolved', '--limit', '7'], '/v1/markets/search_markets?query=bitcoin&status=resolved&limit=7');
    await same(['markets', 'search', 'zzqqxx'], '/v1/markets/search_markets?query=zzqqxx');
  });

  it('search_markets: the same refusals (no words, words too long, a limit out of range)', async () => {
    expect((await same(['markets', 'search', '...'], '/v1/markets/search_markets?query=...')).kind).toBe('Api');
    const long = 'x'.repeat(201);
    await same(['markets', 'search', long], `/v1/markets/search_markets?query=${long}`);
    await same(['markets', 'search', 'fed', '--limit', '0'], '/v1/markets/search_markets?query=fed&limit=0');
    await same(['markets', 'search', 'fed', '--limit', '201'], '/v1/markets/search_markets?query=fed&limit=201');
  });
});

describe('orderbooks on both exchanges', () => {
  const books: Array<[string, string]> = [
    ['kalshi', K.normal],
    ['kalshi', K.empty],
    ['kalshi', K.subPenny],
    ['kalshi', K.deep],
    ['polymarket', P.normal],
    ['polymarket', P.bidsOnly],
    ['polymarket', P.subCent],
    ['polymarket', P.deep],
  ];
  it.each(books)('fetch_orderbook, stats and impact: %s %s', async (_ex, asset) => {
    const book = await same(['book', 'show', asset], `/v1/orderbook/fetch_orderbook?asset_id=${asset}`);
    expect(book.asset_id).toBe(asset);
    await same(['book', 'stats', asset], `/v1/orderbook/fetch_orderbook_stats?asset_id=${asset}`);
    await same(['book', 'impact', asset, '--size', '275.5'], `/v1/orderbook/fetch_orderbook_impact?asset_id=${asset}&size=275.5`);
  });

  it('unified ids, with the outcome choosing a Polymarket token', async () => {
    await same(['book', 'stats', `kalshi:${K.normal}`], `/v1/orderbook/fetch_orderbook_stats?asset_id=kalshi:${K.normal}`);
    const page = (await s.call('/v1/markets/fetch_markets?exchange=polymarket&limit=20')).json;
    const m = page.markets.find((x: { outcomes: Array<{ token_id: string | null }> }) => x.outcomes.length >= 2 && x.outcomes.every((o) => o.token_id));
    const second = m.outcomes[1];
    const book = await same(['book', 'show', m.unified_id, '--outcome', second.label], `/v1/orderbook/fetch_orderbook?asset_id=${m.unified_id}&outcome=${encodeURIComponent(second.label)}`);
    expect(book.asset_id).toBe(second.token_id);
    await same(['book', 'stats', m.unified_id], `/v1/orderbook/fetch_orderbook_stats?asset_id=${m.unified_id}`);
    // Every book filter on every book read: the outcome, and an explicit exchange.
    await same(['book', 'stats', m.unified_id, '--outcome', second.label], `/v1/orderbook/fetch_orderbook_stats?asset_id=${m.unified_id}&outcome=${encodeURIComponent(second.label)}`);
    await same(['book', 'impact', m.unified_id, '--outcome', second.label, '--size', '10'], `/v1/orderbook/fetch_orderbook_impact?asset_id=${m.unified_id}&outcome=${encodeURIComponent(second.label)}&size=10`);
    await same(['--exchange', 'kalshi', 'book', 'show', K.normal, '--outcome', 'no'], `/v1/orderbook/fetch_orderbook?asset_id=${K.normal}&exchange=kalshi&outcome=no`);
    await same(['--exchange', 'kalshi', 'book', 'stats', K.normal], `/v1/orderbook/fetch_orderbook_stats?asset_id=${K.normal}&exchange=kalshi`);
    await same(['--exchange', 'kalshi', 'book', 'impact', K.normal, '--size', '5'], `/v1/orderbook/fetch_orderbook_impact?asset_id=${K.normal}&exchange=kalshi&size=5`);
  });

  it('failures agree: an unknown asset, and sizes the CLI refuses', async () => {
    const missing = await same(['book', 'show', 'KXNOPE-26DEC31-X'], '/v1/orderbook/fetch_orderbook?asset_id=KXNOPE-26DEC31-X');
    expect(missing.kind).toBe('MarketNotFound');
    await same(['book', 'impact', P.normal, '--size', '0.0000001'], `/v1/orderbook/fetch_orderbook_impact?asset_id=${P.normal}&size=0.0000001`);
    await same(['book', 'impact', P.normal, '--size', '2000000000'], `/v1/orderbook/fetch_orderbook_impact?asset_id=${P.normal}&size=2000000000`);
  });
});
