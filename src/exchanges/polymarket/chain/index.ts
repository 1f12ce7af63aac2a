/**
 * Polymarket on chain (Polygon): the approvals the exchanges need, split/merge/redeem through the
 * collateral adapters, and the chain's doctor checks. viem does everything on chain; this module
 * is loaded only by `pmt approvals`, `pmt position` and `pmt doctor`.
 *
 * Wallet routes, as Polymarket's own clients send them:
 *   eoa          the key sends its own transaction (pays gas in POL);
 *   gnosis-safe  the owner key signs the Safe transaction hash and sends `execTransaction` (pays gas);
 *   proxy        the key calls the proxy factory's `proxy([{typeCode: 1, to, value: 0, data}])`,
 *                which forwards the call from its proxy wallet (pays gas);
 *   poly-1271    a deposit wallet only moves through Polymarket's relayer (a signed WALLET batch
 *                with builder API credentials): refused, with what it needs.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  formatUnits,
  http,
  parseUnits,
  WaitForTransactionReceiptTimeoutError,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { PmtError, usageError } from '../../../errors.js';

import type { ApprovalRow, ChainCall, ChainPlan, ChainSent, DoctorCheck, Onchain, PositionRequest } from '../../onchain.js';
import type { PolymarketClient } from '../client.js';
import { deriveWallets } from '../derive-wallet.js';
import { resolveMarketRef } from '../market-ref.js';
import { buildWallet, requireCredentials, type Hex, type Wallet } from '../wallet.js';
import {
  COLLATERAL_DECIMALS,
  COLLATERAL_ONRAMP,
  CTF,
  CTF_ABI,
  CTF_COLLATERAL_ADAPTER,
  DEFAULT_POLYGON_RPC,
  DEFAULT_RECEIPT_TIMEOUT_MS,
  ERC20_ABI,
  MAX_UINT256,
  NEG_RISK_COLLATERAL_ADAPTER,
  POLYGON_CHAIN_ID,
  PROXY_FACTORY,
  PROXY_FACTORY_ABI,
  PUSD,
  RECEIPT_TIMEOUT_ENV,
  RPC_ENV,
  SAFE_ABI,
  SPENDERS,
  USDCE,
} from './contracts.js';

const ZERO32: Hex = `0x${'0'.repeat(64)}`;
const ZERO_ADDRESS: Hex = '0x0000000000000000000000000000000000000000';
const BINARY = [1n, 2n];
/** Gas a Safe's execTransaction / the proxy factory add to the inner call (signature checks, forwarding). */
const ROUTE_OVERHEAD: Record<string, bigint> = { eoa: 0n, 'gnosis-safe': 80_000n, proxy: 60_000n };

const polygon = (rpc: string) =>
  defineChain({ id: POLYGON_CHAIN_ID, name: 'Polygon', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, rpcUrls: { default: { http: [rpc] } } });

const units = (v: bigint) => formatUnits(v, COLLATERAL_DECIMALS);
const pol = (v: bigint) => {
  const s = formatUnits(v, 18);
  const [i, f = ''] = s.split('.');
  return f ? `${i}.${f.slice(0, 6).replace(/0+$/, '') || '0'}` : i!;
};

interface Ctx {
  c: PolymarketClient;
  rpc: string;
  pub: PublicClient;
  w: Wallet;
  account: PrivateKeyAccount;
  /** Whose tokens: the funder (proxy, Safe, deposit wallet) or the EOA. */
  holder: Hex;
  receiptTimeoutMs: number;
  /** Gas estimates by call (filled by preflight). */
  gas: Map<ChainCall, bigint>;
}

export function createOnchain(ex: object): Onchain {
  const c = (ex as unknown as { client: PolymarketClient }).client;
  let ctxPromise: Promise<Ctx> | undefined;
  const ctx = () => (ctxPromise ??= makeCtx(c));
  return {
    approvals: async () => approvals(await ctx()),
    planApprovals: async (rows) => planApprovals(await ctx(), rows),
    planPosition: async (req) => planPosition(await ctx(), req),
    preflight: async (plan) => preflight(await ctx(), plan),
    send: async (plan, call, onHash) => send(await ctx(), plan, call, onHash),
    doctor: async () => doctor(c),
  };
}

