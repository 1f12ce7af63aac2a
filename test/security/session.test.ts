/**
 * A full session with real key material — a Kalshi RSA key (PEM in the environment, in a file, in
 * a profile), a Polymarket private key and CLOB API secret/passphrase: every command, with and
 * without --verbose and --json, success and error paths (upstream faults, refused keys, clock
 * skew, a broken key, bad input) and injected crashes. The --verbose run of each command and the
 * crashes go through the built binary, the other three in process (test/helpers/in-process.ts,
 * fresh modules each run, so no secret is known to a run that did not read it). All of stdout
 * and stderr is searched for the key material in every form; nothing may be found.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { ProfileStore } from '../../src/profiles.js';
import { runPmt, tempConfigDir, type RunResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { makeKalshiKey, type KalshiKeyPair } from '../upstream/kalshi/auth.js';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import { POLY_BOOK_TOKENS as P } from '../upstream/polymarket/book-routes.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { expectCleanFailure, lines, STACK_RE } from '../reliability/harness.js';
import { findLeaks, hexKeyForms, pemForms, textSecretForms, type Needle } from './secrets.js';

interface Run extends RunResult {
  label: string;
}

let d: Doubles;
let kalshi: KalshiKeyPair;
let keyPath: string;
let polyKey: string;
let api: { apiKey: string; secret: string; passphrase: string };
/** A key that is not a key, but still the user's secret text. */
let brokenPem: string;
let needles: Needle[];
const runs: Run[] = [];

beforeAll(async () => {
  d = await startDoubles({ kalshi: { markets: 60 }, polymarket: { events: 20 } });
  kalshi = makeKalshiKey('5ec0e7aa-0000-4000-8000-00000000beef');
  d.kalshi.auth.register(kalshi.keyId, kalshi.publicKey);
  keyPath = join(mkdtempSync(join(tmpdir(), 'pmt-sec-')), 'kalshi.pem');
  writeFileSync(keyPath, kalshi.privatePem, { mode: 0o600 });
  polyKey = '0x' + randomBytes(32).toString('hex');
  api = d.polymarket.trading.issueKey(privateKeyToAccount(polyKey as `0x${string}`).address);
  const other = makeKalshiKey('ffffffff-0000-4000-8000-00000000dead').privatePem;
  brokenPem = other.replace(/(\n[A-Za-z0-9+/]{10})[A-Za-z0-9+/]{8}/, '$1!!!!!!!!');
  needles = [
    ...pemForms('Kalshi PEM', kalshi.privatePem),
    ...pemForms('broken PEM', brokenPem),
    ...hexKeyForms('Polymarket private key', polyKey),
    ...textSecretForms('CLOB API secret', api.secret),
    ...textSecretForms('CLOB API passphrase', api.passphrase),
  ];
});
afterAll(() => d?.close());

const POLY_ENV = () => ({ POLYMARKET_PRIVATE_KEY: polyKey, POLYMARKET_API_KEY: api.apiKey, POLYMARKET_API_SECRET: api.secret, POLYMARKET_API_PASSPHRASE: api.passphrase });
const base = () => ({ ...d.env, PMT_CONFIG_DIR: tempConfigDir(), PMT_HTTP_TIMEOUT_MS: '400', PMT_RETRY_BASE_MS: '2' });
const envText = () => ({ ...base(), KALSHI_API_KEY_ID: kalshi.keyId, KALSHI_PRIVATE_KEY: kalshi.privatePem, ...POLY_ENV() });
const envPath = () => ({ ...base(), KALSHI_API_KEY_ID: kalshi.keyId, KALSHI_PRIVATE_KEY_PATH: keyPath, ...POLY_ENV() });

async function pmt(label: string, args: string[], env: Record<string, string>, run = runPmt): Promise<Run> {
  const r = { label, ...(await run(args, { env })) };
  runs.push(r);
  return r;
}

/** The same command plain, with --verbose (the binary), with --json, and with both (side by side). */
function every(label: string, args: string[], env: Record<string, string>): Promise<Run[]> {
  return Promise.all(
    [[], ['--verbose'], ['--json'], ['--json', '--verbose']].map((extra) =>
      pmt(`${label} ${extra.join(' ')}`, [...args, ...extra], env, extra.join(' ') === '--verbose' ? runPmt : runInProcess),
    ),
  );
}
const LONG = 240_000;

