/**
 * Property-based fuzzing of every command's flags and ids: for input pmt must reject locally,
 * every run exits 2 with exactly one line on stderr (the error object with --json), nothing on
 * stdout, no stack trace, no control character, and the doubles receive no request at all. Inputs
 * come from fast-check generators (test/fuzz/arbitraries.ts). The cases run pmt's entry in process
 * (a process adds nothing to a refusal before any request); one sampled case of every command also
 * runs through the built binary and must answer byte for byte the same. The pure validators get
 * thousands in validators.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runPmt, tempConfigDir, type RunResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { POLY_BOOK_TOKENS as P } from '../upstream/polymarket/book-routes.js';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import { expectCleanFailure, STACK_RE } from '../reliability/harness.js';
import { fuzzSeed } from '../setup/seed.js';
import { badCursor, badId, badInteger, badOutcome, badPrice, badSize, notOneOf, numberLike } from './arbitraries.js';

/** Cases per command through the binary. */
const PER_COMMAND = Number(process.env.PMT_FUZZ_CLI_RUNS) || 12;
const PARALLEL = 6;

let d: Doubles;
let env: Record<string, string>;
beforeAll(async () => {
  d = await startDoubles({ polymarket: { events: 10 } });
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  // Credentials present, so nothing fails for lack of them: only the input is wrong.
  env = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY: key.privatePem };
});
afterAll(() => d?.close());

const requests = () => d.all.reduce((n, x) => n + x.requests.length, 0);

interface Spec {
  name: string;
  arb: fc.Arbitrary<string>;
  argv: (bad: string) => string[];
}

/** Run `n` sampled bad inputs (plus --json on every other one), checking each run and the doubles. */
async function fuzz(spec: Spec, n = PER_COMMAND): Promise<number> {
  const seed = fuzzSeed();
  const samples = fc.sample(spec.arb, { numRuns: n, seed });
  d.resetLogs();
  let checked = 0;
  for (let i = 0; i < samples.length; i += PARALLEL) {
    const batch = samples.slice(i, i + PARALLEL);
    const results = await Promise.all(
      batch.map(async (bad, j) => {
        const json = (i + j) % 2 === 1;
        const argv = [...spec.argv(bad), ...(json ? ['--json'] : [])];
        return { bad, argv, json, r: await runInProcess(argv, { env }) };
      }),
    );
    for (const { bad, argv, json, r } of results) {
      const where = `${spec.name} with ${JSON.stringify(bad)} (seed ${seed}): argv ${JSON.stringify(argv)}\n${r.stderr}`;
      try {
        expectCleanFailure(r as RunResult, 2, { json });
      } catch (e) {
        throw new Error(`${where}\n${(e as Error).message}`);
      }
      checked++;
    }
    expect(requests(), `${spec.name}: a request reached a double (seed ${seed})`).toBe(0);
  }
  return checked;
}

