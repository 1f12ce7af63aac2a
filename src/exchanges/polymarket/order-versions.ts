/**
 * The CTF Exchange order versions pmt can sign, as Polymarket's official client
 * (`@polymarket/clob-client-v2`) defines them. The CLOB names the one it takes at `GET /version`
 * (order-version.ts); a signature for any other version is refused with `order_version_mismatch`.
 *
 *   V1 (before 2026-04-28): domain version "1", CTF Exchange 0x4bFb…982E or Neg-risk CTF Exchange
 *      0xC5d5…0f80a; struct with taker, expiration, nonce and feeRateBps.
 *   V2 (today): domain version "2", CTF Exchange V2 0xE111…996B or Neg-risk V2 0xe222…0F59;
 *      struct with timestamp, metadata and builder (expiration only in the POST body).
 *   V3: domain version "3", the V2 struct, ONE exchange 0xe333…00Aa for normal and neg-risk.
 *
 * Every domain is named "Polymarket CTF Exchange" on chain 137 (Polygon).
 */
import { CHAIN_ID } from './auth.js';
import type { Hex } from './wallet.js';

export type OrderVersion = 1 | 2 | 3;
export const KNOWN_ORDER_VERSIONS: readonly OrderVersion[] = [1, 2, 3];

export const EXCHANGE_DOMAIN_NAME = 'Polymarket CTF Exchange';
export const ZERO_ADDRESS: Hex = '0x0000000000000000000000000000000000000000';
export const ZERO_BYTES32: Hex = `0x${'0'.repeat(64)}`;

export const CTF_EXCHANGE_V1: Hex = '0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E';
export const NEG_RISK_CTF_EXCHANGE_V1: Hex = '0xC5d563A36AE78145C45a50134d48A1215220f80a';
export const CTF_EXCHANGE_V2: Hex = '0xE111180000d2663C0091e4f400237545B87B996B';
export const NEG_RISK_CTF_EXCHANGE_V2: Hex = '0xe2222d279d744050d28e00520010520000310F59';
export const CTF_EXCHANGE_V3: Hex = '0xe3333700cA9d93003F00f0F71f8515005F6c00Aa';

type Field = { readonly name: string; readonly type: string };

/** V1's signed struct: taker (zero = anyone), expiration, nonce and fee rate are signed. */
export const ORDER_STRUCT_V1: readonly Field[] = [
  { name: 'salt', type: 'uint256' },
  { name: 'maker', type: 'address' },
  { name: 'signer', type: 'address' },
  { name: 'taker', type: 'address' },
  { name: 'tokenId', type: 'uint256' },
  { name: 'makerAmount', type: 'uint256' },
  { name: 'takerAmount', type: 'uint256' },
  { name: 'expiration', type: 'uint256' },
  { name: 'nonce', type: 'uint256' },
  { name: 'feeRateBps', type: 'uint256' },
  { name: 'side', type: 'uint8' },
  { name: 'signatureType', type: 'uint8' },
];

/** V2's (and V3's) signed struct. */
export const ORDER_STRUCT_V2: readonly Field[] = [
  { name: 'salt', type: 'uint256' },
  { name: 'maker', type: 'address' },
  { name: 'signer', type: 'address' },
  { name: 'tokenId', type: 'uint256' },
  { name: 'makerAmount', type: 'uint256' },
  { name: 'takerAmount', type: 'uint256' },
  { name: 'side', type: 'uint8' },
  { name: 'signatureType', type: 'uint8' },
  { name: 'timestamp', type: 'uint256' },
  { name: 'metadata', type: 'bytes32' },
  { name: 'builder', type: 'bytes32' },
];

/** The EIP-712 type string of the V2/V3 struct (the POLY_1271 envelope carries it verbatim). */
export const ORDER_TYPE_STRING_V2 = `Order(${ORDER_STRUCT_V2.map((f) => `${f.type} ${f.name}`).join(',')})`;

export interface VersionSpec {
  version: OrderVersion;
  /** The EIP-712 domain `version` string. */
  domainVersion: string;
  struct: readonly Field[];
  /** The verifying contract for a token (by its neg-risk flag). */
  exchange(negRisk: boolean): Hex;
  /** Signature types this version's contracts accept (POLY_1271 arrived with V2). */
  signatureTypes: ReadonlyArray<0 | 1 | 2 | 3>;
}

export const ORDER_VERSIONS: Readonly<Record<OrderVersion, VersionSpec>> = {
  1: { version: 1, domainVersion: '1', struct: ORDER_STRUCT_V1, exchange: (n) => (n ? NEG_RISK_CTF_EXCHANGE_V1 : CTF_EXCHANGE_V1), signatureTypes: [0, 1, 2] },
  2: { version: 2, domainVersion: '2', struct: ORDER_STRUCT_V2, exchange: (n) => (n ? NEG_RISK_CTF_EXCHANGE_V2 : CTF_EXCHANGE_V2), signatureTypes: [0, 1, 2, 3] },
  3: { version: 3, domainVersion: '3', struct: ORDER_STRUCT_V2, exchange: () => CTF_EXCHANGE_V3, signatureTypes: [0, 1, 2, 3] },
};

export function isKnownVersion(v: unknown): v is OrderVersion {
  return typeof v === 'number' && (KNOWN_ORDER_VERSIONS as readonly number[]).includes(v);
}

/** The domain of one version's exchange contract. */
export function exchangeDomain(version: OrderVersion, negRisk: boolean) {
  const spec = ORDER_VERSIONS[version];
  return { name: EXCHANGE_DOMAIN_NAME, version: spec.domainVersion, chainId: CHAIN_ID, verifyingContract: spec.exchange(negRisk) };
}
