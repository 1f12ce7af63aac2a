/**
 * What every on-chain step shares: the wallet (key, signature type, funder), the Polygon RPC and
 * its client, and the one readable line an RPC failure becomes. The RPC comes from the profile's
 * `polygon_rpc_url` or `PMT_POLYGON_RPC_URL` (credentials.ts resolves which), else the public
 * default; its chain id is checked before anything is signed.
 */
import { createPublicClient, defineChain, formatUnits, http, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { PmtError } from '../../../errors.js';
import { shownUrl } from '../../../safe-text.js';
import type { ChainCall } from '../../onchain.js';
import type { PolymarketClient } from '../client.js';
import type { Sourced } from '../../config.js';
import type { PolymarketCredentials } from '../credentials.js';
import { buildWallet, requireCredentials, type Hex, type Wallet } from '../wallet.js';
import { COLLATERAL_DECIMALS, DEFAULT_POLYGON_RPC, DEFAULT_RECEIPT_TIMEOUT_MS, POLYGON_CHAIN_ID, RECEIPT_TIMEOUT_ENV, RPC_ENV } from './contracts.js';

export const ZERO32: Hex = `0x${'0'.repeat(64)}`;
export const ZERO_ADDRESS: Hex = '0x0000000000000000000000000000000000000000';
export const BINARY = [1n, 2n];

export const polygon = (rpc: string) =>
  defineChain({ id: POLYGON_CHAIN_ID, name: 'Polygon', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, rpcUrls: { default: { http: [rpc] } } });

export const units = (v: bigint) => formatUnits(v, COLLATERAL_DECIMALS);
export const pol = (v: bigint) => {
  const s = formatUnits(v, 18);
  const [i, f = ''] = s.split('.');
  return f ? `${i}.${f.slice(0, 6).replace(/0+$/, '') || '0'}` : i!;
};

export interface Ctx {
  c: PolymarketClient;
  creds: PolymarketCredentials;
  rpc: string;
  /** The RPC as messages show it (no path or query: providers put keys there). */
  rpcShown: string;
  /** Where the RPC came from: `PMT_POLYGON_RPC_URL`, `profile <name>`, or `default`. */
  rpcOrigin: string;
  pub: PublicClient;
  w: Wallet;
  account: PrivateKeyAccount;
  /** Whose tokens: the funder (proxy, Safe, deposit wallet) or the EOA. */
  holder: Hex;
  receiptTimeoutMs: number;
  /** Gas estimates by call (filled by preflight). */
  gas: Map<ChainCall, bigint>;
}

/** The RPC in use and where it came from. */
export function rpcOf(rpcUrl: Sourced | undefined): { rpc: string; origin: string } {
  const v = rpcUrl?.value.trim();
  return v ? { rpc: v, origin: rpcUrl!.origin } : { rpc: DEFAULT_POLYGON_RPC, origin: 'default' };
}

export async function makeCtx(c: PolymarketClient): Promise<Ctx> {
  const creds = await requireCredentials(c);
  const w = await buildWallet(creds);
  const raw = creds.privateKey.value.trim();
  const account = privateKeyToAccount((raw.startsWith('0x') ? raw : `0x${raw}`).toLowerCase() as Hex);
  const { rpc, origin } = rpcOf(creds.rpcUrl);
  const pub = createPublicClient({ chain: polygon(rpc), transport: http(rpc, { timeout: 20_000, retryCount: 1 }) }) as PublicClient;
  const t = Number(c.cfg.env[RECEIPT_TIMEOUT_ENV]);
  return { c, creds, rpc, rpcShown: shownUrl(rpc), rpcOrigin: origin, pub, w, account, holder: w.maker, receiptTimeoutMs: Number.isFinite(t) && t > 0 ? t : DEFAULT_RECEIPT_TIMEOUT_MS, gas: new Map() };
}

/** Any RPC failure as one readable line (viem's messages are long and may quote the whole request). */
export function rpcError(x: { rpcShown: string }, e: unknown, what: string): PmtError {
  if (e instanceof PmtError) return e;
  // The node answered that the call would revert: a refusal, not a network failure.
  const walk = (e as { walk?: (f: (x: unknown) => boolean) => unknown }).walk;
  // viem's ExecutionRevertedError, or a node that reports the revert as an internal error (Hardhat).
  const isRevert = (c: unknown) => {
    const x = c as { name?: string; details?: string };
    return x?.name === 'ExecutionRevertedError' || x?.name === 'ContractFunctionRevertedError' || /\brevert(ed)?\b/i.test(x?.details ?? '');
  };
  const reverted = walk?.call(e, isRevert) as { shortMessage?: string; details?: string } | null | undefined;
  if (reverted) return revertError(what, reverted);
  const short = (e as { shortMessage?: string }).shortMessage ?? (e as Error).message ?? String(e);
  return new PmtError('NetworkError', `Polygon RPC ${x.rpcShown}: ${what} failed: ${short.split('\n')[0]}`, { hint: `check ${RPC_ENV} or the profile's polygon_rpc_url (a Polygon JSON-RPC endpoint)` });
}

/** Why the node said a call would revert, in one line. */
export function revertReason(r: { shortMessage?: string; details?: string }): string {
  return (r.details && /revert/i.test(r.details) ? r.details : r.shortMessage ?? 'reverted').split('\n')[0]!.slice(0, 200);
}

function revertError(what: string, r: { shortMessage?: string; details?: string }): PmtError {
  return new PmtError('Api', `${what}: the call would revert on chain (${revertReason(r)}); nothing was sent`, { hint: 'run `pmt doctor` to see what the wallet is missing' });
}

export async function checkChain(x: { rpcShown: string; pub: PublicClient }): Promise<void> {
  let id: number;
  try {
    id = await x.pub.getChainId();
  } catch (e) {
    throw rpcError(x, e, 'eth_chainId');
  }
  if (id !== POLYGON_CHAIN_ID) {
    throw new PmtError('Config', `the RPC at ${x.rpcShown} is on chain id ${id}, not Polygon (chain id ${POLYGON_CHAIN_ID}); nothing was signed`, {
      hint: `set ${RPC_ENV} (or the profile's polygon_rpc_url: \`pmt profile add <name> --polygon-rpc-url URL\`) to a Polygon mainnet RPC`,
    });
  }
}

/** How a call reaches the holder, by the wallet's signature type. */
export type Route = 'eoa' | 'gnosis-safe' | 'proxy' | 'relayer';

export function routeOf(w: Wallet): Route {
  switch (w.signatureType) {
    case 'eoa':
      return 'eoa';
    case 'gnosis-safe':
      return 'gnosis-safe';
    case 'proxy':
      return 'proxy';
    default:
      // A deposit wallet (POLY_1271) moves only through Polymarket's relayer.
      return 'relayer';
  }
}

export const ROUTE_TEXT: Record<Route, string> = {
  eoa: 'eoa (the key sends it)',
  'gnosis-safe': 'gnosis-safe (execTransaction signed by the owner key)',
  proxy: 'proxy (through the proxy factory)',
  relayer: "poly-1271 deposit wallet (a batch signed by the owner key, submitted by Polymarket's relayer, which pays the gas)",
};
