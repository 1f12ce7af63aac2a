/**
 * pmt, run in process, against the Gamma double under injected faults: every run either succeeds
 * or fails with the right exit code, one line on stderr (the error object with --json), no stack
 * trace, nothing on stdout, and the double saw exactly the requests the retry policy allows.
 * Hostile upstream text (escape sequences in titles and error messages) never reaches the screen.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempConfigDir, type RunResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import type { Fault } from '../upstream/server.js';
import { expectCleanFailure, lines, STACK_RE } from './harness.js';
import { CLI_FAULTS, CORE_FAULTS } from './faults.js';

let d: Doubles;
let env: Record<string, string>;
let slug: string;
beforeAll(async () => {
  d = await startDoubles({ polymarket: { events: 40 } });
  env = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), PMT_POLYMARKET_RATE: '2000', PMT_HTTP_TIMEOUT_MS: '300', PMT_RETRY_BASE_MS: '2' };
  slug = d.polymarket.gamma.catalog.markets.find((m) => m.event.wire.series)!.slug;
});
afterAll(() => d?.close());
beforeEach(() => {
  d.polymarket.gammaDouble.clearFaults();
  d.resetLogs();
});

const gamma = () => d.polymarket.gammaDouble;
const pmt = (args: string[], extra: Record<string, string> = {}) => runInProcess(['--exchange', 'polymarket', ...args], { env: { ...env, ...extra } });
const LIST = ['markets', 'list', '--limit', '5'];
const lineage = () => ['markets', 'lineage', `polymarket:${slug}`];

describe.each([
  ['markets list', () => LIST, /^\/events\/keyset$/, CLI_FAULTS],
  ['markets lineage', lineage, /^\/markets\/slug\//, CORE_FAULTS],
])('pmt %s under a persistent fault (every other case with --json)', (_cmd, args, path, faults) => {
  it.each(faults.map((c, i) => ({ ...c, json: i % 2 === 1 })))('$name → exit $exit after $requests request(s), --json: $json', async (c) => {
    gamma().inject(c.fault, { path, times: 100 });
    const r = await pmt([...args(), ...(c.json ? ['--json'] : [])]);
    const line = expectCleanFailure(r, c.exit, { kind: c.kind, json: c.json });
    if (c.stderr && !c.json) expect(line).toMatch(c.stderr);
    expect(gamma().count(path)).toBe(c.requests);
  });
});

describe('--verbose: one line per attempt, then the error', () => {
  it('four attempts are logged, each without a credential, and the error follows', async () => {
    gamma().inject({ kind: 'status', status: 503 }, { path: /^\/events\/keyset$/, times: 100 });
    const r = await pmt([...LIST, '--verbose']);
    expect(r.exitCode).toBe(1);
    const attempts = lines(r.stderr).filter((l) => l.startsWith('[pmt] GET '));
    expect(attempts).toHaveLength(4);
    expect(attempts.slice(1).every((l, i) => l.endsWith(`(attempt ${i + 2})`))).toBe(true);
    expect(lines(r.stderr).filter((l) => l.startsWith('error:'))).toHaveLength(1);
  });
});

describe('transient faults are retried away', () => {
  const passing: Array<[string, Fault, number]> = [
    ['503 ×2', { kind: 'status', status: 503 }, 2],
    ['429 ×1 (Retry-After: 0)', { kind: 'status', status: 429, headers: { 'retry-after': '0' } }, 1],
    ['reset ×3', { kind: 'reset' }, 3],
    ['stall ×1', { kind: 'stall', ms: 3000 }, 1],
    ['cut ×2', { kind: 'cut' }, 2],
  ];
  let clean: RunResult;
  beforeAll(async () => {
    // Faults the previous test left armed are cleared by beforeEach, which has not run yet.
    gamma().clearFaults();
    clean = await pmt([...LIST, '--json']);
  });
  it.each(passing)('%s → the same page as without faults', async (_n, fault, times) => {
    d.resetLogs();
    gamma().inject(fault, { path: /^\/events\/keyset$/, times });
    const r = await pmt([...LIST, '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(clean.stdout));
    expect(gamma().count(/^\/events\/keyset$/)).toBe(times + 1);
  });

  it('--all survives a fault on a middle page without losing or repeating a market', async () => {
    const clean = JSON.parse((await pmt(['markets', 'list', '--all', '--limit', '7', '--json'])).stdout) as { markets: Array<{ unified_id: string }> };
    let n = 0;
    gamma().inject({ kind: 'reset' }, { path: { test: (p: string) => p === '/events/keyset' && ++n === 3 } as RegExp });
    gamma().inject({ kind: 'status', status: 502 }, { path: { test: (p: string) => p === '/events/keyset' && n === 5 } as RegExp });
    const r = await pmt(['markets', 'list', '--all', '--limit', '7', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const got = (JSON.parse(r.stdout) as typeof clean).markets.map((m) => m.unified_id);
    expect(got).toEqual(clean.markets.map((m) => m.unified_id));
    expect(new Set(got).size).toBe(got.length);
  });

  it('--all failing half-way fails the whole run: no partial JSON on stdout', async () => {
    let n = 0;
    gamma().inject({ kind: 'status', status: 503 }, { path: { test: (p: string) => p === '/events/keyset' && ++n >= 3 } as RegExp, times: 100 });
    const r = await pmt(['markets', 'list', '--all', '--limit', '7', '--json']);
    expectCleanFailure(r, 1, { json: true, kind: 'Api' });
  });
});

describe('unexpected upstream shapes never crash', () => {
  const bodies: Array<[string, unknown, number]> = [
    ['events is a string', { events: 'nope' }, 1],
    ['events is null', { events: null }, 1],
    ['the body is an array', [1, 2, 3], 1],
    ['the body is a number', 42, 1],
    ['the body is null', null, 1],
    ['events of the wrong types', { events: [1, 'x', null, [], { slug: 5, markets: 'no' }, { slug: 'e', markets: [null, 7, { slug: {} }] }] }, 0],
    ['markets with every field the wrong type', {
      events: [{ slug: 'ev', markets: [{ slug: 'm1', question: 12, outcomes: '{"a":1}', outcomePrices: 'NaN', clobTokenIds: [{}], volumeNum: 'lots', bestBid: '1e999', bestAsk: -3, endDate: 'yesterday', negRisk: 'maybe', orderPriceMinTickSize: [] }] }],
    }, 0],
    ['next_cursor of the wrong type', { events: [], next_cursor: { x: 1 } }, 0],
  ];
  it.each(bodies)('%s → exit $2, no stack', async (_n, body, exit) => {
    gamma().inject({ kind: 'status', status: 200, body: JSON.stringify(body) }, { path: /^\/events\/keyset$/, times: 100 });
    const r = await pmt([...LIST, '--json']);
    expect(r.exitCode, r.stderr).toBe(exit);
    expect(r.stderr).not.toMatch(STACK_RE);
    if (exit === 0) expect(() => JSON.parse(r.stdout)).not.toThrow();
    else expectCleanFailure(r, exit, { json: true, kind: 'Api' });
  });
});

describe('hostile text from upstream never reaches the terminal raw', () => {
  const evil = 'Will X win?\u001b[2J\u001b[H\u001b]0;owned\u0007\u001b[31m red\r\nfake row\u202etxt.exe\u0000\u009b1m';
  const body = { events: [{ slug: 'evil-event', title: evil, markets: [{ slug: 'evil-market', question: evil, outcomes: '["Yes","No"]', outcomePrices: '["0.5","0.5"]', active: true, closed: false }] }] };

  it.each([
    ['a terminal table', { PMT_FORCE_TTY: '140', NO_COLOR: '1' }],
    ['piped rows', {}],
  ])('%s shows the title without escape sequences or control characters', async (_n, extra) => {
    gamma().inject({ kind: 'status', status: 200, body: JSON.stringify(body) }, { path: /^\/events\/keyset$/ });
    const r = await pmt(LIST, extra);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('Will X win?');
    // eslint-disable-next-line no-control-regex
    expect(r.stdout.replace(/\n/g, '').replace(/\t/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(lines(r.stdout).some((l) => l.startsWith('fake row'))).toBe(false);
  });

  it('--json keeps the exact upstream text, safely escaped', async () => {
    gamma().inject({ kind: 'status', status: 200, body: JSON.stringify(body) }, { path: /^\/events\/keyset$/ });
    const r = await pmt([...LIST, '--json']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    expect((JSON.parse(r.stdout) as { markets: Array<{ title: string }> }).markets[0]!.title).toBe(evil);
  });
});
