/**
 * The small surprises of issue 17, each run in process against the doubles: what a
 * new user typed and what pmt now says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEnv, type BookEnv } from '../commands/book-fixture.js';
import { displayWidth } from '../../src/render/width.js';

let t: BookEnv;
beforeAll(async () => {
  t = await bookEnv();
});
afterAll(() => t.d.close());

const ANSI = /\u001b\[[0-9;]*m/g;
const K = 'KXTEST-25Q4-CONTRACT';

describe('flags that were silently accepted', () => {
  it('--json --ndjson together is refused', async () => {
    const r = await t.pmt(['markets', 'list', '--json', '--ndjson'], t.bare());
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr).message).toMatch(/--json and --ndjson cannot be combined/);
  });
  it('--limit 0 is refused', async () => {
    const r = await t.pmt(['markets', 'list', '--limit', '0'], t.bare());
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--limit must be between 1 and/);
  });
  it('--limit says it is per exchange in the help', async () => {
    const r = await t.pmt(['markets', 'list', '--help'], t.bare());
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/--limit <n>\s+markets per exchange per page/);
  });
  it('--series without --exchange lists Kalshi only and says it is a Kalshi filter', async () => {
    const r = await t.pmt(['markets', 'list', '--series', 'KXTEST', '--status', 'all'], t.bare());
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.split('\t')[2]).toBe('kalshi');
    expect(r.stderr).toBe('note: --series is a kalshi filter: listing kalshi only\n');
    const json = await t.pmt(['markets', 'list', '--series', 'KXTEST', '--json'], t.bare());
    expect(json.stderr).toBe('');
    const poly = await t.pmt(['--exchange', 'polymarket', 'markets', 'list', '--series', 'KXTEST'], t.bare());
    expect(poly.exitCode).toBe(2);
    expect(poly.stderr).toMatch(/--series is a kalshi filter; polymarket markets have no series/);
  });
  it('a mistyped --profile is refused, public reads included', async () => {
    const r = await t.pmt(['--profile', 'mian', '--exchange', 'polymarket', 'markets', 'list', '--limit', '1'], t.bare());
    expect(r.exitCode).toBe(9);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/mian/);
  });
});

describe('numbers and ids as people type them', () => {
  it('--size -10 names the rule; .6 is 0.6; --price 60 suggests 0.60', async () => {
    const neg = await t.pmt(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.5', '--size=-10', '--dry-run'], t.env());
    expect(neg.exitCode).toBe(2);
    expect(neg.stderr).toMatch(/--size must be greater than 0 \(got -10\)/);
    const cents = await t.pmt(['order', 'create', '--asset', K, '--side', 'buy', '--price', '60', '--size', '1', '--dry-run'], t.env());
    expect(cents.exitCode).toBe(2);
    expect(cents.stderr).toMatch(/did you mean 0\.60\?/);
    const dot = await t.pmt(['order', 'create', '--asset', K, '--side', 'buy', '--price', '.6', '--size', '1', '--dry-run', '--json'], t.env());
    expect(dot.exitCode, dot.stderr).toBe(0);
    expect(JSON.parse(dot.stdout).request.price).toBe(0.6);
  });
  it('pasted surrounding spaces are trimmed; an invisible character is still refused', async () => {
    const r = await t.pmt(['book', 'show', `  ${K} `, '--json'], t.env());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).asset_id).toBe(K);
    const zw = await t.pmt(['book', 'show', `${K}\u200b`], t.env());
    expect(zw.exitCode).toBe(2);
  });
  it('a bare Polymarket slug works in book show as in markets lineage', async () => {
    const r = await t.pmt(['book', 'show', 'polymarket-test-slug-2025q4', '--json'], t.bare());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).asset_id).toMatch(/^\d{20,}$/);
  });
  it('a lower-case Kalshi ticker gets a hint', async () => {
    const r = await t.pmt(['markets', 'lineage', K.toLowerCase()], t.bare());
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain(`Kalshi tickers are upper case: try ${K}`);
  });
});

describe('tables at the terminal width', () => {
  it.each(['60', '110', '200'])('markets list at %s columns: every ticker whole, no line too wide', async (cols) => {
    const json = await t.pmt(['markets', 'list', '--limit', '4', '--json'], t.bare());
    const tickers = (JSON.parse(json.stdout) as { markets: Array<{ ticker: string }> }).markets.map((m) => m.ticker);
    const r = await t.pmt(['markets', 'list', '--limit', '4'], t.bare({ PMT_FORCE_TTY: cols }));
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.replace(ANSI, '').trimEnd().split('\n');
    for (const l of lines) if (displayWidth(l) > Number(cols)) expect(tickers).toContain(l.trim());
    for (const id of tickers) expect(lines.some((l) => l.includes(id))).toBe(true);
  });
  it('--wide keeps every column and says nothing about hidden ones', async () => {
    const r = await t.pmt(['markets', 'list', '--limit', '4', '--wide'], t.bare({ PMT_FORCE_TTY: '110' }));
    expect(r.stdout.replace(ANSI, '').split('\n')[0]).toMatch(/TITLE\s+EXCHANGE\s+TICKER\s+STATUS\s+BID\s+ASK\s+LAST\s+VOLUME\s+CLOSES/);
    expect(r.stderr).not.toMatch(/hidden/);
  });
});

describe('pmt version', () => {
  it('prints the version like --version', async () => {
    const [a, b] = await Promise.all([t.pmt(['version'], t.bare()), t.pmt(['--version'], t.bare())]);
    expect(a.exitCode).toBe(0);
    expect(a.stdout).toBe(b.stdout);
  });
});

describe('ordering on a resolved Kalshi market', () => {
  it('says it is resolved, with its result, whether live or archived', async () => {
    const live = t.d.kalshi.markets.allLive().find((m) => m.status === 'determined' || m.status === 'finalized')!;
    const r = await t.pmt(['order', 'create', '--asset', live.ticker, '--side', 'buy', '--price', '0.5', '--size', '1', '--dry-run'], t.env());
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`kalshi:${live.ticker} is resolved (result: ${live.result === 'no' ? 'No' : live.result === 'yes' ? 'Yes' : live.result})`);
    const old = t.d.kalshi.markets.allHistorical().find((m) => m.result === 'no')!;
    const a = await t.pmt(['order', 'create', '--asset', old.ticker, '--side', 'buy', '--price', '0.5', '--size', '1', '--dry-run'], t.env());
    expect(a.exitCode).toBe(2);
    expect(a.stderr).toContain(`market ${old.ticker} is resolved on Kalshi (result: No); it no longer trades`);
    expect(a.stderr).not.toContain('has no market');
  });
});

describe('--json order times', () => {
  it('one format on both exchanges: ISO 8601 UTC with milliseconds', async () => {
    const k = await t.pmt(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.40', '--size', '1', '--yes', '--json'], t.env());
    expect(k.exitCode, k.stderr).toBe(0);
    expect(JSON.parse(k.stdout).created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('the order preview on a narrow terminal', () => {
  it.each(['60', '200'])('at %s columns every line fits and the ids are whole', async (cols) => {
    const r = await t.pmt(['order', 'create', '--asset', K, '--side', 'buy', '--outcome', 'no', '--price', '0.70', '--size', '10', '--dry-run'], t.env({ PMT_FORCE_TTY: cols }));
    expect(r.exitCode, r.stderr).toBe(0);
    const preview = r.stdout.replace(ANSI, '').split('\nUpstream request')[0]!.split('\n');
    for (const l of preview) expect(displayWidth(l), l).toBeLessThanOrEqual(Number(cols));
    expect(preview.some((l) => l.includes(`kalshi:${K}`))).toBe(true);
    expect(preview.find((l) => l.startsWith('  Asset'))).toContain(K);
  });
});