async function makeCtx(c: PolymarketClient): Promise<Ctx> {
  const creds = await requireCredentials(c);
  const w = await buildWallet(creds);
  const raw = creds.privateKey.value.trim();
  const account = privateKeyToAccount((raw.startsWith('0x') ? raw : `0x${raw}`).toLowerCase() as Hex);
  const rpc = (c.cfg.env[RPC_ENV] ?? '').trim() || DEFAULT_POLYGON_RPC;
  const pub = createPublicClient({ chain: polygon(rpc), transport: http(rpc, { timeout: 20_000, retryCount: 1 }) }) as PublicClient;
  const t = Number(c.cfg.env[RECEIPT_TIMEOUT_ENV]);
  return { c, rpc, pub, w, account, holder: w.maker, receiptTimeoutMs: Number.isFinite(t) && t > 0 ? t : DEFAULT_RECEIPT_TIMEOUT_MS, gas: new Map() };
}

/** Any RPC failure as one readable line (viem's messages are long and may quote the whole request). */
function rpcError(x: Ctx | { rpc: string }, e: unknown, what: string): PmtError {
  if (e instanceof PmtError) return e;
  // The node answered that the call would revert: a refusal, not a network failure.
  const walk = (e as { walk?: (f: (x: unknown) => boolean) => unknown }).walk;
  // viem's ExecutionRevertedError, or a node that reports the revert as an internal error (Hardhat).
  const isRevert = (c: unknown) => {
    const x = c as { name?: string; details?: string };
    return x?.name === 'ExecutionRevertedError' || x?.name === 'ContractFunctionRevertedError' || /\brevert(ed)?\b/i.test(x?.details ?? '');
  };
  const reverted = walk?.call(e, isRevert) as { shortMessage?: string; details?: string } | null | undefined;
  if (reverted) {
    const why = (reverted.details && /revert/i.test(reverted.details) ? reverted.details : reverted.shortMessage ?? 'reverted').split('\n')[0]!.slice(0, 200);
    return new PmtError('Api', `${what}: the call would revert on chain (${why}); nothing was sent`, { hint: 'run `pmt doctor` to see what the wallet is missing' });
  }
  const short = (e as { shortMessage?: string }).shortMessage ?? (e as Error).message ?? String(e);
  return new PmtError('NetworkError', `Polygon RPC ${x.rpc}: ${what} failed: ${short.split('\n')[0]}`, { hint: `check ${RPC_ENV} (a Polygon JSON-RPC endpoint)` });
}

async function checkChain(x: { rpc: string; pub: PublicClient }): Promise<void> {
  let id: number;
  try {
    id = await x.pub.getChainId();
  } catch (e) {
    throw rpcError(x, e, 'eth_chainId');
  }
  if (id !== POLYGON_CHAIN_ID) {
    throw new PmtError('Config', `the RPC at ${x.rpc} is on chain id ${id}, not Polygon (chain id ${POLYGON_CHAIN_ID}); nothing was signed`, {
      hint: `set ${RPC_ENV} to a Polygon mainnet RPC`,
    });
  }
}

async function approvals(x: Ctx): Promise<ApprovalRow[]> {
  await checkChain(x);
  return readApprovals(x.pub, x.holder, x);
}

async function readApprovals(pub: PublicClient, holder: Hex, x: { rpc: string }): Promise<ApprovalRow[]> {
  try {
    const balance = await pub.readContract({ address: PUSD, abi: ERC20_ABI, functionName: 'balanceOf', args: [holder] });
    const reads = await Promise.all(
      SPENDERS.flatMap((s) => [
        pub.readContract({ address: PUSD, abi: ERC20_ABI, functionName: 'allowance', args: [holder, s.address] }),
        pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'isApprovedForAll', args: [holder, s.address] }),
      ]),
    );
    return SPENDERS.flatMap((s, i) => {
      const allowance = reads[2 * i] as bigint;
      const operator = reads[2 * i + 1] as boolean;
      return [
        // Enough to spend the whole pUSD balance (an approval smaller than that blocks orders that need it).
        { spender: s.address, name: s.name, token: 'pUSD', standard: 'erc20' as const, ok: allowance > 0n && allowance >= balance, allowance: allowance === MAX_UINT256 ? 'unlimited' : units(allowance) },
        { spender: s.address, name: s.name, token: 'CTF', standard: 'erc1155' as const, ok: operator, allowance: null },
      ];
    });
  } catch (e) {
    throw rpcError(x, e, 'reading the approvals');
  }
}

