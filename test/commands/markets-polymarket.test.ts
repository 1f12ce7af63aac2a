/** `pmt markets list|lineage --exchange polymarket` run in process against the Gamma double. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir, type RunResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { expectedSlugs, wireStatus } from '../exchanges/polymarket/gamma-harness.js';
import { FIXTURE_EVENT_SLUG } from '../upstream/polymarket/gamma-catalog.js';
import { displayWidth } from '../../src/render/format.js';
import { MarketLineageSchema, MarketSchema, MarketsPageSchema, OutcomeSchema, SeriesSchema } from '../../src/models/market.js';
import { ErrorObjectSchema } from '../../src/models/error.js';
import { expectModel, fieldsOf } from '../helpers/models.js';

const MARKET_KEYS = fieldsOf(MarketSchema).sort();
const ANSI = /\u001b\[[0-9;]*m/g;

let d: Doubles;
let env: Record<string, string>;
beforeAll(async () => {
  d = await startDoubles({ polymarket: { events: 160 } });
  env = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), PMT_POLYMARKET_RATE: '2000' };
});
afterAll(() => d?.close());

const pmt = (args: string[], extra: Record<string, string> = {}) => runInProcess(['--exchange', 'polymarket', ...args], { env: { ...env, ...extra } });
const lines = (s: string) => s.split('\n').filter((l) => l !== '');
function ok(r: RunResult): RunResult {
  expect(r.stderr.includes('error'), r.stderr).toBe(false);
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
}
const catalog = () => d.polymarket.gamma.catalog;

describe('pmt markets list --exchange polymarket', () => {
  it('prints a fitted table on a terminal, with the next-page command on stderr', async () => {
    const r = ok(await pmt(['markets', 'list', '--limit', '5'], { PMT_FORCE_TTY: '200' }));
    const out = lines(r.stdout.replace(ANSI, ''));
    expect(out[0]).toMatch(/TITLE\s+EXCHANGE\s+TICKER\s+STATUS\s+BID\s+ASK\s+LAST\s+VOLUME\s+CLOSES/);
    expect(out.length).toBe(6);
    for (const l of out) expect(displayWidth(l)).toBeLessThanOrEqual(200);
    for (const l of out.slice(1)) expect(l).toMatch(/polymarket\s.*active.*\$/);
    expect(r.stderr).toMatch(/^next page: pmt markets list --exchange polymarket --limit 5 --cursor pm1\.[A-Za-z0-9_-]+\n$/);
  });

  it('prints tab-separated rows when piped, matching the JSON page', async () => {
    const [tsv, json] = await Promise.all([pmt(['markets', 'list', '--limit', '6']), pmt(['markets', 'list', '--limit', '6', '--json'])]);
    const rows = lines(ok(tsv).stdout).map((l) => l.split('\t'));
    const page = JSON.parse(ok(json).stdout) as { markets: Array<Record<string, any>> };
    expect(rows.length).toBe(6);
    expect(rows.map((r) => r[0])).toEqual(page.markets.map((m) => m.unified_id));
    for (const [i, r] of rows.entries()) {
      const m = page.markets[i]!;
      const raw = (v: unknown) => (v == null ? '' : String(v));
      expect(r).toEqual([m.unified_id, m.title, 'polymarket', m.status, raw(m.best_bid), raw(m.best_ask), raw(m.last_trade_price), String(m.volume), raw(m.close_time)]);
    }
    expect(tsv.stdout).not.toMatch(ANSI);
  });

  it('--json prints {markets, cursor} with every Market field', async () => {
    const r = ok(await pmt(['markets', 'list', '--limit', '25', '--status', 'all', '--json']));
    const body = JSON.parse(r.stdout) as { markets: Array<Record<string, any>>; cursor: string };
    expect(Object.keys(body).sort()).toEqual(fieldsOf(MarketsPageSchema).sort());
    expectModel(MarketsPageSchema, body);
    expect(body.markets.length).toBe(25);
    expect(body.cursor).toMatch(/^pm1\./);
    for (const m of body.markets) {
      expect(Object.keys(m).sort()).toEqual(MARKET_KEYS);
      expect(m.exchange).toBe('polymarket');
      expect(m.unified_id).toBe(`polymarket:${m.ticker}`);
      for (const o of m.outcomes) expect(Object.keys(o).sort()).toEqual(fieldsOf(OutcomeSchema).sort());
    }
    expect(r.stderr).toBe('');
  });

  it('--limit 0 is refused: a page of nothing is never what anyone asked for', async () => {
    const r = await pmt(['markets', 'list', '--limit', '0', '--json']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({ kind: 'Api', message: '--limit must be between 1 and 1000000 (got 0)' });
  });

  it('--ndjson prints one market per line', async () => {
    const r = ok(await pmt(['markets', 'list', '--limit', '4', '--ndjson']));
    const ms = lines(r.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(ms.length).toBe(4);
    for (const m of ms) expect(Object.keys(m).sort()).toEqual(MARKET_KEYS);
  });

  it('--all follows every page: the whole active catalogue, once each', async () => {
    const [nd, js] = await Promise.all([pmt(['markets', 'list', '--all', '--ndjson']), pmt(['markets', 'list', '--all', '--status', 'resolved', '--json'])]);
    const tickers = lines(ok(nd).stdout).map((l) => (JSON.parse(l) as { ticker: string }).ticker);
    expect(new Set(tickers).size).toBe(tickers.length);
    expect([...tickers].sort()).toEqual(expectedSlugs(catalog(), 'active').sort());
    const body = JSON.parse(ok(js).stdout) as { markets: Array<{ ticker: string; status: string }>; cursor: null };
    expect(body.cursor).toBeNull();
    expect(body.markets.map((m) => m.ticker).sort()).toEqual(expectedSlugs(catalog(), 'resolved').sort());
  });

  it('--cursor continues exactly where the previous page stopped', async () => {
    const first = JSON.parse(ok(await pmt(['markets', 'list', '--limit', '7', '--json'])).stdout) as { markets: Array<{ ticker: string }>; cursor: string };
    const second = JSON.parse(ok(await pmt(['markets', 'list', '--limit', '7', '--json', '--cursor', first.cursor])).stdout) as typeof first;
    const both = JSON.parse(ok(await pmt(['markets', 'list', '--limit', '14', '--json'])).stdout) as typeof first;
    expect([...first.markets, ...second.markets].map((m) => m.ticker)).toEqual(both.markets.map((m) => m.ticker));
  });

  it('--ticker and --event select markets, with status filtering', async () => {
    const e = catalog().events.find((x) => x.active && !x.closed && x.markets.length > 2)!;
    const r = JSON.parse(ok(await pmt(['markets', 'list', '--event', e.slug, '--status', 'all', '--json'])).stdout) as { markets: Array<{ ticker: string; event_ticker: string }>; cursor: null };
    expect(r.markets.map((m) => m.ticker)).toEqual(e.markets.map((m) => m.slug));
    expect(r.cursor).toBeNull();
    const resolved = catalog().markets.find((m) => wireStatus(m) === 'resolved')!;
    const t = JSON.parse(ok(await pmt(['markets', 'list', '--ticker', `polymarket:${resolved.slug}`, '--ticker', e.markets[0]!.slug, '--status', 'all', '--json'])).stdout) as { markets: Array<{ ticker: string; result: string | null }> };
    expect(t.markets.map((m) => m.ticker)).toEqual([resolved.slug, e.markets[0]!.slug]);
  });

  it('says where a market went when the status filter hides it', async () => {
    const resolved = catalog().markets.find((m) => wireStatus(m) === 'resolved')!;
    const r = ok(await pmt(['markets', 'list', '--ticker', resolved.slug]));
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`polymarket:${resolved.slug} is resolved`);
  });
});

describe('pmt markets lineage (polymarket)', () => {
  it('--json prints market, event and series', async () => {
    const e = catalog().events.find((x) => Array.isArray(x.wire.series))!;
    const r = ok(await pmt(['markets', 'lineage', e.markets[0]!.slug, '--json']));
    const l = JSON.parse(r.stdout) as { market: Record<string, unknown>; event: Record<string, unknown>; series: Record<string, unknown> };
    expect(Object.keys(l).sort()).toEqual(fieldsOf(MarketLineageSchema).sort());
    expectModel(MarketLineageSchema, l);
    expect(Object.keys(l.market).sort()).toEqual(MARKET_KEYS);
    expect(l.event.ticker).toBe(e.slug);
    expect(Object.keys(l.series).sort()).toEqual(fieldsOf(SeriesSchema).sort());
  });

  it('prints a tree for people and rows when piped', async () => {
    const tty = ok(await runInProcess(['markets', 'lineage', 'polymarket:polymarket-test-slug-2025q4'], { env: { ...env, PMT_FORCE_TTY: '100' } }));
    const text = tty.stdout.replace(ANSI, '');
    expect(text).toContain('Market  polymarket:polymarket-test-slug-2025q4');
    expect(text).toContain('Polymarket canonical question text?');
    expect(text).toContain('token 123456789012345678901234567890123456789012345678901234567890001');
    expect(text).toContain('Event   - (standalone market)');
    const e = catalog().events.find((x) => x.slug !== FIXTURE_EVENT_SLUG && !x.wire.series)!;
    const piped = ok(await runInProcess(['markets', 'lineage', `polymarket:${e.markets[0]!.slug}`], { env }));
    expect(lines(piped.stdout).map((l) => l.split('\t')[0])).toEqual(['market', 'event', 'series']);
    expect(lines(piped.stdout)[1]).toBe(`event\t${e.slug}\t${e.wire.title as string}`);
    expect(lines(piped.stdout)[2]).toBe('series\t\t');
  });
});

describe('bad input', () => {
  it.each([
    [['markets', 'list', '--status', 'bogus'], 2],
    [['markets', 'list', '--limit', '-1'], 2],
    [['markets', 'list', '--limit', 'ten'], 2],
    [['markets', 'list', '--all', '--limit', '0'], 2],
    [['markets', 'list', '--cursor', 'garbage'], 2],
    [['markets', 'list', '--cursor', 'pm1.eyJzIjoicmVzb2x2ZWQiLCJvIjpbIiIsMCwxXX0'], 2],
    [['markets', 'lineage', 'polymarket:no-such-slug'], 5],
    [['markets', 'list', '--ticker', 'no-such-slug'], 5],
  ])('%j exits %i with one line on stderr and nothing on stdout', async (args, code) => {
    for (const json of [false, true]) {
      const r = await pmt(json ? [...args, '--json'] : args);
      expect(r.exitCode, r.stderr).toBe(code);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr).length).toBe(1);
      if (json) expectModel(ErrorObjectSchema, JSON.parse(r.stderr));
      else expect(r.stderr).toMatch(/^error: /);
    }
  });
});
