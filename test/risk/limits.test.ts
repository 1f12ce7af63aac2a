/**
 * Risk limits end to end, run in process, against the loopback doubles: each kind refuses an
 * order before it is sent (the doubles see no create), with the RiskLimit object (exit 11) and a
 * `refused` journal entry; the daily cap holds across two processes (the built binary) racing;
 * the kill switch leaves nothing open on either exchange and refuses the next order until
 * `pmt risk resume`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runPmt } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startTradingEnv, type TradingEnv } from '../serve/trading-env.js';

const T = 'KXRISK-26DEC31-A';
let t: TradingEnv;
const pmt = (...args: string[]) => runInProcess(args, { env: t.env });
const kalshiCreates = () => t.d.kalshi.double.count(/^\/portfolio\/events\/orders$/, 'POST');
const polyCreates = () => t.d.polymarket.clobDouble.requests.filter((q) => q.method === 'POST' && q.path === '/order').length;
const BUY = ['order', 'create', '--asset', T, '--side', 'buy', '--price', '0.42', '--size', '10', '--yes', '--json'];
const buy = (...extra: string[]) => pmt(...BUY, ...extra);
const journal = () =>
  readFileSync(join(t.dir, 'orders.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  t = await startTradingEnv(T, 'Risk test market');
  // A profile holding only the limits; the credentials come from the environment.
  writeFileSync(join(t.dir, 'profiles.json'), JSON.stringify({ active: 'agent', profiles: { agent: {} } }), { mode: 0o600 });
});
afterAll(() => t?.d.close());
beforeEach(async () => {
  expect((await pmt('risk', 'set', '--clear', 'all')).exitCode).toBe(0);
  await pmt('order', 'cancel-all', '--yes');
  writeFileSync(join(t.dir, 'orders.jsonl'), '', { mode: 0o600 });
  t.d.resetLogs();
});

async function refusedBy(limit: string, r: { exitCode: number; stderr: string; stdout: string }) {
  expect(r.exitCode, r.stderr).toBe(11);
  expect(r.stdout).toBe('');
  const e = JSON.parse(r.stderr.trim());
  expect(e).toMatchObject({ kind: 'RiskLimit', limit });
  expect(Object.keys(e)).toEqual(['kind', 'message', 'limit', 'value', 'would_be']);
  expect(kalshiCreates()).toBe(0);
  expect(journal().filter((x) => x.event === 'refused')).toHaveLength(1);
  return e;
}

describe('each limit refuses before anything is sent', () => {
  it('max_order_notional: $4.20 against $4', async () => {
    await pmt('risk', 'set', '--max-order-notional', '4');
    const e = await refusedBy('max_order_notional', await buy());
    expect(e).toMatchObject({ value: 4, would_be: 4.2 });
  });

  it('max_daily_notional: a second $4.20 order against $5 a day', async () => {
    expect((await buy()).exitCode).toBe(0);
    t.d.resetLogs();
    await pmt('risk', 'set', '--max-daily-notional', 'kalshi=5');
    const e = await refusedBy('max_daily_notional', await buy());
    expect(e).toMatchObject({ value: 5, would_be: 8.4 });
  });

  it('max_open_orders: one open, at most one', async () => {
    expect((await buy()).exitCode).toBe(0);
    t.d.resetLogs();
    await pmt('risk', 'set', '--max-open-orders', '1');
    expect(await refusedBy('max_open_orders', await buy())).toMatchObject({ value: 1, would_be: 2 });
  });

  it('max_position: 10 contracts against 5', async () => {
    await pmt('risk', 'set', '--max-position', '5');
    expect(await refusedBy('max_position', await buy())).toMatchObject({ value: 5, would_be: 10 });
  });

  it('allowed_exchanges and allowed_markets', async () => {
    await pmt('risk', 'set', '--allowed-exchanges', 'polymarket');
    expect(await refusedBy('allowed_exchanges', await buy())).toMatchObject({ value: ['polymarket'], would_be: 'kalshi' });
    writeFileSync(join(t.dir, 'orders.jsonl'), '', { mode: 0o600 });
    await pmt('risk', 'set', '--clear', 'allowed_exchanges', '--allowed-markets', 'KXFED-*');
    expect(await refusedBy('allowed_markets', await buy())).toMatchObject({ value: ['KXFED-*'], would_be: T });
    // A matching glob lets it through.
    await pmt('risk', 'set', '--allowed-markets', 'kalshi:KXRISK-*');
    expect((await buy()).exitCode).toBe(0);
  });

  it('trading off', async () => {
    await pmt('risk', 'set', '--trading', 'off');
    expect(await refusedBy('trading', await buy())).toMatchObject({ value: 'off' });
  });

  it('--dry-run shows each limit with its headroom, sends nothing, and is not refused', async () => {
    await pmt('risk', 'set', '--max-order-notional', '10', '--max-daily-notional', '4');
    const r = await pmt('order', 'create', '--asset', T, '--side', 'buy', '--price', '0.42', '--size', '10', '--dry-run', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const limits = JSON.parse(r.stdout).preview.limits;
    expect(limits).toEqual([
      expect.objectContaining({ limit: 'max_order_notional', ok: true, value: 10, would_be: 4.2, headroom: 5.8 }),
      expect.objectContaining({ limit: 'max_daily_notional', ok: false, value: 4, would_be: 4.2, headroom: -0.2 }),
    ]);
    expect(kalshiCreates()).toBe(0);
  });
});

describe('across processes', () => {
  it('two processes racing cannot together pass the daily cap', async () => {
    await pmt('risk', 'set', '--max-daily-notional', '5');
    const [a, b] = await Promise.all([runPmt(BUY, { env: t.env }), runPmt(BUY, { env: t.env })]);
    expect([a.exitCode, b.exitCode].sort()).toEqual([0, 11]);
    expect(kalshiCreates()).toBe(1);
  });
});

describe('the kill switch', () => {
  it('cancels everything on both exchanges, turns trading off, and the next order is refused until resume', async () => {
    expect((await buy()).exitCode).toBe(0);
    const p = await pmt('order', 'create', '--asset', t.m.yes, '--side', 'buy', '--price', '0.10', '--size', '5', '--yes', '--json');
    expect(p.exitCode, p.stderr).toBe(0);
    expect(JSON.parse((await pmt('order', 'list', '--json')).stdout)).toHaveLength(2);

    const k = await pmt('kill', '--yes', '--json');
    expect(k.exitCode, k.stderr).toBe(0);
    expect(JSON.parse(k.stdout).map((o: { status: string }) => o.status)).toEqual(['cancelled', 'cancelled']);
    for (const x of ['kalshi', 'polymarket']) expect(JSON.parse((await pmt('order', 'list', '--exchange', x, '--json')).stdout)).toEqual([]);
    expect(JSON.parse((await pmt('risk', 'show', '--json')).stdout)).toMatchObject({ profile: 'agent', trading: 'off' });

    t.d.resetLogs();
    const refused = await buy();
    expect(refused.exitCode).toBe(11);
    expect(JSON.parse(refused.stderr)).toMatchObject({ kind: 'RiskLimit', limit: 'trading' });
    const poly = await pmt('order', 'create', '--asset', t.m.yes, '--side', 'buy', '--price', '0.10', '--size', '5', '--yes', '--json');
    expect(poly.exitCode).toBe(11);
    expect(kalshiCreates() + polyCreates()).toBe(0);

    expect((await pmt('risk', 'resume')).exitCode).toBe(0);
    expect((await buy()).exitCode).toBe(0);
    expect(kalshiCreates()).toBe(1);
  });
});
