/**
 * A full trading session with real key material on both exchanges: profile add (keys by flag:
 * warned), show, list, use; order create on Kalshi and Polymarket (plain, --dry-run, --json,
 * --verbose; refusals, insufficient funds, a lost answer that pmt resolves by looking the order
 * up), list, get, cancel-all; and `pmt serve` answering the same operations over HTTP, its log
 * captured. The --verbose run of each command goes through the built binary, the others in
 * process (test/helpers/in-process.ts, fresh modules each run, so no secret is known to a run
 * that did not read it). All output and every HTTP answer is searched for the key material in
 * every form; the profile store must be 0600 in a 0700 directory.
 */
import { randomBytes } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { runPmt, tempConfigDir, type RunResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey, type KalshiKeyPair } from '../upstream/kalshi/auth.js';
import { catalogMarket, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import { startServe } from '../serve/process.js';
import { lines, STACK_RE } from '../reliability/harness.js';
import { findLeaks, hexKeyForms, pemForms, textSecretForms, type Needle } from './secrets.js';

const K = 'KXSEC-26DEC31-A';
const TOKEN = 'serve-token-' + randomBytes(12).toString('hex');
const LONG = 300_000;

let d: Doubles;
let kalshi: KalshiKeyPair;
let polyKey: string;
let api: { apiKey: string; secret: string; passphrase: string };
let m: CatalogPick;
let dir: string;
let pemPath: string;
let needles: Needle[];
const outputs: Array<{ label: string; text: string; exit?: number; verbose: boolean }> = [];

beforeAll(async () => {
  d = await startDoubles({ kalshi: { markets: 40 } });
  kalshi = makeKalshiKey('5ec0e7aa-0000-4000-8000-0000000000aa');
  d.kalshi.auth.register(kalshi.keyId, kalshi.publicKey);
  d.kalshi.orders.addMarket({ ticker: K });
  d.kalshi.books.setBook(K, { yes: [[0.42, 100], [0.41, 250]], no: [[0.55, 150]] });
  polyKey = '0x' + randomBytes(32).toString('hex');
  const address = privateKeyToAccount(polyKey as `0x${string}`).address;
  api = d.polymarket.trading.issueKey(address);
  d.polymarket.trading.fund(address, 1000);
  m = catalogMarket(d, { tick: '0.01', negRisk: false });
  dir = tempConfigDir();
  pemPath = join(dir, 'kalshi.pem');
  writeFileSync(pemPath, kalshi.privatePem, { mode: 0o600 });
  needles = [
    ...pemForms('Kalshi PEM', kalshi.privatePem),
    ...hexKeyForms('Polymarket private key', polyKey),
    ...textSecretForms('CLOB API secret', api.secret),
    ...textSecretForms('CLOB API passphrase', api.passphrase),
    ...textSecretForms('serve token', TOKEN),
  ];
});
afterAll(() => d?.close());

const cfg = () => join(dir, 'store');
const base = (extra: Record<string, string> = {}) => ({ ...d.env, PMT_CONFIG_DIR: cfg(), PMT_RETRY_BASE_MS: '2', PMT_HTTP_TIMEOUT_MS: '1500', ...extra });

async function pmt(label: string, args: string[], extra: Record<string, string> = {}, run = runInProcess): Promise<RunResult> {
  const r = await run(args, { env: base(extra) });
  outputs.push({ label, text: r.stdout + '\n' + r.stderr, exit: r.exitCode, verbose: args.includes('--verbose') });
  return r;
}

/** Plain, --verbose (the binary), --json and --json --verbose, one after the other (they trade). */
async function four(label: string, args: string[], extra: Record<string, string> = {}): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (const v of [[], ['--verbose'], ['--json'], ['--json', '--verbose']]) {
    out.push(await pmt(`${label} ${v.join(' ')}`, [...args, ...v], extra, v.join(' ') === '--verbose' ? runPmt : runInProcess));
  }
  return out;
}

