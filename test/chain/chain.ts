/**
 * A real local EVM for the on-chain tests: Hardhat 2's EDR node (npm `hardhat`, devDependency),
 * chain id 137, started on a free loopback port and stopped by the test. The contracts (build.mjs:
 * Conditional Tokens and Safe from their npm packages, pmt's own labelled stand-ins for pUSD/USDC.e,
 * the collateral adapters, the Neg Risk Adapter and its wrapped collateral, Protocol V2's Router
 * and PositionManager, the proxy factory and the deposit wallet factory) are placed at
 * Polymarket's published addresses with `hardhat_setCode`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { createPublicClient, createWalletClient, encodeFunctionData, http, keccak256, toHex, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
// @ts-expect-error: a plain .mjs build script without types
import { buildArtifacts } from './build.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
export const ADDR = {
  CTF: '0x4D97DCd97eC945f40cF65F87097ACe5EA0476045' as Hex,
  PUSD: '0xC011a7E12a19f7B1f670d46F03B03f3342E82DFB' as Hex,
  USDCE: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174' as Hex,
  ADAPTER: '0xAdA100Db00Ca00073811820692005400218FcE1f' as Hex,
  PROXY_FACTORY: '0xaB45c5A4B0c941a2F231C04C3f49182e1A254052' as Hex,
  NEG_RISK_ADAPTER: '0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296' as Hex,
  NEG_RISK_WCOL: '0x3A3BD7bb9528E159577F7C2e685CC81A765002E2' as Hex,
  NEG_RISK_COLLATERAL_ADAPTER: '0xadA2005600Dec949baf300f4C6120000bDB6eAab' as Hex,
  V2_ROUTER: '0x12121212006e4CD160D18e3f00711DA5c3372600' as Hex,
  V2_POSITION_MANAGER: '0x006F54F7f9A22e0000CC2AB60031000000ae9fEF' as Hex,
  DEPOSIT_WALLET_FACTORY: '0x00000000000Fb5C9ADea0298D729A0CB3823Cc07' as Hex,
};
/** Hardhat's default account #0 (funded on the local chain only): deploys, and is the oracle. */
const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as Hex;

type Artifact = { abi: readonly unknown[]; bytecode: Hex; deployedBytecode: Hex };

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

export interface Chain {
  url: string;
  pub: PublicClient;
  rpc(method: string, params?: unknown[]): Promise<unknown>;
  stop(): Promise<void>;
  newKey(): { key: Hex; address: Hex };
  setPol(address: Hex, wei: bigint): Promise<void>;
  mintPusd(to: Hex, units: bigint): Promise<void>;
  mintUsdce(to: Hex, units: bigint): Promise<void>;
  pusdBalance(who: Hex): Promise<bigint>;
  ctfBalance(who: Hex, id: bigint): Promise<bigint>;
  positionIds(conditionId: Hex): Promise<[bigint, bigint]>;
  /** A new binary condition (the deployer is its oracle); returns its condition id. */
  prepareCondition(label: string): Promise<Hex>;
  /** Report payouts (e.g. [1, 0]: the first outcome wins). */
  resolve(label: string, payouts: [number, number]): Promise<void>;
  /** A 1-of-1 Safe owned by `owner`, with the compatibility fallback handler (receives ERC-1155). */
  deploySafe(owner: Hex, opts?: { fallbackHandler?: boolean }): Promise<Hex>;
  setAutomine(on: boolean): Promise<void>;
  /** The stand-in proxy factory's wallet for `owner` (made on first use). */
  proxyWallet(owner: Hex): Promise<Hex>;
  /** A neg-risk question through the Neg Risk Adapter stand-in (the deployer is the market's oracle): its condition id. */
  prepareNegRisk(label: string): Promise<{ conditionId: Hex; questionId: Hex }>;
  resolveNegRisk(questionId: Hex, yes: boolean): Promise<void>;
  /** The neg-risk condition's YES/NO token ids (CTF positions backed by the wrapped collateral). */
  negRiskIds(conditionId: Hex): Promise<[bigint, bigint]>;
  /** A Protocol V2 binary condition (bytes31, module byte 01) and its position ids. */
  v2Condition(label: string): { condition31: Hex; conditionId: Hex; positionIds: [bigint, bigint] };
  resolveV2(condition31: Hex, payouts: [number, number]): Promise<void>;
  pmBalance(who: Hex, id: bigint): Promise<bigint>;
  /** A deposit wallet owned by `owner`, made by the stand-in factory. */
  deployDepositWallet(owner: Hex): Promise<Hex>;
  /** Send a deposit wallet's signed batch through the factory, as the relayer does (from the deployer). */
  relayBatch(args: readonly unknown[]): Promise<{ hash: Hex; status: 'success' | 'reverted' }>;
  depositWalletNonce(wallet: Hex): Promise<bigint>;
}

