/**
 * The order commands end to end, run in process (test/helpers/in-process.ts), against the Kalshi
 * double (real HTTP, every portfolio request signed and verified): create with --yes, --dry-run,
 * refusals that send nothing, list, get, cancel-all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey, type KalshiKeyPair } from '../upstream/kalshi/auth.js';
import { TAPERED_RANGES } from '../upstream/kalshi/market-fixtures.js';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { OrderSchema } from '../../src/models/order.js';
import { expectModel, fieldsOf } from '../helpers/models.js';

const T = 'KXORD-26DEC31-A';
const TAPER = 'KXORD-26DEC31-T';
const SHUT = 'KXORD-26DEC31-X';
const NOEVENT = 'KXNOEV-26DEC31-A';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let d: Doubles;
let key: KalshiKeyPair;
let env: Record<string, string>;

const pmt = (...args: string[]) => runInProcess(args, { env });
const creates = () => d.kalshi.double.count(/^\/portfolio\/events\/orders$/, 'POST');
const writes = () => d.kalshi.double.requests.filter((r) => r.method !== 'GET').length;

beforeAll(async () => {
  d = await startDoubles();
  key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  d.kalshi.orders.addMarket({ ticker: T, title: 'Will the test pass?' });
  d.kalshi.orders.addMarket({ ticker: TAPER, price_ranges: TAPERED_RANGES });
  d.kalshi.orders.addMarket({ ticker: SHUT, status: 'closed' });
  // YES bids 0.42×100, 0.41×250; NO bids 0.55×150, 0.54×200 = YES asks 0.45×150, 0.46×200.
  d.kalshi.orders.addMarket({ ticker: NOEVENT });
  for (const t of [T, TAPER, SHUT, NOEVENT]) d.kalshi.books.setBook(t, { yes: [[0.42, 100], [0.41, 250]], no: [[0.55, 150], [0.54, 200]] });
  // The fee schedule: T's event names series KXORD, which charges makers too (NOEVENT's event is unknown).
  d.kalshi.markets.addEvent('KXORD-26DEC31', 'KXORD');
  d.kalshi.markets.setSeriesFees('KXORD', 'quadratic_with_maker_fees', 1);
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'kalshi.pem'), key.privatePem, { mode: 0o600 });
  env = { ...d.env, PMT_CONFIG_DIR: dir, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'kalshi.pem') };
});
afterAll(() => d?.close());
beforeEach(async () => {
  await pmt('order', 'cancel-all', '--yes', '--exchange', 'kalshi');
  d.resetLogs();
});

describe('order create on kalshi', () => {
  it('--yes --json sends one signed order and prints the Order model', async () => {
    const r = await pmt('order', 'create', '--asset', T, '--side', 'buy', '--price', '0.42', '--size', '10', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(Object.keys(o)).toEqual(fieldsOf(OrderSchema));
    expectModel(OrderSchema, o);
    expect(o).toMatchObject({ market_ticker: T, outcome: 'Yes', side: 'buy', price: 0.42, size: 10, filled: 0, status: 'open' });
    expect(o.id).toMatch(UUID_RE);
    expect(creates()).toBe(1);
    expect(d.kalshi.auth.refusals).toBe(0);
    const body = JSON.parse(d.kalshi.double.requests.find((q) => q.method === 'POST')!.body);
    expect(body).toMatchObject({ ticker: T, side: 'bid', count: '10.00', price: '0.4200', time_in_force: 'good_till_canceled' });
  });

  it('buy NO at 0.30 is sent as a V2 YES ask at 0.70, previewed on both scales, and reads back as No buy 0.30', async () => {
    const r = await pmt('order', 'create', '--asset', `kalshi:${T}`, '--side', 'buy', '--outcome', 'no', '--price', '0.30', '--size', '4', '--yes');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('BUY 4 No at 0.30 = Yes ask at 0.70 · good till cancelled');
    expect(r.stderr).toContain('Cost       $1.20 for 4 contracts');
    const body = JSON.parse(d.kalshi.double.requests.find((q) => q.method === 'POST')!.body);
    expect(body).toMatchObject({ side: 'ask', price: '0.7000', count: '4.00', time_in_force: 'good_till_canceled' });
    // Read back as placed, by list and by get (the exchange itself shows "Yes sell 0.70").
    const [o] = JSON.parse((await pmt('order', 'list', '--json', '--asset', T)).stdout);
    expect(o).toMatchObject({ outcome: 'No', side: 'buy', price: 0.3, size: 4 });
    const row = (await pmt('order', 'list', '--asset', T)).stdout.split('\t');
    expect(row.slice(3, 6)).toEqual(['No', 'buy', '0.3']);
    expect(JSON.parse((await pmt('order', 'get', o.id, '--json')).stdout)).toMatchObject({ outcome: 'No', side: 'buy', price: 0.3 });
    expect(d.kalshi.orders.portfolio.list(key.keyId, {})[0]).toMatchObject({ bookSide: 'ask', v1Side: 'yes', v1Action: 'sell' });
  });

  it('not on a terminal without --yes: exit 2, and the double received nothing at all', async () => {
    const r = await pmt('order', 'create', '--asset', T, '--side', 'buy', '--price', '0.42', '--size', '10');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^error: not on a terminal: add --yes/);
    expect(d.kalshi.double.requests).toHaveLength(0);
  });

  it('--dry-run --json shows the exact wire body and sends nothing', async () => {
    const r = await pmt('order', 'create', '--asset', T, '--side', 'sell', '--price', '0.61', '--size', '2.5', '--dry-run', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.request).toEqual({ asset_id: T, outcome: 'yes', side: 'sell', price: 0.61, size: 2.5, order_type: 'gtc' });
    expect(doc.upstream.method).toBe('POST');
    expect(doc.upstream.url).toBe(`${d.env.PMT_KALSHI_API_URL}/portfolio/events/orders`);
    expect(doc.upstream.body).toMatchObject({ ticker: T, side: 'ask', count: '2.50', price: '0.6100' });
    expect(doc.preview.proceeds).toBe(1.525);
    expect(writes()).toBe(0);
  });

  it('--dry-run --json estimates the fee: taker on what fills now, maker on the resting rest', async () => {
    // Buy 200 Yes at 0.45: 150 take the 0.45 asks, 50 rest at 0.45.
    const r = await pmt('order', 'create', '--asset', T, '--side', 'buy', '--price', '0.45', '--size', '200', '--dry-run', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const p = JSON.parse(r.stdout).preview;
    expect(p.fill_now).toEqual({ filled: 150, avg_price: 0.45, resting: 50 });
    // Taker: round-up(0.07 × 150 × 0.45 × 0.55 = 2.59875) = 2.60; maker: round-up(0.0175 × 50 × 0.2475 = 0.2165625) = 0.22.
    expect(p.fee_estimate).toEqual({
      taker: 2.6,
      maker: 0.22,
      total: 2.82,
      taker_size: 150,
      maker_size: 50,
      basis: expect.stringContaining('Kalshi quadratic_with_maker_fees ×1 (series KXORD)'),
      reason: null,
      schedule: { series: 'KXORD', fee_type: 'quadratic_with_maker_fees', fee_multiplier: 1 },
    });
    expect(p.cost).toBe(90);
    expect(p.cost_with_fees).toBe(92.82);
    expect(writes()).toBe(0);
  });

  it('--dry-run for people: "Fee (est.)" and the total cost with it', async () => {
    const r = await pmt('order', 'create', '--asset', T, '--side', 'buy', '--price', '0.45', '--size', '200', '--dry-run');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('Fee (est.) $2.82 · taker $2.60 on the 150 filling now + maker $0.22 on the 50 resting, if they fill');
    expect(r.stdout).toContain('Total      $92.82 cost with the estimated fee');
    expect(r.stdout).not.toContain('fees not included');
  });

  it('a fee schedule Kalshi cannot give leaves the fee unknown, and the preview still works', async () => {
    const r = await pmt('order', 'create', '--asset', NOEVENT, '--side', 'buy', '--price', '0.45', '--size', '10', '--dry-run', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const p = JSON.parse(r.stdout).preview;
    expect(p.fee_estimate).toMatchObject({ taker: null, maker: null, total: null, schedule: null });
    expect(p.fee_estimate.reason).toMatch(/^fee schedule unavailable: /);
    expect(p.cost_with_fees).toBeNull();
    expect(p.cost).toBe(4.5);
  });

  it('tapered grid: a tail price on the 0.001 tier passes every check', async () => {
    const r = await pmt('order', 'create', '--asset', TAPER, '--side', 'buy', '--price', '0.955', '--size', '1', '--dry-run');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('"price": "0.9550"');
    expect(writes()).toBe(0);
  });

  it.each([
    [['--asset', TAPER, '--price', '0.505'], /0\.505/],
    [['--asset', T, '--price', '0.425'], /nearest valid prices: 0\.42 or 0\.43/],
    [['--asset', SHUT, '--price', '0.42'], /closed/],
    [['--asset', T, '--price', '0.42', '--size', '1.005'], /more than 2 decimal places/],
  ])('venue rules refuse %j with exit 2 before anything is written', async (flags, msg) => {
    const r = await pmt('order', 'create', '--side', 'buy', '--size', '1', ...(flags as string[]), '--yes');
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toMatch(msg);
    expect(writes()).toBe(0);
  });
});

describe('order list, get, cancel-all on kalshi', () => {
  it('lists, gets by id, then cancels everything it listed', async () => {
    const a = JSON.parse((await pmt('order', 'create', '--asset', T, '--side', 'buy', '--price', '0.30', '--size', '5', '--yes', '--json')).stdout);
    const b = JSON.parse((await pmt('order', 'create', '--asset', T, '--side', 'buy', '--outcome', 'no', '--price', '0.10', '--size', '2', '--yes', '--json')).stdout);

    const listed = JSON.parse((await pmt('order', 'list', '--json')).stdout);
    expect(listed.map((o: { id: string }) => o.id).sort()).toEqual([a.id, b.id].sort());
    const nd = (await pmt('order', 'list', '--ndjson', '--asset', T)).stdout.trim().split('\n');
    expect(nd.map((l) => JSON.parse(l).id).sort()).toEqual([a.id, b.id].sort());

    const got = await pmt('order', 'get', b.id, '--json');
    // Kalshi V1 shows the V2 order only as a YES sell at 0.90; the journal remembers it was
    // placed as "buy No at 0.10", and that is how it reads back.
    const g = JSON.parse(got.stdout);
    expect(g).toMatchObject({ id: b.id, outcome: 'No', side: 'buy', price: 0.1, size: 2, status: 'open' });
    const human = await runInProcess(['order', 'get', b.id], { env: { ...env, PMT_FORCE_TTY: '120', NO_COLOR: '1' } });
    expect(human.stdout).toContain(`Order ${b.id}  (kalshi)`);
    expect(human.stdout).toMatch(/Price\s+0\.10 per No contract \(= Yes ask at 0\.90 on the book\)/);

    const refused = await pmt('order', 'cancel-all');
    expect(refused.exitCode).toBe(2);
    expect(writes()).toBe(2);

    const c = await pmt('order', 'cancel-all', '--yes', '--json');
    expect(c.exitCode, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout).map((o: { id: string }) => o.id).sort()).toEqual([a.id, b.id].sort());
    // Under --json stderr holds only error objects: no list, no progress.
    expect(c.stderr).toBe('');
    expect(JSON.parse((await pmt('order', 'list', '--json')).stdout)).toEqual([]);

    const none = await pmt('order', 'cancel-all', '--yes');
    expect(none.exitCode).toBe(0);
    expect(none.stderr).toContain('no open orders on kalshi: nothing to cancel');
    expect(d.kalshi.auth.refusals).toBe(0);
  });

  it('an order id that does not exist is OrderNotFound (exit 6)', async () => {
    const r = await pmt('order', 'get', '00000000-0000-4000-8000-000000000000');
    expect(r.exitCode).toBe(6);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a key Kalshi does not know is Authentication (exit 3), one line, no secret', async () => {
    const r = await runInProcess(['order', 'list', '--exchange', 'kalshi'], { env: { ...env, KALSHI_API_KEY_ID: 'ffffffff-0000-4000-8000-000000000000' } });
    expect(r.exitCode).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toContain(key.privatePem.split('\n')[1]!);
  });
});
