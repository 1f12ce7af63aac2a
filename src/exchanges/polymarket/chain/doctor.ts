/**
 * The chain's view of why a Polymarket account cannot trade, each check with its fix:
 *   rpc         the RPC in use (and where it came from) is Polygon;
 *   wallet      the signature type and funder as configured, against the chain (is the proxy,
 *               Safe or deposit wallet deployed? does the key own the Safe?) and the CLOB (the
 *               collateral it sees for this key under that signature type);
 *   collateral  which wallet holds the pUSD (the funder, else the key, its proxy or its Safe,
 *               naming the setting that finds it; USDC.e left from before the migration);
 *   approvals   every spender's allowance and operator approval;
 *   gas         POL at the signing key (eoa, Safe, proxy), or the relayer's credentials (deposit wallet).
 */
import { PmtError, toPmtError } from '../../../errors.js';
import type { DoctorCheck } from '../../onchain.js';
import type { PolymarketClient } from '../client.js';
import { deriveWallets } from '../derive-wallet.js';
import { collateralState } from '../portfolio.js';
import type { Hex } from '../wallet.js';
import { readApprovals } from './approvals.js';
import { APPROVALS, COLLATERAL_ONRAMP, ERC20_ABI, POLYGON_CHAIN_ID, PUSD, RPC_ENV, USDCE } from './contracts.js';
import { checkChain, makeCtx, pol, rpcError, units, type Ctx } from './ctx.js';
import { relayerDeployed, relayerSigner } from './relayer.js';
import { checkSafe } from './send.js';

export async function doctor(c: PolymarketClient): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  let x: Ctx;
  try {
    x = await makeCtx(c);
  } catch (e) {
    const err = toPmtError(e);
    out.push({ check: 'wallet', ok: false, detail: err.message, fix: err.hint ?? 'run `pmt profile add <name>`' });
    return out;
  }
  try {
    await checkChain(x);
    out.push({ check: 'rpc', ok: true, detail: `${x.rpcShown} (${x.rpcOrigin}) is Polygon (chain id ${POLYGON_CHAIN_ID})`, fix: null });
  } catch (e) {
    const err = toPmtError(e);
    out.push({ check: 'rpc', ok: false, detail: `${err.message} (RPC from ${x.rpcOrigin})`, fix: err.hint ?? `set ${RPC_ENV}` });
    return out;
  }
  try {
    out.push(await walletCheck(x));
    out.push(await collateralCheck(x));
    const rows = await readApprovals(x.pub, x.holder, x);
    const missing = rows.filter((r) => !r.ok);
    out.push(
      missing.length === 0
        ? { check: 'approvals', ok: true, detail: `all ${rows.length} approvals set (pUSD, CTF and PositionManager, for ${new Set(APPROVALS.map((a) => a.address)).size} Polymarket contracts)`, fix: null }
        : { check: 'approvals', ok: false, detail: `${missing.length} of ${rows.length} approvals missing (${[...new Set(missing.map((r) => r.name))].join(', ')})`, fix: 'run `pmt approvals set`' },
    );
    out.push(await gasCheck(x, missing.length > 0));
  } catch (e) {
    out.push({ check: 'chain', ok: false, detail: rpcError(x, e, 'reading the wallet').message, fix: `check ${RPC_ENV}` });
  }
  return out;
}

const deployedAt = async (x: Ctx, a: Hex) => {
  const code = await x.pub.getCode({ address: a });
  return !!code && code !== '0x';
};

/** The CLOB's view: the collateral it sees for this key under the configured signature type. */
async function clobView(x: Ctx): Promise<string> {
  try {
    const s = await collateralState(x.c, x.w.signatureTypeCode);
    return `; the CLOB sees ${s.balance.toString()} pUSD for this key under signature type ${x.w.signatureType}`;
  } catch (e) {
    return `; the CLOB's view is unknown (${toPmtError(e).message.slice(0, 120)})`;
  }
}