function routeOf(w: Wallet): string {
  switch (w.signatureType) {
    case 'eoa':
      return 'eoa';
    case 'gnosis-safe':
      return 'gnosis-safe';
    case 'proxy':
      return 'proxy';
    default:
      throw new PmtError('NotSupported', `a Polymarket deposit wallet (poly-1271, ${w.maker}) moves only through Polymarket's relayer, which pmt does not call: nothing was sent`, {
        hint: 'the relayer needs Polymarket builder API credentials (key, secret, passphrase) and a signed WALLET batch; approve or redeem on polymarket.com, or use an EOA/Safe/proxy wallet',
      });
  }
}

const ROUTE_TEXT: Record<string, string> = { eoa: 'eoa (the key sends it)', 'gnosis-safe': 'gnosis-safe (execTransaction signed by the owner key)', proxy: 'proxy (through the proxy factory)' };

function plan(x: Ctx, calls: ChainCall[], spend: string[], receive: string[]): ChainPlan {
  const route = calls.length ? routeOf(x.w) : x.w.signatureType;
  return { holder: x.holder, sender: x.account.address, route: ROUTE_TEXT[route] ?? route, calls, spend, receive, gas_pol: null, chain_id: POLYGON_CHAIN_ID };
}

async function planApprovals(x: Ctx, rows: ApprovalRow[]): Promise<ChainPlan> {
  const calls: ChainCall[] = rows
    .filter((r) => !r.ok)
    .map((r) =>
      r.standard === 'erc20'
        ? { kind: 'approve', what: `approve ${r.token} (unlimited) for ${r.name}`, to: PUSD, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [r.spender as Hex, MAX_UINT256] }), subject: r.spender, amount: '0' }
        : { kind: 'approve', what: `approve ${r.token} tokens (operator) for ${r.name}`, to: CTF, data: encodeFunctionData({ abi: CTF_ABI, functionName: 'setApprovalForAll', args: [r.spender as Hex, true] }), subject: r.spender, amount: '0' },
    );
  return plan(x, calls, [], []);
}

/**
 * `redeem --all`: every market the Data API lists as redeemable for the holder (`/positions`,
 * `redeemable: true`), one redeem call each; markets with nothing left to redeem on chain are skipped.
 */
async function planRedeemAll(x: Ctx): Promise<ChainPlan> {
  const body = await x.c.data.get<unknown>('/positions', { query: { user: x.holder, redeemable: true, sizeThreshold: 0, limit: 500 } });
  if (!Array.isArray(body)) throw new PmtError('Api', 'Polymarket Data API answered GET /positions without a list');
  const ids = [...new Set(body.filter((r) => r && typeof r === 'object' && (r as Record<string, unknown>).redeemable === true).map((r) => String((r as Record<string, unknown>).conditionId ?? '')).filter((id) => /^0x[0-9a-fA-F]{64}$/.test(id)))];
  const all = plan(x, [], [], []);
  for (const id of ids) {
    try {
      const p = await planPosition(x, { action: 'redeem', market: id });
      all.calls.push(...p.calls);
      all.spend.push(...p.spend);
      all.receive.push(...p.receive);
      all.route = p.route;
    } catch (e) {
      // Already redeemed, or not resolved on chain yet: nothing to send for it.
      if (!(e instanceof PmtError) || !['InsufficientFunds', 'Api'].includes(e.kind)) throw e;
    }
  }
  if (all.calls.length === 0) throw new PmtError('InsufficientFunds', `nothing to redeem: no resolved position with tokens left at ${x.holder}`);
  return all;
}

