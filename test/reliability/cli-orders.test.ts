/**
 * `pmt order create` and `pmt order cancel-all`, run in process, with faults on the
 * write itself, on both exchanges: the exit code says what happened, the exchange ends with at
 * most one order per command, a re-send is only ever the same signed order, and cancel-all names
 * every order it could not cancel.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import type { Fault } from '../upstream/server.js';
import { addressOf, catalogMarket, KEYS, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import { lines, STACK_RE } from './harness.js';

const K = 'KXREL-26DEC31-A';
let d: Doubles;
let env: Record<string, string>;
let m: CatalogPick;
let keyId: string;
const alice = addressOf(KEYS.alice);

beforeAll(async () => {
  d = await startDoubles({ kalshi: { markets: 30 } });
  const key = makeKalshiKey();
  keyId = key.keyId;
  d.kalshi.auth.register(key.keyId, key.publicKey);
  d.kalshi.orders.addMarket({ ticker: K });
  d.kalshi.books.setBook(K, { yes: [[0.42, 100]], no: [[0.55, 150]] });
  m = catalogMarket(d, { tick: '0.01', negRisk: false, nth: 2 });
  d.polymarket.trading.fund(alice, 10_000);
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'k.pem'), key.privatePem, { mode: 0o600 });
  env = {
    ...d.env,
    PMT_CONFIG_DIR: dir,
    PMT_RETRY_BASE_MS: '2',
    PMT_HTTP_TIMEOUT_MS: '800',
    PMT_LOOKUP_WINDOW_MS: '1100',
    KALSHI_API_KEY_ID: key.keyId,
    KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem'),
    POLYMARKET_PRIVATE_KEY: KEYS.alice,
  };
});
afterAll(() => d?.close());
beforeEach(async () => {
  d.kalshi.double.clearFaults();
  d.polymarket.clobDouble.clearFaults();
  await runInProcess(['order', 'cancel-all', '--yes'], { env });
  d.resetLogs();
});

const pmt = (...args: string[]) => runInProcess(args, { env });
const kalshiOrders = () => d.kalshi.orders.portfolio.list(keyId, {}).filter((o) => o.status === 'resting' || o.status === 'executed');
const polyOrders = () => d.polymarket.trading.ordersOf(alice).filter((o) => !/cancel/i.test(String(o.status)));
const KALSHI_CREATE = /^\/portfolio\/events\/orders$/;

/** [name, fault, exit, orders on the exchange afterwards, what stderr must say] */
type Row = [string, Fault, number, 0 | 1, RegExp | null];

describe('pmt order create on Kalshi with a fault on the POST', () => {
  const rows: Row[] = [
    ['429', { kind: 'status', status: 429, headers: { 'retry-after': '3' } }, 7, 0, /rate limit.*wait 3s/],
    // A lookup that finds nothing proves nothing: "unknown", with the settling command.
    ['503', { kind: 'status', status: 503 }, 8, 0, /order status unknown.*pmt order get --client-id [0-9a-f-]{36}.*--client-order-id/],
    ['reset before Kalshi handled it', { kind: 'reset' }, 8, 0, /order status unknown/],
    ['reset after Kalshi handled it', { kind: 'reset-after-handling' }, 0, 1, null],
    ['timeout after Kalshi handled it', { kind: 'stall-after-handling', ms: 3000 }, 0, 1, null],
    ['HTML 403 block page', { kind: 'html', status: 403 }, 1, 0, /block page.*Cloudflare/],
  ];
  it.each(rows.map(([name, fault, exit, orders, said]) => ({ name, fault, exit, orders, said })))('$name → exit $exit, $orders order(s), sent once', async ({ fault, exit, orders, said }) => {
    d.kalshi.double.inject(fault, { method: 'POST', path: KALSHI_CREATE });
    const r = await pmt('order', 'create', '--asset', K, '--side', 'buy', '--price', '0.40', '--size', '3', '--yes');
    expect(r.exitCode, r.stderr).toBe(exit);
    expect(d.kalshi.double.count(KALSHI_CREATE, 'POST')).toBe(1);
    expect(kalshiOrders()).toHaveLength(orders);
    expect(r.stderr).not.toMatch(STACK_RE);
    if (said) expect(lines(r.stderr).at(-1)).toMatch(said);
    if (exit === 0) expect(r.stdout).toContain(kalshiOrders()[0]!.id);
  });

  it('the lookups fail too → exit 8, status unknown, with the command to settle it', async () => {
    d.kalshi.double.inject({ kind: 'reset-after-handling' }, { method: 'POST', path: KALSHI_CREATE });
    d.kalshi.double.inject({ kind: 'status', status: 502 }, { method: 'GET', path: /^\/portfolio\/orders$/, times: 100 });
    const r = await pmt('order', 'create', '--asset', K, '--side', 'buy', '--price', '0.40', '--size', '3', '--yes', '--json');
    expect(r.exitCode).toBe(8);
    const err = JSON.parse(lines(r.stderr).at(-1)!) as { kind: string; message: string };
    expect(err.kind).toBe('NetworkError');
    expect(err.message).toMatch(/^order status unknown: .*pmt order get --client-id /);
    // --json: exactly one stderr line, the error object.
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stdout).toBe('');
    expect(d.kalshi.double.count(KALSHI_CREATE, 'POST')).toBe(1);
  });
});