async function walletCheck(x: Ctx): Promise<DoctorCheck> {
  const w = x.w;
  const clob = await clobView(x);
  if (w.signatureType === 'eoa') return { check: 'wallet', ok: true, detail: `signature type eoa: the key ${w.address} trades its own balance${clob}`, fix: null };
  const kind = w.signatureType === 'poly-1271' ? 'deposit wallet' : w.signatureType === 'proxy' ? 'proxy wallet' : 'Safe';
  if (!(await deployedAt(x, x.holder))) {
    return { check: 'wallet', ok: false, detail: `signature type ${w.signatureType}: the funder ${x.holder} has no contract on chain (${kind} not deployed)${clob}`, fix: 'log in on polymarket.com once (it deploys the wallet), or correct POLYMARKET_FUNDER' };
  }
  if (w.signatureType === 'gnosis-safe') {
    try {
      await checkSafe(x);
    } catch (e) {
      const err = toPmtError(e);
      return { check: 'wallet', ok: false, detail: err.message, fix: err.hint ?? null };
    }
    return { check: 'wallet', ok: true, detail: `signature type gnosis-safe: Safe ${x.holder} is deployed, owner ${w.address}${clob}`, fix: null };
  }
  if (w.signatureType === 'poly-1271') {
    let relayer = '';
    try {
      relayerSigner(x);
      const d = await relayerDeployed(x);
      relayer = d === null ? '' : `; the relayer knows it as ${d ? 'deployed' : 'NOT deployed'}`;
    } catch (e) {
      relayer = e instanceof PmtError && e.kind === 'Config' ? '' : `; the relayer could not say (${toPmtError(e).message.slice(0, 100)})`;
    }
    return { check: 'wallet', ok: true, detail: `signature type poly-1271: deposit wallet ${x.holder} is deployed${relayer}${clob}`, fix: null };
  }
  return { check: 'wallet', ok: true, detail: `signature type proxy: proxy wallet ${x.holder} is deployed${clob}`, fix: null };
}

async function collateralCheck(x: Ctx): Promise<DoctorCheck> {
  const w = x.w;
  const derived = await deriveWallets(w.address);
  const candidates: Array<{ type: string; address: Hex }> = [
    { type: 'eoa', address: w.address },
    { type: 'proxy', address: derived.proxy },
    { type: 'gnosis-safe', address: derived.safe },
  ];
  if (!candidates.some((k) => k.address.toLowerCase() === x.holder.toLowerCase())) candidates.push({ type: w.signatureType, address: x.holder });
  const balances = await Promise.all(candidates.map((k) => x.pub.readContract({ address: PUSD, abi: ERC20_ABI, functionName: 'balanceOf', args: [k.address] })));
  const mine = balances[candidates.findIndex((k) => k.address.toLowerCase() === x.holder.toLowerCase())] ?? 0n;
  if (mine > 0n) return { check: 'collateral', ok: true, detail: `${units(mine)} pUSD at ${x.holder}`, fix: null };
  const other = candidates.findIndex((_, i) => balances[i]! > 0n);
  const k = candidates[other];
  if (k) {
    return { check: 'collateral', ok: false, detail: `0 pUSD at ${x.holder}, but ${units(balances[other]!)} pUSD at the ${k.type} address ${k.address}`, fix: k.type === 'eoa' ? 'set POLYMARKET_SIGNATURE_TYPE=eoa and remove POLYMARKET_FUNDER' : `set POLYMARKET_SIGNATURE_TYPE=${k.type} and POLYMARKET_FUNDER=${k.address}` };
  }
  // USDC.e left from before the pUSD migration trades only once wrapped.
  const usdce = await x.pub.readContract({ address: USDCE, abi: ERC20_ABI, functionName: 'balanceOf', args: [x.holder] });
  return usdce > 0n
    ? { check: 'collateral', ok: false, detail: `0 pUSD at ${x.holder}, but ${units(usdce)} USDC.e (the collateral before 2026-04-28)`, fix: `wrap it into pUSD: on polymarket.com (deposit), or CollateralOnramp ${COLLATERAL_ONRAMP} wrap(USDC.e, ${x.holder}, amount) after approving the onramp` }
    : { check: 'collateral', ok: false, detail: `0 pUSD at ${x.holder} (nor at the key's proxy ${derived.proxy} or Safe ${derived.safe})`, fix: `deposit on polymarket.com, or send pUSD to ${x.holder}` };
}

/** Gas is needed only to send approvals and position actions; orders themselves are signed off chain. */
async function gasCheck(x: Ctx, approvalsMissing: boolean): Promise<DoctorCheck> {
  if (x.w.signatureType === 'poly-1271') {
    try {
      relayerSigner(x);
      return { check: 'relayer', ok: true, detail: `relayer credentials configured (${x.creds.relayerApiKey ? `Relayer API key from ${x.creds.relayerApiKey.origin}` : `Builder API key from ${x.creds.builderApiKey!.origin}`}); the relayer pays the gas`, fix: null };
    } catch (e) {
      const err = toPmtError(e);
      // Needed to send approvals and position actions; trading with approvals already set goes without.
      return { check: 'relayer', ok: !approvalsMissing, detail: err.message.replace(/; nothing was signed$/, ''), fix: approvalsMissing ? (err.hint ?? null) : null };
    }
  }
  const gas = await x.pub.getBalance({ address: x.w.address });
  const blocks = gas === 0n && approvalsMissing;
  return { check: 'gas', ok: !blocks, detail: `${pol(gas)} POL at the signing key ${x.w.address}${gas === 0n ? ' (needed to send approvals, split, merge, redeem)' : ''}`, fix: blocks ? `send a little POL to ${x.w.address}` : null };
}
