/**
 * Polymarket US, the third exchange, end to end, in process, against its loopback doubles:
 * market data (list, search, lineage, book, history), signing as the `polymarket-us` SDK signs
 * (fixtures produced by the SDK in a scratch directory: fixtures/sdk-signatures.json), and the
 * trading loop with the venue's preview before every create, its intents and price convention,
 * and pmt's own refusals (off-tick, below-minimum) before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicKey } from 'node:crypto';
import { startDoubles, type Doubles } from '../../upstream/doubles.js';
import { tempConfigDir } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/in-process.js';
import { loadPolymarketUsKey, signHeaders } from '../../../src/exchanges/polymarket-us/auth.js';
import { orderExchange } from '../../../src/exchanges/ids.js';

const fixture = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/sdk-signatures.json'), 'utf8')) as {
  seed: string;
  seed64: string;
  publicKey: string;
  requests: Array<{ method: string; path: string; query: string; headers: Record<string, string> }>;
};

describe('Ed25519 signing, byte for byte as the polymarket-us SDK', () => {
  it.each(fixture.requests.map((r, i) => [i, r] as const))('request %i: the same three headers', (i, r) => {
    const secret = i === 3 ? fixture.seed64 : fixture.seed;
    const key = loadPolymarketUsKey(secret, 'fixture');
    expect(signHeaders(key, 'key-123', Number(r.headers['X-PM-Timestamp']), r.method, r.path + r.query)).toEqual(r.headers);
  });

  it('derives the public key the SDK derives, from the seed or seed + public key', () => {
    for (const s of [fixture.seed, fixture.seed64]) {
      const pub = createPublicKey(loadPolymarketUsKey(s, 'fixture')).export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64');
      expect(pub).toBe(fixture.publicKey);
    }
  });

  it('refuses what is not a base64 Ed25519 secret, never echoing it', () => {
    for (const bad of ['not base64 !!', Buffer.alloc(31, 1).toString('base64'), Buffer.alloc(48, 1).toString('base64')]) {
      expect(() => loadPolymarketUsKey(bad, 'POLYMARKET_US_PRIVATE_KEY')).toThrowError(/POLYMARKET_US_PRIVATE_KEY is not a Polymarket US secret key/);
      try {
        loadPolymarketUsKey(bad, 'X');
      } catch (e) {
        expect(String((e as Error).message)).not.toContain(bad);
      }
    }
  });
});

describe('order ids', () => {
  const UUID = '0c37c47e-1178-4d56-8aa0-3151db6b11e4';
  it("its ids (shape unpublished) are taken only when polymarket-us is named; a bare id never routes there", () => {
    expect(orderExchange('pmus-ord-000001', 'polymarket-us')).toEqual({ exchange: 'polymarket-us', id: 'pmus-ord-000001' });
    expect(orderExchange(UUID, undefined)).toEqual({ exchange: 'kalshi', id: UUID });
    expect(orderExchange(UUID, 'polymarket-us')).toEqual({ exchange: 'polymarket-us', id: UUID });
    // A mistyped Kalshi id stays a usage error (exit 2) rather than a request to another exchange.
    expect(() => orderExchange('pmus-ord-000001', undefined)).toThrowError(/is not an order id .*with --exchange polymarket-us/);
    expect(() => orderExchange('ffffffee-d6c2-5e97-a7e4-61670000000', undefined)).toThrowError(/is not an order id/);
  });
});

describe('polymarket-us against the doubles', () => {
  let d: Doubles;
  let env: Record<string, string>;
  const keyId = 'pmus-key-0001';
  const pmt = (args: string[], extra: Record<string, string> = {}) => runInProcess(args, { env: { ...env, ...extra } });

  beforeAll(async () => {
    d = await startDoubles();
    const dir = tempConfigDir();
    const seed = Buffer.alloc(32, 9);
    d.polymarketUs.api.registerSeed(keyId, seed);
    d.polymarketUs.api.setBuyingPower(keyId, 250);
    const keyFile = join(dir, 'pmus.key');
    writeFileSync(keyFile, seed.toString('base64') + '\n', { mode: 0o600 });
    env = { ...d.env, PMT_CONFIG_DIR: dir, TZ: 'UTC', POLYMARKET_US_API_KEY_ID: keyId, POLYMARKET_US_PRIVATE_KEY_PATH: keyFile };
    const now = Math.floor(Date.now() / 1000);
    d.polymarketUs.gateway.seedHistory('fed-cut-december-2026', Array.from({ length: 120 }, (_, i) => ({ t: now - (120 - i) * 60, long: 0.6 + (i % 5) / 1000 })));
  });
  afterAll(async () => {
    await d?.close();
  });

  it('markets list --exchange polymarket-us: the active markets, unified ids, Yes/No outcomes', async () => {
    const r = await pmt(['markets', 'list', '--exchange', 'polymarket-us', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.markets.map((m: { unified_id: string }) => m.unified_id)).toEqual(['polymarket-us:nba-finals-2026-celtics', 'polymarket-us:nba-finals-2026-thunder', 'polymarket-us:fed-cut-december-2026']);
    const fed = doc.markets[2];
    expect(fed).toMatchObject({ exchange: 'polymarket-us', status: 'active', tick_size: 0.001, min_order_size: 5, best_bid: 0.61, best_ask: 0.63, event_ticker: 'fed-december-2026' });
    expect(fed.outcomes).toEqual([{ label: 'Yes', price: 0.62, token_id: null }, { label: 'No', price: 0.38, token_id: null }]);
    const q = d.polymarketUs.gatewayDouble.requests.find((x) => x.path === '/v1/markets')!;
    expect([q.query.get('active'), q.query.get('closed')]).toEqual(['true', 'false']);
  });

  it('pages with a cursor (limit/offset) and includes the venue in cross-exchange lists', async () => {
    const p1 = JSON.parse((await pmt(['markets', 'list', '--exchange', 'polymarket-us', '--limit', '2', '--json'])).stdout);
    expect(p1.markets).toHaveLength(2);
    const p2 = JSON.parse((await pmt(['markets', 'list', '--exchange', 'polymarket-us', '--limit', '2', '--cursor', p1.cursor, '--json'])).stdout);
    expect(p2.markets.map((m: { ticker: string }) => m.ticker)).toEqual(['fed-cut-december-2026']);
    expect(p2.cursor).toBeNull();
    const all = JSON.parse((await pmt(['markets', 'list', '--json'])).stdout);
    expect(new Set(all.markets.map((m: { exchange: string }) => m.exchange))).toContain('polymarket-us');
  });

  it('search, lineage (event and series), book on both scales, history', async () => {
    const s = JSON.parse((await pmt(['markets', 'search', 'celtics', '--exchange', 'polymarket-us', '--json'])).stdout);
    expect(s.markets[0].unified_id).toBe('polymarket-us:nba-finals-2026-celtics');
    const l = JSON.parse((await pmt(['markets', 'lineage', 'polymarket-us:nba-finals-2026-celtics', '--json'])).stdout);
    expect(l.event).toMatchObject({ ticker: 'nba-finals-2026', title: 'NBA Finals 2026', series_ticker: 'nba-finals' });
    expect(l.series).toMatchObject({ ticker: 'nba-finals', title: 'NBA Finals', frequency: 'annual' });
    const yes = JSON.parse((await pmt(['book', 'show', 'polymarket-us:fed-cut-december-2026', '--json'])).stdout);
    expect([yes.bids[0], yes.asks[0]]).toEqual([{ price: 0.61, size: 500 }, { price: 0.63, size: 200 }]);
    const no = JSON.parse((await pmt(['book', 'show', 'polymarket-us:fed-cut-december-2026', '--outcome', 'no', '--json'])).stdout);
    expect([no.bids[0], no.asks[0]]).toEqual([{ price: 0.37, size: 200 }, { price: 0.39, size: 500 }]);
    const h = await pmt(['markets', 'history', 'polymarket-us:fed-cut-december-2026', '--interval', '1m', '--json']);
    expect(h.exitCode, h.stderr).toBe(0);
    expect(JSON.parse(h.stdout).length).toBeGreaterThan(0);
    const nf = await pmt(['markets', 'lineage', 'polymarket-us:no-such-market']);
    expect(nf.exitCode).toBe(5);
  });

  it('book watch without a key follows the public book: a snapshot on the scale asked for; an unknown market ends it (exit 5)', async () => {
    const keyless = { POLYMARKET_US_API_KEY_ID: '', POLYMARKET_US_PRIVATE_KEY_PATH: '' };
    const r = await pmt(['book', 'watch', 'polymarket-us:fed-cut-december-2026', '--outcome', 'no', '--count', '1', '--ndjson'], keyless);
    expect(r.exitCode, r.stderr).toBe(0);
    const u = JSON.parse(r.stdout.trim().split('\n')[0]!);
    expect(u).toMatchObject({ kind: 'snapshot', asset_id: 'fed-cut-december-2026', seq: 1 });
    expect([u.book.bids[0], u.book.asks[0]]).toEqual([{ price: 0.37, size: 200 }, { price: 0.39, size: 500 }]);
    expect((await pmt(['book', 'watch', 'polymarket-us:no-such-market', '--count', '1', '--ndjson'], keyless)).exitCode).toBe(5);
    expect((await pmt(['book', 'watch', 'polymarket-us:no-such-market', '--count', '1', '--ndjson'])).exitCode).toBe(5);
  });

  it('book watch with a key: the signed markets WebSocket, a snapshot then a delta; a wrong key is refused (exit 3)', async () => {
    const before = d.polymarketUs.stream.stats.subscribes;
    const run = pmt(['book', 'watch', 'polymarket-us:nba-finals-2026-thunder', '--count', '2', '--ndjson']);
    // Wait (bounded) until the stream subscribed, then move the book.
    for (let i = 0; i < 200 && d.polymarketUs.stream.stats.subscribes === before; i++) await new Promise((r) => setTimeout(r, 25));
    expect(d.polymarketUs.stream.stats.subscribes).toBe(before + 1);
    d.polymarketUs.stream.setBook('nba-finals-2026-thunder', { bids: [['0.40', '90'], ['0.39', '10']], offers: [['0.42', '75']] });
    const r = await run;
    expect(r.exitCode, r.stderr).toBe(0);
    const [snap, delta] = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(snap).toMatchObject({ kind: 'snapshot', seq: 1, book: { bids: [{ price: 0.4, size: 90 }], asks: [{ price: 0.42, size: 75 }] } });
    expect(delta).toMatchObject({ kind: 'delta', seq: 2, changes: [{ side: 'bid', price: 0.39, size: 10 }] });
    const other = join(tempConfigDir(), 'other.key');
    writeFileSync(other, Buffer.alloc(32, 2).toString('base64'), { mode: 0o600 });
    const refused = await pmt(['book', 'watch', 'polymarket-us:nba-finals-2026-thunder', '--count', '1', '--ndjson'], { POLYMARKET_US_PRIVATE_KEY_PATH: other });
    expect(refused.exitCode).toBe(3);
  });

  it('trades: NotSupported (exit 10), the venue publishes no trade history', async () => {
    const r = await pmt(['trades', 'polymarket-us:fed-cut-december-2026']);
    expect(r.exitCode).toBe(10);
    expect(r.stderr).toMatch(/not supported on polymarket-us/);
  });

  it('balance: the buying power in USD, from a request the double verified as the SDK signs it', async () => {
    const r = await pmt(['balance', '--exchange', 'polymarket-us', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ USD: 250 });
    const people = await pmt(['balance', '--exchange', 'polymarket-us'], { PMT_FORCE_TTY: '110', NO_COLOR: '1' });
    expect(people.stdout).toMatch(/^polymarket-us +USD +\$250\.00 +buying power \(cash less open orders and short margin\)$/m);
    const q = d.polymarketUs.apiDouble.requests.filter((x) => x.path === '/v1/account/balances').at(-1)!;
    expect(q.headers['x-pm-access-key']).toBe(keyId);
    // A wrong key is refused by the double: exit 3.
    const other = join(tempConfigDir(), 'other.key');
    writeFileSync(other, Buffer.alloc(32, 1).toString('base64'), { mode: 0o600 });
    expect((await pmt(['balance', '--exchange', 'polymarket-us'], { POLYMARKET_US_PRIVATE_KEY_PATH: other })).exitCode).toBe(3);
  });

  it('order create: off-tick and below-minimum refused before any request; the preview runs before the create', async () => {
    d.polymarketUs.apiDouble.resetLog();
    const base = ['order', 'create', '--asset', 'polymarket-us:fed-cut-december-2026', '--outcome', 'yes', '--side', 'buy', '--yes', '--json'];
    const off = await pmt([...base, '--price', '0.6005', '--size', '10']);
    expect(off.exitCode).toBe(2);
    expect(off.stderr).toMatch(/not on this market's 0.001 tick grid/);
    const small = await pmt([...base, '--price', '0.600', '--size', '2']);
    expect(small.exitCode).toBe(2);
    expect(small.stderr).toMatch(/--size 2 is .*\b5\b/);
    expect(d.polymarketUs.apiDouble.requests.filter((x) => x.method === 'POST')).toHaveLength(0);
    const ok = await pmt([...base, '--price', '0.600', '--size', '10']);
    expect(ok.exitCode, ok.stderr).toBe(0);
    const posts = d.polymarketUs.apiDouble.requests.filter((x) => x.method === 'POST').map((x) => x.path);
    expect(posts).toEqual(['/v1/order/preview', '/v1/orders']);
  });

  it('a No buy goes out as BUY_SHORT at the long price 1 − p and reads back at p; list, amend, cancel', async () => {
    d.polymarketUs.apiDouble.resetLog();
    const r = await pmt(['order', 'create', '--asset', 'polymarket-us:nba-finals-2026-celtics', '--outcome', 'no', '--side', 'buy', '--price', '0.60', '--size', '3', '--yes', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const sent = JSON.parse(d.polymarketUs.apiDouble.requests.find((x) => x.path === '/v1/orders')!.body);
    expect(sent).toMatchObject({ marketSlug: 'nba-finals-2026-celtics', intent: 'ORDER_INTENT_BUY_SHORT', type: 'ORDER_TYPE_LIMIT', price: { value: '0.4', currency: 'USD' }, quantity: 3, tif: 'TIME_IN_FORCE_GOOD_TILL_CANCEL' });
    const doc = JSON.parse(r.stdout);
    const order = doc.order ?? doc;
    expect(order).toMatchObject({ outcome: 'No', side: 'buy', price: 0.6, size: 3, status: 'open' });
    const id = order.id as string;
    const list = JSON.parse((await pmt(['order', 'list', '--exchange', 'polymarket-us', '--json'])).stdout);
    expect((list.orders ?? list).map((o: { id: string }) => o.id)).toContain(id);
    const amended = await pmt(['order', 'amend', id, '--exchange', 'polymarket-us', '--price', '0.62', '--size', '4', '--yes', '--json']);
    expect(amended.exitCode, amended.stderr).toBe(0);
    expect(JSON.parse(d.polymarketUs.apiDouble.requests.find((x) => x.path.endsWith('/modify'))!.body)).toEqual({ marketSlug: 'nba-finals-2026-celtics', price: { value: '0.38', currency: 'USD' }, quantity: 4 });
    const c = await pmt(['order', 'cancel', id, '--exchange', 'polymarket-us', '--yes', '--json']);
    expect(c.exitCode, c.stderr).toBe(0);
    expect(JSON.parse((await pmt(['order', 'get', id, '--exchange', 'polymarket-us', '--json'])).stdout)).toMatchObject({ id, status: 'cancelled' });
  });

  it('a fill shows in fills and positions; dry-run runs the venue preview and sends nothing', async () => {
    const r = await pmt(['order', 'create', '--asset', 'polymarket-us:nba-finals-2026-thunder', '--outcome', 'yes', '--side', 'buy', '--price', '0.42', '--size', '5', '--yes', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const fills = JSON.parse((await pmt(['fills', '--exchange', 'polymarket-us', '--json'])).stdout);
    expect((fills.fills ?? fills)[0]).toMatchObject({ market_ticker: 'nba-finals-2026-thunder', price: 0.42, size: 5, outcome: 'Yes', side: 'buy' });
    const pos = JSON.parse((await pmt(['positions', '--exchange', 'polymarket-us', '--json'])).stdout);
    expect((pos.positions ?? pos).find((p: { market_ticker: string }) => p.market_ticker === 'nba-finals-2026-thunder')).toMatchObject({ outcome: 'Yes', size: 5, average_price: 0.42 });
    d.polymarketUs.apiDouble.resetLog();
    const dry = await pmt(['order', 'create', '--asset', 'polymarket-us:nba-finals-2026-thunder', '--outcome', 'yes', '--side', 'buy', '--price', '0.30', '--size', '5', '--dry-run', '--json']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(d.polymarketUs.apiDouble.requests.map((x) => x.path)).toContain('/v1/order/preview');
    expect(d.polymarketUs.apiDouble.requests.map((x) => x.path)).not.toContain('/v1/orders');
  });

  it('doctor and exchanges --check: one signed request, the buying power; a profile holds the key id and the key file, never the secret on argv', async () => {
    const doc = await pmt(['doctor', '--exchange', 'polymarket-us', '--json']);
    expect(doc.exitCode, doc.stderr).toBe(0);
    expect(JSON.parse(doc.stdout)['polymarket-us'].map((c: { check: string; ok: boolean }) => [c.check, c.ok])).toEqual([['credentials', true], ['environment', true], ['auth', true], ['funds', true]]);
    const chk = await pmt(['exchanges', '--check', '--exchange', 'polymarket-us', '--json']);
    expect(chk.exitCode, chk.stderr).toBe(0);
    const e = JSON.parse(chk.stdout).exchanges[0];
    expect(e).toMatchObject({ id: 'polymarket-us', credentials: { status: 'configured', origin: 'POLYMARKET_US_API_KEY_ID' }, check: { status: 'ok' } });
    const cfg = tempConfigDir();
    const bare = { ...env, PMT_CONFIG_DIR: cfg, POLYMARKET_US_API_KEY_ID: '', POLYMARKET_US_PRIVATE_KEY_PATH: '' };
    const refused = await pmt(['profile', 'add', 'us', '--polymarket-us-api-key-id', keyId, '--polymarket-us-private-key', 'c2VjcmV0'], bare);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/--polymarket-us-private-key is refused/);
    const added = await pmt(['profile', 'add', 'us', '--polymarket-us-api-key-id', keyId, '--polymarket-us-private-key-path', env.POLYMARKET_US_PRIVATE_KEY_PATH!, '--json'], bare);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout).polymarket_us).toMatchObject({ private_key: 'file', private_key_path: env.POLYMARKET_US_PRIVATE_KEY_PATH });
    const secret = readFileSync(env.POLYMARKET_US_PRIVATE_KEY_PATH!, 'utf8').trim();
    expect(readFileSync(join(cfg, 'profiles.json'), 'utf8')).not.toContain(secret);
    const piped = await runInProcess(['profile', 'add', 'us2', '--polymarket-us-api-key-id', keyId, '--polymarket-us-private-key-stdin'], { env: bare, input: secret + '\n' });
    expect(piped.exitCode, piped.stderr).toBe(0);
    // From the environment alone: the key file's path is stored, not the key.
    const fromEnv = await pmt(['profile', 'add', 'us3', '--json'], { ...env, PMT_CONFIG_DIR: cfg });
    expect(fromEnv.exitCode, fromEnv.stderr).toBe(0);
    expect(JSON.parse(fromEnv.stdout).polymarket_us).toMatchObject({ private_key: 'file', private_key_path: env.POLYMARKET_US_PRIVATE_KEY_PATH });
    const b = await pmt(['balance', '--profile', 'us2', '--json'], bare);
    expect(b.exitCode, b.stderr).toBe(0);
    expect(Object.keys(JSON.parse(b.stdout))).toEqual(['polymarket-us']);
    const show = await pmt(['profile', 'show', 'us2'], bare);
    expect(show.stdout + show.stderr).not.toContain(secret);
  });
});