const SPECS: Spec[] = [
  // markets list
  { name: 'markets list --limit', arb: badInteger(0, 1_000_000), argv: (v) => ['markets', 'list', `--limit=${v}`] },
  { name: 'markets list --status', arb: notOneOf(['active', 'closed', 'resolved', 'all']), argv: (v) => ['markets', 'list', `--status=${v}`] },
  { name: 'markets list --cursor', arb: badCursor, argv: (v) => ['markets', 'list', `--cursor=${v}`] },
  { name: 'markets list --cursor (polymarket)', arb: badCursor, argv: (v) => ['--exchange', 'polymarket', 'markets', 'list', `--cursor=${v}`] },
  { name: 'markets list --event', arb: badId, argv: (v) => ['markets', 'list', `--event=${v}`] },
  { name: 'markets list --series', arb: badId, argv: (v) => ['markets', 'list', `--series=${v}`] },
  // Spaces next to a comma separate tickers, so a comma-free bad id reaches the id check whole.
  { name: 'markets list --ticker', arb: badId.filter((s) => !s.includes(',')), argv: (v) => ['markets', 'list', `--ticker=${v}`] },
  { name: 'markets list --ticker (listed)', arb: badId.filter((s) => !s.includes(',')), argv: (v) => ['markets', 'list', '--ticker=KXA, B', `--ticker=${v}`] },
  { name: '--exchange', arb: notOneOf(['kalshi', 'polymarket']), argv: (v) => [`--exchange=${v}`, 'markets', 'list'] },
  // markets lineage
  { name: 'markets lineage <market>', arb: badId, argv: (v) => ['markets', 'lineage', '--', v] },
  { name: 'markets lineage kalshi:<ticker>', arb: badId.filter((s) => s !== ''), argv: (v) => ['markets', 'lineage', `kalshi:${v}`] },
  // book
  { name: 'book show <asset>', arb: badId, argv: (v) => ['book', 'show', '--', v] },
  { name: 'book show --depth', arb: badInteger(1, 100_000), argv: (v) => ['book', 'show', K.normal, `--depth=${v}`] },
  { name: 'book show --outcome', arb: badOutcome, argv: (v) => ['book', 'show', 'polymarket:some-market', `--outcome=${v}`] },
  { name: 'book stats <asset>', arb: badId, argv: (v) => ['book', 'stats', '--', v] },
  { name: 'book impact --size', arb: badSize, argv: (v) => ['book', 'impact', K.normal, `--size=${v}`] },
  { name: 'book impact <asset>', arb: badId, argv: (v) => ['book', 'impact', '--size', '5', '--', v] },
  // order create: every flag, each checked before the asset's rules are read
  { name: 'order create --price', arb: badPrice, argv: (v) => ['order', 'create', '--asset', K.normal, '--side', 'buy', `--price=${v}`, '--size', '1', '--yes'] },
  { name: 'order create --size', arb: badSize, argv: (v) => ['order', 'create', '--asset', K.normal, '--side', 'buy', '--price', '0.5', `--size=${v}`, '--yes'] },
  { name: 'order create --asset', arb: badId, argv: (v) => ['order', 'create', `--asset=${v}`, '--side', 'buy', '--price', '0.5', '--size', '1', '--yes'] },
  { name: 'order create --outcome', arb: badOutcome, argv: (v) => ['order', 'create', '--asset', K.normal, `--outcome=${v}`, '--side', 'buy', '--price', '0.5', '--size', '1', '--yes'] },
  { name: 'order create --side', arb: notOneOf(['buy', 'sell']), argv: (v) => ['order', 'create', '--asset', K.normal, `--side=${v}`, '--price', '0.5', '--size', '1', '--yes'] },
  { name: 'order create --type', arb: notOneOf(['gtc', 'ioc', 'fok']), argv: (v) => ['order', 'create', '--asset', K.normal, '--side', 'buy', `--type=${v}`, '--price', '0.5', '--size', '1', '--yes'] },
  { name: 'order get <order_id>', arb: fc.oneof(badId, fc.uuid().map((u) => u.slice(0, -1)), fc.stringMatching(/^0x[0-9a-f]{60,63}$/), fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/)), argv: (v) => ['order', 'get', '--', v] },
  { name: 'order list --asset', arb: badId, argv: (v) => ['order', 'list', `--asset=${v}`] },
  { name: 'order cancel-all --asset', arb: badId, argv: (v) => ['order', 'cancel-all', `--asset=${v}`, '--yes'] },
  // profile and serve
  { name: 'profile add <name>', arb: fc.oneof(badId, fc.stringMatching(/^[._-][A-Za-z0-9]{0,5}$/), fc.string({ minLength: 65, maxLength: 80 }).map((x) => x.replace(/[^A-Za-z]/g, 'a'))), argv: (v) => ['profile', 'add', '--kalshi-api-key-id', 'k', '--', v] },
  { name: 'profile add --polymarket-funder', arb: fc.oneof(badId, fc.stringMatching(/^0x[0-9a-f]{1,39}$/), fc.stringMatching(/^[0-9a-f]{40}$/)), argv: (v) => ['profile', 'add', 'p1', `--polymarket-funder=${v}`] },
  { name: 'serve --port', arb: badInteger(0, 65535), argv: (v) => ['serve', `--port=${v}`] },
  { name: 'serve --token', arb: fc.oneof(badOutcome, fc.constantFrom('a b', 'tok\u00e9n', 'x\u202ey')).filter((t) => t !== '' && !/^[\x21-\x7e]+$/.test(t)), argv: (v) => ['serve', '--port', '0', `--token=${v}`] },
  // other commands
  { name: 'completion <shell>', arb: notOneOf(['bash', 'zsh', 'fish']), argv: (v) => ['completion', '--', v] },
  { name: 'profile add --polymarket-signature-type', arb: notOneOf(['eoa', 'proxy', 'gnosis-safe']), argv: (v) => ['profile', 'add', 'x', `--polymarket-signature-type=${v}`] },
  { name: 'unknown flags', arb: fc.stringMatching(/^[a-z][a-z-]{0,15}$/).filter((s) => !['json', 'ndjson', 'exchange', 'profile', 'no-color', 'verbose', 'help', 'version', 'status', 'limit', 'cursor', 'event', 'series', 'ticker', 'all', 'color'].includes(s)), argv: (v) => ['markets', 'list', `--${v}`] },
];

