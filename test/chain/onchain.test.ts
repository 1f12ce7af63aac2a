/**
 * pmt's on-chain actions against a real local EVM (test/chain/chain.ts: Hardhat's EDR node, chain
 * id 137, the Conditional Tokens and Safe contracts compiled from their npm sources, labelled
 * stand-ins for pUSD/USDC.e and the collateral adapter at Polymarket's published addresses), with
 * the built CLI (`npm run build` first) and the loopback HTTP doubles for Gamma/CLOB.
 *
 * Wallet routes covered here: eoa and gnosis-safe with the real contracts; proxy against pmt's
 * stand-in of Polymarket's proxy factory (its source is not on npm: same `proxy(calls)` ABI,
 * different wallet addresses). Neg-risk and Protocol V2 markets, deposit wallets through the
 * relayer and the per-profile RPC: routes.test.ts.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { TOKEN } from '../serve/helpers.js';
import { startServe } from '../serve/process.js';
import { catalogMarket } from '../exchanges/polymarket/trading-fixture.js';
import { POL, useChain, useOtherChainRpc, USD, type Who } from './run.js';
import { createWalletClient, encodeFunctionData, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const erc20Approve = [{ type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 's', type: 'address' }, { name: 'v', type: 'uint256' }], outputs: [{ type: 'bool' }] }] as const;

const { state, pmt, journal, maybe } = useChain();

describe('an EOA, from a new wallet to trading and back to collateral', () => {
  maybe('doctor fails on missing approvals, approvals set fixes it (once), doctor passes', async () => {
    const c = state.chain!;
    const k = c.newKey();
    await c.setPol(k.address, POL);
    await c.mintPusd(k.address, USD(100));
    const who = { key: k.key };
    const dir = tempConfigDir();

    const before = await pmt(['doctor', '--exchange', 'polymarket', '--json'], who, {}, dir);
    expect(before.exitCode, before.stderr).toBe(9);
    const checks = JSON.parse(before.stdout).polymarket as Array<{ check: string; ok: boolean; fix: string | null }>;
    expect(checks.find((x) => x.check === 'approvals')).toMatchObject({ ok: false, fix: 'run `pmt approvals set`' });
    expect(checks.find((x) => x.check === 'collateral')?.ok).toBe(true);

    const check = await pmt(['approvals', '--json'], who, {}, dir);
    expect(check.exitCode, check.stderr).toBe(0);
    const rows = JSON.parse(check.stdout) as Array<{ ok: boolean; token: string; standard: string }>;
    expect(rows.length).toBe(14);
    expect(rows.every((r) => !r.ok)).toBe(true);

    const notty = await pmt(['approvals', 'set'], who, {}, dir);
    expect(notty.exitCode).toBe(2);

    const set = await pmt(['approvals', 'set', '--yes'], who, {}, dir);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stdout.trim().split('\n').filter((l) => l.startsWith('confirmed')).length).toBe(14);
    const after = JSON.parse((await pmt(['approvals', '--json'], who, {}, dir)).stdout) as Array<{ ok: boolean; allowance: string | null; standard: string }>;
    expect(after.every((r) => r.ok)).toBe(true);
    expect(after.filter((r) => r.standard === 'erc20').every((r) => r.allowance === 'unlimited')).toBe(true);

    // More pUSD than a limited allowance covers: that approval is not ok any more.
    const limited = c.newKey();
    await c.setPol(limited.address, POL);
    await c.mintPusd(limited.address, USD(5));
    const w = createWalletClient({ account: privateKeyToAccount(limited.key), chain: { id: 137, name: 'local', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, rpcUrls: { default: { http: [c.url] } } }, transport: http(c.url) });
    const v2 = '0xE111180000d2663C0091e4f400237545B87B996B';
    await c.pub.waitForTransactionReceipt({ hash: await w.sendTransaction({ to: '0xC011a7E12a19f7B1f670d46F03B03f3342E82DFB', data: encodeFunctionData({ abi: erc20Approve, functionName: 'approve', args: [v2, USD(1)] }) }) });
    const lim = JSON.parse((await pmt(['approvals', '--json'], { key: limited.key })).stdout) as Array<{ spender: string; token: string; ok: boolean; allowance: string | null }>;
    expect(lim.find((r) => r.spender === v2 && r.token === 'pUSD')).toMatchObject({ allowance: '1', ok: false });

    const nonce = await c.pub.getTransactionCount({ address: k.address as `0x${string}` });
    const again = await pmt(['approvals', 'set', '--yes'], who, {}, dir);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing to send');
    expect(await c.pub.getTransactionCount({ address: k.address as `0x${string}` })).toBe(nonce);

    const j = await journal(who, dir);
    const results = j.filter((e) => e.event === 'result');
    expect(results.length).toBe(14);
    expect(results.every((e) => e.type === 'approve' && /^0x[0-9a-f]{64}$/.test(String(e.order_hash)) && e.status === 'confirmed')).toBe(true);
    expect(j.filter((e) => e.event === 'intent').length).toBe(14);

    const ok = await pmt(['doctor', '--exchange', 'polymarket'], who, {}, dir);
    expect(ok.exitCode, ok.stdout + ok.stderr).toBe(0);

    // pmt serve reads the same approvals.
    const s = await startServe([], { ...state.doubles.env, PMT_CONFIG_DIR: dir, PMT_POLYGON_RPC_URL: c.url, POLYMARKET_PRIVATE_KEY: k.key, PMT_SERVE_TOKEN: TOKEN });
    try {
      const r = await s.call('/v1/account/fetch_approvals');
      expect(r.status, r.text).toBe(200);
      expect(r.text + '\n').toBe((await pmt(['approvals', '--json'], who, {}, dir)).stdout);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  }, 300_000);

  maybe('split → merge round trip, then resolve → redeem pays the winner, journaled', async () => {
    const c = state.chain!;
    const k = c.newKey();
    await c.setPol(k.address, POL);
    await c.mintPusd(k.address, USD(50));
    const who = { key: k.key };
    const dir = tempConfigDir();
    expect((await pmt(['approvals', 'set', '--yes'], who, {}, dir)).exitCode).toBe(0);
    const cond = await c.prepareCondition(`eoa-${k.address}`);
    const [yes, no] = await c.positionIds(cond);

    const split = await pmt(['position', 'split', cond, '--size', '20', '--yes'], who, {}, dir);
    expect(split.exitCode, split.stderr).toBe(0);
    expect(split.stderr).toContain('spend:   20 pUSD');
    expect(await c.pusdBalance(k.address as `0x${string}`)).toBe(USD(30));
    // The market's own (USDC.e-backed) token ids, not pUSD-backed ones.
    expect(await c.ctfBalance(k.address as `0x${string}`, yes)).toBe(USD(20));
    expect(await c.ctfBalance(k.address as `0x${string}`, no)).toBe(USD(20));

    const merge = await pmt(['position', 'merge', cond, '--size', '5', '--yes'], who, {}, dir);
    expect(merge.exitCode, merge.stderr).toBe(0);
    expect(await c.pusdBalance(k.address as `0x${string}`)).toBe(USD(35));
    expect(await c.ctfBalance(k.address as `0x${string}`, yes)).toBe(USD(15));

    const early = await pmt(['position', 'redeem', cond, '--yes'], who, {}, dir);
    expect(early.exitCode).toBe(2);
    expect(early.stderr).toContain('not resolved');

    await c.resolve(`eoa-${k.address}`, [1, 0]);
    const redeem = await pmt(['position', 'redeem', cond, '--yes'], who, {}, dir);
    expect(redeem.exitCode, redeem.stderr).toBe(0);
    expect(redeem.stderr).toContain('receive: 15 pUSD');
    expect(await c.pusdBalance(k.address as `0x${string}`)).toBe(USD(50));
    expect(await c.ctfBalance(k.address as `0x${string}`, yes)).toBe(0n);

    const types = (await journal(who, dir)).filter((e) => e.event === 'result').map((e) => e.type);
    expect(types.filter((t) => t !== 'approve')).toEqual(['split', 'merge', 'redeem']);
  });

  maybe('a market named by its slug: Gamma gives the condition; the tokens received are its clobTokenIds', async () => {
    const c = state.chain!;
    const k = c.newKey();
    await c.setPol(k.address, POL);
    await c.mintPusd(k.address, USD(8));
    const who = { key: k.key };
    const dir = tempConfigDir();
    expect((await pmt(['approvals', 'set', '--yes'], who, {}, dir)).exitCode).toBe(0);
    const cond = await c.prepareCondition(`slug-${k.address}`);
    const [yes, no] = await c.positionIds(cond);
    // The Gamma double's market now stands for the condition on the local chain.
    const m = catalogMarket(state.doubles, { tick: '0.01', negRisk: false, nth: 3 });
    const wire = state.doubles.polymarket.gamma.market(m.slug)!.wire as Record<string, unknown>;
    wire.conditionId = cond;
    wire.clobTokenIds = JSON.stringify([yes.toString(), no.toString()]);
    const r = await pmt(['position', 'split', `polymarket:${m.slug}`, '--size', '8', '--yes'], who, {}, dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('receive: 8 Yes, 8 No');
    expect(await c.ctfBalance(k.address as `0x${string}`, yes)).toBe(USD(8));
    const j = (await journal(who, dir)).filter((e) => e.type === 'split');
    expect(j.every((e) => e.market_ticker === m.slug)).toBe(true);

    // A market whose tokens are not this condition's USDC.e positions is refused before signing.
    wire.clobTokenIds = JSON.stringify(['1', '2']);
    const nonce = await c.pub.getTransactionCount({ address: k.address as `0x${string}` });
    const bad = await pmt(['position', 'merge', `polymarket:${m.slug}`, '--yes'], who, {}, dir);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('not the USDC.e-backed positions');
    expect(await c.pub.getTransactionCount({ address: k.address as `0x${string}` })).toBe(nonce);
  });

  maybe('redeem --all redeems every market the Data API lists as redeemable', async () => {
    const c = state.chain!;
    const k = c.newKey();
    await c.setPol(k.address, POL);
    await c.mintPusd(k.address, USD(30));
    const who = { key: k.key };
    const dir = tempConfigDir();
    expect((await pmt(['approvals', 'set', '--yes'], who, {}, dir)).exitCode).toBe(0);
    const a = await c.prepareCondition(`all-a-${k.address}`);
    const b = await c.prepareCondition(`all-b-${k.address}`);
    const open = await c.prepareCondition(`all-open-${k.address}`);
    for (const cond of [a, b, open]) expect((await pmt(['position', 'split', cond, '--size', '10', '--yes'], who, {}, dir)).exitCode).toBe(0);
    await c.resolve(`all-a-${k.address}`, [1, 0]);
    await c.resolve(`all-b-${k.address}`, [0, 1]);
    // The Data API's view (a loopback double): a and b redeemable; the open market is not listed.
    const seen: string[] = [];
    const data = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([a, b].map((conditionId) => ({ conditionId, redeemable: true, mergeable: false, size: 10, avgPrice: 0.5, outcome: 'Yes' }))));
    });
    await new Promise<void>((r) => data.listen(0, '127.0.0.1', r));
    try {
      const r = await pmt(['position', 'redeem', '--all', '--yes'], who, { PMT_POLYMARKET_DATA_URL: `http://127.0.0.1:${(data.address() as { port: number }).port}` }, dir);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout.trim().split('\n').filter((l) => l.startsWith('confirmed')).length).toBe(2);
      expect(seen[0]).toContain(`user=${k.address}`);
      expect(seen[0]).toContain('redeemable=true');
    } finally {
      await new Promise<void>((r) => data.close(() => r()));
    }
    expect(await c.pusdBalance(k.address as `0x${string}`)).toBe(USD(20));
    const [yesOpen] = await c.positionIds(open);
    expect(await c.ctfBalance(k.address as `0x${string}`, yesOpen)).toBe(USD(10));
  });

  maybe('doctor finds the collateral: at another wallet of the key (names the setting), or unwrapped USDC.e', async () => {
    const c = state.chain!;
    const owner = c.newKey();
    await c.setPol(owner.address, POL);
    const safe = await c.deploySafe(owner.address as `0x${string}`);
    await c.mintPusd(owner.address as `0x${string}`, USD(7));
    const checks = async (who: Who) => JSON.parse((await pmt(['doctor', '--exchange', 'polymarket', '--json'], who)).stdout).polymarket as Array<{ check: string; ok: boolean; detail: string; fix: string | null }>;
    const asSafe = (await checks({ key: owner.key, type: 'gnosis-safe', funder: safe })).find((x) => x.check === 'collateral')!;
    expect(asSafe.ok).toBe(false);
    expect(asSafe.detail).toContain(`7 pUSD at the eoa address ${owner.address}`);
    expect(asSafe.fix).toBe('set POLYMARKET_SIGNATURE_TYPE=eoa and remove POLYMARKET_FUNDER');

    const old = c.newKey();
    await c.mintUsdce(old.address as `0x${string}`, USD(3));
    const legacy = (await checks({ key: old.key })).find((x) => x.check === 'collateral')!;
    expect(legacy).toMatchObject({ ok: false, detail: expect.stringContaining('3 USDC.e'), fix: expect.stringContaining('wrap it into pUSD') });
  });

  maybe('an EOA without POL is refused before anything is signed (InsufficientFunds, exit 4, naming POL)', async () => {
    const c = state.chain!;
    const k = c.newKey();
    await c.mintPusd(k.address, USD(10));
    const dir = tempConfigDir();
    const r = await pmt(['approvals', 'set', '--yes'], { key: k.key }, {}, dir);
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/0 POL/);
    expect(await c.pub.getTransactionCount({ address: k.address as `0x${string}` })).toBe(0);
    expect(await journal({ key: k.key }, dir)).toEqual([]);
  });

  maybe('a send whose receipt never comes is unknown with its hash (exit 8), journaled, not re-sent', async () => {
    const c = state.chain!;
    const k = c.newKey();
    await c.setPol(k.address, POL);
    const dir = tempConfigDir();
    await c.setAutomine(false);
    try {
      const r = await pmt(['approvals', 'set', '--yes'], { key: k.key }, { PMT_CHAIN_RECEIPT_TIMEOUT_MS: '1500' }, dir);
      expect(r.exitCode, r.stderr).toBe(8);
      const hash = /0x[0-9a-f]{64}/.exec(r.stderr)?.[0];
      expect(hash).toBeDefined();
      expect(r.stderr).toContain('unknown');
      const j = await journal({ key: k.key }, dir);
      expect(j.map((e) => e.event)).toEqual(['intent', 'sent', 'unknown']);
      expect(j[2]).toMatchObject({ type: 'approve', order_hash: hash });
      // Exactly one transaction left the wallet (the first of fourteen; nothing re-sent).
      expect(await c.rpc('eth_getTransactionCount', [k.address, 'pending'])).toBe('0x1');
    } finally {
      await c.setAutomine(true);
      await c.rpc('evm_mine');
    }
  });
});

describe('the chain id is checked before signing', () => {
  const otherChain = useOtherChainRpc();

  maybe('an RPC on another chain is Config (exit 9) naming the chain id', async () => {
    const k = state.chain!.newKey();
    const r = await pmt(['approvals', 'set', '--yes'], { key: k.key }, { PMT_POLYGON_RPC_URL: otherChain() });
    expect(r.exitCode, r.stderr).toBe(9);
    expect(r.stderr).toContain('chain id 1,');
    expect(r.stderr).toContain('137');
  });
});

describe('a Safe (gnosis-safe), through execTransaction signed by its owner', () => {
  maybe('doctor → approvals set → doctor ok; split, resolve, redeem pays the Safe', async () => {
    const c = state.chain!;
    const owner = c.newKey();
    await c.setPol(owner.address, POL);
    const safe = await c.deploySafe(owner.address as `0x${string}`);
    await c.mintPusd(safe, USD(40));
    const who = { key: owner.key, type: 'gnosis-safe' as const, funder: safe };
    const dir = tempConfigDir();

    const before = await pmt(['doctor', '--exchange', 'polymarket', '--json'], who, {}, dir);
    expect(before.exitCode, before.stderr).toBe(9);
    const checks = JSON.parse(before.stdout).polymarket as Array<{ check: string; ok: boolean }>;
    expect(checks.find((x) => x.check === 'wallet')?.ok).toBe(true);
    expect(checks.find((x) => x.check === 'approvals')?.ok).toBe(false);

    const set = await pmt(['approvals', 'set', '--yes'], who, {}, dir);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stderr).toContain('execTransaction');
    const rows = JSON.parse((await pmt(['approvals', '--json'], who, {}, dir)).stdout) as Array<{ ok: boolean }>;
    expect(rows.every((r) => r.ok)).toBe(true);
    expect((await pmt(['doctor', '--exchange', 'polymarket'], who, {}, dir)).exitCode).toBe(0);

    const cond = await c.prepareCondition(`safe-${safe}`);
    const [yes, no] = await c.positionIds(cond);
    const split = await pmt(['position', 'split', cond, '--size', '10', '--yes'], who, {}, dir);
    expect(split.exitCode, split.stderr).toBe(0);
    expect(await c.ctfBalance(safe, yes)).toBe(USD(10));
    expect(await c.ctfBalance(safe, no)).toBe(USD(10));
    expect(await c.pusdBalance(safe)).toBe(USD(30));

    await c.resolve(`safe-${safe}`, [0, 1]);
    const redeem = await pmt(['position', 'redeem', cond, '--yes'], who, {}, dir);
    expect(redeem.exitCode, redeem.stderr).toBe(0);
    expect(await c.pusdBalance(safe)).toBe(USD(40));
    expect(await c.ctfBalance(safe, no)).toBe(0n);
    // The owner paid the gas; the Safe's tokens moved.
    expect(await c.pusdBalance(owner.address as `0x${string}`)).toBe(0n);
  });

  maybe('a call that would revert is refused before signing (Api, exit 1), nothing sent', async () => {
    const c = state.chain!;
    const owner = c.newKey();
    await c.setPol(owner.address, POL);
    // No fallback handler: this Safe cannot receive ERC-1155 tokens, so a split into it reverts.
    const safe = await c.deploySafe(owner.address as `0x${string}`, { fallbackHandler: false });
    await c.mintPusd(safe, USD(3));
    const who = { key: owner.key, type: 'gnosis-safe' as const, funder: safe };
    const dir = tempConfigDir();
    expect((await pmt(['approvals', 'set', '--yes'], who, {}, dir)).exitCode).toBe(0);
    const nonce = await c.pub.getTransactionCount({ address: owner.address as `0x${string}` });
    const cond = await c.prepareCondition(`revert-${safe}`);
    const r = await pmt(['position', 'split', cond, '--size', '3', '--yes'], who, {}, dir);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toContain('would revert');
    expect(await c.pub.getTransactionCount({ address: owner.address as `0x${string}` })).toBe(nonce);
    expect((await journal(who, dir)).filter((e) => e.type === 'split')).toEqual([]);
  });

  maybe('an owner without POL is refused before signing (exit 4); a receipt that never comes is unknown with its hash (exit 8)', async () => {
    const c = state.chain!;
    const owner = c.newKey();
    const safe = await c.deploySafe(owner.address as `0x${string}`);
    await c.mintPusd(safe, USD(1));
    const who = { key: owner.key, type: 'gnosis-safe' as const, funder: safe };
    const dir = tempConfigDir();
    const broke = await pmt(['approvals', 'set', '--yes'], who, {}, dir);
    expect(broke.exitCode, broke.stderr).toBe(4);
    expect(broke.stderr).toContain('POL');
    expect(await journal(who, dir)).toEqual([]);

    await c.setPol(owner.address, POL);
    await c.setAutomine(false);
    try {
      const r = await pmt(['approvals', 'set', '--yes'], who, { PMT_CHAIN_RECEIPT_TIMEOUT_MS: '1500' }, dir);
      expect(r.exitCode, r.stderr).toBe(8);
      const hash = /0x[0-9a-f]{64}/.exec(r.stderr)?.[0];
      const j = await journal(who, dir);
      expect(j.map((e) => e.event)).toEqual(['intent', 'sent', 'unknown']);
      expect(j[2]).toMatchObject({ type: 'approve', order_hash: hash });
      expect(await c.rpc('eth_getTransactionCount', [owner.address, 'pending'])).toBe('0x1');
    } finally {
      await c.setAutomine(true);
      await c.rpc('evm_mine');
    }
  });

  maybe('a key that does not own the Safe is refused before anything is signed (Config, exit 9)', async () => {
    const c = state.chain!;
    const owner = c.newKey();
    const stranger = c.newKey();
    await c.setPol(stranger.address, POL);
    const safe = await c.deploySafe(owner.address as `0x${string}`);
    const r = await pmt(['approvals', 'set', '--yes'], { key: stranger.key, type: 'gnosis-safe', funder: safe });
    expect(r.exitCode, r.stderr).toBe(9);
    expect(r.stderr).toContain('is not an owner of the Safe');
    expect(await c.pub.getTransactionCount({ address: stranger.address as `0x${string}` })).toBe(0);
  });
});

describe('a proxy wallet, through the proxy factory (stand-in)', () => {
  maybe('approvals set and split go from the proxy wallet; the key pays the gas', async () => {
    const c = state.chain!;
    const k = c.newKey();
    await c.setPol(k.address, POL);
    const wallet = await c.proxyWallet(k.address as `0x${string}`);
    await c.mintPusd(wallet, USD(12));
    const who = { key: k.key, type: 'proxy' as const, funder: wallet };
    const dir = tempConfigDir();
    const set = await pmt(['approvals', 'set', '--yes'], who, {}, dir);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stderr).toContain('proxy factory');
    expect((JSON.parse((await pmt(['approvals', '--json'], who, {}, dir)).stdout) as Array<{ ok: boolean }>).every((r) => r.ok)).toBe(true);
    const cond = await c.prepareCondition(`proxy-${wallet}`);
    const [yes] = await c.positionIds(cond);
    const split = await pmt(['position', 'split', cond, '--size', '12', '--yes'], who, {}, dir);
    expect(split.exitCode, split.stderr).toBe(0);
    expect(await c.ctfBalance(wallet, yes)).toBe(USD(12));
    expect(await c.pusdBalance(wallet)).toBe(0n);
  });
});
