/**
 * The same call two ways against the upstream doubles: `pmt ... --json` (the built binary) and
 * `pmt serve` over HTTP. Success bodies are byte-for-byte the CLI's stdout (without its final
 * newline); failures are the CLI's error line with the contract's status for its kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { FIXTURE_EVENT_SLUG } from '../upstream/polymarket/gamma-catalog.js';
import { TOKEN } from './helpers.js';
import { startServe, type ServeProcess } from './process.js';

let d: Doubles;
let env: Record<string, string>;
let s: ServeProcess;
beforeAll(async () => {
  d = await startDoubles({ polymarket: { events: 120 } });
  env = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), PMT_POLYMARKET_RATE: '5000', PMT_KALSHI_RATE: '5000' };
  s = await startServe(['--token', TOKEN], env);
});
afterAll(async () => {
  const code = await s?.stop();
  expect(s.stderr()).not.toMatch(/does not match its schema/);
  expect(code).toBe(0);
  await d?.close();
});

const STATUS: Record<string, number> = {
  Authentication: 401, InsufficientFunds: 402, MarketNotFound: 404, OrderNotFound: 404, RateLimited: 429, NetworkError: 502, Config: 500, NotSupported: 501,
};

/** Run both; assert they agree; return the parsed body. */
async function same(cli: string[], path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const [c, r] = await Promise.all([runPmt([...cli, '--json'], { env }), s.call(path, { body })]);
  if (c.exitCode === 0) {
    expect(r.status, r.text).toBe(200);
    expect(r.text + '\n').toBe(c.stdout);
    return r.json;
  }
  const err = JSON.parse(c.stderr.trim().split('\n').at(-1)!) as { kind: string; message: string };
  expect(c.stdout).toBe('');
  expect(r.json).toEqual(err);
  const usage = c.exitCode === 2;
  expect(r.status).toBe(err.kind === 'Api' ? (usage ? 400 : 502) : STATUS[err.kind]);
  return r.json;
}

const slugOf = (pred: (m: { slug: string; event: { slug: string } }) => boolean) => d.polymarket.gamma.catalog.markets.find(pred)!.slug;

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