describe('locally invalid input: exit 2, one stderr line, no stack, no request', () => {
  it.each(SPECS.map((s) => [s.name, s] as const))('%s', { timeout: 240_000 }, async (_n, spec) => {
    expect(await fuzz(spec)).toBe(PER_COMMAND);
  });

  it('the built binary answers each command\'s sampled refusal byte for byte as in process', { timeout: 240_000 }, async () => {
    const seed = fuzzSeed();
    const cases = SPECS.map((spec, i) => [...spec.argv(fc.sample(spec.arb, { numRuns: 1, seed })[0]!), ...(i % 2 ? ['--json'] : [])]);
    for (let i = 0; i < cases.length; i += PARALLEL) {
      const batch = cases.slice(i, i + PARALLEL);
      const bin = await Promise.all(batch.map((argv) => runPmt(argv, { env })));
      for (const [j, argv] of batch.entries()) expect(await runInProcess(argv, { env }), `${JSON.stringify(argv)} (seed ${seed})`).toEqual(bin[j]);
    }
  });
});

describe('a malformed secret given on stdin is refused without being echoed', () => {
  it('profile add --polymarket-private-key-stdin / --kalshi-private-key-stdin', { timeout: 240_000 }, async () => {
    const keys = fc.sample(
      fc.oneof(
        fc.stringMatching(/^0x[0-9a-f]{20,63}$/),
        fc.stringMatching(/^[0-9a-f]{65,80}$/),
        fc.stringMatching(/^0x[0-9a-f]{30}[g-z][0-9a-f]{33}$/),
        fc.constant('0x' + 'f'.repeat(64)), // above the curve order
      ),
      { numRuns: PER_COMMAND, seed: fuzzSeed() },
    );
    d.resetLogs();
    for (let i = 0; i < keys.length; i += PARALLEL) {
      const batch = keys.slice(i, i + PARALLEL);
      const runs = await Promise.all(batch.map((k) => runPmt(['profile', 'add', 'p2', '--polymarket-private-key-stdin'], { env, input: k })));
      runs.forEach((r, j) => {
        const k = batch[j]!;
        // One error line: never the value.
        expect(r.exitCode, r.stderr).toBe(2);
        expect(r.stderr).not.toContain(k.replace(/^0x/, '').slice(0, 16));
        expect(r.stderr).not.toMatch(STACK_RE);
      });
    }
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END PRIVATE KEY-----';
    const r = await runPmt(['profile', 'add', 'p3', '--kalshi-api-key-id', 'k', '--kalshi-private-key-stdin'], { env, input: pem });
    expect([2, 9]).toContain(r.exitCode);
    expect(r.stderr).not.toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj');
    expect(requests()).toBe(0);
  });
});

