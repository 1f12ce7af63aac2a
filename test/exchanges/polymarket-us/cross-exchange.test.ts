/**
 * The cross-exchange commands include Polymarket US beside Kalshi and Polymarket, on the built
 * binary against the three exchanges' doubles with a key for each: `order list`, `balance`,
 * `positions` without `--exchange`, and the kill switch (`pmt kill`), which cancels its open
 * orders with the others' and then refuses new ones (exit 11).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPmt, tempConfigDir } from '../../helpers/cli.js';
import { startDoubles, type Doubles } from '../../upstream/doubles.js';
import { makeKalshiKey } from '../../upstream/kalshi/auth.js';

let d: Doubles;
let env: Record<string, string>;
const pmt = (args: string[]) => runPmt(args, { env });

beforeAll(async () => {
  d = await startDoubles();
  const dir = tempConfigDir();
  const k = makeKalshiKey();
  d.kalshi.auth.register(k.keyId, k.publicKey);
  d.kalshi.orders.setBalance(k.keyId, 500);
  writeFileSync(join(dir, 'k.pem'), k.privatePem, { mode: 0o600 });
  const pk = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
  d.polymarket.trading.fund(privateKeyToAccount(pk).address, 300);
  const seed = Buffer.alloc(32, 0x33);
  writeFileSync(join(dir, 'us.key'), seed.toString('base64'), { mode: 0o600 });
  d.polymarketUs.api.registerSeed('pmus-cross-0001', seed);
  d.polymarketUs.api.setBuyingPower('pmus-cross-0001', 200);
  env = {
    ...d.env,
    PMT_CONFIG_DIR: dir,
    KALSHI_API_KEY_ID: k.keyId,
    KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem'),
    POLYMARKET_PRIVATE_KEY: pk,
    POLYMARKET_US_API_KEY_ID: 'pmus-cross-0001',
    POLYMARKET_US_PRIVATE_KEY_PATH: join(dir, 'us.key'),
  };
  // A profile, so the kill switch has somewhere to set trading: off (the keys stay in the environment).
  const p = await runPmt(['profile', 'add', 'desk', '--kalshi-api-key-id', k.keyId, '--kalshi-private-key-path', join(dir, 'k.pem')], { env });
  expect(p.exitCode, p.stderr).toBe(0);
});
afterAll(() => d?.close());

describe('cross-exchange commands include Polymarket US', () => {
  it('order list, balance and positions span the three exchanges; kill cancels its orders too, then refuses new ones', async () => {
    const rest = await pmt(['order', 'create', '--asset', 'polymarket-us:nba-finals-2026-celtics', '--outcome', 'yes', '--side', 'buy', '--price', '0.20', '--size', '4', '--yes', '--json']);
    expect(rest.exitCode, rest.stderr).toBe(0);
    const restingId = JSON.parse(rest.stdout).id as string;
    const fill = await pmt(['order', 'create', '--asset', 'polymarket-us:nba-finals-2026-thunder', '--outcome', 'yes', '--side', 'buy', '--price', '0.42', '--size', '2', '--yes', '--json']);
    expect(fill.exitCode, fill.stderr).toBe(0);

    const list = await pmt(['order', 'list', '--json']);
    expect(list.exitCode, list.stderr).toBe(0);
    const orders = JSON.parse(list.stdout) as Array<{ id: string }>;
    expect(orders.map((o) => o.id)).toContain(restingId);

    const bal = await pmt(['balance', '--json']);
    expect(bal.exitCode, bal.stderr).toBe(0);
    expect(Object.keys(JSON.parse(bal.stdout))).toEqual(['kalshi', 'polymarket', 'polymarket-us']);
    expect(JSON.parse(bal.stdout)['polymarket-us']).toEqual({ USD: expect.any(Number) });

    const pos = await pmt(['positions', '--json']);
    expect(pos.exitCode, pos.stderr).toBe(0);
    // The Position model names no exchange: the venue's slug is the market.
    expect((JSON.parse(pos.stdout) as Array<{ market_ticker: string; size: number }>).find((p) => p.market_ticker === 'nba-finals-2026-thunder')).toMatchObject({ outcome: 'Yes', size: 2 });

    const kill = await pmt(['kill', '--yes', '--json']);
    expect(kill.exitCode, kill.stderr).toBe(0);
    // The cancelled [Order] (the model names no exchange): the Polymarket US order among them.
    const cancelled = JSON.parse(kill.stdout) as Array<{ id: string; status: string }>;
    expect(cancelled.find((o) => o.id === restingId)).toMatchObject({ status: 'cancelled' });
    expect(d.polymarketUs.api.orders.get(restingId)?.state).toBe('ORDER_STATE_CANCELED');
    const refused = await pmt(['order', 'create', '--asset', 'polymarket-us:nba-finals-2026-celtics', '--outcome', 'yes', '--side', 'buy', '--price', '0.20', '--size', '4', '--yes', '--json']);
    expect(refused.exitCode).toBe(11);
  });
});
