/**
 * CLOB V2 order signing (EIP-712). Domain {name "Polymarket CTF Exchange", version "2",
 * chainId 137, verifyingContract} where the contract is the CTF Exchange V2, or the Neg-risk CTF
 * Exchange V2 for neg-risk tokens (a wrong choice is rejected as an invalid signature). Struct
 * `Order(uint256 salt, address maker, address signer, uint256 tokenId, uint256 makerAmount,
 * uint256 takerAmount, uint8 side, uint8 signatureType, uint256 timestamp, bytes32 metadata,
 * bytes32 builder)`; `expiration` travels only in the POST body ("0" = none).
 *
 * The salt (random) and timestamp (ms) make every signed order unique; its EIP-712 hash is the
 * order id the CLOB reports, computed here before sending so an ambiguous send can be checked.
 */
import { randomInt } from 'node:crypto';
import { CHAIN_ID } from './auth.js';
import type { OrderAmounts } from './amounts.js';
import type { Hex, TypedData, Wallet } from './wallet.js';

export const CTF_EXCHANGE_V2: Hex = '0xE111180000d2663C0091e4f400237545B87B996B';
export const NEG_RISK_CTF_EXCHANGE_V2: Hex = '0xe2222d279d744050d28e00520010520000310F59';
export const ZERO_BYTES32: Hex = `0x${'0'.repeat(64)}`;
export const EXCHANGE_DOMAIN_NAME = 'Polymarket CTF Exchange';
export const EXCHANGE_DOMAIN_VERSION = '2';

export const ORDER_STRUCT = [
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
] as const;

/** The order as it goes in `POST /order` `{order: …}`. */
export interface WireOrder {
  /** A JSON number on the wire (kept below 2^53). */
  salt: number;
  maker: Hex;
  signer: Hex;
  tokenId: string;
  makerAmount: string;
  takerAmount: string;
  side: 'BUY' | 'SELL';
  expiration: string;
  signatureType: 0 | 1 | 2;
  timestamp: string;
  metadata: Hex;
  builder: Hex;
  signature: string;
}

export function exchangeFor(negRisk: boolean): Hex {
  return negRisk ? NEG_RISK_CTF_EXCHANGE_V2 : CTF_EXCHANGE_V2;
}

/** The EIP-712 typed data of a wire order (signature excluded). */
export function orderTypedData(o: Omit<WireOrder, 'signature'>, negRisk: boolean): TypedData {
  return {
    domain: { name: EXCHANGE_DOMAIN_NAME, version: EXCHANGE_DOMAIN_VERSION, chainId: CHAIN_ID, verifyingContract: exchangeFor(negRisk) },
    types: { Order: ORDER_STRUCT },
    primaryType: 'Order',
    message: {
      salt: BigInt(o.salt),
      maker: o.maker,
      signer: o.signer,
      tokenId: BigInt(o.tokenId),
      makerAmount: BigInt(o.makerAmount),
      takerAmount: BigInt(o.takerAmount),
      side: o.side === 'BUY' ? 0 : 1,
      signatureType: o.signatureType,
      timestamp: BigInt(o.timestamp),
      metadata: o.metadata,
      builder: o.builder,
    },
  };
}

export interface BuiltOrder {
  order: WireOrder;
  /** EIP-712 hash: the CLOB's order id. */
  hash: Hex;
  exchange: Hex;
}

/** A fresh, unsigned V2 order for the wallet (signature left empty). */
export function unsignedOrder(w: Pick<Wallet, 'address' | 'maker' | 'signatureTypeCode'>, tokenId: string, amounts: OrderAmounts, nowMs: number): WireOrder {
  return {
    salt: randomInt(1, 2 ** 47),
    maker: w.maker,
    signer: w.address,
    tokenId,
    makerAmount: amounts.makerAmount,
    takerAmount: amounts.takerAmount,
    side: amounts.side,
    expiration: '0',
    signatureType: w.signatureTypeCode,
    timestamp: String(nowMs),
    metadata: ZERO_BYTES32,
    builder: ZERO_BYTES32,
    signature: '',
  };
}

/** Build, hash and sign a V2 order against the exchange contract the token's neg-risk flag picks. */
export async function signOrder(w: Wallet, tokenId: string, amounts: OrderAmounts, negRisk: boolean, nowMs: number): Promise<BuiltOrder> {
  const order = unsignedOrder(w, tokenId, amounts, nowMs);
  const td = orderTypedData(order, negRisk);
  order.signature = await w.signTypedData(td);
  return { order, hash: w.hashTypedData(td), exchange: exchangeFor(negRisk) };
}