describe('a secret flag is refused with one error line that never quotes it', () => {
  it('the Kalshi PEM as a flag value', async () => {
    const r = await runPmt(['profile', 'add', 'p4', '--kalshi-api-key-id', 'k', '--kalshi-private-key-path', '/tmp/x.pem', '--kalshi-private-key', 'not-a-key-at-all'], { env });
    expect(r.exitCode).toBe(2);
    const [error, ...rest] = r.stderr.split('\n').filter(Boolean);
    expect(error).toMatch(/^error: --kalshi-private-key is refused/);
    expect(rest).toEqual([]);
    expect(r.stderr).not.toContain('not-a-key-at-all');
  });
});

describe('combinations that are invalid only together', () => {
  const combos: Array<[string, string[]]> = [
    ['an empty --ticker', ['markets', 'list', '--ticker=']],
    ['a --ticker of separators only', ['markets', 'list', '--ticker', ' , ']],
    ['--all with --cursor', ['markets', 'list', '--all', '--cursor', 'pmt1.x']],
    ['--all with --limit 0', ['markets', 'list', '--all', '--limit', '0']],
    ['a ticker on the other exchange', ['--exchange', 'polymarket', 'markets', 'list', '--ticker', 'kalshi:KXA-1']],
    ['a unified id against --exchange', ['--exchange', 'kalshi', 'markets', 'lineage', 'polymarket:some-slug']],
    ['a token id with --outcome', ['book', 'show', P.normal, '--outcome', 'yes']],
    ['a token id with --exchange kalshi', ['--exchange', 'kalshi', 'book', 'show', P.normal]],
    ['an id whose exchange cannot be told', ['markets', 'lineage', 'Mixed_Case.id']],
    ['a missing argument', ['book', 'show']],
    ['too many arguments', ['markets', 'lineage', 'kalshi:A', 'kalshi:B']],
    ['a missing required flag', ['book', 'impact', K.normal]],
    ['a flag without its value', ['markets', 'list', '--limit']],
    ['an unknown command', ['markets', 'frobnicate']],
    ['an order without --yes off a terminal', ['order', 'create', '--asset', K.normal, '--side', 'buy', '--price', '0.5', '--size', '1']],
    ['an order missing --price off a terminal', ['order', 'create', '--asset', K.normal, '--side', 'buy', '--size', '1', '--yes']],
    ['cancel-all without --yes off a terminal', ['order', 'cancel-all']],

  ];
  it.each(combos)('%s', async (_n, argv) => {
    d.resetLogs();
    for (const json of [false, true]) {
      // Off a terminal is a fact of the process: those through the binary, the rest in process.
      const run = /off a terminal/.test(_n) ? runPmt : runInProcess;
      const r = await run([...argv, ...(json ? ['--json'] : [])], { env });
      expectCleanFailure(r, 2, { json });
    }
    expect(requests()).toBe(0);
  });
});

describe('the generators only make invalid input', () => {
  it('sampled values are rejected by the validators they target', async () => {
    const { parsePrice, parseSize, parseInteger, parseId } = await import('../../src/validate.js');
    const rejects = (f: () => unknown) => {
      try {
        f();
        return false;
      } catch {
        return true;
      }
    };
    for (const v of fc.sample(badPrice, 300)) expect(rejects(() => parsePrice('--price', v)), JSON.stringify(v)).toBe(true);
    for (const v of fc.sample(badSize, 300)) expect(rejects(() => parseSize('--size', v)), JSON.stringify(v)).toBe(true);
    for (const v of fc.sample(badInteger(0, 1000), 300)) expect(rejects(() => parseInteger('--limit', v, 0, 1000)), JSON.stringify(v)).toBe(true);
    for (const v of fc.sample(badId, 300)) expect(rejects(() => parseId('id', v)), JSON.stringify(v)).toBe(true);
    expect(fc.sample(numberLike, 50).length).toBe(50);
  });
});
