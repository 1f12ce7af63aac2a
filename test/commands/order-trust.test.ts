/**
 * Issue 12, end to end in process against the doubles (the kill -9 on the binary): nothing sent
 * twice, nothing lost from sight. A create the exchange accepts late is "placed" or "unknown",
 * never "not placed", and a re-send under the same client order id leaves one order; a killed
 * create leaves its intent in the journal; `--yes --json` failures are one stderr line;
 * `--profile` beats the environment.
 */
import { execa } from 'execa';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanEnv, PMT_BIN, tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { addressOf, catalogMarket, KEYS, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import { ErrorObjectSchema } from '../../src/models/error.js';
import { fieldsOf } from '../helpers/models.js';

const K = 'KXTRUST-26DEC31-A';
const CREATE = /^\/portfolio\/events\/orders$/;
let d: Doubles;
let keyId: string;
let dir: string;
let env: Record<string, string>;
let m: CatalogPick;

beforeAll(async () => {
  d = await startDoubles({ kalshi: { markets: 30 } });
  const key = makeKalshiKey();
  keyId = key.keyId;
  d.kalshi.auth.register(key.keyId, key.publicKey);
  d.kalshi.orders.addMarket({ ticker: K });
  d.kalshi.books.setBook(K, { yes: [[0.42, 100]], no: [[0.55, 150]] });
  m = catalogMarket(d, { tick: '0.01', negRisk: false, nth: 3 });
  d.polymarket.trading.fund(addressOf(KEYS.alice), 10_000);
  d.polymarket.trading.fund(addressOf(KEYS.bob), 10_000);
  dir = tempConfigDir();
  writeFileSync(join(dir, 'k.pem'), key.privatePem, { mode: 0o600 });
  env = { ...d.env, PMT_CONFIG_DIR: dir, PMT_RETRY_BASE_MS: '2', KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem') };
});
afterAll(() => d?.close());
beforeEach(() => {
  d.kalshi.double.clearFaults();
  d.resetLogs();
});

const pmt = (args: string[], extra: Record<string, string> = {}) => runInProcess(args, { env: { ...env, ...extra }, timeout: 30_000 });
const kalshiOrders = () => d.kalshi.orders.portfolio.list(keyId, {});
const journal = async () => JSON.parse((await pmt(['order', 'journal', '--json'])).stdout) as Array<Record<string, unknown>>;

describe('a create the exchange accepts late', () => {
  it('held 5 s with a 2 s timeout: "placed" or "unknown", never "not placed"; the same client id re-sent leaves one order', async () => {
    const before = kalshiOrders().length;
    d.kalshi.double.inject({ kind: 'delay', ms: 5000 }, { method: 'POST', path: CREATE });
    const r = await pmt(['order', 'create', '--asset', K, '--side', 'buy', '--outcome', 'no', '--price', '0.30', '--size', '2', '--yes', '--json'], {
      PMT_HTTP_TIMEOUT_MS: '2000',
    });
    expect(r.stderr + r.stdout).not.toMatch(/not placed|safe to send/i);
    expect([0, 8]).toContain(r.exitCode);
    const coid = String(JSON.parse(d.kalshi.double.requests.find((q) => q.method === 'POST')!.body).client_order_id);
    if (r.exitCode === 8) {
      const err = JSON.parse(r.stderr);
      expect(err.message).toContain(`pmt order get --client-id ${coid}`);
    } else {
      expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'No', side: 'buy', price: 0.3 });
    }
    await new Promise((res) => setTimeout(res, 300));
    expect(kalshiOrders().length - before).toBe(1);
    // The journal holds the intent (with its client order id) and what became of it.
    const j = (await journal()).filter((e) => e.client_order_id === coid);
    expect(j[0]).toMatchObject({ event: 'intent', exchange: 'kalshi', market_ticker: K, outcome: 'No', side: 'buy', price: 0.3, size: 2, type: 'gtc' });
    expect(['result', 'unknown']).toContain(j[1]!.event);
    // Settled by client id, read back as placed.
    const got = await pmt(['order', 'get', '--client-id', coid, '--json']);
    expect(got.exitCode, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ id: kalshiOrders().at(-1)!.id, outcome: 'No', side: 'buy', price: 0.3 });
    // Re-sent under the same client order id: Kalshi refuses the duplicate, pmt shows the one order.
    const again = await pmt(['order', 'create', '--asset', K, '--side', 'buy', '--outcome', 'no', '--price', '0.30', '--size', '2', '--client-order-id', coid, '--yes', '--json']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).id).toBe(kalshiOrders().at(-1)!.id);
    expect(kalshiOrders().length - before).toBe(1);
    expect(d.kalshi.double.count(CREATE, 'POST')).toBe(2);
  }, 40_000);
});