/** Start the chain, or return null when the EVM binary cannot start here (the test then skips, saying so). */
export async function startChain(): Promise<Chain | null> {
  const art = buildArtifacts() as Record<string, Artifact>;
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [resolve(ROOT, 'node_modules/hardhat/internal/cli/cli.js'), 'node', '--config', resolve(import.meta.dirname, 'hardhat.config.cjs'), '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: ROOT,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', DO_NOT_TRACK: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const started = await new Promise<boolean>((res) => {
    const timer = setTimeout(() => res(false), 60_000);
    const on = (d: Buffer) => {
      log += d.toString();
      if (log.includes('Started HTTP')) {
        clearTimeout(timer);
        res(true);
      }
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    child.once('exit', () => {
      clearTimeout(timer);
      res(false);
    });
    child.once('error', () => {
      clearTimeout(timer);
      res(false);
    });
  });
  const stop = () =>
    new Promise<void>((res) => {
      if (child.exitCode !== null || child.signalCode !== null) return res();
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(t);
        res();
      });
      child.kill('SIGTERM');
    });
  if (!started) {
    await stop();
    console.warn(`test/chain: the local EVM (hardhat node) did not start; on-chain tests skipped:\n${log.slice(-2000)}`);
    return null;
  }
  const url = `http://127.0.0.1:${port}`;
  const chain = { id: 137, name: 'local-polygon', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, rpcUrls: { default: { http: [url] } } } as const;
  const pub = createPublicClient({ chain, transport: http(url) }) as PublicClient;
  const deployer = createWalletClient({ account: privateKeyToAccount(DEPLOYER_KEY), chain, transport: http(url) });
  let id = 0;
  const rpc = async (method: string, params: unknown[] = []) => {
    const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) });
    const j = (await r.json()) as { result?: unknown; error?: { message: string } };
    if (j.error) throw new Error(`${method}: ${j.error.message}`);
    return j.result;
  };
  const write = async (to: Hex, abi: readonly unknown[], functionName: string, args: unknown[]) => {
    const hash = await deployer.sendTransaction({ to, data: encodeFunctionData({ abi: abi as never, functionName, args } as never) });
    const r = await pub.waitForTransactionReceipt({ hash, timeout: 20_000 });
    if (r.status !== 'success') throw new Error(`${functionName} reverted`);
    return r;
  };
  const deploy = async (a: Artifact, args: Hex = '0x') => {
    const hash = await deployer.sendTransaction({ data: (a.bytecode + args.slice(2)) as Hex });
    const r = await pub.waitForTransactionReceipt({ hash, timeout: 20_000 });
    return r.contractAddress as Hex;
  };
  await rpc('hardhat_setCode', [ADDR.CTF, art.ConditionalTokens!.deployedBytecode]);
  await rpc('hardhat_setCode', [ADDR.PUSD, art.StandInERC20!.deployedBytecode]);
  await rpc('hardhat_setCode', [ADDR.USDCE, art.StandInERC20!.deployedBytecode]);
  await rpc('hardhat_setCode', [ADDR.ADAPTER, art.StandInCollateralAdapter!.deployedBytecode]);
  await rpc('hardhat_setCode', [ADDR.PROXY_FACTORY, art.StandInProxyFactory!.deployedBytecode]);
  await rpc('hardhat_setCode', [ADDR.NEG_RISK_ADAPTER, art.StandInNegRiskAdapter!.deployedBytecode]);
  await rpc('hardhat_setCode', [ADDR.NEG_RISK_WCOL, art.StandInWrappedCollateral!.deployedBytecode]);
  await rpc('hardhat_setCode', [ADDR.NEG_RISK_COLLATERAL_ADAPTER, art.StandInNegRiskCollateralAdapter!.deployedBytecode]);
  await rpc('hardhat_setCode', [ADDR.V2_ROUTER, art.StandInRouter!.deployedBytecode]);
  await rpc('hardhat_setCode', [ADDR.V2_POSITION_MANAGER, art.StandInPositionManager!.deployedBytecode]);
  await rpc('hardhat_setCode', [ADDR.DEPOSIT_WALLET_FACTORY, art.StandInDepositWalletFactory!.deployedBytecode]);
  const ctfAbi = art.ConditionalTokens!.abi;
  const erc20Abi = art.StandInERC20!.abi;
  let safeInfra: { singleton: Hex; factory: Hex; handler: Hex } | undefined;
  const read = <T>(address: Hex, abi: readonly unknown[], functionName: string, args: unknown[] = []) => pub.readContract({ address, abi: abi as never, functionName, args } as never) as Promise<T>;
  const qid = (label: string) => keccak256(toHex(label));
  return {
    url,
    pub,
    rpc,
    stop,
    newKey() {
      const key = generatePrivateKey();
      return { key, address: privateKeyToAccount(key).address };
    },
    async setPol(address, wei) {
      await rpc('hardhat_setBalance', [address, `0x${wei.toString(16)}`]);
    },
    async mintPusd(to, units) {
      await write(ADDR.PUSD, erc20Abi, 'mint', [to, units]);
    },
    async mintUsdce(to, units) {
      await write(ADDR.USDCE, erc20Abi, 'mint', [to, units]);
    },
    pusdBalance: (who) => read<bigint>(ADDR.PUSD, erc20Abi, 'balanceOf', [who]),
    ctfBalance: (who, tokenId) => read<bigint>(ADDR.CTF, ctfAbi, 'balanceOf', [who, tokenId]),
    async positionIds(conditionId) {
      const ids: bigint[] = [];
      for (const set of [1n, 2n]) ids.push(await read<bigint>(ADDR.CTF, ctfAbi, 'getPositionId', [ADDR.USDCE, await read<Hex>(ADDR.CTF, ctfAbi, 'getCollectionId', [`0x${'0'.repeat(64)}`, conditionId, set])]));
      return ids as [bigint, bigint];
    },
    async prepareCondition(label) {
      await write(ADDR.CTF, ctfAbi, 'prepareCondition', [deployer.account.address, qid(label), 2n]);
      return read<Hex>(ADDR.CTF, ctfAbi, 'getConditionId', [deployer.account.address, qid(label), 2n]);
    },
    async resolve(label, payouts) {
      await write(ADDR.CTF, ctfAbi, 'reportPayouts', [qid(label), payouts.map(BigInt)]);
    },
    async deploySafe(owner, opts = {}) {
      safeInfra ??= { singleton: await deploy(art.Safe!), factory: await deploy(art.SafeProxyFactory!), handler: await deploy(art.CompatibilityFallbackHandler!) };
      const zero = '0x0000000000000000000000000000000000000000';
      const setup = encodeFunctionData({ abi: art.Safe!.abi as never, functionName: 'setup', args: [[owner], 1n, zero, '0x', opts.fallbackHandler === false ? zero : safeInfra.handler, zero, 0n, zero] } as never);
      const args = [safeInfra.singleton, setup, BigInt(Date.now())];
      const { result } = await pub.simulateContract({ account: deployer.account, address: safeInfra.factory, abi: art.SafeProxyFactory!.abi as never, functionName: 'createProxyWithNonce', args } as never);
      await write(safeInfra.factory, art.SafeProxyFactory!.abi, 'createProxyWithNonce', args);
      return result as Hex;
    },
    async proxyWallet(owner) {
      await write(ADDR.PROXY_FACTORY, art.StandInProxyFactory!.abi, 'walletFor', [owner]);
      return read<Hex>(ADDR.PROXY_FACTORY, art.StandInProxyFactory!.abi, 'walletOf', [owner]);
    },
    async prepareNegRisk(label) {
      const nra = art.StandInNegRiskAdapter!.abi;
      const metadata = toHex(`pmt-test:${label}`);
      const { result: marketId } = await pub.simulateContract({ account: deployer.account, address: ADDR.NEG_RISK_ADAPTER, abi: nra as never, functionName: 'prepareMarket', args: [0n, metadata] } as never);
      await write(ADDR.NEG_RISK_ADAPTER, nra, 'prepareMarket', [0n, metadata]);
      const { result: questionId } = await pub.simulateContract({ account: deployer.account, address: ADDR.NEG_RISK_ADAPTER, abi: nra as never, functionName: 'prepareQuestion', args: [marketId, '0x'] } as never);
      await write(ADDR.NEG_RISK_ADAPTER, nra, 'prepareQuestion', [marketId, '0x']);
      return { conditionId: await read<Hex>(ADDR.NEG_RISK_ADAPTER, nra, 'getConditionId', [questionId]), questionId: questionId as Hex };
    },
    async resolveNegRisk(questionId, yes) {
      await write(ADDR.NEG_RISK_ADAPTER, art.StandInNegRiskAdapter!.abi, 'reportOutcome', [questionId, yes]);
    },
    async negRiskIds(conditionId) {
      const ids: bigint[] = [];
      for (const set of [1n, 2n]) ids.push(await read<bigint>(ADDR.CTF, ctfAbi, 'getPositionId', [ADDR.NEG_RISK_WCOL, await read<Hex>(ADDR.CTF, ctfAbi, 'getCollectionId', [`0x${'0'.repeat(64)}`, conditionId, set])]));
      return ids as [bigint, bigint];
    },
    v2Condition(label) {
      // Module byte 01 (binary), then 30 bytes of the label's hash: a bytes31 condition id.
      const condition31 = `0x01${keccak256(toHex(`v2:${label}`)).slice(2, 62)}` as Hex;
      const base = BigInt(condition31) << 8n;
      return { condition31, conditionId: `${condition31}00` as Hex, positionIds: [base, base + 1n] };
    },
    async resolveV2(condition31, payouts) {
      await write(ADDR.V2_ROUTER, art.StandInRouter!.abi, 'report', [condition31, payouts.map(BigInt)]);
    },
    pmBalance: (who, tokenId) => read<bigint>(ADDR.V2_POSITION_MANAGER, art.StandInPositionManager!.abi, 'balanceOf', [who, tokenId]),
    async deployDepositWallet(owner) {
      await write(ADDR.DEPOSIT_WALLET_FACTORY, art.StandInDepositWalletFactory!.abi, 'deploy', [owner]);
      return read<Hex>(ADDR.DEPOSIT_WALLET_FACTORY, art.StandInDepositWalletFactory!.abi, 'walletOf', [owner]);
    },
    async relayBatch(args) {
      const hash = await deployer.sendTransaction({ to: ADDR.DEPOSIT_WALLET_FACTORY, data: encodeFunctionData({ abi: art.StandInDepositWalletFactory!.abi as never, functionName: 'relay', args } as never), gas: 3_000_000n });
      const r = await pub.waitForTransactionReceipt({ hash, timeout: 20_000 });
      return { hash, status: r.status };
    },
    depositWalletNonce: (wallet) => read<bigint>(wallet, [{ type: 'function', name: 'nonce', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] }], 'nonce'),
    async setAutomine(on) {
      await rpc('evm_setAutomine', [on]);
    },
  };
}
