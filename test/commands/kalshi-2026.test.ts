/**
 * Kalshi as it is in late 2026, end to end in process against the double (real HTTP,
 * every signed request verified): an Ed25519 API key signs every command (REST and the WebSocket
 * upgrade), named by kind; orders on shard 1 are cancelled by `order cancel` and `cancel-all`
 * (the double, like Kalshi, looks on shard 0 when a cancel carries no routing); orders and fills
 * answered with only the canonical direction fields read right; the balance's shard breakdown.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey, type KalshiKeyPair } from '../upstream/kalshi/auth.js';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';

const T0 = 'KXSHARD-26DEC31-A';
const T1 = 'KXSHARD-26DEC31-B';
const EDGE = 'KXSHARD-26DEC31-E';
// Steps down to $0.0001 at the edges (Kalshi's price_ranges; tick_size is gone).
const EDGE_RANGES = [
  { start: '0.0000', end: '0.0100', step: '0.0001' },
  { start: '0.0100', end: '0.9900', step: '0.0100' },
  { start: '0.9900', end: '1.0000', step: '0.0001' },
];

let d: Doubles;
let ed: KalshiKeyPair;
let env: Record<string, string>;
let dir: string;

const pmt = (...args: string[]) => runInProcess(args, { env });
const kinds = () => d.kalshi.auth.verifiedKinds;

beforeAll(async () => {
  d = await startDoubles();
  ed = makeKalshiKey('e0e0e0e0-0000-4000-8000-0000000ed255', 'ed25519');
  d.kalshi.auth.register(ed.keyId, ed.publicKey);
  d.kalshi.orders.addMarket({ ticker: T0, title: 'Shard zero' });
  d.kalshi.orders.addMarket({ ticker: T1, title: 'Shard one', exchange_index: 1 });
  d.kalshi.orders.addMarket({ ticker: EDGE, title: 'Edges', price_ranges: EDGE_RANGES });
  d.kalshi.books.setBook(EDGE, { yes: [[0.42, 100]], no: [[0.55, 150]] });
  for (const t of [T0, T1]) d.kalshi.books.setBook(t, { yes: [[0.42, 100]], no: [[0.55, 150]] });
  dir = tempConfigDir();
  writeFileSync(join(dir, 'ed25519.pem'), ed.privatePem, { mode: 0o600 });
  env = { ...d.env, PMT_CONFIG_DIR: dir, KALSHI_API_KEY_ID: ed.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'ed25519.pem') };
});
afterAll(() => d?.close());
beforeEach(() => {
  d.kalshi.orders.portfolio.wire.canonicalOnly = false;
  d.kalshi.auth.verifiedKinds.length = 0;
  d.kalshi.auth.refusals = 0;
  d.resetLogs();
});

describe('Ed25519 API keys', () => {
  it('the key file is an Ed25519 PKCS#8 key (the double verifies Ed25519 only for it)', () => {
    expect(ed.privatePem).toContain('BEGIN PRIVATE KEY');
    expect(ed.publicKey.asymmetricKeyType).toBe('ed25519');
  });

  it('profile add names the kind it found', async () => {
    const r = await runInProcess(['profile', 'add', 'ed', '--kalshi-api-key-id', ed.keyId, '--kalshi-private-key-path', join(dir, 'ed25519.pem')], {
      env: { ...env, PMT_CONFIG_DIR: tempConfigDir(), KALSHI_API_KEY_ID: '', KALSHI_PRIVATE_KEY_PATH: '' },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('Kalshi key: Ed25519 (requests are signed with Ed25519)');
  });

  it('exchanges --check: accepted, named Ed25519, signed with Ed25519', async () => {
    const r = await pmt('exchanges', '--check', '--exchange', 'kalshi', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const k = JSON.parse(r.stdout).exchanges.find((e: { id: string }) => e.id === 'kalshi');
    expect(k.check.status).toBe('ok');
    expect(k.check.detail).toMatch(/^Ed25519 key accepted; available balance \$[\d.]+; API tier basic \(20 reads\/s, 10 writes\/s\)$/);
    expect(kinds().length).toBeGreaterThan(0);
    expect(new Set(kinds())).toEqual(new Set(['ed25519']));
  });

  it('doctor takes an Ed25519 key as a working Kalshi key (it does not block trading)', async () => {
    const r = await pmt('doctor', '--exchange', 'kalshi', '--json');
    const key = (JSON.parse(r.stdout).kalshi as Array<{ check: string; ok: boolean; detail: string }>).find((c) => c.check === 'key')!;
    expect(key.ok).toBe(true);
    expect(key.detail).toMatch(/^Ed25519 private key/);
  });

  it('a refused Ed25519 key: exit 3, the error names the kind', async () => {
    const other = makeKalshiKey(ed.keyId, 'ed25519'); // the right id, another private key
    writeFileSync(join(dir, 'wrong.pem'), other.privatePem, { mode: 0o600 });
    const r = await runInProcess(['balance', '--exchange', 'kalshi'], { env: { ...env, KALSHI_PRIVATE_KEY_PATH: join(dir, 'wrong.pem') } });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/Kalshi refused the Ed25519 key on GET \/portfolio\/balance/);
  });

  it('create, get, list, cancel and book watch (the WebSocket upgrade) all sign with Ed25519', async () => {
    const c = await pmt('order', 'create', '--asset', T0, '--side', 'buy', '--price', '0.40', '--size', '2', '--yes', '--json');
    expect(c.exitCode, c.stderr).toBe(0);
    const id = JSON.parse(c.stdout).id as string;
    expect((await pmt('order', 'get', id, '--json')).exitCode).toBe(0);
    expect((await pmt('order', 'list', '--json', '--exchange', 'kalshi')).exitCode).toBe(0);
    const am = await pmt('order', 'amend', id, '--price', '0.41', '--yes', '--json');
    expect(am.exitCode, am.stderr).toBe(0);
    for (const cmd of [['positions', '--exchange', 'kalshi', '--json'], ['fills', '--exchange', 'kalshi', '--json'], ['balance', '--exchange', 'kalshi', '--json']]) {
      const r = await pmt(...cmd);
      expect(r.exitCode, `${cmd.join(' ')}: ${r.stderr}`).toBe(0);
    }
    const x = await pmt('order', 'cancel', id, '--yes', '--json');
    expect(x.exitCode, x.stderr).toBe(0);
    expect(JSON.parse(x.stdout).status).toBe('cancelled');
    const before = kinds().length;
    const w = await pmt('book', 'watch', T0, '--ndjson', '--count', '1');
    expect(w.exitCode, w.stderr).toBe(0);
    expect(kinds().length).toBeGreaterThan(before); // the upgrade was signed and verified
    expect(d.kalshi.auth.refusals).toBe(0);
    expect(new Set(kinds())).toEqual(new Set(['ed25519']));
  });
});

describe('exchange shards', () => {
  it('the double, like Kalshi, does not find a shard-1 order from an unrouted cancel', async () => {
    const o = d.kalshi.orders.seedOrder(ed.keyId, { ticker: T1, price: '0.30', count: '3' });
    expect(o.exchangeIndex).toBe(1);
    expect(d.kalshi.orders.portfolio.cancel(ed.keyId, o.id, d.kalshi.orders.portfolio.routeOf(undefined, undefined))).toMatchObject({ error: { code: 'not_found' } });
    expect(d.kalshi.orders.portfolio.cancel(ed.keyId, o.id, d.kalshi.orders.portfolio.routeOf(undefined, T1))).toMatchObject({ reducedBy: expect.anything() });
  });

  it('order cancel reaches an order on shard 1 (routed by market_ticker and exchange_index)', async () => {
    const c = await pmt('order', 'create', '--asset', T1, '--side', 'buy', '--price', '0.40', '--size', '2', '--yes', '--json');
    expect(c.exitCode, c.stderr).toBe(0);
    const id = JSON.parse(c.stdout).id as string;
    const x = await pmt('order', 'cancel', id, '--yes', '--json');
    expect(x.exitCode, x.stderr).toBe(0);
    expect(JSON.parse(x.stdout)).toMatchObject({ id, status: 'cancelled' });
    expect(d.kalshi.portfolio.cancelRouting.at(-1)).toEqual({ order_id: id, exchange_index: '1', market_ticker: T1 });
    expect(d.kalshi.orders.portfolio.findOrder(ed.keyId, id)!.status).toBe('canceled');
  });

  it('order cancel-all cancels orders on shard 0 and shard 1', async () => {
    const ids: string[] = [];
    for (const t of [T0, T1]) {
      const c = await pmt('order', 'create', '--asset', t, '--side', 'buy', '--price', '0.40', '--size', '1', '--yes', '--json');
      expect(c.exitCode, c.stderr).toBe(0);
      ids.push(JSON.parse(c.stdout).id);
    }
    const r = await pmt('order', 'cancel-all', '--yes', '--exchange', 'kalshi', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ id: string }>).map((o) => o.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(d.kalshi.orders.portfolio.findOrder(ed.keyId, id)!.status).toBe('canceled');
    const routed = d.kalshi.orders.cancelRouting.filter((x) => ids.includes(x.order_id));
    expect(routed.map((x) => [x.market_ticker, x.exchange_index]).sort()).toEqual([
      [T0, 0],
      [T1, 1],
    ]);
  });

  it('balance: JSON stays the total, people see the total then each shard', async () => {
    d.kalshi.orders.setBalance(ed.keyId, '900');
    d.kalshi.orders.setShardCash(ed.keyId, 1, '100.5');
    const j = await pmt('balance', '--exchange', 'kalshi', '--json');
    expect(j.exitCode, j.stderr).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual({ USD: 1000.5 });
    const people = await runInProcess(['balance', '--exchange', 'kalshi'], { env: { ...env, PMT_FORCE_TTY: '160' } });
    expect(people.exitCode, people.stderr).toBe(0);
    expect(people.stdout).toMatch(/\$1,000\.50.*shard 0 \$900\.00 · shard 1 \$100\.50/);
    d.kalshi.orders.portfolio.shardCash.clear();
  });
});

describe('canonical direction fields', () => {
  it('an order and a fill answered with only outcome_side/book_side read as the YES-book ask they are', async () => {
    d.kalshi.orders.setBalance(ed.keyId, '1000');
    // A resting YES ask at 0.70 (nothing bids that high, so it rests).
    const c = await pmt('order', 'create', '--asset', T0, '--outcome', 'yes', '--side', 'sell', '--price', '0.70', '--size', '3', '--yes', '--json');
    expect(c.exitCode, c.stderr).toBe(0);
    const id = JSON.parse(c.stdout).id as string;
    d.kalshi.orders.portfolio.wire.canonicalOnly = true;
    const g = await runInProcess(['order', 'get', id, '--json'], { env: { ...env, PMT_CONFIG_DIR: tempConfigDir() } });
    expect(g.exitCode, g.stderr).toBe(0);
    // Another machine (no journal): Kalshi's own record, which says only outcome_side no / book_side ask.
    expect(JSON.parse(g.stdout)).toMatchObject({ outcome: 'Yes', side: 'sell', price: 0.7 });
    await pmt('order', 'cancel', id, '--yes');
  });

  it('a YES-ask fill with only canonical fields reads Yes sell', async () => {
    d.kalshi.orders.setBalance(ed.keyId, '1000');
    // Sell YES into a 0.42 YES bid: a fill with book_side ask.
    d.kalshi.orders.seedBook(T0, { bids: [[0.42, 10]] });
    const c = await pmt('order', 'create', '--asset', T0, '--outcome', 'yes', '--side', 'sell', '--price', '0.42', '--size', '1', '--yes', '--json');
    expect(c.exitCode, c.stderr).toBe(0);
    d.kalshi.orders.portfolio.wire.canonicalOnly = true;
    const f = await runInProcess(['fills', '--exchange', 'kalshi', '--json'], { env: { ...env, PMT_CONFIG_DIR: tempConfigDir() } });
    expect(f.exitCode, f.stderr).toBe(0);
    const fills = JSON.parse(f.stdout).fills as Array<{ order_id: string; outcome: string; side: string; price: number }>;
    const mine = fills.find((x) => x.order_id === JSON.parse(c.stdout).id)!;
    expect(mine).toMatchObject({ outcome: 'Yes', side: 'sell', price: 0.42 });
  });
});

describe('reduce-only on create', () => {
  it('--reduce-only is sent to Kalshi (dry run shows it); refused for Polymarket before any request', async () => {
    const r = await pmt('order', 'create', '--asset', T0, '--side', 'sell', '--price', '0.60', '--size', '1', '--reduce-only', '--dry-run', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).upstream.body).toMatchObject({ reduce_only: true, side: 'ask' });
    const p = await pmt('order', 'create', '--asset', '0x' + '1'.repeat(64), '--side', 'buy', '--price', '0.40', '--size', '5', '--reduce-only', '--yes', '--exchange', 'polymarket');
    expect(p.exitCode, p.stderr).toBe(10);
    expect(p.stderr).toContain('Polymarket orders cannot be reduce-only in this pmt (--reduce-only); nothing was sent');
    expect(d.polymarket.clobDouble.requests.filter((q) => q.method === 'POST')).toEqual([]);
  });
});

describe('GTD on create (one --expires for every exchange, ops/expires.ts)', () => {
  it('--expires goes out as expiration_time with good_till_canceled, beside reduce_only (dry run); inside the minute\'s lead it is refused before any request', async () => {
    const at = Math.floor(Date.now() / 1000) + 3600;
    const dry = await pmt('order', 'create', '--asset', T0, '--side', 'sell', '--price', '0.60', '--size', '1', '--reduce-only', '--expires', String(at), '--dry-run', '--json');
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout).upstream.body).toMatchObject({ expiration_time: at, time_in_force: 'good_till_canceled', reduce_only: true, side: 'ask' });
    const r = await pmt('order', 'create', '--asset', T0, '--side', 'sell', '--price', '0.60', '--size', '1', '--expires', String(at), '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(d.kalshi.double.requests.filter((q) => q.method === 'POST').at(-1)!.body)).toMatchObject({ expiration_time: at, time_in_force: 'good_till_canceled', side: 'ask' });
    d.resetLogs();
    const soon = await pmt('order', 'create', '--asset', T0, '--side', 'sell', '--price', '0.60', '--size', '1', '--expires', String(Math.floor(Date.now() / 1000) + 5), '--yes');
    expect(soon.exitCode).toBe(2);
    expect(soon.stderr).toMatch(/too soon: Kalshi needs an expiry at least 1 minute ahead; the earliest allowed now is/);
    expect(d.kalshi.double.requests.filter((q) => q.method === 'POST')).toEqual([]);
  });
});

describe('price ranges', () => {
  it('a price valid only under the ranges is accepted (and sent); an off-step one is refused with the nearest valid prices', async () => {
    const ok = await pmt('order', 'create', '--asset', EDGE, '--side', 'sell', '--price', '0.9955', '--size', '1', '--yes', '--json');
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(JSON.parse(d.kalshi.double.requests.filter((q) => q.method === 'POST').at(-1)!.body)).toMatchObject({ price: '0.9955', side: 'ask' });
    const no = await pmt('order', 'create', '--asset', EDGE, '--outcome', 'no', '--side', 'buy', '--price', '0.0045', '--size', '1', '--dry-run', '--json');
    expect(no.exitCode, no.stderr).toBe(0);
    const checks = JSON.parse(no.stdout).preview.checks as Array<{ name: string; detail: string }>;
    expect(checks.find((c) => c.name === 'tick')!.detail).toBe('0.0045 is on the 0.0001 step of its price range (steps 0.0001 to 0.01, 0.01 to 0.99, 0.0001 to 1)');
    const bad = await pmt('order', 'create', '--asset', EDGE, '--side', 'buy', '--price', '0.505', '--size', '1', '--yes');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--price 0.505 is off the 0.01 step of its price range (steps 0.0001 to 0.01, 0.01 to 0.99, 0.0001 to 1); nearest valid prices: 0.5 or 0.51');
    await pmt('order', 'cancel-all', '--yes', '--exchange', 'kalshi');
  });
});

