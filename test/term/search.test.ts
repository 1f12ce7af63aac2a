/**
 * `pmt markets search` and `markets list --sort` run in process against the doubles:
 * Gamma's public search and Kalshi's event/series index (cached on disk), one ranked list, the
 * Market model under --json, and one exchange failing leaving the other's results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';

let d: Doubles;
beforeAll(async () => {
  d = await startDoubles({ polymarket: { events: 60 } });
});
afterAll(() => d?.close());

const env = (extra: Record<string, string> = {}) => ({ ...d.env, PMT_CONFIG_DIR: tempConfigDir(), TZ: 'UTC', ...extra });
type Page = { markets: Array<{ unified_id: string; exchange: string; title: string; status: string; volume: number; best_bid: number | null; best_ask: number | null; close_time: string | null }>; cursor: null };

describe('pmt markets search', () => {
  it('finds markets by words on both exchanges, as {markets, cursor: null}', async () => {
    const r = await runInProcess(['markets', 'search', 'canonical', 'test', '--json'], { env: env() });
    expect(r.exitCode, r.stderr).toBe(0);
    const page = JSON.parse(r.stdout) as Page;
    expect(page.cursor).toBeNull();
    const ids = page.markets.map((m) => m.unified_id);
    expect(ids).toContain('kalshi:KXTEST-25Q4-CONTRACT');
    expect(ids).toContain('polymarket:polymarket-test-slug-2025q4');
    expect(r.stderr).toBe('');
  });

  it('ranks whole-word title matches first and honours --limit across exchanges', async () => {
    const r = await runInProcess(['markets', 'search', 'bitcoin', 'price', '--limit', '5', '--json'], { env: env() });
    const page = JSON.parse(r.stdout) as Page;
    expect(page.markets).toHaveLength(5);
    for (const m of page.markets) expect(m.unified_id).toMatch(/^kalshi:KXBTCD-/);
  });

  it('--status filters; nothing found says so on a terminal', async () => {
    const r = await runInProcess(['markets', 'search', 'bitcoin', '--status', 'resolved', '--json'], { env: env() });
    for (const m of (JSON.parse(r.stdout) as Page).markets) expect(m.status).toBe('resolved');
    const none = await runInProcess(['markets', 'search', 'zzqqxx'], { env: env({ PMT_FORCE_TTY: '100' }) });
    expect(none.exitCode).toBe(0);
    expect(none.stderr).toMatch(/no active markets match "zzqqxx"/);
  });

  it('shows the event title beside a generic market title when events mix', async () => {
    const r = await runInProcess(['markets', 'search', 'bitcoin', '--limit', '40', '--exchange', 'kalshi', '--wide'], { env: env({ PMT_FORCE_TTY: '200', NO_COLOR: '1' }) });
    expect(r.stdout).toMatch(/Bitcoin price on \d{4}-\d\d-\d\d · (Option [A-Z]|Above)/);
  });

  it('caches the Kalshi index on disk for the next search', async () => {
    const e = env();
    d.resetLogs();
    await runInProcess(['markets', 'search', 'bitcoin', '--exchange', 'kalshi', '--json'], { env: e });
    const first = d.kalshi.double.count(/\/events$/);
    await runInProcess(['markets', 'search', 'fed', '--exchange', 'kalshi', '--json'], { env: e });
    expect(first).toBeGreaterThan(0);
    expect(d.kalshi.double.count(/\/events$/)).toBe(first);
    expect(d.kalshi.double.count(/\/series$/)).toBe(1);
  });

  it('one exchange down: the other\'s markets, the failure on stderr, its exit code', async () => {
    d.polymarket.gammaDouble.inject({ kind: 'status', status: 503 }, { times: 20, path: /public-search/ });
    const r = await runInProcess(['markets', 'search', 'test', '--json'], { env: env({ PMT_RETRY_ATTEMPTS: '1' }) });
    d.polymarket.gammaDouble.clearFaults();
    expect(r.exitCode).toBe(1);
    expect((JSON.parse(r.stdout) as Page).markets.map((m) => m.exchange)).toEqual(['kalshi']);
    const err = JSON.parse(r.stderr.trim()) as { kind: string; message: string };
    expect(err.kind).toBe('Api');
    expect(err.message).toMatch(/polymarket/i);
  });

  it('needs words', async () => {
    const r = await runInProcess(['markets', 'search', '--', '...'], { env: env() });
    expect(r.exitCode).toBe(2);
  });
});

describe('pmt markets list --sort', () => {
  it.each([
    ['volume', (a: Page['markets'][number], b: Page['markets'][number]) => a.volume >= b.volume],
    ['close_time', (a: Page['markets'][number], b: Page['markets'][number]) => !a.close_time || !b.close_time || a.close_time <= b.close_time],
    ['spread', (a: Page['markets'][number], b: Page['markets'][number]) => a.best_ask == null || b.best_ask == null || a.best_ask - a.best_bid! <= b.best_ask - b.best_bid! + 1e-9],
  ] as const)('--sort %s orders the page', async (key, inOrder) => {
    const r = await runInProcess(['markets', 'list', '--limit', '30', '--sort', key, '--json'], { env: env() });
    expect(r.exitCode, r.stderr).toBe(0);
    const ms = (JSON.parse(r.stdout) as Page).markets;
    expect(ms.length).toBeGreaterThan(10);
    for (let i = 1; i < ms.length; i++) expect(inOrder(ms[i - 1]!, ms[i]!), `${key} at ${i}`).toBe(true);
  });
  it('refuses an unknown key', async () => {
    const r = await runInProcess(['markets', 'list', '--sort', 'price'], { env: env() });
    expect(r.exitCode).toBe(2);
  });
});

describe('markets list with one exchange down', () => {
  it('prints the other exchange\'s rows, the failure on stderr, its exit code; the cursor asks the failed one again', async () => {
    d.polymarket.gammaDouble.inject({ kind: 'status', status: 503 }, { times: 50 });
    const r = await runInProcess(['markets', 'list', '--limit', '3', '--json'], { env: env({ PMT_RETRY_ATTEMPTS: '1' }) });
    d.polymarket.gammaDouble.clearFaults();
    expect(r.exitCode).toBe(1);
    const page = JSON.parse(r.stdout) as { markets: Page['markets']; cursor: string };
    // The exchanges that answered (Kalshi, Polymarket US), none of the one that failed.
    expect(page.markets.map((m) => m.exchange).filter((x) => x === 'kalshi')).toEqual(['kalshi', 'kalshi', 'kalshi']);
    expect(page.markets.some((m) => m.exchange === 'polymarket')).toBe(false);
    const err = JSON.parse(r.stderr.trim()) as { kind: string; message: string };
    expect(err.kind).toBe('Api');
    const positions = JSON.parse(Buffer.from(page.cursor.slice('pmt1.'.length), 'base64url').toString()) as Record<string, string>;
    expect(positions.polymarket).toBe('');
    // --exchange still narrows: the healthy exchange alone is a clean success.
    d.polymarket.gammaDouble.inject({ kind: 'status', status: 503 }, { times: 50 });
    const k = await runInProcess(['--exchange', 'kalshi', 'markets', 'list', '--limit', '2', '--json'], { env: env({ PMT_RETRY_ATTEMPTS: '1' }) });
    d.polymarket.gammaDouble.clearFaults();
    expect(k.exitCode).toBe(0);
    expect(k.stderr).toBe('');
  });
  it('for people: the rows, then one error line naming the exchange', async () => {
    d.polymarket.gammaDouble.inject({ kind: 'reset' }, { times: 50 });
    const r = await runInProcess(['markets', 'list', '--limit', '2'], { env: env({ PMT_RETRY_ATTEMPTS: '1' }) });
    d.polymarket.gammaDouble.clearFaults();
    expect(r.exitCode).toBe(8);
    const rows = r.stdout.trim().split('\n').map((l) => l.split('\t')[2]);
    expect(rows.filter((x) => x === 'kalshi')).toEqual(['kalshi', 'kalshi']);
    expect(rows).not.toContain('polymarket');
    expect(r.stderr).toMatch(/^error: .*polymarket.*\[NetworkError\]/im);
  });
});