describe('pmt order create on Polymarket with a fault on POST /order', () => {
  const rows: Array<[string, Fault, number, 1 | 2]> = [
    ['429', { kind: 'status', status: 429 }, 7, 1],
    ['reset before the CLOB handled it (re-sent as the same signed order)', { kind: 'reset' }, 0, 2],
    ['reset after the CLOB handled it (found by its hash)', { kind: 'reset-after-handling' }, 0, 1],
    ['502 from the gateway (re-sent as the same signed order)', { kind: 'status', status: 502 }, 0, 2],
    ['answer truncated (found by its hash)', { kind: 'truncated' }, 0, 1],
  ];
  it.each(rows.map(([name, fault, exit, posts]) => ({ name, fault, exit, posts })))('$name → exit $exit after $posts identical POST(s)', async ({ fault, exit, posts }) => {
    d.polymarket.clobDouble.inject(fault, { method: 'POST', path: /^\/order$/ });
    const r = await pmt('order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.20', '--size', '10', '--yes');
    expect(r.exitCode, r.stderr).toBe(exit);
    const bodies = d.polymarket.clobDouble.requests.filter((q) => q.method === 'POST' && q.path === '/order').map((q) => q.body);
    expect(bodies).toHaveLength(posts);
    expect(new Set(bodies).size).toBe(1);
    expect(polyOrders()).toHaveLength(exit === 0 ? 1 : 0);
  });
});

describe('pmt order cancel-all names what it could not cancel', () => {
  it('a Kalshi order the exchange refuses to cancel: listed by id, exit 1, the rest cancelled', async () => {
    for (const p of ['0.30', '0.31', '0.32']) expect((await pmt('order', 'create', '--asset', K, '--side', 'buy', '--price', p, '--size', '1', '--yes')).exitCode).toBe(0);
    const stuck = d.kalshi.orders.portfolio.list(keyId, { status: 'resting' })[0]!;
    d.kalshi.orders.refuseCancel.add(stuck.id);
    try {
      const r = await pmt('order', 'cancel-all', '--yes', '--exchange', 'kalshi');
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain(`not cancelled: kalshi ${stuck.id}`);
      expect(lines(r.stdout).filter((l) => /\tcancelled$/.test(l))).toHaveLength(2);
      expect(d.kalshi.orders.portfolio.list(keyId, { status: 'resting' }).map((o) => o.id)).toEqual([stuck.id]);
    } finally {
      d.kalshi.orders.refuseCancel.clear();
    }
  });

  it('one exchange failing: the other is still cancelled, the failure is named, exit non-zero', async () => {
    expect((await pmt('order', 'create', '--asset', K, '--side', 'buy', '--price', '0.30', '--size', '1', '--yes')).exitCode).toBe(0);
    expect((await pmt('order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.10', '--size', '10', '--yes')).exitCode).toBe(0);
    d.polymarket.clobDouble.inject({ kind: 'status', status: 503 }, { method: 'DELETE', times: 100 });
    const r = await pmt('order', 'cancel-all', '--yes');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/not cancelled: every polymarket order/);
    expect(kalshiOrders()).toHaveLength(0);
    expect(polyOrders()).toHaveLength(1);
    expect(r.stderr).not.toMatch(STACK_RE);
  });
});