describe('the order journal', () => {
  it('kill -9 mid-create leaves the intent, flushed before the request left; the file is 0600', async () => {
    d.kalshi.double.inject({ kind: 'delay', ms: 10_000 }, { method: 'POST', path: CREATE });
    const child = execa(PMT_BIN, ['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.41', '--size', '3', '--type', 'ioc', '--yes'], {
      env: cleanEnv(env),
      extendEnv: false,
      reject: false,
    });
    const t0 = Date.now();
    while (d.kalshi.double.count(CREATE, 'POST') === 0 && Date.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await child;
    const coid = String(JSON.parse(d.kalshi.double.requests.find((q) => q.method === 'POST')!.body).client_order_id);
    const mine = (await journal()).filter((e) => e.client_order_id === coid);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ event: 'intent', exchange: 'kalshi', market_ticker: K, outcome: 'Yes', side: 'buy', price: 0.41, size: 3, type: 'ioc', order_id: null });
    expect(statSync(join(dir, 'orders.jsonl')).mode & 0o777).toBe(0o600);
    // Never a secret or a signature in it.
    const text = readFileSync(join(dir, 'orders.jsonl'), 'utf8');
    expect(text).not.toMatch(/PRIVATE KEY|signature|KALSHI-ACCESS/i);
    const human = await pmt(['order', 'journal', '--limit', '1']);
    expect(human.stdout).toContain(coid);
    expect(human.stdout.split('\n').filter(Boolean)).toHaveLength(1);
  }, 30_000);
});

