import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { resolveCredentials } from '../../../src/credentials.js';
import { exitCodeFor } from '../../../src/errors.js';
import { l1Headers, l2Signature } from '../../../src/exchanges/polymarket/auth.js';
import { buildWallet } from '../../../src/exchanges/polymarket/wallet.js';
import { ClobAuth } from '../../upstream/polymarket/clob-auth.js';
import type { RecordedRequest } from '../../upstream/server.js';
import { adapterFor, addressOf, FUNDER, KEYS, sent, startTrading } from './trading-fixture.js';
import { failure } from '../../helpers/failure.js';

describe('L2 HMAC', () => {
  // Vectors computed independently (Python hmac/base64) for secret bytes 0xfa..0xff,0x00..0x19.
  const URL_SECRET = '-vv8_f7_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBk=';
  const STD_SECRET = '+vv8/f7/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBk=';

  test('matches known vectors, URL-safe output with padding kept', () => {
    expect(l2Signature(URL_SECRET, '1700000000', 'POST', '/order', '{"a":1}')).toBe('vDRlmwxSLazahuQn2wXqOwVdw4ktJLEeYRjkgTTMLMc=');
    expect(l2Signature(URL_SECRET, '1700000000', 'GET', '/data/orders')).toBe('lwpsj2D-U5C5r9C3_ytbiN41VmYUt6JIaCIIIJYIo-Y=');
  });

  test('the secret is accepted in either base64 alphabet, with or without padding', () => {
    const want = l2Signature(URL_SECRET, '1700000000', 'GET', '/data/orders');
    expect(l2Signature(STD_SECRET, '1700000000', 'GET', '/data/orders')).toBe(want);
    expect(l2Signature(URL_SECRET.replace(/=+$/, ''), '1700000000', 'GET', '/data/orders')).toBe(want);
  });

  test('property: equals HMAC-SHA256(b64decode(secret), ts+METHOD+path+body) in URL-safe base64', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 48 }), fc.string(), fc.constantFrom('GET', 'POST', 'DELETE'), fc.string(), (bytes, path, method, body) => {
        const secret = Buffer.from(bytes).toString('base64url');
        const ts = '1712345678';
        const independent = createHmac('sha256', Buffer.from(bytes)).update(`${ts}${method}/${path}${body}`).digest('base64').replace(/\+/g, '-').replace(/\//g, '_');
        expect(l2Signature(secret, ts, method, `/${path}`, body)).toBe(independent);
      }),
    );
  });
});

describe('L1 ClobAuth signature', () => {
  const creds = (env: Record<string, string>) => resolveCredentials({ env, profile: undefined, profileName: null }).polymarket!;
  const req = (headers: Record<string, string>): RecordedRequest => ({
    method: 'GET',
    path: '/auth/derive-api-key',
    query: new URLSearchParams(),
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
    body: '',
  });

  test('recovers to the signer address in the double; a changed field does not', async () => {
    const w = await buildWallet(creds({ POLYMARKET_PRIVATE_KEY: KEYS.alice }));
    const h = await l1Headers(w, 1_700_000_000_123, 0);
    expect(h).toMatchObject({ POLY_ADDRESS: addressOf(KEYS.alice), POLY_TIMESTAMP: '1700000000', POLY_NONCE: '0' });
    const auth = new ClobAuth();
    expect(await auth.checkL1(req(h))).toEqual({ address: addressOf(KEYS.alice).toLowerCase(), nonce: '0' });
    expect(await auth.checkL1(req({ ...h, POLY_TIMESTAMP: '1700000001' }))).toHaveProperty('reply.status', 401);
    expect(await auth.checkL1(req({ ...h, POLY_ADDRESS: addressOf(KEYS.bob) }))).toHaveProperty('reply.status', 401);
  });
});

