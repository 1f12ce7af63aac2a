/**
 * `pmt order create --post-only` and the Polymarket order-version switch run in process
 * against the doubles: a crossing post-only order is refused before anything is signed or sent
 * (both exchanges), a resting one carries the flag upstream, and a CLOB that switches order
 * version between two runs costs one refused order, never a failed command.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressOf, catalogMarket, KEYS, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';

const K = 'KXPOST-26DEC31-A';
let d: Doubles;
let m: CatalogPick;
let poly: Record<string, string>;
let kalshi: Record<string, string>;
const orderPosts = () => d.polymarket.clobDouble.requests.filter((r) => r.method === 'POST' && r.path === '/order');

beforeAll(async () => {
  d = await startDoubles();
  m = catalogMarket(d, { tick: '0.01', negRisk: false });
  d.polymarket.trading.fund(addressOf(KEYS.alice), 1000);
  poly = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), POLYMARKET_PRIVATE_KEY: KEYS.alice };
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  d.kalshi.orders.addMarket({ ticker: K });
  d.kalshi.books.setBook(K, { yes: [[0.42, 100]], no: [[0.55, 150]] });
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'k.pem'), key.privatePem, { mode: 0o600 });
  kalshi = { ...d.env, PMT_CONFIG_DIR: dir, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem') };
});
afterAll(() => d?.close());
beforeEach(() => {
  d.polymarket.trading.orderVersion = 2;
  d.resetLogs();
});

describe('order create --post-only', () => {
  it('polymarket: at the best ask, exit 2 naming the ask and the best price that rests; nothing sent', async () => {
    const ask = d.polymarket.books.book(m.yes)!.asks[0]!.price;
    const r = await runInProcess(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', ask, '--size', '10', '--post-only', '--yes'], { env: poly });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain(`would cross the book: the best ask is ${Number(ask)}`);
    expect(r.stderr).toMatch(/the best price that would rest is 0\.\d+/);
    expect(orderPosts()).toHaveLength(0);
  });

  it('kalshi: a crossing YES buy is exit 2; a resting dry run shows post_only in the upstream body', async () => {
    const r = await runInProcess(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.45', '--size', '2', '--post-only', '--yes'], { env: kalshi });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain('the best YES ask is 0.45');
    const dry = await runInProcess(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.44', '--size', '2', '--post-only', '--dry-run', '--json'], { env: kalshi });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout).upstream.body).toMatchObject({ post_only: true, price: '0.4400' });
  });

  it('--post-only with --type ioc is exit 2 before any request', async () => {
    const r = await runInProcess(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.44', '--size', '2', '--type', 'ioc', '--post-only', '--yes'], { env: kalshi });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--post-only orders rest on the book');
    expect(d.kalshi.double.requests).toHaveLength(0);
  });
});

describe('a Polymarket order-version switch between two runs', () => {
  it('the second run signs with the cached version, is refused once, asks /version and places a V3 order', async () => {
    const args = ['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.05', '--size', '10', '--yes', '--json', '--verbose'];
    const env = { ...poly, PMT_CONFIG_DIR: tempConfigDir() };
    const first = await runInProcess(args, { env });
    expect(first.exitCode, first.stderr).toBe(0);
    d.polymarket.trading.orderVersion = 3;
    d.resetLogs();
    const second = await runInProcess(args, { env });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ status: 'open' });
    expect(orderPosts()).toHaveLength(2);
    expect(second.stderr).toContain('the CLOB now takes version 3, signing a new order');
    d.polymarket.trading.orderVersion = 5;
    const third = await runInProcess(args, { env });
    expect(third.exitCode).toBe(10);
    expect(third.stderr).toContain('order version 5');
  });
});
