/** `pmt markets list|lineage --exchange kalshi`, run in process against the Kalshi double. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { expectedTickers, MARKET_KEYS } from '../exchanges/kalshi/helpers.js';
import { MarketLineageSchema, MarketsPageSchema } from '../../src/models/market.js';
import { ErrorObjectSchema } from '../../src/models/error.js';
import { expectModel, fieldsOf } from '../helpers/models.js';

let d: Doubles;
let env: Record<string, string>;
beforeAll(async () => {
  d = await startDoubles();
  env = { ...d.env, PMT_CONFIG_DIR: tempConfigDir() };
});
afterAll(() => d.close());

const pmt = (args: string[], extra: Record<string, string> = {}) => runInProcess(args, { env: { ...env, ...extra } });
const list = (...args: string[]) => pmt(['markets', 'list', '--exchange', 'kalshi', ...args]);
// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
const lines = (s: string) => s.split('\n').filter(Boolean);

const FIXTURE_ROW = [
  'kalshi:KXTEST-25Q4-CONTRACT', 'Canonical YES short title | Canonical NO short title', 'kalshi', 'active',
  '0.65', '0.67', '0.66', '150000', '2025-12-31T21:00:00.000Z',
].join('\t');

describe('pmt markets list --exchange kalshi', () => {
  it('piped: tab-separated rows, raw values, the next-page command (with the query) on stderr', async () => {
    const r = await list('--limit', '3', '--status', 'active');
    expect(r.exitCode).toBe(0);
    const rows = lines(r.stdout);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toBe(FIXTURE_ROW);
    for (const row of rows) expect(row.split('\t')).toHaveLength(9);
    expect(r.stderr).toMatch(/^next page: pmt markets list --exchange kalshi --limit 3 --cursor k1\.[A-Za-z0-9_-]+\n$/);
  });

  it('on a terminal: a table fitted to the width', async () => {
    const r = await pmt(['markets', 'list', '--exchange', 'kalshi', '--limit', '5'], { PMT_FORCE_TTY: '120', TZ: 'UTC' });
    expect(r.exitCode).toBe(0);
    const out = lines(plain(r.stdout));
    expect(out[0]).toMatch(/TITLE\s+EXCHANGE\s+TICKER\s+STATUS\s+BID\s+ASK\s+LAST\s+VOLUME\s+CLOSES/);
    expect(out).toHaveLength(6);
    for (const l of out) expect(l.length).toBeLessThanOrEqual(120);
    for (const l of out.slice(1)) expect(l).toMatch(/ kalshi +KX\S+ +active /);
    expect(out[1]).toMatch(/ kalshi +KXTEST-\S+ +active +0\.65 +0\.67 +0\.66 +\$150,000 +2025-12-31 21:00 UTC/);
    expect(r.stderr.replace(/ \\\n +/g, ' ')).toMatch(/--limit 5 --cursor k1\./); // pasted as one command (continuations)
    // A page of a multi-source filter is at most --limit rows (rows of other statuses are dropped).
    const resolved = await pmt(['markets', 'list', '--exchange', 'kalshi', '--limit', '5', '--status', 'resolved'], { PMT_FORCE_TTY: '120', TZ: 'UTC' });
    const rows = lines(plain(resolved.stdout)).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(5);
    for (const l of rows) expect(l).toMatch(/resolved/);
    expect(plain(resolved.stdout)).not.toMatch(/ 24:\d\d /);
  });

  it('--json is exactly {markets, cursor}, every Market field present; --cursor continues where the page ended', async () => {
    const one = await list('--limit', '4', '--json');
    expect([one.exitCode, one.stderr]).toEqual([0, '']);
    const page1 = JSON.parse(one.stdout) as { markets: Array<Record<string, unknown>>; cursor: string };
    expect(Object.keys(page1)).toEqual(fieldsOf(MarketsPageSchema));
    expectModel(MarketsPageSchema, page1);
    expect(page1.markets).toHaveLength(4);
    for (const m of page1.markets) expect(Object.keys(m)).toEqual(MARKET_KEYS);
    expect(page1.markets[0]).toMatchObject({ unified_id: 'kalshi:KXTEST-25Q4-CONTRACT', condition_id: null, outcomes: [{ label: 'Yes', price: 0.67, token_id: null }, { label: 'No', price: 0.33, token_id: null }] });
    const two = await list('--limit', '4', '--json', '--cursor', page1.cursor);
    const page2 = JSON.parse(two.stdout) as typeof page1;
    const eight = JSON.parse((await list('--limit', '8', '--json')).stdout) as typeof page1;
    expect([...page1.markets, ...page2.markets].map((m) => m.ticker)).toEqual(eight.markets.map((m) => m.ticker));
  });

  it('--ndjson: one Market per line', async () => {
    const r = await list('--limit', '7', '--ndjson');
    const rows = lines(r.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toHaveLength(7);
    for (const m of rows) expect(Object.keys(m)).toEqual(MARKET_KEYS);
  });

  it('--all follows every page: each active market once (ndjson), the same with --json and cursor null', async () => {
    const want = expectedTickers(d.kalshi, 'active');
    const nd = await list('--all', '--ndjson');
    expect(nd.exitCode).toBe(0);
    const tickers = lines(nd.stdout).map((l) => (JSON.parse(l) as { ticker: string }).ticker);
    expect(tickers).toHaveLength(want.size);
    expect(new Set(tickers)).toEqual(want);
    const js = JSON.parse((await list('--all', '--json')).stdout) as { markets: unknown[]; cursor: unknown };
    expect([js.markets.length, js.cursor]).toEqual([want.size, null]);
  });

  it('--all --status resolved merges the live set and the archive', async () => {
    const r = await list('--all', '--status', 'resolved', '--ndjson', '--limit', '400');
    const tickers = lines(r.stdout).map((l) => (JSON.parse(l) as { ticker: string }).ticker);
    expect(new Set(tickers)).toEqual(expectedTickers(d.kalshi, 'resolved'));
    expect(tickers.length).toBe(new Set(tickers).size);
  });

  it('--ticker (repeatable, comma-separated) and --event', async () => {
    const live = d.kalshi.markets.allLive().filter((w) => w.status === 'active');
    const [a, b, c] = [live[3]!.ticker, live[1]!.ticker, live[2]!.ticker];
    const r = await list('--ticker', a, '--ticker', `${b}, kalshi:${c}`, '--json');
    expect((JSON.parse(r.stdout) as { markets: Array<{ ticker: string }> }).markets.map((m) => m.ticker)).toEqual([a, b, c]);
    const ev = JSON.parse((await list('--event', 'KXTEST-25Q4', '--json')).stdout) as { markets: Array<{ ticker: string }>; cursor: unknown };
    expect([ev.markets.map((m) => m.ticker), ev.cursor]).toEqual([['KXTEST-25Q4-CONTRACT'], null]);
  });
});

describe('pmt markets lineage (kalshi)', () => {
  it('--json: the MarketLineage model', async () => {
    const r = await pmt(['markets', 'lineage', 'kalshi:KXTEST-25Q4-CONTRACT', '--json']);
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    const l = JSON.parse(r.stdout) as { market: Record<string, unknown>; event: Record<string, unknown>; series: Record<string, unknown> };
    expect(Object.keys(l)).toEqual(fieldsOf(MarketLineageSchema));
    expectModel(MarketLineageSchema, l);
    expect(Object.keys(l.market)).toEqual(MARKET_KEYS);
    expect(l.event).toMatchObject({ ticker: 'KXTEST-25Q4', series_ticker: 'KXTEST', market_tickers: ['KXTEST-25Q4-CONTRACT'] });
    expect(l.series).toMatchObject({ ticker: 'KXTEST', title: 'Test series', tags: ['Inflation'] });
  });

  it('for people: market, event and series; piped: one row each', async () => {
    const tty = plain((await pmt(['markets', 'lineage', 'KXTEST-25Q4-CONTRACT', '--exchange', 'kalshi'], { PMT_FORCE_TTY: '120' })).stdout);
    expect(tty).toMatch(/^Market\s+kalshi:KXTEST-25Q4-CONTRACT\s+active · binary/m);
    expect(tty).toMatch(/^Event\s+KXTEST-25Q4\s+Test event for Q4 2025/m);
    expect(tty).toMatch(/^Series\s+KXTEST\s+Test series/m);
    const piped = lines((await pmt(['markets', 'lineage', 'kalshi:KXTEST-25Q4'])).stdout);
    expect(piped).toEqual(['market\tkalshi:KXTEST-25Q4\tTest event for Q4 2025', 'event\tKXTEST-25Q4\tTest event for Q4 2025', 'series\tKXTEST\tTest series']);
  });
});

describe('bad input', () => {
  it.each([
    [['markets', 'list', '--exchange', 'kalshi', '--status', 'bogus'], 2],
    [['markets', 'list', '--exchange', 'kalshi', '--limit', '-1'], 2],
    [['markets', 'list', '--exchange', 'kalshi', '--cursor', 'garbage'], 2],
    [['markets', 'list', '--exchange', 'kalshi', '--status', 'closed', '--cursor', 'k1.eyJmIjoiYWN0aXZlIiwicyI6bnVsbCwicCI6eyJvcGVuIjoiIn19'], 2],
    [['markets', 'lineage', 'kalshi:KXNOPE-1'], 5],
    [['markets', 'list', '--exchange', 'kalshi', '--ticker', 'KXNOPE-1'], 5],
  ])('%j → exit %i, one line on stderr, nothing on stdout', async (args, code) => {
    d.resetLogs();
    const r = await pmt(args as string[]);
    expect(r.exitCode).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(lines(r.stderr)).toHaveLength(1);
    if (code === 2) expect(d.kalshi.double.requests).toHaveLength(0);
    const j = await pmt([...(args as string[]), '--json']);
    expect([j.exitCode, j.stdout]).toEqual([code, '']);
    expect(Object.keys(JSON.parse(j.stderr) as object)).toEqual(fieldsOf(ErrorObjectSchema));
  });
});