describe('a trading session with keys on both exchanges leaks nothing', () => {
  it('profile add with secrets from the environment (never argv): stored 0600 in 0700, shown masked', { timeout: LONG }, async () => {
    const refused = await pmt('profile add (secret as a flag)', ['profile', 'add', 'trader', '--polymarket-private-key', polyKey]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/--polymarket-private-key is refused/);
    const add = await pmt(
      'profile add',
      ['profile', 'add', 'trader', '--kalshi-api-key-id', kalshi.keyId, '--kalshi-private-key-path', pemPath, '--polymarket-api-key', api.apiKey],
      { POLYMARKET_PRIVATE_KEY: polyKey, POLYMARKET_API_SECRET: api.secret, POLYMARKET_API_PASSPHRASE: api.passphrase },
    );
    expect(add.exitCode, add.stderr).toBe(0);
    const pemAdd = await pmt('profile add (PEM from the environment)', ['profile', 'add', 'pemflag', '--kalshi-api-key-id', kalshi.keyId], { KALSHI_PRIVATE_KEY: kalshi.privatePem });
    expect(pemAdd.exitCode, pemAdd.stderr).toBe(0);
    expect(statSync(cfg()).mode & 0o777).toBe(0o700);
    expect(statSync(join(cfg(), 'profiles.json')).mode & 0o777).toBe(0o600);
    for (const args of [['profile', 'show'], ['profile', 'show', 'trader'], ['profile', 'show', 'pemflag'], ['profile', 'list'], ['profile', 'use', 'trader']]) {
      for (const r of await four(args.join(' '), args)) expect(r.exitCode, r.stderr).toBe(0);
    }
  });

  it('orders on Kalshi and Polymarket: create, dry-run, list, get, cancel-all', { timeout: LONG }, async () => {
    for (const r of await four('dry-run kalshi', ['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.40', '--size', '3', '--dry-run'])) expect(r.exitCode, r.stderr).toBe(0);
    for (const r of await four('dry-run polymarket', ['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.30', '--size', '10', '--dry-run'])) expect(r.exitCode, r.stderr).toBe(0);
    const ids: string[] = [];
    for (const r of await four('create kalshi', ['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.40', '--size', '3', '--yes'])) expect(r.exitCode, r.stderr).toBe(0);
    for (const r of await four('create polymarket', ['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.30', '--size', '10', '--yes'])) {
      expect(r.exitCode, r.stderr).toBe(0);
      const id = /0x[0-9a-f]{64}/.exec(r.stdout)?.[0];
      if (id) ids.push(id);
    }
    const list = await pmt('order list --json', ['order', 'list', '--json']);
    for (const o of JSON.parse(list.stdout) as Array<{ id: string }>) ids.push(o.id);
    for (const r of await four('order list', ['order', 'list'])) expect(r.exitCode, r.stderr).toBe(0);
    for (const id of [...new Set(ids)].slice(0, 4)) for (const r of await four(`order get ${id}`, ['order', 'get', id])) expect(r.exitCode, r.stderr).toBe(0);
    for (const r of await four('cancel-all', ['order', 'cancel-all', '--yes'])) expect(r.exitCode, r.stderr).toBe(0);
  });

  it('error paths: refusals, insufficient funds, lost answers, broken and mismatched keys', { timeout: LONG }, async () => {
    const expectExit = async (label: string, args: string[], exits: number[], extra: Record<string, string> = {}) => {
      for (const r of await four(label, args, extra)) expect(exits, `${label}: ${r.stderr}`).toContain(r.exitCode);
    };
    await expectExit('off-grid price', ['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.405', '--size', '3', '--yes'], [2]);
    await expectExit('insufficient funds kalshi', ['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.40', '--size', '9000000', '--yes'], [4]);
    await expectExit('insufficient funds polymarket', ['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.50', '--size', '100000', '--yes'], [4]);
    await expectExit('order not found', ['order', 'get', '0b3c2a1e-0000-4000-8000-000000000001'], [6]);
    // Lost answers: the order landed, pmt finds it by client_order_id / hash (exit 0, one order each).
    d.kalshi.double.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: /^\/portfolio\/events\/orders$/, times: 4 });
    await expectExit('lost answer kalshi', ['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.35', '--size', '2', '--yes'], [0]);
    d.polymarket.clobDouble.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: /^\/order$/, times: 4 });
    await expectExit('lost answer polymarket', ['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.25', '--size', '10', '--yes'], [0]);
    // Upstream errors that echo what they were sent.
    const echo = JSON.stringify({ error: `bad request: ${kalshi.privatePem} ${polyKey} ${api.secret} ${api.passphrase}` });
    d.kalshi.double.inject({ kind: 'status', status: 400, body: echo }, { method: 'POST', times: 4 });
    await expectExit('kalshi error echoing secrets', ['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.35', '--size', '2', '--yes'], [1]);
    d.polymarket.clobDouble.inject({ kind: 'status', status: 400, body: echo }, { method: 'POST', path: /^\/order$/, times: 4 });
    await expectExit('polymarket error echoing secrets', ['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.25', '--size', '10', '--yes'], [1]);
    d.kalshi.double.clearFaults();
    d.polymarket.clobDouble.clearFaults();
    // Broken and mismatched keys from the environment (they win over the profile).
    const impostor = makeKalshiKey(kalshi.keyId).privatePem;
    const badHex = '0x' + randomBytes(31).toString('hex') + 'zz';
    needles.push(...pemForms('impostor PEM', impostor), ...textSecretForms('bad Polymarket key', badHex));
    await expectExit('mismatched Kalshi key', ['order', 'list', '--exchange', 'kalshi'], [3], { KALSHI_PRIVATE_KEY: impostor, KALSHI_API_KEY_ID: kalshi.keyId });
    await expectExit('malformed Polymarket key', ['order', 'list', '--exchange', 'polymarket'], [9], { POLYMARKET_PRIVATE_KEY: badHex });
    await expectExit('revoked CLOB key', ['order', 'list', '--exchange', 'polymarket'], [3], { POLYMARKET_API_KEY: '00000000-0000-4000-8000-000000000000' });
    await expectExit('bad flag value with secrets in env', ['order', 'create', '--asset', K, '--side', 'buy', '--price', 'NaN', '--size', '3', '--yes'], [2]);
    await pmt('cancel-all after errors', ['order', 'cancel-all', '--yes']);
  });

  it('pmt serve: the same operations over HTTP; its log and answers hold no secret', { timeout: LONG }, async () => {
    const s = await startServe([], { PMT_SERVE_TOKEN: TOKEN, ...base(), PMT_PROFILE: 'trader' });
    const answers: string[] = [];
    const call = async (path: string, body?: unknown, token: string | null = TOKEN) => {
      const r = await s.call(path, { body, token });
      answers.push(`${path} ${r.status} ${r.text}`);
      return r;
    };
    try {
      expect((await call('/v1/markets/fetch_markets?exchange=kalshi&limit=2')).status).toBe(200);
      expect((await call('/v1/orders/create_order', { asset_id: K, side: 'buy', price: 0.3, size: 2 })).status).toBe(200);
      expect((await call('/v1/orders/create_order', { asset_id: m.yes, side: 'buy', price: 0.2, size: 10 })).status).toBe(200);
      expect((await call('/v1/orders/fetch_open_orders')).status).toBe(200);
      expect((await call('/v1/orders/create_order', { asset_id: K, side: 'buy', price: 'NaN', size: 2 })).status).toBe(400);
      expect((await call('/v1/orders/create_order', { asset_id: K, side: 'buy', price: 0.5, size: 9000000 })).status).toBe(402);
      expect((await call('/v1/orders/fetch_open_orders', undefined, 'wrong-token')).status).toBe(401);
      d.kalshi.double.inject({ kind: 'status', status: 400, body: JSON.stringify({ error: `echo ${kalshi.privatePem} ${api.secret}` }) }, { method: 'POST', times: 1 });
      expect((await call('/v1/orders/create_order', { asset_id: K, side: 'buy', price: 0.3, size: 2 })).status).toBe(502);
      expect((await call('/v1/orders/cancel_all_orders', {})).status).toBe(200);
    } finally {
      d.kalshi.double.clearFaults();
      await s.stop();
    }
    // The serve log may name the token's source, never the token itself.
    outputs.push({ label: 'serve log', text: s.stderr(), verbose: true });
    outputs.push({ label: 'serve answers', text: answers.join('\n'), verbose: false });
  });

  it('nothing printed or answered contains the key material', () => {
    expect(outputs.length).toBeGreaterThanOrEqual(80);
    const leaks = outputs.flatMap((o) => findLeaks(o.text, needles).map((n) => `${o.label}: ${n.what}`));
    expect([...new Set(leaks)]).toEqual([]);
    if (process.env.PMT_SHOW_SESSION) for (const o of outputs) console.log(`--- ${o.label} (exit ${o.exit})\n${o.text}`);
    for (const o of outputs.filter((x) => x.exit !== undefined && x.exit !== 0 && !x.verbose)) {
      expect(o.text, o.label).not.toMatch(STACK_RE);
      expect(lines(o.text.split('\n').slice(-3).join('\n')).length, o.label).toBeGreaterThan(0);
    }
  });
});
