/**
 * pmt, run in process, against the Kalshi doubles under injected faults: market listing, lineage
 * and the signed orderbook read. Every run succeeds or fails with the right exit code, one stderr
 * line (the error object with --json), no stack, and exactly the requests the retry policy allows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempConfigDir, type RunResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import type { Fault } from '../upstream/server.js';
import { CLI_FAULTS, CORE_FAULTS } from './faults.js';
import { expectCleanFailure } from './harness.js';

let d: Doubles;
let env: Record<string, string>;
let ticker: string;
beforeAll(async () => {
  d = await startDoubles({ kalshi: { markets: 150 }, polymarket: { events: 5 } });
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  env = {
    ...d.env,
    PMT_CONFIG_DIR: tempConfigDir(),
    PMT_KALSHI_RATE: '2000',
    PMT_HTTP_TIMEOUT_MS: '300',
    PMT_RETRY_BASE_MS: '2',
    KALSHI_API_KEY_ID: key.keyId,
    KALSHI_PRIVATE_KEY: key.privatePem,
  };
  const page = JSON.parse((await runInProcess(['--exchange', 'kalshi', 'markets', 'list', '--limit', '1', '--json'], { env })).stdout) as { markets: Array<{ ticker: string }> };
  ticker = page.markets[0]!.ticker;
});
afterAll(() => d?.close());
beforeEach(() => {
  d.kalshi.double.clearFaults();
  d.resetLogs();
});

const kalshi = () => d.kalshi.double;
const pmt = (args: string[]) => runInProcess(['--exchange', 'kalshi', ...args], { env });

describe.each([
  ['markets list', () => ['markets', 'list', '--limit', '5'], /^\/markets$/, CLI_FAULTS],
  ['markets lineage', () => ['markets', 'lineage', ticker], /^\/markets\/[^/]+$/, CORE_FAULTS],
  ['book show (signed)', () => ['book', 'show', K.normal], /^\/markets\/[^/]+\/orderbook$/, CORE_FAULTS],
])('pmt --exchange kalshi %s under a persistent fault (every other case with --json)', (_cmd, args, path, faults) => {
  it.each(faults.map((c, i) => ({ ...c, json: i % 2 === 1 })))('$name → exit $exit after $requests request(s), --json: $json', async (c) => {
    kalshi().inject(c.fault, { path, times: 100 });
    const r = await pmt([...args(), ...(c.json ? ['--json'] : [])]);
    const line = expectCleanFailure(r, c.exit, { kind: c.kind, json: c.json });
    if (c.stderr && !c.json) expect(line).toMatch(c.stderr);
    expect(kalshi().count(path)).toBe(c.requests);
  });
});

describe('transient faults are retried away', () => {
  const passing: Array<[string, Fault, number]> = [
    ['503 ×3', { kind: 'status', status: 503 }, 3],
    ['429 ×1 (Retry-After: 0)', { kind: 'status', status: 429, headers: { 'retry-after': '0' } }, 1],
    ['reset ×2', { kind: 'reset' }, 2],
    ['cut ×1', { kind: 'cut' }, 1],
  ];
  let clean: RunResult;
  beforeAll(async () => {
    // Faults the previous test left armed are cleared by beforeEach, which has not run yet.
    kalshi().clearFaults();
    clean = await pmt(['markets', 'list', '--limit', '7', '--json']);
  });
  it.each(passing)('markets list through %s gives the same page', async (_n, fault, times) => {
    d.resetLogs();
    kalshi().inject(fault, { path: /^\/markets$/, times });
    const r = await pmt(['markets', 'list', '--limit', '7', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(clean.stdout));
    expect(kalshi().count(/^\/markets$/)).toBe(times + 1);
  });

  it('--all survives faults on middle pages without losing or repeating a market', async () => {
    const clean = JSON.parse((await pmt(['markets', 'list', '--all', '--limit', '20', '--json'])).stdout) as { markets: Array<{ unified_id: string }> };
    let n = 0;
    kalshi().inject({ kind: 'reset' }, { path: { test: (p: string) => p === '/markets' && ++n === 3 } as RegExp });
    kalshi().inject({ kind: 'status', status: 502 }, { path: { test: (p: string) => p === '/markets' && n === 5 } as RegExp });
    const r = await pmt(['markets', 'list', '--all', '--limit', '20', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const got = (JSON.parse(r.stdout) as typeof clean).markets.map((m) => m.unified_id);
    expect(got).toEqual(clean.markets.map((m) => m.unified_id));
    expect(clean.markets.length).toBeGreaterThan(40);
  });
});