describe('wallet configuration errors (Config, exit 9, value never echoed)', () => {
  const build = (env: Record<string, string>) => buildWallet(resolveCredentials({ env, profile: undefined, profileName: null }).polymarket!);
  test.each([
    ['malformed key', { POLYMARKET_PRIVATE_KEY: 'not-a-key-0123' }, /not a private key/],
    ['zero key', { POLYMARKET_PRIVATE_KEY: `0x${'0'.repeat(64)}` }, /not a valid secp256k1 private key/],
    ['bad funder', { POLYMARKET_PRIVATE_KEY: KEYS.alice, POLYMARKET_FUNDER: '0x1234' }, /not an address/],
    ['eoa with a funder', { POLYMARKET_PRIVATE_KEY: KEYS.alice, POLYMARKET_FUNDER: FUNDER, POLYMARKET_SIGNATURE_TYPE: 'eoa' }, /signature type is eoa/],
    ['proxy without a funder', { POLYMARKET_PRIVATE_KEY: KEYS.alice, POLYMARKET_SIGNATURE_TYPE: 'proxy' }, /no funder address is set/],
    ['poly-1271 without its wallet address', { POLYMARKET_PRIVATE_KEY: KEYS.alice, POLYMARKET_SIGNATURE_TYPE: 'poly-1271' }, /signature type poly-1271 .* no funder address is set/],
    ['funder is the signer', { POLYMARKET_PRIVATE_KEY: KEYS.alice, POLYMARKET_FUNDER: addressOf(KEYS.alice).toLowerCase() }, /signing key's own address/],
    ['funder with a bad checksum', { POLYMARKET_PRIVATE_KEY: KEYS.alice, POLYMARKET_FUNDER: '0x00000000000000000000000000000000F00dCafe' }, /checksum/],
  ])('%s', async (_name, env, re) => {
    const e = await failure(build(env));
    expect(e.kind).toBe('Config');
    expect(exitCodeFor(e)).toBe(9);
    expect(e.message).toMatch(re);
    for (const v of Object.values(env)) if (v.length > 20) expect(`${e.message} ${e.hint}`).not.toContain(v.replace(/^0x/, ''));
  });
});

describe('signature type spellings', () => {
  test.each([
    ['poly-1271', 'poly-1271', 3],
    ['POLY_1271', 'poly-1271', 3],
    ['3', 'poly-1271', 3],
    ['deposit wallet', 'poly-1271', 3],
    ['gnosis_safe', 'gnosis-safe', 2],
  ] as const)('%s → %s (code %i)', async (given, type, code) => {
    const creds = resolveCredentials({ env: { POLYMARKET_PRIVATE_KEY: KEYS.alice, POLYMARKET_FUNDER: FUNDER, POLYMARKET_SIGNATURE_TYPE: given }, profile: undefined, profileName: null }).polymarket!;
    expect(creds.signatureType.value).toBe(type);
    const w = await buildWallet(creds);
    expect([w.signatureTypeCode, w.maker.toLowerCase()]).toEqual([code, FUNDER]);
  });

  test('an unknown spelling names every accepted type', () => {
    expect(() => resolveCredentials({ env: { POLYMARKET_PRIVATE_KEY: KEYS.alice, POLYMARKET_SIGNATURE_TYPE: 'vault' }, profile: undefined, profileName: null })).toThrow(/eoa, proxy, gnosis-safe, poly-1271/);
  });
});

describe('API credentials over HTTP', () => {
  let env: Awaited<ReturnType<typeof startTrading>>;
  let token: string;
  beforeAll(async () => {
    env = await startTrading();
    [token] = env.t.addMarket() as [string, string];
  });
  afterAll(async () => env.d.close());
  beforeEach(() => {
    env.clob.resetLog();
    env.clob.clearFaults();
  });

  test('missing credentials: Config before any request, naming the fix', async () => {
    const { ex } = adapterFor(env.d, {});
    const e = await failure(ex.fetchOpenOrders());
    expect(e.kind).toBe('Config');
    expect(e.hint).toMatch(/pmt profile add .*--polymarket-private-key|POLYMARKET_PRIVATE_KEY/);
    expect(env.clob.requests).toHaveLength(0);
  });

  test('derive, else create; derived once per run and reused; never logged', async () => {
    const { ex, log } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol });
    await ex.fetchOpenOrders();
    await ex.fetchOpenOrders(token);
    expect(sent(env.clob, 'GET', /^\/auth\/derive-api-key$/)).toHaveLength(1);
    expect(sent(env.clob, 'POST', /^\/auth\/api-key$/)).toHaveLength(1);
    const key = env.t.auth.find(addressOf(KEYS.carol), '0')!;
    for (const line of log) for (const s of [key.secret, key.passphrase, key.apiKey]) expect(line).not.toContain(s);
    env.clob.resetLog();
    // A new run derives the existing key and creates nothing.
    await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol }).ex.fetchOpenOrders();
    expect(sent(env.clob, 'GET', /^\/auth\/derive-api-key$/)).toHaveLength(1);
    expect(sent(env.clob, 'POST', /^\/auth\/api-key$/)).toHaveLength(0);
  });

  test('configured API credentials are used as given (no L1 request)', async () => {
    const k = env.t.issueKey(addressOf(KEYS.bob));
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob, POLYMARKET_API_KEY: k.apiKey, POLYMARKET_API_SECRET: k.secret, POLYMARKET_API_PASSPHRASE: k.passphrase });
    await ex.fetchOpenOrders();
    expect(sent(env.clob, 'GET', /^\/auth\//)).toHaveLength(0);
    expect(sent(env.clob, 'GET', /^\/data\/orders$/)[0]!.headers['poly_api_key']).toBe(k.apiKey);
  });

  test('incomplete API credentials are a Config error', async () => {
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob, POLYMARKET_API_KEY: 'k' });
    const e = await failure(ex.fetchOpenOrders());
    expect(e.kind).toBe('Config');
    expect(e.message).toContain('POLYMARKET_API_SECRET, POLYMARKET_API_PASSPHRASE missing');
  });

  test.each(['secret', 'passphrase'] as const)('a wrong API %s is Authentication (exit 3)', async (which) => {
    const k = env.t.issueKey(addressOf(KEYS.bob));
    const secret = which === 'secret' ? Buffer.from('another secret entirely').toString('base64url') : k.secret;
    const passphrase = which === 'passphrase' ? 'f'.repeat(64) : k.passphrase;
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob, POLYMARKET_API_KEY: k.apiKey, POLYMARKET_API_SECRET: secret, POLYMARKET_API_PASSPHRASE: passphrase });
    const e = await failure(ex.fetchOpenOrders());
    expect(e.kind).toBe('Authentication');
    expect(exitCodeFor(e)).toBe(3);
    expect(`${e.message} ${e.hint}`).not.toContain(secret);
  });

  test('a Cloudflare block on key creation is Authentication with the UI-key workaround', async () => {
    env.clob.inject({ kind: 'html' }, { method: 'POST', path: /^\/auth\/api-key$/ });
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: `0x${'d4'.repeat(32)}` });
    const e = await failure(ex.fetchOpenOrders());
    expect(e.kind).toBe('Authentication');
    expect(e.hint).toMatch(/POLYMARKET_API_KEY/);
  });

  test('a refused L1 signature is Authentication', async () => {
    env.clob.inject({ kind: 'status', status: 401, body: '{"error":"Invalid L1 Request headers"}' }, { path: /^\/auth\/derive-api-key$/ });
    const e = await failure(adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: `0x${'e5'.repeat(32)}` }).ex.fetchOpenOrders());
    expect(e.kind).toBe('Authentication');
  });

  test('checkAuth: ok with clock skew from GET /time; bad or missing credentials are ok=false', async () => {
    env.t.clockOffsetMs = -60_000;
    try {
      const r = await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol }).ex.checkAuth();
      expect(r.ok).toBe(true);
      expect(r.clock_skew_ms).toBeGreaterThan(58_000);
      expect(r.clock_skew_ms).toBeLessThan(62_000);
      expect(r.detail).toContain(addressOf(KEYS.carol));
    } finally {
      env.t.clockOffsetMs = 0;
    }
    const k = env.t.issueKey(addressOf(KEYS.bob));
    const bad = await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob, POLYMARKET_API_KEY: k.apiKey, POLYMARKET_API_SECRET: 'AAAA', POLYMARKET_API_PASSPHRASE: k.passphrase }).ex.checkAuth();
    expect(bad).toMatchObject({ ok: false, clock_skew_ms: null });
    const none = await adapterFor(env.d, {}).ex.checkAuth();
    expect(none.ok).toBe(false);
    expect(none.detail).toMatch(/credentials/);
  });
});
