/**
 * The in-process runner (test/helpers/in-process.ts) answers as the built binary does, byte for
 * byte: exit code, stdout and stderr, for each kind of run the suites run in process (tables and
 * --json against the doubles, signed reads, --verbose, --dry-run, and a failure of every exit code
 * a command reaches), so a suite that checks pmt's output need not start a process per case. The
 * differences allowed are what the clock gives (the milliseconds a --verbose line reports, the
 * book's time and age, a signed Polymarket order's salt and timestamp) and the config dir of a
 * case that writes one (new for each run).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPmt, tempConfigDir, type RunResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import type { Fault } from '../upstream/server.js';
import { catalogMarket, KEYS, addressOf, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';

const T = 'KXINP-26DEC31-A';

let d: Doubles;
let env: Record<string, string>;
let m: CatalogPick;
let pem: string;
beforeAll(async () => {
  d = await startDoubles({ kalshi: { markets: 30 }, polymarket: { events: 4 } });
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  pem = key.privatePem;
  d.kalshi.orders.addMarket({ ticker: T, title: 'Will the runner match?' });
  d.kalshi.books.setBook(T, { yes: [[0.42, 100], [0.41, 250]], no: [[0.55, 150]] });
  d.polymarket.trading.fund(addressOf(KEYS.alice), 1000);
  m = catalogMarket(d, { tick: '0.01', negRisk: false });
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'kalshi.pem'), key.privatePem, { mode: 0o600 });
  env = {
    ...d.env,
    PMT_CONFIG_DIR: dir,
    PMT_HTTP_TIMEOUT_MS: '400',
    KALSHI_API_KEY_ID: key.keyId,
    KALSHI_PRIVATE_KEY_PATH: join(dir, 'kalshi.pem'),
    POLYMARKET_PRIVATE_KEY: KEYS.alice,
  };
});
afterAll(() => d?.close());

interface Case {
  name: string;
  args: () => string[];
  exit: number;
  /** Called for each of the two runs (a new config dir for each, say). */
  env?: () => Record<string, string>;
  /** Armed before each of the two runs (the same fault for both). */
  fault?: { on: () => Doubles['kalshi']['double']; fault: Fault; path: RegExp; times: number };
}

