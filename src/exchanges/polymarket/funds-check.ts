/**
 * `pmt exchanges --check` on Polymarket: where is the money? The top Polymarket failure is a
 * wallet setting that points at an empty address ("not enough balance / allowance" with funds in
 * the account). The CLOB reports the collateral of this API key's signer under each signature
 * type (`/balance-allowance?signature_type=0|1|2`: the key's own address, its proxy, its Safe),
 * so the check reads the configured one and, when it is empty, the others, and names the
 * setting that finds the funds, with the address derived from the key.
 */
import { Decimal } from '../../decimal.js';
import type { FundsCheck } from '../exchange.js';
import type { SignatureType } from './credentials.js';
import type { PolymarketClient } from './client.js';
import { deriveWallets } from './derive-wallet.js';
import { collateralState, type CollateralState } from './portfolio.js';
import { SIGNATURE_TYPE_CODE, wallet, type Hex } from './wallet.js';

const TYPES: SignatureType[] = ['eoa', 'proxy', 'gnosis-safe'];
const WHAT: Record<SignatureType, string> = { eoa: 'the signing key\'s own address', proxy: 'the proxy wallet', 'gnosis-safe': 'the Safe', 'poly-1271': 'the deposit wallet' };

const usd = (d: Decimal) => `$${d.toFixed(2)}`;
const allowanceText = (a: CollateralState['allowance']) => (a === null ? 'no allowance reported' : a === 'unlimited' ? 'allowance unlimited' : `allowance ${usd(a)}`);

function settingFor(type: SignatureType, address: Hex): string {
  return type === 'eoa'
    ? 'set POLYMARKET_SIGNATURE_TYPE=eoa and remove POLYMARKET_FUNDER'
    : `set POLYMARKET_SIGNATURE_TYPE=${type} and POLYMARKET_FUNDER=${address}`;
}

export async function checkFunds(c: PolymarketClient): Promise<FundsCheck> {
  const w = await wallet(c);
  const derived = await deriveWallets(w.address);
  // A smart-contract deposit wallet (poly-1271) is not derived from the key: it is the funder set.
  const addressOf = (t: SignatureType): Hex => (t === 'eoa' ? w.address : t === 'proxy' ? derived.proxy : t === 'gnosis-safe' ? derived.safe : w.maker);
  const lines: string[] = [];
  const mine = await collateralState(c, w.signatureTypeCode);
  lines.push(`${w.signatureType}: ${usd(mine.balance)} USDC at ${w.maker}, ${allowanceText(mine.allowance)}`);
  if (w.signatureType !== 'eoa' && w.maker.toLowerCase() !== addressOf(w.signatureType).toLowerCase()) {
    lines.push(`note: the funder set (${w.maker}) is not the ${w.signatureType} wallet derived from this key (${addressOf(w.signatureType)})`);
  }
  if (mine.balance.gt(0)) {
    const blocked = mine.allowance !== null && mine.allowance !== 'unlimited' && mine.allowance.isZero();
    return blocked
      ? { ok: false, lines, fix: `the exchange may not spend this USDC (allowance 0): approve it once on polymarket.com (deposit/enable trading) from ${w.maker}` }
      : { ok: true, lines, fix: null };
  }
  // Empty where configured: look under the other signature types.
  for (const t of TYPES) {
    if (t === w.signatureType) continue;
    const s = await collateralState(c, SIGNATURE_TYPE_CODE[t]);
    lines.push(`${t}: ${usd(s.balance)} USDC at ${addressOf(t)}, ${allowanceText(s.allowance)}`);
    if (s.balance.gt(0)) {
      return { ok: false, lines, fix: `USDC is held by ${WHAT[t]} ${addressOf(t)}; ${settingFor(t, addressOf(t))}` };
    }
  }
  // Nothing to find elsewhere: the setting is not the problem (an empty account is not a misconfiguration).
  lines.push(`no USDC under any wallet of this key (its proxy ${derived.proxy}, its Safe ${derived.safe}, the key ${w.address}): deposit on polymarket.com, or check POLYMARKET_PRIVATE_KEY is your account's signer`);
  return { ok: true, lines, fix: null };
}
