/**
 * Polymarket's on-chain facts (Polygon, chain id 137), from its published contracts page
 * (docs.polymarket.com/resources/contracts, after the 2026-04-28 pUSD migration) and the official
 * clients: the collateral, the Conditional Tokens (CTF, ERC-1155), the exchanges of the order
 * versions pmt signs, the Neg Risk Adapter, the collateral adapters that split/merge/redeem in pUSD
 * go through, and the wallet factories. ABIs: only the functions pmt calls, as published (the
 * adapters keep the CTF's split/merge/redeem signatures).
 */
import { CTF_EXCHANGE_V2, CTF_EXCHANGE_V3, NEG_RISK_CTF_EXCHANGE_V2 } from '../order-versions.js';
import type { Hex } from '../wallet.js';

export const POLYGON_CHAIN_ID = 137;
/** A public Polygon RPC; PMT_POLYGON_RPC_URL overrides it. */
export const DEFAULT_POLYGON_RPC = 'https://polygon-rpc.com';
export const RPC_ENV = 'PMT_POLYGON_RPC_URL';
export const RECEIPT_TIMEOUT_ENV = 'PMT_CHAIN_RECEIPT_TIMEOUT_MS';
export const DEFAULT_RECEIPT_TIMEOUT_MS = 120_000;

/** pUSD (Polymarket USD), the collateral wallets hold since 2026-04-28 (ERC-20, 6 decimals). */
export const PUSD: Hex = '0xC011a7E12a19f7B1f670d46F03B03f3342E82DFB';
/** USDC.e (bridged USDC): what the markets' outcome tokens stay backed by. */
export const USDCE: Hex = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
export const CTF: Hex = '0x4D97DCd97eC945f40cF65F87097ACe5EA0476045';
/** Wraps USDC.e into pUSD: `wrap(asset, to, amount)` after approving the onramp for the USDC.e. */
export const COLLATERAL_ONRAMP: Hex = '0x93070a847efEf7F70739046A929D47a521F5B8ee';
export const NEG_RISK_ADAPTER: Hex = '0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296';
/** Split/merge/redeem in pUSD for standard markets (CtfCollateralAdapter). */
export const CTF_COLLATERAL_ADAPTER: Hex = '0xAdA100Db00Ca00073811820692005400218FcE1f';
/** The same for neg-risk markets (NegRiskCtfCollateralAdapter). */
export const NEG_RISK_COLLATERAL_ADAPTER: Hex = '0xadA2005600Dec949baf300f4C6120000bDB6eAab';
export const PROXY_FACTORY: Hex = '0xaB45c5A4B0c941a2F231C04C3f49182e1A254052';
export const SAFE_FACTORY: Hex = '0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b';

export const COLLATERAL_DECIMALS = 6;
export const MAX_UINT256 = (1n << 256n) - 1n;

/** Every contract that must be allowed to move the wallet's pUSD and outcome tokens. */
export const SPENDERS: ReadonlyArray<{ address: Hex; name: string }> = [
  { address: CTF_EXCHANGE_V2, name: 'CTF Exchange (V2)' },
  { address: NEG_RISK_CTF_EXCHANGE_V2, name: 'Neg Risk CTF Exchange (V2)' },
  { address: CTF_EXCHANGE_V3, name: 'CTF Exchange (V3)' },
  { address: NEG_RISK_ADAPTER, name: 'Neg Risk Adapter' },
  { address: CTF_COLLATERAL_ADAPTER, name: 'CTF Collateral Adapter' },
  { address: NEG_RISK_COLLATERAL_ADAPTER, name: 'Neg Risk Collateral Adapter' },
];

export const ERC20_ABI = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'allowance', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }], outputs: [{ type: 'bool' }] },
] as const;

const SPLIT_MERGE_INPUTS = [
  { name: 'collateralToken', type: 'address' },
  { name: 'parentCollectionId', type: 'bytes32' },
  { name: 'conditionId', type: 'bytes32' },
  { name: 'partition', type: 'uint256[]' },
  { name: 'amount', type: 'uint256' },
] as const;

/** The Conditional Tokens' reads and the split/merge/redeem shape the collateral adapters share. */
export const CTF_ABI = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'id', type: 'uint256' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'isApprovedForAll', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'operator', type: 'address' }], outputs: [{ type: 'bool' }] },
  { type: 'function', name: 'setApprovalForAll', stateMutability: 'nonpayable', inputs: [{ name: 'operator', type: 'address' }, { name: 'approved', type: 'bool' }], outputs: [] },
  { type: 'function', name: 'payoutDenominator', stateMutability: 'view', inputs: [{ name: 'conditionId', type: 'bytes32' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'payoutNumerators', stateMutability: 'view', inputs: [{ name: 'conditionId', type: 'bytes32' }, { name: 'index', type: 'uint256' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'getOutcomeSlotCount', stateMutability: 'view', inputs: [{ name: 'conditionId', type: 'bytes32' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'getCollectionId', stateMutability: 'view', inputs: [{ name: 'parentCollectionId', type: 'bytes32' }, { name: 'conditionId', type: 'bytes32' }, { name: 'indexSet', type: 'uint256' }], outputs: [{ type: 'bytes32' }] },
  { type: 'function', name: 'getPositionId', stateMutability: 'pure', inputs: [{ name: 'collateralToken', type: 'address' }, { name: 'collectionId', type: 'bytes32' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'splitPosition', stateMutability: 'nonpayable', inputs: SPLIT_MERGE_INPUTS, outputs: [] },
  { type: 'function', name: 'mergePositions', stateMutability: 'nonpayable', inputs: SPLIT_MERGE_INPUTS, outputs: [] },
  {
    type: 'function',
    name: 'redeemPositions',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'collateralToken', type: 'address' },
      { name: 'parentCollectionId', type: 'bytes32' },
      { name: 'conditionId', type: 'bytes32' },
      { name: 'indexSets', type: 'uint256[]' },
    ],
    outputs: [],
  },
] as const;

/** Safe (1.3/1.4): what a Safe transaction signed by its owner needs. */
export const SAFE_ABI = [
  { type: 'function', name: 'nonce', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'getThreshold', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'isOwner', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ type: 'bool' }] },
  {
    type: 'function',
    name: 'getTransactionHash',
    stateMutability: 'view',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
      { name: 'operation', type: 'uint8' },
      { name: 'safeTxGas', type: 'uint256' },
      { name: 'baseGas', type: 'uint256' },
      { name: 'gasPrice', type: 'uint256' },
      { name: 'gasToken', type: 'address' },
      { name: 'refundReceiver', type: 'address' },
      { name: '_nonce', type: 'uint256' },
    ],
    outputs: [{ type: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'execTransaction',
    stateMutability: 'payable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
      { name: 'operation', type: 'uint8' },
      { name: 'safeTxGas', type: 'uint256' },
      { name: 'baseGas', type: 'uint256' },
      { name: 'gasPrice', type: 'uint256' },
      { name: 'gasToken', type: 'address' },
      { name: 'refundReceiver', type: 'address' },
      { name: 'signatures', type: 'bytes' },
    ],
    outputs: [{ type: 'bool' }],
  },
] as const;

/**
 * Polymarket's proxy wallet factory: `proxy(calls)` runs each call from the sender's proxy wallet
 * (typeCode 1 = CALL), as Polymarket's proxy-factories contracts and its relayer client encode it.
 */
export const PROXY_FACTORY_ABI = [
  {
    type: 'function',
    name: 'proxy',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'typeCode', type: 'uint8' },
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'data', type: 'bytes' },
        ],
      },
    ],
    outputs: [{ type: 'bytes[]' }],
  },
] as const;
