/**
 * Checks before anything is signed, and the one send of each call by the wallet's route:
 *   eoa          the key sends it (pays gas in POL);
 *   gnosis-safe  the owner key signs the Safe transaction hash and sends `execTransaction`;
 *   proxy        the key calls the proxy factory's `proxy([{typeCode: 1, to, value: 0, data}])`;
 *   relayer      a deposit wallet's batch through Polymarket's relayer (relayer.ts; no POL needed).
 * A receipt that does not come within PMT_CHAIN_RECEIPT_TIMEOUT_MS is "unknown" with the hash.
 */
import { createWalletClient, encodeFunctionData, http, WaitForTransactionReceiptTimeoutError } from 'viem';
import { PmtError } from '../../../errors.js';
import type { ChainCall, ChainPlan, ChainSent } from '../../onchain.js';
import type { Hex } from '../wallet.js';
import { POLYGON_CHAIN_ID, PROXY_FACTORY, PROXY_FACTORY_ABI, RECEIPT_TIMEOUT_ENV, SAFE_ABI } from './contracts.js';
import { checkChain, pol, polygon, routeOf, rpcError, ZERO_ADDRESS, type Ctx } from './ctx.js';
import { relayerSigner, sendViaRelayer } from './relayer.js';

/** Gas a Safe's execTransaction / the proxy factory add to the inner call (signature checks, forwarding). */
const ROUTE_OVERHEAD = { eoa: 0n, 'gnosis-safe': 80_000n, proxy: 60_000n, relayer: 0n } as const;

export async function preflight(x: Ctx, p: ChainPlan): Promise<void> {
  if (p.calls.length === 0) return;
  const route = routeOf(x.w);
  // The relayer's credentials first: without them nothing is signed (a deposit wallet has no other way).
  if (route === 'relayer') relayerSigner(x);
  await checkChain(x);
  let fees = 0n;
  let balance = 0n;
  let total = 0n;
  try {
    if (route === 'gnosis-safe') await checkSafe(x);
    if (route === 'relayer') await checkDeployed(x);
    const f = await x.pub.estimateFeesPerGas();
    fees = f.maxFeePerGas ?? f.gasPrice ?? 0n;
    for (const call of p.calls) {
      // The inner call as the holder would make it (the Safe/proxy/deposit wallet forwards it), plus the route's overhead.
      const g = (await x.pub.estimateGas({ account: x.holder, to: call.to as Hex, data: call.data as Hex })) + ROUTE_OVERHEAD[route];
      x.gas.set(call, g);
      total += g;
    }
    if (route !== 'relayer') balance = await x.pub.getBalance({ address: x.account.address });
  } catch (e) {
    throw rpcError(x, e, 'estimating gas');
  }
  const need = total * fees;
  if (route === 'relayer') {
    p.gas_pol = '0';
    p.gas_paid_by_relayer = true;
    return;
  }
  p.gas_pol = pol(need);
  if (balance < need) {
    throw new PmtError('InsufficientFunds', `the signing key ${x.account.address} has ${pol(balance)} POL; about ${pol(need)} POL is needed for gas on Polygon (${p.calls.length} transaction${p.calls.length === 1 ? '' : 's'}); nothing was signed`, {
      hint: `send a little POL (Polygon's gas token) to ${x.account.address}`,
    });
  }
}

export async function checkSafe(x: Ctx): Promise<void> {
  const code = await x.pub.getCode({ address: x.holder });
  if (!code || code === '0x') throw new PmtError('Config', `the funder ${x.holder} (gnosis-safe) has no contract on chain ${POLYGON_CHAIN_ID}: the Safe is not deployed`, { hint: 'log in on polymarket.com once (it deploys the Safe), or check POLYMARKET_FUNDER' });
  const [owner, threshold] = await Promise.all([
    x.pub.readContract({ address: x.holder, abi: SAFE_ABI, functionName: 'isOwner', args: [x.account.address] }),
    x.pub.readContract({ address: x.holder, abi: SAFE_ABI, functionName: 'getThreshold' }),
  ]);
  if (!owner) throw new PmtError('Config', `the signing key ${x.account.address} is not an owner of the Safe ${x.holder}`, { hint: 'set POLYMARKET_PRIVATE_KEY to the Safe owner\'s key, or POLYMARKET_FUNDER to its Safe' });
  if (threshold !== 1n) throw new PmtError('NotSupported', `the Safe ${x.holder} needs ${threshold} signatures; pmt signs with one owner key`);
}

async function checkDeployed(x: Ctx): Promise<void> {
  const code = await x.pub.getCode({ address: x.holder });
  if (!code || code === '0x') throw new PmtError('Config', `the deposit wallet ${x.holder} (poly-1271) has no contract on chain ${POLYGON_CHAIN_ID}: it is not deployed; nothing was signed`, { hint: 'log in on polymarket.com once (it deploys the deposit wallet), or check POLYMARKET_FUNDER' });
}

export async function send(x: Ctx, _p: ChainPlan, call: ChainCall, onSent: (hash: string | null, relayId?: string) => void): Promise<ChainSent> {
  const route = routeOf(x.w);
  if (route === 'relayer') return sendViaRelayer(x, call, onSent);
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
  onSent(hash);
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
