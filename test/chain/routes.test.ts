/**
 * The market and wallet routes beyond the standard market (onchain.test.ts), on the local chain:
 * neg-risk markets through the Neg Risk Collateral Adapter and the Neg Risk Adapter, Protocol V2
 * markets through the Router and PositionManager (all pmt's labelled stand-ins: no source on
 * npm), for an EOA and a Safe; deposit wallets (poly-1271) through a loopback double of
 * Polymarket's relayer that checks auth as the real one does; and the per-profile RPC.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { catalogMarket } from '../exchanges/polymarket/trading-fixture.js';
import { ADDR } from './chain.js';
import { startRelayer, type RelayerDouble } from './relayer-double.js';
import { POL, useChain, useOtherChainRpc, USD, type Who } from './run.js';

const { state, pmt, journal, maybe } = useChain();
type H = `0x${string}`;

/** A funded wallet: an EOA, or a 1-of-1 Safe whose owner pays the gas. */
async function wallet(kind: 'eoa' | 'gnosis-safe', pusd: number): Promise<{ who: Who; holder: H; dir: string }> {
  const c = state.chain!;
  const k = c.newKey();
  await c.setPol(k.address, POL);
  const holder = kind === 'eoa' ? (k.address as H) : await c.deploySafe(k.address as H);
  await c.mintPusd(holder, USD(pusd));
  const who: Who = kind === 'eoa' ? { key: k.key } : { key: k.key, type: 'gnosis-safe', funder: holder };
  const dir = tempConfigDir();
  const set = await pmt(['approvals', 'set', '--yes'], who, {}, dir);
  expect(set.exitCode, set.stderr).toBe(0);
  return { who, holder, dir };
}

/** A Gamma market of the double made to stand for a condition on the local chain. */
function gammaMarket(negRisk: boolean, nth: number, conditionId: string, ids: [bigint, bigint]): string {
  const m = catalogMarket(state.doubles, { tick: '0.01', negRisk, nth });
  const wire = state.doubles.polymarket.gamma.market(m.slug)!.wire as Record<string, unknown>;
  wire.conditionId = conditionId;
  wire.clobTokenIds = JSON.stringify(ids.map(String));
  return m.slug;
}

describe.each(['eoa', 'gnosis-safe'] as const)('a neg-risk market through the Neg Risk Collateral Adapter (%s)', (kind) => {
  maybe('split → merge; resolve → redeem pays the winner in pUSD; the tokens are the adapter-wrapped ids', async () => {
    const c = state.chain!;
    const { who, holder, dir } = await wallet(kind, 30);
    const { conditionId, questionId } = await c.prepareNegRisk(`nr-${kind}-${holder}`);
    const [yes, no] = await c.negRiskIds(conditionId);
    const slug = gammaMarket(true, kind === 'eoa' ? 0 : 1, conditionId, [yes, no]);

    const split = await pmt(['position', 'split', `polymarket:${slug}`, '--size', '20', '--yes'], who, {}, dir);
    expect(split.exitCode, split.stderr).toBe(0);
    expect(split.stderr).toContain('via the Neg Risk Collateral Adapter');
    expect(await c.ctfBalance(holder, yes)).toBe(USD(20));
    expect(await c.ctfBalance(holder, no)).toBe(USD(20));
    expect(await c.pusdBalance(holder)).toBe(USD(10));

    // Named by its bare condition id: Gamma says it is neg-risk, so the same adapter is used.
    const merge = await pmt(['position', 'merge', conditionId, '--size', '5', '--yes'], who, {}, dir);
    expect(merge.exitCode, merge.stderr).toBe(0);
    expect(await c.pusdBalance(holder)).toBe(USD(15));
    expect(await c.ctfBalance(holder, no)).toBe(USD(15));

    await c.resolveNegRisk(questionId, false);
    const redeem = await pmt(['position', 'redeem', `polymarket:${slug}`, '--yes'], who, {}, dir);
    expect(redeem.exitCode, redeem.stderr).toBe(0);
    expect(redeem.stderr).toContain('receive: 15 pUSD');
    expect(await c.pusdBalance(holder)).toBe(USD(30));
    expect(await c.ctfBalance(holder, yes)).toBe(0n);
    expect(await c.ctfBalance(holder, no)).toBe(0n);
    const types = (await journal(who, dir)).filter((e) => e.event === 'result' && e.type !== 'approve');
    expect(types.map((e) => [e.type, e.status])).toEqual([['split', 'confirmed'], ['merge', 'confirmed'], ['redeem', 'confirmed']]);
  });
});

