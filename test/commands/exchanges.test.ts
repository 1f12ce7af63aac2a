/**
 * `pmt exchanges`: capabilities, environment and credential status per exchange, one exchange's
 * broken credentials never hiding the other's, and no secret anywhere in the output.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';

const POLY_KEY = '0x' + 'ab'.repeat(32);
const OPS = [
  'fetch_markets', 'fetch_market_lineage', 'fetch_orderbook', 'fetch_order', 'fetch_open_orders', 'create_order', 'cancel_all_orders',
  'cancel_order', 'amend_order', 'fetch_balance', 'fetch_positions', 'fetch_fills', 'fetch_trades', 'fetch_price_history',
];
/** Polymarket has no amend (a signed order cannot change). */
const POLY_OPS = OPS.filter((o) => o !== 'amend_order');
// Polymarket US publishes no public trade history.
const US_OPS = OPS.filter((o) => o !== 'fetch_trades');

let doubles: Doubles;
let dir: string;
const kalshiKey = makeKalshiKey();
let keyFile: string;

beforeAll(async () => {
  doubles = await startDoubles();
  doubles.kalshi.auth.register(kalshiKey.keyId, kalshiKey.publicKey);
  dir = tempConfigDir();
  keyFile = join(dir, 'kalshi.pem');
  writeFileSync(keyFile, kalshiKey.privatePem, { mode: 0o600 });
});
afterAll(async () => {
  await doubles.close();
});

const env = (extra: Record<string, string> = {}) => ({ PMT_CONFIG_DIR: join(dir, 'empty'), ...doubles.env, ...extra });
const kalshiEnv = () => ({ KALSHI_API_KEY_ID: kalshiKey.keyId, KALSHI_PRIVATE_KEY_PATH: keyFile });

async function report(args: string[], extra: Record<string, string> = {}) {
  const r = await runInProcess(['exchanges', '--json', ...args], { env: env(extra) });
  expect(r.stderr).toBe('');
  return { ...r, doc: JSON.parse(r.stdout) };
}

/** Nothing that looks like key material may ever be printed. */
function expectNoSecrets(text: string) {
  expect(text).not.toContain('PRIVATE KEY');
  expect(text).not.toContain(kalshiKey.privatePem.split('\n')[1]!);
  expect(text).not.toContain('ab'.repeat(32));
}

