/** `exchanges --check` on Polymarket: which wallet setting finds the funds. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { derivedWallet } from '../../upstream/polymarket/account-routes.js';
import { adapterFor, addressOf, KEYS, startTrading } from './trading-fixture.js';

let env: Awaited<ReturnType<typeof startTrading>>;
const bob = addressOf(KEYS.bob);
const safe = derivedWallet(bob, 2);
const proxy = derivedWallet(bob, 1);

beforeAll(async () => {
  env = await startTrading();
});
afterAll(async () => env.d.close());
beforeEach(() => {
  for (const a of [bob, safe, proxy]) env.t.fund(a, 0);
  env.t.engine.allowances.clear();
});

describe('checkFunds', () => {
  test('funds where configured: ok, with balance and allowance', async () => {
    env.t.fund(bob, 12.5);
    const r = await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob }).ex.checkFunds();
    expect(r.ok).toBe(true);
    expect(r.lines[0]).toBe(`eoa: $12.50 USDC at ${bob}, allowance unlimited`);
    expect(r.fix).toBeNull();
  });

  test('empty EOA, USDC in the derived Safe: names the Safe and the exact setting', async () => {
    env.t.fund(safe, 40);
    const r = await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob }).ex.checkFunds();
    expect(r.ok).toBe(false);
    expect(r.fix?.toLowerCase()).toBe(`usdc is held by the safe ${safe}; set polymarket_signature_type=gnosis-safe and polymarket_funder=${safe}`);
    expect(r.lines.some((l) => l.startsWith('proxy: $0.00'))).toBe(true);
  });

  test('configured as a Safe but the money is in the proxy wallet: says so', async () => {
    env.t.fund(proxy, 3);
    const ex = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob, POLYMARKET_FUNDER: safe, POLYMARKET_SIGNATURE_TYPE: 'gnosis-safe' }).ex;
    const r = await ex.checkFunds();
    expect(r.fix?.toLowerCase()).toBe(`usdc is held by the proxy wallet ${proxy}; set polymarket_signature_type=proxy and polymarket_funder=${proxy}`);
  });

  test('a zero allowance blocks trading: the fix says to approve', async () => {
    env.t.fund(bob, 5);
    env.d.polymarket.account.setAllowance(bob, 0);
    const r = await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob }).ex.checkFunds();
    expect([r.ok, r.fix]).toEqual([false, expect.stringMatching(/allowance 0.*approve/)]);
  });

  test('nothing anywhere: not a setting problem; lists the derived wallets', async () => {
    const r = await adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.bob }).ex.checkFunds();
    expect([r.ok, r.fix]).toEqual([true, null]);
    expect(r.lines.at(-1)?.toLowerCase()).toContain(proxy);
    expect(r.lines.at(-1)?.toLowerCase()).toContain(safe);
  });
});