describe.each(['eoa', 'gnosis-safe'] as const)('a Protocol V2 market through the Router and PositionManager (%s)', (kind) => {
  maybe('split → merge; resolve → redeem pays the winner; positions live in the PositionManager', async () => {
    const c = state.chain!;
    const { who, holder, dir } = await wallet(kind, 25);
    const v2 = c.v2Condition(`v2-${kind}-${holder}`);
    const m = state.doubles.polymarket.gamma.addV2Market({ label: `chain-${kind}-${holder.slice(2, 10).toLowerCase()}` });
    const wire = state.doubles.polymarket.gamma.market(m.slug)!.wire as Record<string, unknown>;
    wire.conditionId = v2.conditionId;
    wire.positionIds = v2.positionIds.map(String);
    const [yes, no] = v2.positionIds;

    const split = await pmt(['position', 'split', `polymarket:${m.slug}`, '--size', '10', '--yes'], who, {}, dir);
    expect(split.exitCode, split.stderr).toBe(0);
    expect(split.stderr).toContain('via the Protocol V2 Router');
    expect(await c.pmBalance(holder, yes)).toBe(USD(10));
    expect(await c.pmBalance(holder, no)).toBe(USD(10));
    expect(await c.pusdBalance(holder)).toBe(USD(15));
    // Nothing on the CTF: splitting V2 collateral there would mint tokens that are not the market's.
    expect(await c.ctfBalance(holder, yes)).toBe(0n);

    const merge = await pmt(['position', 'merge', `polymarket:${m.slug}`, '--size', '4', '--yes'], who, {}, dir);
    expect(merge.exitCode, merge.stderr).toBe(0);
    expect(await c.pusdBalance(holder)).toBe(USD(19));

    const early = await pmt(['position', 'redeem', `polymarket:${m.slug}`, '--yes'], who, {}, dir);
    expect(early.exitCode, early.stderr).toBe(2);
    expect(early.stderr).toContain('not resolved');

    await c.resolveV2(v2.condition31, [1, 0]);
    const redeem = await pmt(['position', 'redeem', `polymarket:${m.slug}`, '--yes'], who, {}, dir);
    expect(redeem.exitCode, redeem.stderr).toBe(0);
    // One redeem per outcome held: 6 Yes pay 6 pUSD, 6 No pay nothing.
    expect(redeem.stdout.trim().split('\n').filter((l) => l.startsWith('confirmed')).length).toBe(2);
    expect(await c.pusdBalance(holder)).toBe(USD(25));
    expect(await c.pmBalance(holder, yes)).toBe(0n);
    expect(await c.pmBalance(holder, no)).toBe(0n);
  });
});

describe('Protocol V2: position ids that are not one condition are refused before signing', () => {
  maybe('a Gamma condition id that does not match the position ids: nothing is sent', async () => {
    const c = state.chain!;
    const { who, holder, dir } = await wallet('eoa', 3);
    const v2 = c.v2Condition(`v2-bad-${holder}`);
    const m = state.doubles.polymarket.gamma.addV2Market({ label: `bad-${holder.slice(2, 10).toLowerCase()}` });
    const wire = state.doubles.polymarket.gamma.market(m.slug)!.wire as Record<string, unknown>;
    wire.positionIds = v2.positionIds.map(String);
    const nonce = await c.pub.getTransactionCount({ address: holder });
    const r = await pmt(['position', 'split', `polymarket:${m.slug}`, '--size', '1', '--yes'], who, {}, dir);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('is not the condition of its position ids');
    expect(await c.pub.getTransactionCount({ address: holder })).toBe(nonce);
  });
});