async function planPosition(x: Ctx, req: PositionRequest): Promise<ChainPlan> {
  if (req.all && req.action === 'redeem') return planRedeemAll(x);
  const ref = await resolveMarketRef(x.c, req.market);
  await checkChain(x);
  const conditionId = ref.conditionId as Hex;
  const negRisk = ref.market?.neg_risk === true;
  const adapter = negRisk ? NEG_RISK_COLLATERAL_ADAPTER : CTF_COLLATERAL_ADAPTER;
  const adapterName = negRisk ? 'Neg Risk Collateral Adapter' : 'CTF Collateral Adapter';
  const subject = ref.slug ?? conditionId;
  const labels = ref.market?.outcomes?.map((o) => o.label) ?? ['outcome 1', 'outcome 2'];
  let size: bigint | null = null;
  if (req.size !== undefined) {
    if (!/^\d+(\.\d{1,6})?$/.test(req.size.trim()) || Number(req.size) <= 0) throw usageError(`--size must be a positive amount with at most 6 decimals, got "${req.size}"`);
    size = parseUnits(req.size.trim(), COLLATERAL_DECIMALS);
  }
  try {
    const slots = await x.pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'getOutcomeSlotCount', args: [conditionId] });
    if (slots === 0n) throw new PmtError('MarketNotFound', `condition ${conditionId} is not prepared on the Conditional Tokens contract (${x.rpc})`);
    if (slots !== 2n) throw new PmtError('NotSupported', `condition ${conditionId} has ${slots} outcomes; pmt splits, merges and redeems binary conditions only`);
    const usdceIds = await Promise.all(
      BINARY.map(async (set) => x.pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'getPositionId', args: [USDCE, await x.pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'getCollectionId', args: [ZERO32, conditionId, set] })] })),
    );
    // The market's own tokens must be these (USDC.e-backed) positions: otherwise nothing is sent.
    // A neg-risk market's tokens are backed by the Neg Risk Adapter's wrapped collateral: Gamma's ids.
    const tokens = ref.market?.outcomes?.map((o) => o.token_id).filter((t): t is string => !!t) ?? [];
    if (negRisk && tokens.length !== 2) throw new PmtError('NotSupported', `${subject} is a neg-risk market whose two token ids are not known; pmt needs them to read the positions`);
    const ids = negRisk ? tokens.map((t) => BigInt(t)) : usdceIds;
    if (!negRisk && tokens.length === 2 && !tokens.every((t, i) => t === ids[i]!.toString())) {
      throw new PmtError('Api', `the token ids of ${subject} are not the USDC.e-backed positions of condition ${conditionId}; nothing was sent`, { hint: 'check the market (a Protocol V2 market goes through its own contracts, which pmt does not call yet)' });
    }
    const held = await Promise.all(ids.map((id) => x.pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'balanceOf', args: [x.holder, id] })));
    const pusd = await x.pub.readContract({ address: PUSD, abi: ERC20_ABI, functionName: 'balanceOf', args: [x.holder] });
    const needErc20 = async () => {
      const a = await x.pub.readContract({ address: PUSD, abi: ERC20_ABI, functionName: 'allowance', args: [x.holder, adapter] });
      if (a < (size ?? 0n)) throw notApproved(adapterName, 'pUSD');
    };
    const needOperator = async () => {
      if (!(await x.pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'isApprovedForAll', args: [x.holder, adapter] }))) throw notApproved(adapterName, 'CTF');
    };
    const call = (kind: ChainCall['kind'], what: string, data: Hex, amount: bigint): ChainCall => ({ kind, what, to: adapter, data, subject, amount: units(amount) });
    if (req.action === 'split') {
      if (size === null) throw usageError('split needs --size (the pUSD to split into complete sets)');
      if (pusd < size) throw new PmtError('InsufficientFunds', `split ${units(size)} needs ${units(size)} pUSD; ${x.holder} holds ${units(pusd)} pUSD`);
      await needErc20();
      const data = encodeFunctionData({ abi: CTF_ABI, functionName: 'splitPosition', args: [PUSD, ZERO32, conditionId, BINARY, size] });
      return plan(x, [call('split', `split ${units(size)} pUSD into ${labels.join(' + ')} (${subject}) via the ${adapterName}`, data, size)], [`${units(size)} pUSD`], labels.map((l) => `${units(size!)} ${l}`));
    }
    if (req.action === 'merge') {
      const most = held[0]! < held[1]! ? held[0]! : held[1]!;
      const n = size ?? most;
      if (n === 0n) throw new PmtError('InsufficientFunds', `${x.holder} holds no complete set of ${subject} to merge (${labels.map((l, i) => `${units(held[i]!)} ${l}`).join(', ')})`);
      if (n > most) throw new PmtError('InsufficientFunds', `merge ${units(n)} needs ${units(n)} of each outcome; ${x.holder} holds ${labels.map((l, i) => `${units(held[i]!)} ${l}`).join(', ')}`);
      await needOperator();
      const data = encodeFunctionData({ abi: CTF_ABI, functionName: 'mergePositions', args: [PUSD, ZERO32, conditionId, BINARY, n] });
      return plan(x, [call('merge', `merge ${units(n)} complete sets of ${subject} into pUSD via the ${adapterName}`, data, n)], labels.map((l) => `${units(n)} ${l}`), [`${units(n)} pUSD`]);
    }
    // redeem
    const den = await x.pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'payoutDenominator', args: [conditionId] });
    if (den === 0n) throw new PmtError('Api', `${subject} is not resolved yet: nothing to redeem`, { usage: true, hint: 'redeem after the market resolves (`pmt positions --status redeemable`)' });
    if (held[0] === 0n && held[1] === 0n) throw new PmtError('InsufficientFunds', `${x.holder} holds no ${subject} tokens to redeem`);
    const nums = await Promise.all(BINARY.map((_, i) => x.pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'payoutNumerators', args: [conditionId, BigInt(i)] })));
    const payout = held.reduce((s, h, i) => s + (h * nums[i]!) / den, 0n);
    await needOperator();
    const data = encodeFunctionData({ abi: CTF_ABI, functionName: 'redeemPositions', args: [PUSD, ZERO32, conditionId, BINARY] });
    return plan(
      x,
      [call('redeem', `redeem ${subject} via the ${adapterName}`, data, payout)],
      labels.map((l, i) => `${units(held[i]!)} ${l}`).filter((_, i) => held[i]! > 0n),
      [`${units(payout)} pUSD`],
    );
  } catch (e) {
    throw rpcError(x, e, `reading ${subject}`);
  }
}