describe('pmt exchanges --json', () => {
  it('reports every exchange: capabilities, environment, URLs, no credentials', async () => {
    const { exitCode, doc } = await report([]);
    expect(exitCode).toBe(0);
    expect(doc.profile).toBeNull();
    expect(doc.exchanges.map((e: { id: string }) => e.id)).toEqual(['kalshi', 'polymarket', 'polymarket-us']);
    for (const e of doc.exchanges) {
      expect(Object.keys(e)).toEqual(['id', 'environment', 'urls', 'capabilities', 'credentials', 'check', 'funds']);
      expect(e.environment).toBe('custom'); // PMT_*_URL point at the doubles
      expect(Object.keys(e.capabilities)).toEqual(OPS);
      expect(e.capabilities.fetch_markets).toEqual({ supported: true, auth: false });
      expect(e.capabilities.create_order).toEqual({ supported: true, auth: true });
      expect(e.credentials).toEqual({ status: 'missing', source: null, origin: null, message: expect.stringContaining(`no ${e.id} credentials`) });
      expect(e.check).toBeNull();
    }
    expect(doc.exchanges[0].urls).toEqual({ api: doubles.env.PMT_KALSHI_API_URL, ws: doubles.env.PMT_KALSHI_WS_URL });
    expect(doc.exchanges[1].urls).toEqual({ gamma: doubles.env.PMT_POLYMARKET_GAMMA_URL, clob: doubles.env.PMT_POLYMARKET_CLOB_URL, data: doubles.env.PMT_POLYMARKET_DATA_URL, ws: doubles.env.PMT_POLYMARKET_WS_URL });
    expect(doc.exchanges[2].urls).toEqual({ gateway: doubles.env.PMT_POLYMARKET_US_GATEWAY_URL, api: doubles.env.PMT_POLYMARKET_US_API_URL, ws: doubles.env.PMT_POLYMARKET_US_WS_URL });
  });

  it('production is the default environment', async () => {
    const r = await runInProcess(['exchanges', '--json'], { env: { PMT_CONFIG_DIR: join(dir, 'empty') } });
    const doc = JSON.parse(r.stdout);
    expect(doc.exchanges.map((e: { environment: string }) => e.environment)).toEqual(['production', 'production', 'production']);
    expect(doc.exchanges[0].urls.api).toBe('https://external-api.kalshi.com/trade-api/v2');
    expect(doc.exchanges[0].urls.ws).toBe('wss://external-api-ws.kalshi.com/trade-api/ws/v2');
    expect(doc.exchanges[1].urls.ws).toBe('wss://ws-subscriptions-clob.polymarket.com/ws');
    expect(doc.exchanges[2].urls).toEqual({ gateway: 'https://gateway.polymarket.us', api: 'https://api.polymarket.us', ws: 'wss://api.polymarket.us' });
  });

  it('says where configured credentials come from, never what they are', async () => {
    const r = await report([], { ...kalshiEnv(), POLYMARKET_PRIVATE_KEY: POLY_KEY });
    expect(r.doc.exchanges[0].credentials).toEqual({ status: 'configured', source: 'env', origin: 'KALSHI_API_KEY_ID', message: null });
    expect(r.doc.exchanges[1].credentials).toEqual({ status: 'configured', source: 'env', origin: 'POLYMARKET_PRIVATE_KEY', message: null });
    expectNoSecrets(r.stdout);
  });

  it("one exchange's incomplete credentials do not hide the other's", async () => {
    const r = await report([], { KALSHI_API_KEY_ID: kalshiKey.keyId, POLYMARKET_PRIVATE_KEY: POLY_KEY });
    expect(r.exitCode).toBe(0);
    expect(r.doc.exchanges[0].credentials.status).toBe('invalid');
    expect(r.doc.exchanges[0].credentials.message).toMatch(/Kalshi credentials are incomplete: a private key/);
    expect(r.doc.exchanges[1].credentials.status).toBe('configured');
  });

  it('catches keys that cannot work before any request', async () => {
    const bad = join(dir, 'not-a-key.pem');
    writeFileSync(bad, '-----BEGIN PRIVATE KEY-----\nnot base64 at all\n-----END PRIVATE KEY-----\n');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const ecFile = join(dir, 'ec.pem');
    writeFileSync(ecFile, ec);
    const r1 = await report([], { KALSHI_API_KEY_ID: 'k', KALSHI_PRIVATE_KEY_PATH: bad, POLYMARKET_PRIVATE_KEY: '0x1234' });
    expect(r1.doc.exchanges[0].credentials).toMatchObject({ status: 'invalid', origin: 'KALSHI_API_KEY_ID' });
    expect(r1.doc.exchanges[0].credentials.message).toBe('the Kalshi private key from KALSHI_PRIVATE_KEY_PATH is not a readable PEM private key');
    expect(r1.doc.exchanges[1].credentials.message).toBe('the Polymarket private key from POLYMARKET_PRIVATE_KEY is not 32 bytes of hex');
    expect(r1.stdout).not.toContain('not base64 at all');
    const r2 = await report([], { KALSHI_API_KEY_ID: 'k', KALSHI_PRIVATE_KEY_PATH: ecFile });
    expect(r2.doc.exchanges[0].credentials.message).toMatch(/is not an RSA or Ed25519 key/);
    const r3 = await report([], { KALSHI_API_KEY_ID: 'k', KALSHI_PRIVATE_KEY_PATH: join(dir, 'missing.pem') });
    expect(r3.doc.exchanges[0].credentials.message).toMatch(/cannot read the Kalshi private key file named by KALSHI_PRIVATE_KEY_PATH \(ENOENT\)/);
  });

  it('reads the active profile: its name, its demo environment, its credentials', async () => {
    const cfg = join(dir, 'with-profile');
    mkdirSync(cfg, { recursive: true });
    const profiles = {
      active: 'demo',
      profiles: {
        demo: { kalshi: { api_key_id: kalshiKey.keyId, private_key_path: keyFile, demo: true } },
        main: { polymarket: { private_key: POLY_KEY } },
      },
    };
    writeFileSync(join(cfg, 'profiles.json'), JSON.stringify(profiles), { mode: 0o600 });
    const r = await runInProcess(['exchanges', '--json'], { env: { PMT_CONFIG_DIR: cfg } });
    const doc = JSON.parse(r.stdout);
    expect(doc.profile).toBe('demo');
    expect(doc.exchanges[0]).toMatchObject({ environment: 'demo', urls: { api: 'https://external-api.demo.kalshi.co/trade-api/v2' } });
    expect(doc.exchanges[0].credentials).toMatchObject({ status: 'configured', source: 'profile', origin: 'profile demo' });
    expect(doc.exchanges[1].credentials.status).toBe('missing');
    const main = await runInProcess(['exchanges', '--json', '--profile', 'main'], { env: { PMT_CONFIG_DIR: cfg } });
    const m = JSON.parse(main.stdout);
    expect(m.profile).toBe('main');
    expect(m.exchanges[1].credentials).toMatchObject({ status: 'configured', origin: 'profile main' });
    expectNoSecrets(main.stdout);
    const none = await runInProcess(['exchanges', '--json', '--profile', 'nope'], { env: { PMT_CONFIG_DIR: cfg } });
    expect(none.exitCode).toBe(9);
    expect(JSON.parse(none.stderr)).toMatchObject({ kind: 'Config', message: expect.stringContaining('no profile named "nope"') });
  });

  it('--exchange narrows the report to one exchange', async () => {
    const { doc } = await report(['--exchange', 'polymarket']);
    expect(doc.exchanges.map((e: { id: string }) => e.id)).toEqual(['polymarket']);
  });
});

