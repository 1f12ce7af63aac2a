/**
 * The Polymarket wallets a signing key controls, derived as the factories deploy them (CREATE2 on
 * Polygon; Polymarket's proxy-factories repository and the CTF Exchange's PolySafeLib):
 * - proxy (email/Magic accounts): factory 0xaB45c5A4…4052, salt keccak256(encodePacked(signer));
 * - Safe (browser-wallet accounts): factory 0xaacFeEa0…541b, salt keccak256(abi.encode(signer)).
 * viem's hashing is loaded on first use.
 */
import type { Hex } from './wallet.js';

const PROXY_FACTORY = '0xaB45c5A4B0c941a2F231C04C3f49182e1A254052';
const PROXY_INIT_CODE_HASH = '0xd21df8dc65880a8606f09fe0ce3df9b8869287ab0b058be05aa9e8af6330a00b';
const SAFE_FACTORY = '0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b';
const SAFE_INIT_CODE_HASH = '0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf';

export interface DerivedWallets {
  proxy: Hex;
  safe: Hex;
}

export async function deriveWallets(signer: Hex): Promise<DerivedWallets> {
  const v = await import('viem/utils');
  return {
    proxy: v.getCreate2Address({ from: PROXY_FACTORY, salt: v.keccak256(v.encodePacked(['address'], [signer])), bytecodeHash: PROXY_INIT_CODE_HASH }),
    safe: v.getCreate2Address({ from: SAFE_FACTORY, salt: v.keccak256(v.encodeAbiParameters([{ type: 'address' }], [signer])), bytecodeHash: SAFE_INIT_CODE_HASH }),
  };
}