function notApproved(name: string, token: string): PmtError {
  return new PmtError('Config', `the ${name} may not move this wallet's ${token} yet; nothing was sent`, { hint: 'run `pmt approvals set`' });
}

async function preflight(x: Ctx, p: ChainPlan): Promise<void> {
  if (p.calls.length === 0) return;
  await checkChain(x);
  const route = routeOf(x.w);
  let fees: bigint;
  let balance: bigint;
  let total = 0n;
  try {
    if (route === 'gnosis-safe') await checkSafe(x);
    const f = await x.pub.estimateFeesPerGas();
    fees = f.maxFeePerGas ?? f.gasPrice ?? 0n;
    for (const call of p.calls) {
      // The inner call as the holder would make it (the Safe/proxy forwards it), plus the route's overhead.
      const g = (await x.pub.estimateGas({ account: x.holder, to: call.to as Hex, data: call.data as Hex })) + ROUTE_OVERHEAD[route]!;
      x.gas.set(call, g);
      total += g;
    }
    balance = await x.pub.getBalance({ address: x.account.address });
  } catch (e) {
    throw rpcError(x, e, 'estimating gas');
  }
  const need = total * fees;
  p.gas_pol = pol(need);
  if (balance < need) {
    throw new PmtError('InsufficientFunds', `the signing key ${x.account.address} has ${pol(balance)} POL; about ${pol(need)} POL is needed for gas on Polygon (${p.calls.length} transaction${p.calls.length === 1 ? '' : 's'}); nothing was signed`, {
      hint: `send a little POL (Polygon's gas token) to ${x.account.address}`,
    });
  }
}

async function checkSafe(x: Ctx): Promise<void> {
  const code = await x.pub.getCode({ address: x.holder });
  if (!code || code === '0x') throw new PmtError('Config', `the funder ${x.holder} (gnosis-safe) has no contract on chain ${POLYGON_CHAIN_ID}: the Safe is not deployed`, { hint: 'log in on polymarket.com once (it deploys the Safe), or check POLYMARKET_FUNDER' });
  const [owner, threshold] = await Promise.all([
    x.pub.readContract({ address: x.holder, abi: SAFE_ABI, functionName: 'isOwner', args: [x.account.address] }),
    x.pub.readContract({ address: x.holder, abi: SAFE_ABI, functionName: 'getThreshold' }),
  ]);
  if (!owner) throw new PmtError('Config', `the signing key ${x.account.address} is not an owner of the Safe ${x.holder}`, { hint: 'set POLYMARKET_PRIVATE_KEY to the Safe owner\'s key, or POLYMARKET_FUNDER to its Safe' });
  if (threshold !== 1n) throw new PmtError('NotSupported', `the Safe ${x.holder} needs ${threshold} signatures; pmt signs with one owner key`);
}