const CASES: Case[] = [
  { name: 'a table', args: () => ['--exchange', 'kalshi', 'markets', 'list', '--limit', '5'], exit: 0 },
  { name: 'a table across exchanges', args: () => ['markets', 'list', '--limit', '3'], exit: 0 },
  { name: '--json', args: () => ['--exchange', 'kalshi', 'markets', 'list', '--limit', '5', '--json'], exit: 0 },
  { name: 'a table drawn for a terminal', args: () => ['--exchange', 'kalshi', 'markets', 'list', '--limit', '4'], exit: 0, env: () => ({ PMT_FORCE_TTY: '120' }) },
  { name: 'colour on a terminal', args: () => ['book', 'show', K.normal], exit: 0, env: () => ({ PMT_FORCE_TTY: '100', FORCE_COLOR: '1' }) },
  { name: 'signed lists on two exchanges', args: () => ['order', 'list', '--json'], exit: 0 },
  { name: 'a profile written to a new store', args: () => ['profile', 'add', 'main', '--kalshi-api-key-id', 'k-1'], exit: 0, env: () => ({ PMT_CONFIG_DIR: tempConfigDir(), KALSHI_PRIVATE_KEY: pem }) },
  { name: 'a signed read', args: () => ['book', 'show', K.normal, '--json'], exit: 0 },
  { name: '--verbose on stderr', args: () => ['book', 'show', K.normal, '--verbose'], exit: 0 },
  { name: 'a Kalshi --dry-run', args: () => ['order', 'create', '--asset', T, '--side', 'buy', '--price', '0.40', '--size', '3', '--dry-run', '--json'], exit: 0 },
  { name: 'a Polymarket --dry-run', args: () => ['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.30', '--size', '10', '--dry-run'], exit: 0 },
  { name: 'a usage error', args: () => ['markets', 'list', '--limit', '0'], exit: 2 },
  { name: 'a usage error with --json', args: () => ['order', 'create', '--asset', T, '--side', 'buy', '--price', '0.405', '--size', '3', '--yes', '--json'], exit: 2 },
  { name: 'an upstream error (Api)', args: () => ['--exchange', 'kalshi', 'markets', 'list', '--limit', '2'], exit: 1, fault: { on: () => d.kalshi.double, fault: { kind: 'status', status: 500 }, path: /^\/markets$/, times: 4 } },
  { name: 'a refused key (Authentication)', args: () => ['order', 'list', '--exchange', 'kalshi'], exit: 3, env: () => ({ KALSHI_API_KEY_ID: 'ffffffff-0000-4000-8000-000000000000' }) },
  { name: 'insufficient funds', args: () => ['order', 'create', '--asset', T, '--side', 'buy', '--price', '0.40', '--size', '9000000', '--yes', '--json'], exit: 4 },
  { name: 'an unknown order', args: () => ['order', 'get', '0b3c2a1e-0000-4000-8000-000000000001'], exit: 6 },
  { name: 'rate limited', args: () => ['--exchange', 'kalshi', 'markets', 'list', '--json'], exit: 7, fault: { on: () => d.kalshi.double, fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } }, path: /^\/markets$/, times: 1 } },
  { name: 'an error object (--json)', args: () => ['--exchange', 'kalshi', 'markets', 'list', '--json'], exit: 1, fault: { on: () => d.kalshi.double, fault: { kind: 'malformed' }, path: /^\/markets$/, times: 1 } },
  { name: 'a network error', args: () => ['--exchange', 'kalshi', 'markets', 'list'], exit: 8, fault: { on: () => d.kalshi.double, fault: { kind: 'reset' }, path: /^\/markets$/, times: 4 } },
  { name: 'a malformed key (Config)', args: () => ['order', 'list', '--exchange', 'polymarket'], exit: 9, env: () => ({ POLYMARKET_PRIVATE_KEY: '0x1234zz' }) },
  { name: 'not supported', args: () => ['order', 'amend', '0x' + 'ab'.repeat(32), '--exchange', 'polymarket', '--price', '0.4', '--yes'], exit: 10 },
];

/** What two runs a moment apart may differ in: durations, times, a Polymarket order's salt. */
const steadyText = (s: string) =>
  s
    .replace(/ \d+ms\b/g, ' <n>ms')
    .replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?( ?UTC|Z)/g, '<time>')
    .replace(/("salt":\s*)\d+/g, '$1<salt>')
    .replace(/("timestamp":\s*)"\d+"/g, '$1"<ms>"')
    .replace(/("book_age_s":)\d+/g, '$1<s>')
    .replace(/\(\d+ s old\)/g, '(<s> s old)');
const steady = (r: RunResult): RunResult => ({ exitCode: r.exitCode, stdout: steadyText(r.stdout), stderr: steadyText(r.stderr) });

describe('in process = the built binary, byte for byte', () => {
  it.each(CASES)('$name (exit $exit)', async (c) => {
    const run = async (how: typeof runPmt) => {
      const runEnv = { ...env, ...c.env?.() };
      c.fault?.on().clearFaults();
      if (c.fault) c.fault.on().inject(c.fault.fault, { path: c.fault.path, times: c.fault.times });
      const r = steady(await how(c.args(), { env: runEnv }));
      const dir = (t: string) => t.replaceAll(runEnv.PMT_CONFIG_DIR!, '<config dir>');
      return { exitCode: r.exitCode, stdout: dir(r.stdout), stderr: dir(r.stderr) };
    };
    const inside = await run(runInProcess);
    const binary = await run(runPmt);
    expect(binary.exitCode, binary.stderr).toBe(c.exit);
    expect(inside).toEqual(binary);
    expect(binary.stdout + binary.stderr).not.toBe('');
  });
});
