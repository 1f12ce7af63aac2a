/**
 * Kalshi order groups, run in process, against the Kalshi double: create names a group on
 * the profile, `order create --group` places into it (order_group_id on the wire), an unknown name
 * fails before any request naming the command that creates it, trigger cancels the group's
 * orders on the exchange and reset allows new ones; the kill switch triggers every group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInProcess } from '../helpers/in-process.js';
import { startTradingEnv, type TradingEnv } from '../serve/trading-env.js';

const T = 'KXGRP-26DEC31-A';
let t: TradingEnv;
const pmt = (...args: string[]) => runInProcess(args, { env: t.env });
const buy = (...extra: string[]) => pmt('order', 'create', '--asset', T, '--side', 'buy', '--price', '0.42', '--size', '10', '--yes', '--json', ...extra);

beforeAll(async () => {
  t = await startTradingEnv(T);
  writeFileSync(join(t.dir, 'profiles.json'), JSON.stringify({ active: 'bot', profiles: { bot: {} } }), { mode: 0o600 });
});
afterAll(() => t?.d.close());

describe('pmt order group', () => {
  it('create, place into it, trigger (its orders cancelled, new ones refused), reset', async () => {
    const c = await pmt('order', 'group', 'create', 'scalper', '--limit', '50', '--json', '--exchange', 'kalshi');
    expect(c.exitCode, c.stderr).toBe(0);
    const g = JSON.parse(c.stdout);
    expect(g).toMatchObject({ name: 'scalper', exchange: 'kalshi', contracts_limit: 50, triggered: false });

    t.d.resetLogs();
    const unknown = await buy('--group', 'nope');
    expect(unknown.exitCode).toBe(2);
    expect(JSON.parse(unknown.stderr).message).toContain('no order group named "nope"');
    expect(t.d.kalshi.double.requests).toHaveLength(0);
    expect((await pmt('order', 'create', '--asset', T, '--side', 'buy', '--price', '0.42', '--size', '1', '--yes', '--group', 'nope')).stderr).toContain('pmt order group create nope --limit N');

    const o = await buy('--group', 'scalper');
    expect(o.exitCode, o.stderr).toBe(0);
    const body = JSON.parse(t.d.kalshi.double.requests.find((q) => q.method === 'POST' && q.path === '/portfolio/events/orders')!.body);
    expect(body.order_group_id).toBe(g.id);

    const tr = await pmt('order', 'group', 'trigger', 'scalper', '--json');
    expect(JSON.parse(tr.stdout)).toMatchObject({ name: 'scalper', triggered: true });
    expect(JSON.parse((await pmt('order', 'list', '--json', '--exchange', 'kalshi')).stdout)).toEqual([]);
    const blocked = await buy('--group', 'scalper');
    expect(blocked.exitCode).not.toBe(0);
    expect((await pmt('order', 'group', 'reset', 'scalper', '--json')).exitCode).toBe(0);
    expect((await buy('--group', 'scalper')).exitCode).toBe(0);
    const listed = JSON.parse((await pmt('order', 'group', 'list', '--json')).stdout);
    expect(listed).toEqual([{ name: 'scalper', exchange: 'kalshi', id: g.id, contracts_limit: 50, triggered: false }]);
  });

  it('the kill switch triggers every group of the profile', async () => {
    const k = await pmt('kill', '--yes', '--json', '--exchange', 'kalshi');
    expect(k.exitCode, k.stderr).toBe(0);
    const listed = JSON.parse((await pmt('order', 'group', 'list', '--json')).stdout);
    expect(listed.map((x: { triggered: boolean }) => x.triggered)).toEqual([true]);
    await pmt('risk', 'resume');
  });
});