async function send(x: Ctx, p: ChainPlan, call: ChainCall, onHash: (hash: string) => void): Promise<ChainSent> {
  const route = routeOf(x.w);
  const wallet = createWalletClient({ account: x.account, chain: polygon(x.rpc), transport: http(x.rpc, { timeout: 20_000, retryCount: 0 }) });
  const inner = x.gas.get(call) ?? 300_000n;
  let to = call.to as Hex;
  let data = call.data as Hex;
  try {
    if (route === 'gnosis-safe') {
      const nonce = await x.pub.readContract({ address: x.holder, abi: SAFE_ABI, functionName: 'nonce' });
      const txHash = await x.pub.readContract({ address: x.holder, abi: SAFE_ABI, functionName: 'getTransactionHash', args: [to, 0n, data, 0, 0n, 0n, 0n, ZERO_ADDRESS, ZERO_ADDRESS, nonce] });
      // v 27/28: an owner's ECDSA signature of the Safe transaction hash itself.
      const signature = await x.account.sign({ hash: txHash });
      data = encodeFunctionData({ abi: SAFE_ABI, functionName: 'execTransaction', args: [to, 0n, data, 0, 0n, 0n, 0n, ZERO_ADDRESS, ZERO_ADDRESS, signature] });
      to = x.holder;
    } else if (route === 'proxy') {
      data = encodeFunctionData({ abi: PROXY_FACTORY_ABI, functionName: 'proxy', args: [[{ typeCode: 1, to, value: 0n, data }]] });
      to = PROXY_FACTORY;
    }
  } catch (e) {
    throw rpcError(x, e, 'preparing the wallet transaction');
  }
  let hash: Hex;
  try {
    hash = await wallet.sendTransaction({ to, data, gas: inner + inner / 5n + 50_000n });
  } catch (e) {
    // Refused before a hash existed (e.g. the node rejected it): nothing is pending.
    throw rpcError(x, e, `sending "${call.what}"`);
  }
  onHash(hash);
  try {
    const r = await x.pub.waitForTransactionReceipt({ hash, timeout: x.receiptTimeoutMs, pollingInterval: Math.max(50, Math.min(1000, Math.floor(x.receiptTimeoutMs / 10))), retryCount: 0 });
    const ok = r.status === 'success' && (route !== 'gnosis-safe' || !safeFailed(r.logs));
    return { call, hash, status: ok ? 'confirmed' : 'reverted', block: r.blockNumber.toString() };
  } catch (e) {
    const timedOut = e instanceof WaitForTransactionReceiptTimeoutError;
    throw new PmtError('NetworkError', `transaction ${hash} (${call.what}) was sent, but ${timedOut ? `no receipt came within ${x.receiptTimeoutMs} ms` : 'its receipt could not be read'}: its outcome is unknown; it was not sent again`, {
      ambiguous: true,
      hint: `look it up (https://polygonscan.com/tx/${hash}) before sending again; ${RECEIPT_TIMEOUT_ENV} sets the wait`,
    });
  }
}

/** Safe emits ExecutionFailure(bytes32,uint256) when the inner call reverted (the outer tx succeeds). */
const EXECUTION_FAILURE = '0x23428b18acfb3ea64b08dc0c1d296ea9c09702c09083ca5272e64d115b687d23';
function safeFailed(logs: ReadonlyArray<{ topics: readonly string[] }>): boolean {
  return logs.some((l) => l.topics[0] === EXECUTION_FAILURE);
}

