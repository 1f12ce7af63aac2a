/**
 * The CLOB double's order versions: the EIP-712 domain and struct of V1, V2 and V3 (written from
 * the official `@polymarket/clob-client-v2` definitions, independently of pmt's), signature
 * recovery for EOA/proxy/Safe signatures and for POLY_1271 envelopes, and the version check the
 * real CLOB answers with `order_version_mismatch`.
 */
import { hashStruct, hashTypedData, recoverTypedDataAddress } from 'viem';

type Hex = `0x${string}`;

export const EXCHANGES = {
  1: { plain: '0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E', neg: '0xC5d563A36AE78145C45a50134d48A1215220f80a' },
  2: { plain: '0xE111180000d2663C0091e4f400237545B87B996B', neg: '0xe2222d279d744050d28e00520010520000310F59' },
  3: { plain: '0xe3333700cA9d93003F00f0F71f8515005F6c00Aa', neg: '0xe3333700cA9d93003F00f0F71f8515005F6c00Aa' },
} as const;
export type Version = keyof typeof EXCHANGES;

const V1 = [
  ['salt', 'uint256'], ['maker', 'address'], ['signer', 'address'], ['taker', 'address'], ['tokenId', 'uint256'],
  ['makerAmount', 'uint256'], ['takerAmount', 'uint256'], ['expiration', 'uint256'], ['nonce', 'uint256'],
  ['feeRateBps', 'uint256'], ['side', 'uint8'], ['signatureType', 'uint8'],
].map(([name, type]) => ({ name: name!, type: type! }));
const V2 = [
  ['salt', 'uint256'], ['maker', 'address'], ['signer', 'address'], ['tokenId', 'uint256'], ['makerAmount', 'uint256'],
  ['takerAmount', 'uint256'], ['side', 'uint8'], ['signatureType', 'uint8'], ['timestamp', 'uint256'],
  ['metadata', 'bytes32'], ['builder', 'bytes32'],
].map(([name, type]) => ({ name: name!, type: type! }));
const V2_TYPE_STRING = `Order(${V2.map((f) => `${f.type} ${f.name}`).join(',')})`;

export function structOf(v: Version) {
  return v === 1 ? V1 : V2;
}

/** Which struct a wire order carries: V1's signed taker/nonce/feeRateBps, or V2's timestamp/metadata/builder. */
export function shapeOf(o: Record<string, unknown>): 'v1' | 'v2' {
  return 'nonce' in o || 'feeRateBps' in o || 'taker' in o ? 'v1' : 'v2';
}

export function domainOf(v: Version, negRisk: boolean) {
  return { name: 'Polymarket CTF Exchange', version: String(v), chainId: 137, verifyingContract: (negRisk ? EXCHANGES[v].neg : EXCHANGES[v].plain) as Hex };
}

/** The typed data of a wire order under one version's domain. */
export function typedDataFor(o: Record<string, unknown>, negRisk: boolean, v: Version) {
  const message: Record<string, unknown> = {};
  for (const f of structOf(v)) {
    const x = o[f.name];
    message[f.name] = f.name === 'side' ? (x === 'BUY' ? 0 : 1) : f.type === 'uint256' ? BigInt(x as string) : x;
  }
  return { domain: domainOf(v, negRisk), types: { Order: structOf(v) }, primaryType: 'Order' as const, message };
}

export const orderHash = (o: Record<string, unknown>, negRisk: boolean, v: Version) => hashTypedData(typedDataFor(o, negRisk, v)).toLowerCase();

const DOMAIN_FIELDS = [
  { name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' },
];

/**
 * The EOA behind a signature, or null. Plain signatures recover over the order; a POLY_1271
 * envelope (inner 65 bytes ‖ domain separator ‖ contents hash ‖ type string ‖ uint16 length) must
 * name this domain and this order, and its inner signature recovers over the TypedDataSign wrapping
 * with the wallet (the order's signer) as the nested verifying contract.
 */
export async function recoverOrderSigner(o: Record<string, unknown>, negRisk: boolean, v: Version): Promise<string | null> {
  const td = typedDataFor(o, negRisk, v);
  const sig = String(o.signature);
  try {
    if (o.signatureType !== 3) return (await recoverTypedDataAddress({ ...td, signature: sig as Hex })).toLowerCase();
    if (v === 1 || !/^0x[0-9a-fA-F]+$/.test(sig)) return null;
    const hex = sig.slice(2);
    const len = parseInt(hex.slice(-4), 16);
    const typeString = Buffer.from(hex.slice(130 + 128, -4), 'hex').toString('utf8');
    const sep = `0x${hex.slice(130, 194)}`.toLowerCase();
    const contents = `0x${hex.slice(194, 258)}`.toLowerCase();
    if (typeString.length !== len || typeString !== V2_TYPE_STRING) return null;
    if (sep !== hashStruct({ data: td.domain, primaryType: 'EIP712Domain', types: { EIP712Domain: DOMAIN_FIELDS } }).toLowerCase()) return null;
    if (contents !== hashStruct({ data: td.message, primaryType: 'Order', types: td.types }).toLowerCase()) return null;
    const wrapped = {
      domain: td.domain,
      types: {
        TypedDataSign: [
          { name: 'contents', type: 'Order' }, { name: 'name', type: 'string' }, { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }, { name: 'salt', type: 'bytes32' },
        ],
        Order: td.types.Order,
      },
      primaryType: 'TypedDataSign' as const,
      message: { contents: td.message, name: 'DepositWallet', version: '1', chainId: 137n, verifyingContract: o.signer as Hex, salt: `0x${'0'.repeat(64)}` },
    };
    return (await recoverTypedDataAddress({ ...wrapped, signature: `0x${hex.slice(0, 130)}` as Hex })).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The version check: null when the order is signed for the CLOB's current version; else the
 * refusal text. A version the CLOB does not run, a V1 body on a V2/V3 CLOB (or the reverse), and a
 * V2 signature sent to a V3 CLOB (or the reverse) are `order_version_mismatch`; a signature that
 * recovers under no version is "invalid signature".
 */
export async function versionRefusal(o: Record<string, unknown>, negRisk: boolean, current: number, expected: string): Promise<string | null> {
  if (current !== 1 && current !== 2 && current !== 3) return 'order_version_mismatch';
  const shape = shapeOf(o);
  if ((shape === 'v1') !== (current === 1)) return 'order_version_mismatch';
  if ((await recoverOrderSigner(o, negRisk, current)) === expected) return null;
  if (shape === 'v2') {
    const other: Version = current === 2 ? 3 : 2;
    if ((await recoverOrderSigner(o, negRisk, other)) === expected) return 'order_version_mismatch';
  }
  return 'invalid signature';
}