describe('--yes --json failures', () => {
  it('put exactly one line on stderr: the error object (no preview)', async () => {
    d.kalshi.double.inject({ kind: 'status', status: 400, body: '{"error":{"code":"insufficient_balance","message":"insufficient balance"}}' }, { method: 'POST', path: CREATE });
    const r = await pmt(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.40', '--size', '3', '--yes', '--json']);
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe('');
    const l = r.stderr.split('\n').filter(Boolean);
    expect(l).toHaveLength(1);
    expect(Object.keys(JSON.parse(l[0]!))).toEqual(fieldsOf(ErrorObjectSchema));
    // The refusal is in the journal as a result, not as "unknown".
    expect((await journal()).at(-1)).toMatchObject({ event: 'result', status: 'rejected' });
  });
});

describe('credential precedence', () => {
  it('--profile beats ambient environment variables: the order is signed by the named wallet', async () => {
    const pdir = tempConfigDir();
    const penv = { ...d.env, PMT_CONFIG_DIR: pdir, POLYMARKET_PRIVATE_KEY: KEYS.alice };
    // The key on stdin where pmt takes it so (issue 15), else as the flag value of this version.
    let add = await runInProcess(['profile', 'add', 'work', '--polymarket-private-key-stdin'], { env: penv, input: KEYS.bob });
    if (/unknown option/.test(add.stderr)) add = await runInProcess(['profile', 'add', 'work', '--polymarket-private-key', KEYS.bob], { env: penv });
    expect(add.exitCode, add.stderr).toBe(0);
    const dry = async (args: string[]) => {
      const r = await runInProcess(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.30', '--size', '5', '--dry-run', '--json', ...args], { env: penv });
      expect(r.exitCode, r.stderr).toBe(0);
      return JSON.parse(r.stdout).upstream.body.order.signer as string;
    };
    // Named: bob's wallet, whatever the environment says.
    expect((await dry(['--profile', 'work'])).toLowerCase()).toBe(addressOf(KEYS.bob).toLowerCase());
    // Not named: the environment overrides the active profile, field by field.
    expect((await dry([])).toLowerCase()).toBe(addressOf(KEYS.alice).toLowerCase());
    const ex = JSON.parse((await runInProcess(['exchanges', '--json', '--profile', 'work'], { env: penv })).stdout);
    expect(ex.exchanges.find((e: { id: string }) => e.id === 'polymarket').credentials.origin).toBe('profile work');
  });

  it('a base URL other than the default is "custom" in the preview', async () => {
    const r = await pmt(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.30', '--size', '5', '--dry-run'], { POLYMARKET_PRIVATE_KEY: KEYS.alice });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Order preview · polymarket \(custom\)/);
  });
});

describe('scoping by market covers every outcome', () => {
  it('order list and cancel-all --asset polymarket:<slug> include the orders on both tokens', async () => {
    const penv = { POLYMARKET_PRIVATE_KEY: KEYS.alice };
    const place = async (token: string) => {
      const r = await pmt(['order', 'create', '--asset', token, '--side', 'buy', '--price', '0.05', '--size', '10', '--yes', '--json'], penv);
      expect(r.exitCode, r.stderr).toBe(0);
      return JSON.parse(r.stdout).id as string;
    };
    const yes = await place(m.yes);
    const no = await place(m.no);
    const listed = JSON.parse((await pmt(['order', 'list', '--asset', `polymarket:${m.slug}`, '--json'], penv)).stdout);
    expect(listed.map((o: { id: string }) => o.id).sort()).toEqual([yes, no].sort());
    const c = await pmt(['order', 'cancel-all', '--asset', `polymarket:${m.slug}`, '--yes', '--json'], penv);
    expect(c.exitCode, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout).map((o: { id: string }) => o.id).sort()).toEqual([yes, no].sort());
    const open = d.polymarket.trading.ordersOf(addressOf(KEYS.alice)).filter((o) => !/cancel/i.test(String(o.status)));
    expect(open).toEqual([]);
    // Each cancelled order is a `cancel` event in the journal, with the hash it was placed with.
    const cancels = (await journal()).filter((e) => e.event === 'cancel' && (e.order_id === yes || e.order_id === no));
    expect(cancels.map((e) => e.order_id).sort()).toEqual([yes, no].sort());
    for (const e of cancels) expect(e).toMatchObject({ exchange: 'polymarket', side: 'buy', price: 0.05, size: 10, type: 'gtc', order_hash: e.order_id });
  });
});

describe('cancels in the journal', () => {
  it('`order cancel` appends a cancel event with the order as placed (Kalshi NO buy stays NO buy) and its client order id', async () => {
    const placed = await pmt(['order', 'create', '--asset', K, '--outcome', 'no', '--side', 'buy', '--price', '0.3', '--size', '2', '--yes', '--json']);
    expect(placed.exitCode, placed.stderr).toBe(0);
    const id = JSON.parse(placed.stdout).id as string;
    const coid = (await journal()).find((e) => e.event === 'result' && e.order_id === id)?.client_order_id;
    expect(coid).toEqual(expect.any(String));
    const c = await pmt(['order', 'cancel', id, '--yes', '--json']);
    expect(c.exitCode, c.stderr).toBe(0);
    // Printed as placed, like `order get` prints it: the NO buy, not Kalshi's YES-sell form.
    expect(JSON.parse(c.stdout)).toMatchObject({ id, outcome: 'No', side: 'buy', price: 0.3, status: 'cancelled' });
    const entry = (await journal()).find((e) => e.event === 'cancel' && e.order_id === id);
    expect(entry).toMatchObject({ exchange: 'kalshi', market_ticker: K, outcome: 'No', side: 'buy', price: 0.3, size: 2, type: 'gtc', order_hash: null, status: 'cancelled' });
    expect(entry!.client_order_id).toBe(coid);
    const human = await pmt(['order', 'journal', '--limit', '1']);
    expect(human.stdout).toMatch(/cancel/);
    expect(human.stdout).toContain(id);
  });
});
