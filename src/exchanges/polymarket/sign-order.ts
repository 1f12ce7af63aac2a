/**
 * Building and signing a CTF Exchange order (EIP-712) for the version the CLOB takes
 * (order-versions.ts), and the `POST /order` body around it, in the official client's field order
 * so the bytes (and the L2 HMAC over them) match what Polymarket's own client sends.
 *
 * The salt (random) and, from V2 on, the timestamp (ms) make every signed order unique; its
 * EIP-712 hash is the order id the CLOB reports, computed here before sending so an ambiguous send
 * can be checked.
 *
 * POLY_1271 (signature type 3, smart-contract "deposit wallets"): the order's signer is the wallet
 * contract itself (= the maker), which validates signatures with EIP-1271. The key signs the
 * ERC-7739 `TypedDataSign` wrapping of the order (the wallet's own domain "DepositWallet" v1 nested
 * in the exchange's), and the signature sent is that signature ‖ exchange domain separator ‖ order
 * struct hash ‖ the order type string ‖ its length (2 bytes), as the official client builds it.
 */
import { randomInt } from 'node:crypto';
import { PmtError } from '../../errors.js';
import type { OrderAmounts } from './amounts.js';
import { exchangeDomain, ORDER_TYPE_STRING_V2, ORDER_VERSIONS, ZERO_ADDRESS, ZERO_BYTES32, type OrderVersion } from './order-versions.js';
import { loadViem, type Hex, type TypedData, type Wallet } from './wallet.js';

export { ZERO_BYTES32 };

/** The order as it goes in `POST /order` `{order: …}`; the fields present depend on the version. */
export type WireOrder = Record<string, unknown> & { salt: number; maker: Hex; signer: Hex; tokenId: string; side: 'BUY' | 'SELL'; signature: string };

export interface OrderIntent {
  tokenId: string;
  amounts: OrderAmounts;
  negRisk: boolean;
  nowMs: number;
  /** V1 only: the fee rate (bps) the market charges, signed into the order. */
  feeRateBps?: number;
  /**
   * GTD: unix seconds after which the order expires (0 or absent: none). Signed into a V1 order;
   * from V2 on it travels in the POST body only, outside the signed struct (as the official client sends it).
   */
  expiration?: number;
  /** Fixed salt (tests reproducing the official client's bytes); random otherwise. */
  salt?: number;
}

export interface BuiltOrder {
  version: OrderVersion;
  order: WireOrder;
  /** EIP-712 hash: the CLOB's order id. */
  hash: Hex;
  exchange: Hex;
}

type WalletFields = Pick<Wallet, 'address' | 'maker' | 'signatureTypeCode'>;

/** Who signs the order struct: the EOA, or for POLY_1271 the wallet contract (the maker). */
export function orderSigner(w: WalletFields): Hex {
  return w.signatureTypeCode === 3 ? w.maker : w.address;
}

/** A fresh, unsigned wire order of `version` (signature left empty), in the official field order. */
export function unsignedOrder(w: WalletFields, version: OrderVersion, intent: OrderIntent): WireOrder {
  if (!ORDER_VERSIONS[version].signatureTypes.includes(w.signatureTypeCode)) {
    throw new PmtError('NotSupported', `Polymarket order version ${version} has no signature type ${w.signatureTypeCode} (POLY_1271 smart-contract wallets need order version 2 or later)`);
  }
  const a = intent.amounts;
  const head = { salt: intent.salt ?? randomInt(1, 2 ** 47), maker: w.maker, signer: orderSigner(w) };
  if (version === 1) {
    return {
      ...head, taker: ZERO_ADDRESS, tokenId: intent.tokenId, makerAmount: a.makerAmount, takerAmount: a.takerAmount, side: a.side,
      expiration: String(intent.expiration ?? 0), nonce: '0', feeRateBps: String(intent.feeRateBps ?? 0), signatureType: w.signatureTypeCode, signature: '',
    };
  }
  return {
    ...head, tokenId: intent.tokenId, makerAmount: a.makerAmount, takerAmount: a.takerAmount, side: a.side, signatureType: w.signatureTypeCode,
    timestamp: String(intent.nowMs), expiration: String(intent.expiration ?? 0), metadata: ZERO_BYTES32, builder: ZERO_BYTES32, signature: '',
  };
}

const big = (v: unknown) => BigInt(v as string | number);

/** The EIP-712 typed data of a wire order (signature excluded). */
export function orderTypedData(o: WireOrder, version: OrderVersion, negRisk: boolean): TypedData {
  const spec = ORDER_VERSIONS[version];
  const message: Record<string, unknown> = {};
  for (const f of spec.struct) {
    const v = o[f.name];
    if (f.name === 'side') message.side = v === 'BUY' ? 0 : 1;
    else message[f.name] = f.type === 'uint256' ? big(v) : v;
  }
  return { domain: exchangeDomain(version, negRisk), types: { Order: spec.struct }, primaryType: 'Order', message };
}

const DOMAIN_TYPES = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];
const TYPED_DATA_SIGN = [
  { name: 'contents', type: 'Order' },
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];

/** The ERC-7739 envelope a POLY_1271 wallet checks (see the module comment). */
export async function poly1271Signature(w: Pick<Wallet, 'signTypedData'>, td: TypedData): Promise<Hex> {
  const viem = await loadViem();
  const domain = td.domain as ReturnType<typeof exchangeDomain>;
  const inner = await w.signTypedData({
    domain,
    types: { TypedDataSign: TYPED_DATA_SIGN, Order: td.types.Order! },
    primaryType: 'TypedDataSign',
    message: { contents: td.message, name: 'DepositWallet', version: '1', chainId: BigInt(domain.chainId), verifyingContract: td.message.signer, salt: ZERO_BYTES32 },
  });
  const domainSeparator = viem.hashStruct({ data: domain, primaryType: 'EIP712Domain', types: { EIP712Domain: DOMAIN_TYPES } });
  const contents = viem.hashStruct({ data: td.message, primaryType: 'Order', types: td.types });
  const typeString = Buffer.from(ORDER_TYPE_STRING_V2, 'utf8');
  const length = typeString.length.toString(16).padStart(4, '0');
  return `0x${inner.slice(2)}${domainSeparator.slice(2)}${contents.slice(2)}${typeString.toString('hex')}${length}`;
}

/** Build, hash and sign an order of `version` against the exchange contract it names for the token. */
export async function signOrder(w: Wallet, version: OrderVersion, intent: OrderIntent): Promise<BuiltOrder> {
  const order = unsignedOrder(w, version, intent);
  const td = orderTypedData(order, version, intent.negRisk);
  order.signature = w.signatureTypeCode === 3 ? await poly1271Signature(w, td) : await w.signTypedData(td);
  return { version, order, hash: w.hashTypedData(td), exchange: ORDER_VERSIONS[version].exchange(intent.negRisk) };
}

/** The `POST /order` body, keys in the official client's order (the HMAC is over these bytes). */
export function orderBody(order: WireOrder, owner: string, orderType: string, postOnly: boolean) {
  return { deferExec: false, postOnly, order, owner, orderType };
}