describe('the scanner', () => {
  it('finds each form of each secret when it is there', () => {
    const pemLine = kalshi.privatePem.split('\n')[3]!;
    for (const planted of [pemLine, polyKey.slice(2).toUpperCase(), polyKey.slice(10, 30), api.secret.slice(5, 25), `x${api.passphrase}y`, JSON.stringify(kalshi.privatePem)]) {
      expect(findLeaks(`error: something ${planted} happened`, needles).length, planted).toBeGreaterThan(0);
    }
    expect(findLeaks('error: Kalshi refused the credentials [Authentication]', needles)).toEqual([]);
  });
});

describe('a trading session leaks nothing', () => {
  it('market data and books with credentials from the environment (PEM text and PEM file)', { timeout: LONG }, async () => {
    for (const [name, env] of [['PEM text', envText()], ['PEM file', envPath()]] as const) {
      for (const r of await every(`book show kalshi (${name})`, ['book', 'show', K.normal], env)) expect(r.exitCode, r.stderr).toBe(0);
    }
    for (const r of await every('book stats kalshi', ['book', 'stats', `kalshi:${K.normal}`], envText())) expect(r.exitCode, r.stderr).toBe(0);
    for (const r of await every('book impact kalshi', ['book', 'impact', K.normal, '--size', '50'], envPath())) expect(r.exitCode, r.stderr).toBe(0);
    for (const r of await every('book show polymarket', ['book', 'show', P.normal], envText())) expect(r.exitCode, r.stderr).toBe(0);
    for (const r of await every('markets list polymarket', ['--exchange', 'polymarket', 'markets', 'list', '--limit', '3'], envText())) expect(r.exitCode, r.stderr).toBe(0);
    for (const r of await every('markets list kalshi', ['--exchange', 'kalshi', 'markets', 'list', '--limit', '3'], envPath())) expect(r.exitCode, r.stderr).toBe(0);
    for (const r of await every('markets list both', ['markets', 'list', '--limit', '2'], envText())) expect(r.exitCode, r.stderr).toBe(0);
    // --verbose printed the signed requests: one line each, no header values.
    const verbose = runs.find((r) => r.label.startsWith('book show kalshi (PEM text) --verbose'))!;
    expect(lines(verbose.stderr).some((l) => /^\[pmt\] GET .*\/markets\/KXBOOK-26DEC31-NORMAL\/orderbook 200/.test(l))).toBe(true);
  });

  it('credentials from a stored profile', { timeout: LONG }, async () => {
    const env = { ...base() };
    await new ProfileStore(env).put('trader', {
      kalshi: { api_key_id: kalshi.keyId, private_key: kalshi.privatePem },
      polymarket: { private_key: polyKey, api_key: api.apiKey, api_secret: api.secret, api_passphrase: api.passphrase },
    });
    for (const r of await every('book show kalshi (profile)', ['book', 'show', K.normal], env)) expect(r.exitCode, r.stderr).toBe(0);
    for (const r of await every('book show kalshi (--profile)', ['--profile', 'trader', 'book', 'show', K.normal], env)) expect(r.exitCode, r.stderr).toBe(0);
  });

  it('error paths: upstream faults, unknown market, refused, revoked and mismatched keys, clock skew', { timeout: LONG }, async () => {
    const env = envText();
    const book = /^\/markets\/[^/]+\/orderbook$/;
    const cases: Array<[string, () => void, number]> = [
      ['503 persists', () => d.kalshi.double.inject({ kind: 'status', status: 503 }, { path: book, times: 100 }), 1],
      ['resets persist', () => d.kalshi.double.inject({ kind: 'reset' }, { path: book, times: 100 }), 8],
      ['stall past the timeout', () => d.kalshi.double.inject({ kind: 'stall', ms: 2000 }, { path: book, times: 100 }), 8],
      ['HTML block page', () => d.kalshi.double.inject({ kind: 'html', status: 403 }, { path: book, times: 100 }), 1],
      ['an error echoing the request headers', () => d.kalshi.double.inject({ kind: 'status', status: 400, body: JSON.stringify({ error: { code: 'bad', message: `bad request; you sent ${kalshi.privatePem} and ${polyKey} and ${api.secret}` } }) }, { path: book, times: 100 }), 1],
      ['revoked key', () => d.kalshi.auth.revoked.add(kalshi.keyId), 3],
      ['clock skew', () => (d.kalshi.auth.clockOffsetMs = 90_000), 3],
    ];
    for (const [name, arrange, exit] of cases) {
      arrange();
      try {
        for (const r of await every(`error: ${name}`, ['book', 'show', K.normal], env)) expect(r.exitCode, `${name}: ${r.stderr}`).toBe(exit);
      } finally {
        d.kalshi.double.clearFaults();
        d.kalshi.auth.revoked.clear();
        d.kalshi.auth.clockOffsetMs = 0;
      }
    }
    const impostor = makeKalshiKey(kalshi.keyId).privatePem;
    needles.push(...pemForms('impostor PEM', impostor));
    for (const r of await every('wrong private key', ['book', 'show', K.normal], { ...env, KALSHI_PRIVATE_KEY: impostor })) expect(r.exitCode).toBe(3);
    for (const r of await every('broken PEM', ['book', 'show', K.normal], { ...env, KALSHI_PRIVATE_KEY: brokenPem })) expect(r.exitCode).toBe(9);
    for (const r of await every('unknown market', ['book', 'show', 'KXNOPE-00JAN01-X'], env)) expect([1, 5]).toContain(r.exitCode);
    for (const r of await every('bad input', ['book', 'show', 'KX\u0007NOPE'], env)) expect(r.exitCode).toBe(2);
    for (const r of await every('unknown profile', ['--profile', 'nobody', 'book', 'show', K.normal], env)) expect(r.exitCode).toBe(9);
  });

  it('crashes and unhandled rejections print one scrubbed line (stack only with --verbose)', { timeout: LONG }, async () => {
    const hook = (code: string) => `--import=data:text/javascript,${encodeURIComponent(code)}`;
    // Late crashes fire while the command waits on a slow upstream, long after start-up.
    const late = (body: string) => `setTimeout(() => { ${body} }, 700);`;
    const crashes: Array<[string, string, Record<string, string>]> = [
      ['uncaught exception quoting env secrets', late(`throw new Error('boom ' + process.env.KALSHI_PRIVATE_KEY + ' ' + process.env.POLYMARKET_PRIVATE_KEY);`), { KALSHI_PRIVATE_KEY_PATH: '' }],
      ['unhandled rejection quoting the API secret', late(`Promise.reject(new TypeError('bad ' + process.env.POLYMARKET_API_SECRET + process.env.POLYMARKET_API_PASSPHRASE));`), { KALSHI_PRIVATE_KEY_PATH: '' }],
      ['a crash quoting the PEM file', `import { readFileSync } from 'node:fs'; ${late(`throw new Error(readFileSync(process.env.KALSHI_PRIVATE_KEY_PATH, 'utf8'));`)}`, { KALSHI_PRIVATE_KEY: '' }],
      // Right after bin/pmt installs its handlers, while the CLI bundle is still loading.
      ['a crash while the CLI loads', `process.on('newListener', (ev) => { if (ev === 'unhandledRejection') setImmediate(() => { throw new Error('early ' + process.env.KALSHI_PRIVATE_KEY); }); });`, { KALSHI_PRIVATE_KEY_PATH: '' }],
    ];
    d.kalshi.double.inject({ kind: 'delay', ms: 3000 }, { times: 1000 });
    try {
      for (const [name, code, extra] of crashes) {
        const env = { ...envText(), KALSHI_PRIVATE_KEY_PATH: keyPath, PMT_HTTP_TIMEOUT_MS: '6000', NODE_OPTIONS: hook(code), ...extra };
        const [plain, json, verbose] = await Promise.all([
          pmt(`crash: ${name}`, ['book', 'show', K.normal], env),
          pmt(`crash: ${name} --json`, ['book', 'show', K.normal, '--json'], env),
          pmt(`crash: ${name} --verbose`, ['book', 'show', K.normal, '--verbose'], env),
        ]);
        expect(plain.stderr).toMatch(/^error: .*\[Api\]\n$/);
        expectCleanFailure(plain, 1);
        expectCleanFailure(json, 1, { json: true, kind: 'Api' });
        expect(verbose.exitCode).toBe(1);
        expect(lines(verbose.stderr).filter((l) => l.startsWith('error:'))).toHaveLength(1);
      }
    } finally {
      d.kalshi.double.clearFaults();
    }
  });

  it('nothing printed, anywhere, contains the key material', () => {
    expect(runs.length).toBeGreaterThanOrEqual(90);
    const leaks = runs.flatMap((r) => findLeaks(r.stdout + '\n' + r.stderr, needles).map((n) => `${r.label}: ${n.what}`));
    expect([...new Set(leaks)]).toEqual([]);
    if (process.env.PMT_SHOW_SESSION) for (const r of runs) console.log(`--- ${r.label} (exit ${r.exitCode})\n${r.stderr}`);
    // Without --verbose every failure is one line and no stack.
    for (const r of runs.filter((x) => x.exitCode !== 0 && !x.label.includes('--verbose'))) {
      expect(lines(r.stderr), r.label).toHaveLength(1);
      expect(r.stderr, r.label).not.toMatch(STACK_RE);
    }
  });
});
