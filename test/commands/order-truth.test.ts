/**
 * Issue 21, the order paths around create, end to end in process against the doubles:
 * amend of a Kalshi NO order moves the NO price (and is journaled, and its confirmation shows what
 * create's preview shows), cancel-all cancels on every exchange that answers, a reused client order
 * id with different terms is refused, the post-only refusal of a NO order names NO prices, and an
 * order placed as NO reads back as placed on a machine without the journal.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { addressOf, catalogMarket, KEYS } from '../exchanges/polymarket/trading-fixture.js';

const K = 'KXTRUTH-26DEC31-A';
const CREATE = /^\/portfolio\/events\/orders$/;
let d: Doubles;
let keyId: string;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  d = await startDoubles({ kalshi: { markets: 30 } });
  const key = makeKalshiKey();
  keyId = key.keyId;
  d.kalshi.auth.register(key.keyId, key.publicKey);
  d.kalshi.orders.setBalance(key.keyId, 10_000);
  d.kalshi.orders.addMarket({ ticker: K });
  d.kalshi.markets.addEvent('KXTRUTH-26DEC31', 'KXTRUTH');
  d.kalshi.markets.setSeriesFees('KXTRUTH', 'quadratic', 1);
  // The displayed book (previews, post-only) and the engine's liquidity agree: YES bid 0.42, ask 0.45.
  d.kalshi.books.setBook(K, { yes: [[0.42, 100]], no: [[0.55, 150]] });
  d.kalshi.orders.seedBook(K, { bids: [['0.42', '100']], asks: [['0.45', '150']] });
  dir = tempConfigDir();
  writeFileSync(join(dir, 'k.pem'), key.privatePem, { mode: 0o600 });
  env = { ...d.env, PMT_CONFIG_DIR: dir, PMT_RETRY_BASE_MS: '2', KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem') };
});
afterAll(() => d?.close());
beforeEach(() => {
  d.kalshi.double.clearFaults();
  d.resetLogs();
});

const pmt = (args: string[], extra: Record<string, string> = {}, input?: string) => runInProcess(args, { env: { ...env, ...extra }, timeout: 30_000, input });
const journal = async (extra: Record<string, string> = {}) => JSON.parse((await pmt(['order', 'journal', '--json'], extra)).stdout) as Array<Record<string, unknown>>;
const amendBodies = () => d.kalshi.double.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/amend')).map((q) => JSON.parse(q.body) as Record<string, unknown>);
const noBuy = async (price: string, size: string, more: string[] = []) => {
  const r = await pmt(['order', 'create', '--asset', K, '--outcome', 'no', '--side', 'buy', '--price', price, '--size', size, ...more, '--yes', '--json']);
  expect(r.exitCode, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { id: string };
};
const cancel = (id: string) => pmt(['order', 'cancel', id, '--yes', '--json']);

describe('item 1: amend of a Kalshi NO order', () => {
  it('moves the NO price (a YES ask at 1 − p), reads back as placed, and is journaled as an amend', async () => {
    const { id } = await noBuy('0.30', '10');
    const r = await pmt(['order', 'amend', id, '--price', '0.31', '--yes', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    // Sent as the YES ask at 0.69 (buying NO at 0.31), not a YES ask at 0.31 that sells into the 0.42 bid.
    expect(amendBodies()).toEqual([expect.objectContaining({ ticker: K, side: 'ask', price: '0.6900' })]);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, outcome: 'No', side: 'buy', price: 0.31, size: 10, filled: 0, status: 'open' });
    const got = await pmt(['order', 'get', id, '--json']);
    expect(JSON.parse(got.stdout)).toMatchObject({ outcome: 'No', side: 'buy', price: 0.31 });
    const entry = (await journal()).find((e) => e.event === 'amend' && e.order_id === id);
    expect(entry).toMatchObject({ exchange: 'kalshi', market_ticker: K, outcome: 'No', side: 'buy', price: 0.31, size: 10, type: 'gtc', status: 'open' });
    await cancel(id);
  });

  it('an order the journal relabels (a client id of the caller) is amended on its NO scale too, and later reads follow the amend', async () => {
    const { id } = await noBuy('0.30', '5', ['--client-order-id', `mine-${Date.now()}`]);
    const r = await pmt(['order', 'amend', id, '--price', '0.32', '--size', '6', '--yes', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(amendBodies()).toEqual([expect.objectContaining({ side: 'ask', price: '0.6800', count: '6.00' })]);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'No', side: 'buy', price: 0.32, size: 6 });
    const list = JSON.parse((await pmt(['order', 'list', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(list.find((o) => o.id === id)).toMatchObject({ outcome: 'No', side: 'buy', price: 0.32, size: 6 });
    await cancel(id);
  });

  it('the confirmation shows the change on the NO scale, whether it crosses, what fills now and the fee', async () => {
    const { id } = await noBuy('0.30', '10');
    const r = await pmt(['order', 'amend', id, '--price', '0.60'], { PMT_FORCE_TTY: '110', NO_COLOR: '1' }, 'n\n');
    expect(r.exitCode).toBe(130);
    const shown = r.stdout + r.stderr;
    expect(shown).toMatch(/Amend buy No: price 0\.30 → 0\.60 per No contract/);
    // NO at 0.60 = a YES ask at 0.40, under the 0.42 YES bid: it crosses.
    expect(shown).toMatch(/Crosses\s+yes: it trades at once/);
    expect(shown).toMatch(/Fills now\s+10 at avg No 0\.58/);
    // Kalshi's taker fee, ceil(0.07 × 10 × 0.58 × 0.42) to the cent.
    expect(shown).toMatch(/Fee \(est\.\)\s+\$0\.18 · taker \$0\.18 on the 10 filling now/);
    expect(amendBodies()).toHaveLength(0);
    await cancel(id);
  });
});

describe('item 3: a reused --client-order-id', () => {
  it('with different terms is refused (Api, exit 2) naming the id and its order: before sending when the journal knows it, after the 409 when not', async () => {
    const coid = `reuse-${Date.now()}`;
    const first = await pmt(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.30', '--size', '4', '--client-order-id', coid, '--yes', '--json']);
    expect(first.exitCode, first.stderr).toBe(0);
    const id = JSON.parse(first.stdout).id as string;
    d.resetLogs();
    const again = await pmt(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.31', '--size', '9', '--client-order-id', coid, '--yes', '--json']);
    expect(again.exitCode).toBe(2);
    expect(again.stdout).toBe('');
    expect(JSON.parse(again.stderr.trim())).toMatchObject({ kind: 'Api', message: expect.stringContaining(`client order id ${coid} already names order ${id}`) });
    expect(d.kalshi.double.count(CREATE, 'POST')).toBe(0);
    // Another machine (no journal): Kalshi refuses the duplicate (409) and the order it holds differs.
    const other = tempConfigDir();
    const there = await pmt(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.31', '--size', '9', '--client-order-id', coid, '--yes', '--json'], { PMT_CONFIG_DIR: other });
    expect(there.exitCode).toBe(2);
    expect(JSON.parse(there.stderr.trim())).toMatchObject({ kind: 'Api', message: expect.stringContaining(`client order id ${coid} already names order ${id}`) });
    const j = await journal({ PMT_CONFIG_DIR: other });
    expect(j.filter((e) => e.event === 'result' && e.order_id !== null)).toEqual([]);
    // The same terms show the existing order, exit 0.
    const same = await pmt(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.30', '--size', '4', '--client-order-id', coid, '--yes', '--json'], { PMT_CONFIG_DIR: other });
    expect(same.exitCode, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ id, price: 0.3, size: 4 });
    await cancel(id);
  });
});

describe('item 4: post-only refusal of a NO order', () => {
  it('names the NO ask it would cross and the NO price that would rest', async () => {
    const r = await pmt(['order', 'create', '--asset', K, '--outcome', 'no', '--side', 'buy', '--price', '0.60', '--size', '2', '--post-only', '--yes', '--json']);
    expect(r.exitCode).toBe(2);
    const msg = JSON.parse(r.stderr.trim()).message as string;
    // YES bid 0.42 → NO ask 0.58; resting NO prices start one tick below: 0.57.
    expect(msg).toMatch(/the best NO ask is 0\.58/);
    expect(msg).toMatch(/the best price that would rest is 0\.57/);
  });
});

describe('item 10: read back as placed on another machine', () => {
  it('a NO buy pmt placed shows as No buy in order get/list from a config dir without its journal', async () => {
    const { id } = await noBuy('0.30', '3');
    const other = { PMT_CONFIG_DIR: tempConfigDir() };
    const got = await pmt(['order', 'get', id, '--json'], other);
    expect(got.exitCode, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ id, outcome: 'No', side: 'buy', price: 0.3 });
    const list = JSON.parse((await pmt(['order', 'list', '--json'], other)).stdout) as Array<Record<string, unknown>>;
    expect(list.find((o) => o.id === id)).toMatchObject({ outcome: 'No', side: 'buy', price: 0.3 });
    const c = await pmt(['order', 'cancel', id, '--yes', '--json'], other);
    expect(JSON.parse(c.stdout)).toMatchObject({ outcome: 'No', side: 'buy', price: 0.3, status: 'cancelled' });
  });
});

describe('item 10: fills read back as placed', () => {
  it('a NO buy that fills shows as a No buy at the NO price in `pmt fills`, on this machine and another', async () => {
    const { id } = await noBuy('0.60', '2');
    const mine = async (extra: Record<string, string> = {}) => {
      const r = await pmt(['fills', '--exchange', 'kalshi', '--json'], extra);
      expect(r.exitCode, r.stderr).toBe(0);
      return (JSON.parse(r.stdout).fills as Array<Record<string, unknown>>).filter((f) => f.order_id === id);
    };
    for (const fills of [await mine(), await mine({ PMT_CONFIG_DIR: tempConfigDir() })]) {
      expect(fills.length).toBeGreaterThan(0);
      // Taken against the YES bid 0.42: NO at 0.58 (Kalshi records the YES sell at 0.42).
      for (const f of fills) expect(f).toMatchObject({ outcome: 'No', side: 'buy', price: 0.58 });
    }
  });

  it('a NO buy under the caller\'s client id reads back as placed through the journal', async () => {
    const { id } = await noBuy('0.60', '1', ['--client-order-id', `fill-${Date.now()}`]);
    const r = await pmt(['fills', '--exchange', 'kalshi', '--json']);
    const fills = (JSON.parse(r.stdout).fills as Array<Record<string, unknown>>).filter((f) => f.order_id === id);
    expect(fills.length).toBeGreaterThan(0);
    for (const f of fills) expect(f).toMatchObject({ outcome: 'No', side: 'buy', price: 0.58 });
  });
});

describe('item 2: cancel-all with one exchange unreachable', () => {
  it('cancels on the exchange that answers: stdout the [Order] cancelled, stderr the other exchange error, its exit code', async () => {
    const a = await noBuy('0.30', '2');
    const b = await noBuy('0.31', '2');
    const down = { POLYMARKET_PRIVATE_KEY: KEYS.alice, PMT_POLYMARKET_CLOB_URL: 'http://127.0.0.1:1' };
    const r = await pmt(['order', 'cancel-all', '--yes', '--json'], down);
    expect(r.exitCode).toBe(8);
    const cancelled = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(cancelled.map((o) => o.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(cancelled.every((o) => o.status === 'cancelled' && o.outcome === 'No')).toBe(true);
    const errs = r.stderr.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; message: string });
    expect(errs).toEqual([expect.objectContaining({ kind: 'NetworkError', message: expect.stringMatching(/Polymarket/) })]);
    expect(JSON.parse((await pmt(['order', 'list', '--exchange', 'kalshi', '--json'])).stdout)).toEqual([]);
  });
});

describe('item 7: a dry run sends no write', () => {
  it('with only a Polymarket private key: derive (a read) at most, never POST /auth/api-key, and the preview says why cash was not read', async () => {
    const m = catalogMarket(d, { tick: '0.01', negRisk: false });
    const poly = { POLYMARKET_PRIVATE_KEY: KEYS.carol, PMT_CONFIG_DIR: tempConfigDir() };
    const r = await pmt(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.40', '--size', '5', '--dry-run', '--json'], poly);
    expect(r.exitCode, r.stderr).toBe(0);
    const writes = d.polymarket.clobDouble.requests.filter((q) => q.method !== 'GET');
    expect(writes.map((q) => `${q.method} ${q.path}`)).toEqual([]);
    const doc = JSON.parse(r.stdout);
    expect(JSON.stringify(doc.preview.checks) + JSON.stringify(doc.preview.warnings)).toMatch(/a dry run creates none/);
  });
});

describe('friction: Polymarket orders by market name in people views', () => {
  it('order list (a table at 110 columns) and order get show polymarket:<slug> and its title, not the condition id; JSON keeps the interface field', async () => {
    const m = catalogMarket(d, { tick: '0.01', negRisk: false, nth: 2 });
    d.polymarket.trading.fund(addressOf(KEYS.bob), 1000);
    const poly = { POLYMARKET_PRIVATE_KEY: KEYS.bob, PMT_CONFIG_DIR: tempConfigDir(), KALSHI_API_KEY_ID: '', KALSHI_PRIVATE_KEY_PATH: '' };
    const placed = await pmt(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.05', '--size', '5', '--yes', '--json'], poly);
    expect(placed.exitCode, placed.stderr).toBe(0);
    const o = JSON.parse(placed.stdout) as { id: string; market_ticker: string };
    expect(o.market_ticker).toMatch(/^0x[0-9a-f]{64}$/);
    const tty = { ...poly, PMT_FORCE_TTY: '110', NO_COLOR: '1' };
    const list = await pmt(['order', 'list', '--exchange', 'polymarket'], tty);
    expect(list.exitCode, list.stderr).toBe(0);
    // A table (not cards): the 66-character id whole, the market by its slug (cut to fit).
    expect(list.stdout).toMatch(/^(EXCHANGE\s+)?ID\s+MARKET\s+OUTCOME/m);
    expect(list.stdout).toContain(o.id);
    expect(list.stdout).toContain(m.slug.slice(0, 8));
    expect(list.stdout).not.toContain(o.market_ticker);
    const got = await pmt(['order', 'get', o.id], tty);
    expect(got.stdout).toMatch(new RegExp(`Market +polymarket:${m.slug} `));
    const json = JSON.parse((await pmt(['order', 'get', o.id, '--json'], poly)).stdout);
    expect(json.market_ticker).toBe(o.market_ticker);
    await pmt(['order', 'cancel', o.id, '--yes'], poly);
  });
});