describe('pmt exchanges --check', () => {
  it('skips exchanges without usable credentials and does not fail for them', async () => {
    doubles.resetLogs();
    const r = await report(['--check'], { KALSHI_API_KEY_ID: 'only-half' });
    expect(r.exitCode).toBe(0);
    expect(r.doc.exchanges[0].check).toEqual({ status: 'skipped', clock_skew_ms: null, detail: 'credentials are invalid', error: null });
    expect(r.doc.exchanges[1].check).toEqual({ status: 'skipped', clock_skew_ms: null, detail: 'no credentials', error: null });
    // Nothing was sent anywhere.
    expect(doubles.all.reduce((n, d) => n + d.requests.length, 0)).toBe(0);
  });

  it('reports each configured exchange on its own line of the report', async () => {
    const r = await report(['--check'], { ...kalshiEnv(), POLYMARKET_PRIVATE_KEY: POLY_KEY });
    expect(r.doc.exchanges.filter((e: { credentials: { status: string } }) => e.credentials.status === 'configured')).toHaveLength(2);
    for (const e of r.doc.exchanges.filter((x: { credentials: { status: string } }) => x.credentials.status === 'configured')) {
      expect(['ok', 'failed', 'not_supported']).toContain(e.check.status);
      expect(Object.keys(e.check)).toEqual(['status', 'clock_skew_ms', 'detail', 'error']);
      if (e.check.status === 'failed') expect(e.check.error).toMatchObject({ kind: expect.any(String), message: expect.any(String) });
    }
    expectNoSecrets(r.stdout);
  });
});