/** The chain's view of why this account cannot trade; each check names its fix. */
async function doctor(c: PolymarketClient): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  let x: Ctx;
  try {
    x = await makeCtx(c);
  } catch (e) {
    out.push({ check: 'wallet', ok: false, detail: (e as Error).message, fix: (e as PmtError).hint ?? 'run `pmt profile add <name>`' });
    return out;
  }
  try {
    await checkChain(x);
    out.push({ check: 'rpc', ok: true, detail: `${x.rpc} is Polygon (chain id ${POLYGON_CHAIN_ID})`, fix: null });
  } catch (e) {
    out.push({ check: 'rpc', ok: false, detail: (e as Error).message, fix: (e as PmtError).hint ?? `set ${RPC_ENV}` });
    return out;
  }
  try {
    const w = x.w;
    const derived = await deriveWallets(w.address);
    // Which wallet holds the collateral.
    const candidates: Array<{ type: string; address: Hex }> = [
      { type: 'eoa', address: w.address },
      { type: 'proxy', address: derived.proxy },
      { type: 'gnosis-safe', address: derived.safe },
    ];
    if (!candidates.some((k) => k.address.toLowerCase() === x.holder.toLowerCase())) candidates.push({ type: w.signatureType, address: x.holder });
    const code = await x.pub.getCode({ address: x.holder });
    const deployed = !!code && code !== '0x';
    if (w.signatureType === 'eoa') out.push({ check: 'wallet', ok: true, detail: `signature type eoa: the key ${w.address} trades its own balance`, fix: null });
    else if (!deployed) {
      out.push({ check: 'wallet', ok: false, detail: `signature type ${w.signatureType}: the funder ${x.holder} has no contract on chain (${w.signatureType === 'poly-1271' ? 'deposit wallet not deployed' : 'not deployed'})`, fix: 'log in on polymarket.com once (it deploys the wallet), or correct POLYMARKET_FUNDER' });
    } else if (w.signatureType === 'gnosis-safe') {
      try {
        await checkSafe(x);
        out.push({ check: 'wallet', ok: true, detail: `signature type gnosis-safe: Safe ${x.holder}, owner ${w.address}`, fix: null });
      } catch (e) {
        out.push({ check: 'wallet', ok: false, detail: (e as Error).message, fix: (e as PmtError).hint ?? null });
      }
    } else out.push({ check: 'wallet', ok: true, detail: `signature type ${w.signatureType}: ${w.signatureType === 'poly-1271' ? 'deposit wallet' : 'proxy wallet'} ${x.holder} is deployed`, fix: null });

    const balances = await Promise.all(candidates.map((k) => x.pub.readContract({ address: PUSD, abi: ERC20_ABI, functionName: 'balanceOf', args: [k.address] })));
    const mine = balances[candidates.findIndex((k) => k.address.toLowerCase() === x.holder.toLowerCase())] ?? 0n;
    if (mine > 0n) out.push({ check: 'collateral', ok: true, detail: `${units(mine)} pUSD at ${x.holder}`, fix: null });
    else {
      const other = candidates.findIndex((k, i) => balances[i]! > 0n);
      const k = candidates[other];
      // USDC.e left from before the pUSD migration trades only once wrapped.
      const usdce = k ? 0n : await x.pub.readContract({ address: USDCE, abi: ERC20_ABI, functionName: 'balanceOf', args: [x.holder] });
      out.push(
        k
          ? { check: 'collateral', ok: false, detail: `0 pUSD at ${x.holder}, but ${units(balances[other]!)} pUSD at the ${k.type} address ${k.address}`, fix: k.type === 'eoa' ? 'set POLYMARKET_SIGNATURE_TYPE=eoa and remove POLYMARKET_FUNDER' : `set POLYMARKET_SIGNATURE_TYPE=${k.type} and POLYMARKET_FUNDER=${k.address}` }
          : usdce > 0n
            ? { check: 'collateral', ok: false, detail: `0 pUSD at ${x.holder}, but ${units(usdce)} USDC.e (the collateral before 2026-04-28)`, fix: `wrap it into pUSD: on polymarket.com (deposit), or CollateralOnramp ${COLLATERAL_ONRAMP} wrap(USDC.e, ${x.holder}, amount) after approving the onramp` }
            : { check: 'collateral', ok: false, detail: `0 pUSD at ${x.holder} (nor at the key's proxy ${derived.proxy} or Safe ${derived.safe})`, fix: `deposit on polymarket.com, or send pUSD to ${x.holder}` },
      );
    }

    const rows = await readApprovals(x.pub, x.holder, x);
    const missing = rows.filter((r) => !r.ok);
    out.push(
      missing.length === 0
        ? { check: 'approvals', ok: true, detail: `pUSD and CTF approved for all ${SPENDERS.length} Polymarket contracts`, fix: null }
        : { check: 'approvals', ok: false, detail: `${missing.length} of ${rows.length} approvals missing (${[...new Set(missing.map((r) => r.name))].join(', ')})`, fix: 'run `pmt approvals set`' },
    );

    if (w.signatureType !== 'poly-1271') {
      const gas = await x.pub.getBalance({ address: w.address });
      // Gas is needed only to send approvals and position actions; orders themselves are signed off chain.
      const blocks = gas === 0n && missing.length > 0;
      out.push({ check: 'gas', ok: !blocks, detail: `${pol(gas)} POL at the signing key ${w.address}${gas === 0n ? ' (needed to send approvals, split, merge, redeem)' : ''}`, fix: blocks ? `send a little POL to ${w.address}` : null });
    }
  } catch (e) {
    out.push({ check: 'chain', ok: false, detail: rpcError(x, e, 'reading the wallet').message, fix: `check ${RPC_ENV}` });
  }
  return out;
}