describe('a deposit wallet (poly-1271) through the relayer', () => {
  let relayer: RelayerDouble;
  // Relayer API keys by the address each belongs to (a key per wallet owner here).
  const relayerKeys = new Map<string, string>();
  const builder = { key: 'builder-key-7d2e', secret: Buffer.from('builder secret bytes, 32 long!!').toString('base64'), passphrase: 'builder-pass' };
  beforeAll(async () => {
    if (state.chain) relayer = await startRelayer(state.chain, { relayerApiKeys: relayerKeys, builder });
  });
  afterAll(() => relayer?.close());

  async function depositWallet(pusd: number) {
    const c = state.chain!;
    const k = c.newKey();
    const holder = await c.deployDepositWallet(k.address as H);
    await c.mintPusd(holder, USD(pusd));
    // The owner key holds no POL: the relayer pays the gas.
    return { k, holder, who: { key: k.key, type: 'poly-1271', funder: holder } as Who, dir: tempConfigDir() };
  }
  const withRelayer = (k: { address: string }, extra: Record<string, string> = {}) => {
    const key = `relayer-key-${k.address.slice(2, 10)}`;
    relayerKeys.set(key, k.address);
    // The key's address defaults to the signer's: not given here.
    return { PMT_POLYMARKET_RELAYER_URL: relayer.url, POLYMARKET_RELAYER_API_KEY: key, ...extra };
  };

  maybe('without relayer credentials: Config (exit 9) naming them and how to set them; nothing signed or sent', async () => {
    const { who, dir } = await depositWallet(1);
    const before = relayer.requests.length;
    const r = await pmt(['approvals', 'set', '--yes'], who, { PMT_POLYMARKET_RELAYER_URL: relayer.url }, dir);
    expect(r.exitCode, r.stderr).toBe(9);
    expect(r.stderr).toContain('POLYMARKET_RELAYER_API_KEY');
    expect(r.stderr).toContain('POLYMARKET_BUILDER_SECRET');
    expect(r.stderr).toContain('pmt profile add');
    expect(relayer.requests.length).toBe(before);
    expect(await journal(who, dir)).toEqual([]);
    const doctor = JSON.parse((await pmt(['doctor', '--exchange', 'polymarket', '--json'], who, {}, dir)).stdout).polymarket as Array<{ check: string; ok: boolean; fix: string | null }>;
    expect(doctor.find((x) => x.check === 'relayer')).toMatchObject({ ok: false, fix: expect.stringContaining('POLYMARKET_RELAYER_API_KEY') });
  });

  maybe('doctor FAIL → approvals set through the relayer → doctor ok; split, resolve, redeem pays the deposit wallet', async () => {
    const c = state.chain!;
    const { k, holder, who, dir } = await depositWallet(20);
    const env = withRelayer(k);
    const before = await pmt(['doctor', '--exchange', 'polymarket', '--json'], who, env, dir);
    expect(before.exitCode, before.stderr).toBe(9);
    const checks = JSON.parse(before.stdout).polymarket as Array<{ check: string; ok: boolean; detail: string }>;
    expect(checks.find((x) => x.check === 'wallet')).toMatchObject({ ok: true, detail: expect.stringContaining('the relayer knows it as deployed') });
    expect(checks.find((x) => x.check === 'approvals')?.ok).toBe(false);

    const set = await pmt(['approvals', 'set', '--yes'], who, env, dir);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stderr).toContain("Polymarket's relayer");
    expect((JSON.parse((await pmt(['approvals', '--json'], who, env, dir)).stdout) as Array<{ ok: boolean }>).every((r) => r.ok)).toBe(true);
    expect((await pmt(['doctor', '--exchange', 'polymarket'], who, env, dir)).exitCode).toBe(0);
    expect(relayer.requests.every((r) => r.authed)).toBe(true);

    const cond = await c.prepareCondition(`dw-${holder}`);
    const [yes] = await c.positionIds(cond);
    expect((await pmt(['position', 'split', cond, '--size', '8', '--yes'], who, env, dir)).exitCode).toBe(0);
    expect(await c.ctfBalance(holder, yes)).toBe(USD(8));
    await c.resolve(`dw-${holder}`, [1, 0]);
    const redeem = await pmt(['position', 'redeem', cond, '--yes'], who, env, dir);
    expect(redeem.exitCode, redeem.stderr).toBe(0);
    expect(await c.pusdBalance(holder)).toBe(USD(20));
    // The key never paid gas (it has no POL) and never sent a transaction itself.
    expect(await c.pub.getTransactionCount({ address: k.address as H })).toBe(0);
    const results = (await journal(who, dir, env)).filter((e) => e.event === 'result');
    expect(results.every((e) => /^relay-\d+$/.test(String(e.order_id)) && /^0x[0-9a-f]{64}$/.test(String(e.order_hash)) && e.status === 'confirmed')).toBe(true);
    expect(results.map((e) => e.type).slice(-2)).toEqual(['split', 'redeem']);
  });

  maybe('Builder API credentials sign each request (HMAC); a wrong secret is Authentication (exit 3), nothing relayed', async () => {
    const c = state.chain!;
    const { k, holder, who, dir } = await depositWallet(2);
    const env = { PMT_POLYMARKET_RELAYER_URL: relayer.url, POLYMARKET_BUILDER_API_KEY: builder.key, POLYMARKET_BUILDER_PASSPHRASE: builder.passphrase };
    const bad = await pmt(['approvals', 'set', '--yes'], who, { ...env, POLYMARKET_BUILDER_SECRET: Buffer.from('not the secret').toString('base64') }, dir);
    expect(bad.exitCode, bad.stderr).toBe(3);
    expect(await c.depositWalletNonce(holder)).toBe(0n);
    const good = await pmt(['approvals', 'set', '--yes'], who, { ...env, POLYMARKET_BUILDER_SECRET: builder.secret }, dir);
    expect(good.exitCode, good.stderr).toBe(0);
    expect(await c.depositWalletNonce(holder)).toBe(14n);
    void k;
  });

  maybe('a batch the relayer never settles is unknown with its relayer id and hash (exit 8), journaled, not re-sent', async () => {
    const c = state.chain!;
    const { k, holder, who, dir } = await depositWallet(1);
    relayer.settle = false;
    try {
      const r = await pmt(['approvals', 'set', '--yes'], who, withRelayer(k, { PMT_CHAIN_RECEIPT_TIMEOUT_MS: '1500' }), dir);
      expect(r.exitCode, r.stderr).toBe(8);
      expect(r.stderr).toMatch(/relay-\d+/);
      const j = await journal(who, dir);
      expect(j.map((e) => e.event)).toEqual(['intent', 'sent', 'unknown']);
      expect(j[2]).toMatchObject({ type: 'approve', order_id: expect.stringMatching(/^relay-\d+$/), order_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
      // One batch relayed, the first of fourteen; nothing sent again.
      expect(await c.depositWalletNonce(holder)).toBe(1n);
    } finally {
      relayer.settle = true;
    }
  });
});

describe('the RPC per profile: --polygon-rpc-url; a named profile > PMT_POLYGON_RPC_URL > the active profile', () => {
  const otherChain = useOtherChainRpc();

  maybe('profile add stores it, profile show and doctor name it, and the precedence holds', async () => {
    const c = state.chain!;
    const k = c.newKey();
    const dir = tempConfigDir();
    const base = { ...state.doubles.env, PMT_CONFIG_DIR: dir };
    const { runPmt } = await import('../helpers/cli.js');
    const add = await runPmt(['profile', 'add', 'main', '--polymarket-private-key-stdin', '--polymarket-signature-type', 'eoa', '--polygon-rpc-url', c.url], { env: base, input: k.key });
    expect(add.exitCode, add.stderr).toBe(0);
    const show = JSON.parse((await runPmt(['profile', 'show', '--json'], { env: base })).stdout) as { settings: Array<{ setting: string; value: string; source: string; origin: string }>; polymarket: { polygon_rpc_url?: string } };
    expect(show.polymarket.polygon_rpc_url).toBe(c.url);
    expect(show.settings.find((s) => s.setting === 'PMT_POLYGON_RPC_URL')).toMatchObject({ source: 'profile', value: `${new URL(c.url).protocol}//${new URL(c.url).host}` });

    const rpcCheck = async (args: string[], env: Record<string, string>) => {
      const r = await runPmt([...args, 'doctor', '--exchange', 'polymarket', '--json'], { env: { ...base, ...env } });
      return (JSON.parse(r.stdout).polymarket as Array<{ check: string; ok: boolean; detail: string }>).find((x) => x.check === 'rpc')!;
    };
    // The active profile's RPC, when the environment names none.
    expect(await rpcCheck([], {})).toMatchObject({ ok: true, detail: expect.stringContaining('profile main') });
    // The environment wins over the active profile…
    expect(await rpcCheck([], { PMT_POLYGON_RPC_URL: otherChain() })).toMatchObject({ ok: false, detail: expect.stringContaining('chain id 1,') });
    // …and a profile named with --profile wins over the environment.
    expect(await rpcCheck(['--profile', 'main'], { PMT_POLYGON_RPC_URL: otherChain() })).toMatchObject({ ok: true, detail: expect.stringContaining('profile main') });
    expect(ADDR.CTF).toBeDefined();
  });
});