describe('pmt exchanges --check against the doubles', () => {
  const signed = () => doubles.kalshi.double.requests.filter((r) => r.headers['kalshi-access-signature']).length;

  it('Kalshi: a registered key is accepted with one signed request; an unknown key fails, exit 3, report still printed', async (ctx) => {
    doubles.resetLogs();
    const ok = await report(['--check', '--exchange', 'kalshi'], kalshiEnv());
    const k = ok.doc.exchanges[0].check;
    if (k.status === 'not_supported') return ctx.skip('the Kalshi auth check is not in this build yet');
    expect(ok.exitCode).toBe(0);
    expect(k).toMatchObject({ status: 'ok', error: null });
    expect(k.clock_skew_ms === null || Math.abs(k.clock_skew_ms) < 5000).toBe(true);
    expect(signed()).toBe(1);

    const stranger = makeKalshiKey('ffffffff-0000-4000-8000-000000000000');
    const file = join(dir, 'stranger.pem');
    writeFileSync(file, stranger.privatePem);
    const bad = await runInProcess(['exchanges', '--check', '--json'], {
      env: env({ KALSHI_API_KEY_ID: stranger.keyId, KALSHI_PRIVATE_KEY_PATH: file, POLYMARKET_PRIVATE_KEY: POLY_KEY }),
    });
    expect(bad.exitCode).toBe(3);
    const doc = JSON.parse(bad.stdout);
    expect(doc.exchanges[0].check).toMatchObject({ status: 'failed', error: { kind: 'Authentication' } });
    // The other exchange is still checked and reported.
    expect(doc.exchanges[1].check.status).not.toBe('skipped');
    expectNoSecrets(bad.stdout + bad.stderr);

    const people = await runInProcess(['exchanges', '--check', '--exchange', 'kalshi'], {
      env: env({ KALSHI_API_KEY_ID: stranger.keyId, KALSHI_PRIVATE_KEY_PATH: file, PMT_FORCE_TTY: '200', NO_COLOR: '1' }),
    });
    expect(people.exitCode).toBe(3);
    expect(people.stdout).toMatch(/^kalshi +custom +configured \(KALSHI_API_KEY_ID\) +failed: /m);
    expect(people.stdout).toMatch(/^kalshi: check failed: .+/m);
  });

  it('Kalshi unreachable: the check fails as NetworkError (exit 8), nothing else fails', async (ctx) => {
    const r = await runInProcess(['exchanges', '--check', '--json'], {
      env: env({ ...kalshiEnv(), PMT_KALSHI_API_URL: 'http://127.0.0.1:9/trade-api/v2' }),
    });
    const doc = JSON.parse(r.stdout);
    if (doc.exchanges[0].check.status === 'not_supported') return ctx.skip('the Kalshi auth check is not in this build yet');
    expect(doc.exchanges[0].check).toMatchObject({ status: 'failed', error: { kind: 'NetworkError' } });
    expect(doc.exchanges[1].check.status).toBe('skipped');
    expect(r.exitCode).toBe(8);
  });

  it('Polymarket: a private key is accepted (API credentials derived)', async (ctx) => {
    const r = await report(['--check', '--exchange', 'polymarket'], { POLYMARKET_PRIVATE_KEY: POLY_KEY });
    const p = r.doc.exchanges[0].check;
    if (p.status === 'not_supported') return ctx.skip('the Polymarket auth check is not in this build yet');
    expect(r.exitCode).toBe(0);
    expect(p).toMatchObject({ status: 'ok', error: null });
    expectNoSecrets(r.stdout);
  });
});

describe('pmt exchanges for people and pipes', () => {
  it('piped: one TSV row per exchange, no colour, no header', async () => {
    const r = await runInProcess(['exchanges'], { env: env({ ...kalshiEnv(), FORCE_COLOR: '1' }) });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    const rows = r.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows).toEqual([
      ['kalshi', 'custom', 'configured', 'KALSHI_API_KEY_ID', '', '', OPS.join(',')],
      ['polymarket', 'custom', 'missing', '', '', '', POLY_OPS.join(',')],
      ['polymarket-us', 'custom', 'missing', '', '', '', US_OPS.join(',')],
    ]);
    expect(r.stdout).not.toMatch(/\u001b/);
  });

  it('on a terminal: a status table and a capability matrix, coloured unless NO_COLOR', async () => {
    const r = await runInProcess(['exchanges'], { env: env({ ...kalshiEnv(), PMT_FORCE_TTY: '120' }) });
    expect(r.exitCode).toBe(0);
    const plain = r.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^Profile: none/);
    expect(plain).toMatch(/^EXCHANGE +ENVIRONMENT +CREDENTIALS$/m);
    expect(plain).toMatch(/^kalshi +custom +configured \(KALSHI_API_KEY_ID\)$/m);
    expect(plain).toMatch(/^polymarket +custom +not configured$/m);
    expect(plain).toMatch(/^polymarket-us +custom +not configured$/m);
    expect(plain).toMatch(/^OPERATION +KALSHI +POLYMARKET +POLYMARKET-US$/m);
    expect(plain).toMatch(/^fetch_orderbook +yes +yes +yes$/m); // Kalshi's book is public
    expect(plain).toMatch(/^fetch_order +yes \(needs credentials\) +yes \(needs credentials\) +yes \(needs credentials\)$/m);
    expect(plain).toMatch(/^fetch_trades +yes +yes +no$/m);
    expect(r.stdout).toMatch(/\u001b\[32mconfigured/);
    expect(r.stderr).toContain('pmt exchanges --check');
    const nc = await runInProcess(['exchanges'], { env: env({ PMT_FORCE_TTY: '120', NO_COLOR: '1' }) });
    expect(nc.stdout + nc.stderr).not.toMatch(/\u001b/);
  });
});
