/**
 * Polymarket's on-chain facts (Polygon, chain id 137), from its published contracts page
 * (docs.polymarket.com/resources/contracts, after the 2026-04-28 pUSD migration) and the official
 * clients: the collateral, the Conditional Tokens (CTF, ERC-1155), the exchanges of the order
 * versions pmt signs, the Neg Risk Adapter, the collateral adapters that split/merge/redeem in pUSD
 * go through, Protocol V2's Router and PositionManager, the wallet factories and the relayer. ABIs:
 * only the functions pmt calls, as published (the adapters keep the CTF's split/merge/redeem
 * signatures).
 */
import { polymarket } from '../manifest.js';
import { CTF_EXCHANGE_V2, CTF_EXCHANGE_V3, NEG_RISK_CTF_EXCHANGE_V2 } from '../order-versions.js';
import type { Hex } from '../wallet.js';

export const POLYGON_CHAIN_ID = 137;
/** A public Polygon RPC; PMT_POLYGON_RPC_URL (or a profile's polygon_rpc_url) overrides it. */
export const DEFAULT_POLYGON_RPC = polymarket.chainRpc.default;
export const RPC_ENV = polymarket.chainRpc.env;
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

/** The neg-risk markets' wrapped collateral (USDC.e 1:1), owned by the Neg Risk Adapter (neg-risk-ctf-adapter addresses.json). */
export const NEG_RISK_WCOL: Hex = '0x3A3BD7bb9528E159577F7C2e685CC81A765002E2';
/** Protocol V2: the Router (split/merge/redeem of V2 markets) and the PositionManager (their ERC-1155 ledger). @polymarket/client 0.2.0 `contracts`. */
export const V2_ROUTER: Hex = '0x12121212006e4CD160D18e3f00711DA5c3372600';
export const V2_POSITION_MANAGER: Hex = '0x006F54F7f9A22e0000CC2AB60031000000ae9fEF';
/** The deposit wallets' factory: the relayer submits a wallet's signed batch through it. */
export const DEPOSIT_WALLET_FACTORY: Hex = '0x00000000000Fb5C9ADea0298D729A0CB3823Cc07';
/** Polymarket's relayer (gasless transactions; the only way a deposit wallet moves). */
export const RELAYER_URL_ENV = 'PMT_POLYMARKET_RELAYER_URL';
export const DEFAULT_RELAYER_URL = 'https://relayer-v2.polymarket.com';

export const COLLATERAL_DECIMALS = 6;
export const MAX_UINT256 = (1n << 256n) - 1n;

/** The tokens approved: the collateral, the V1 outcome tokens (CTF) and the V2 ledger (PositionManager). */
export const TOKENS = {
  pUSD: { address: PUSD, standard: 'erc20' },
  CTF: { address: CTF, standard: 'erc1155' },
  PositionManager: { address: V2_POSITION_MANAGER, standard: 'erc1155' },
} as const;
export type TokenName = keyof typeof TOKENS;

const SPENDER = {
  exchangeV2: { address: CTF_EXCHANGE_V2, name: 'CTF Exchange (V2)' },
  negRiskExchangeV2: { address: NEG_RISK_CTF_EXCHANGE_V2, name: 'Neg Risk CTF Exchange (V2)' },
  exchangeV3: { address: CTF_EXCHANGE_V3, name: 'CTF Exchange (V3)' },
  negRiskAdapter: { address: NEG_RISK_ADAPTER, name: 'Neg Risk Adapter' },
  collateralAdapter: { address: CTF_COLLATERAL_ADAPTER, name: 'CTF Collateral Adapter' },
  negRiskCollateralAdapter: { address: NEG_RISK_COLLATERAL_ADAPTER, name: 'Neg Risk Collateral Adapter' },
  router: { address: V2_ROUTER, name: 'Protocol V2 Router' },
} as const;

/**
 * Every approval trading and position actions need, as Polymarket's own client sets them
 * (@polymarket/client 0.2.0 `setupTradingApprovals`), plus the Neg Risk Adapter the issue lists:
 * pUSD for whatever spends collateral; the CTF for the V1 exchanges and adapters; the
 * PositionManager for what moves V2 positions (the Router, ExchangeV3, which trades V2 markets).
 */
export const APPROVALS: ReadonlyArray<{ address: Hex; name: string; token: TokenName }> = [
  ...[SPENDER.exchangeV2, SPENDER.negRiskExchangeV2, SPENDER.exchangeV3, SPENDER.negRiskAdapter, SPENDER.collateralAdapter, SPENDER.negRiskCollateralAdapter, SPENDER.router].map((s) => ({ ...s, token: 'pUSD' as const })),
  ...[SPENDER.exchangeV2, SPENDER.negRiskExchangeV2, SPENDER.negRiskAdapter, SPENDER.collateralAdapter, SPENDER.negRiskCollateralAdapter].map((s) => ({ ...s, token: 'CTF' as const })),
  ...[SPENDER.router, SPENDER.exchangeV3].map((s) => ({ ...s, token: 'PositionManager' as const })),
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

/** Protocol V2 Router (docs.polymarket.com/migrate/polymarket-v2/contract-integrations; @polymarket/client `abis.ts`). */
export const ROUTER_ABI = [
  { type: 'function', name: 'split', stateMutability: 'nonpayable', inputs: [{ name: 'conditionId', type: 'bytes31' }, { name: 'amount', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'merge', stateMutability: 'nonpayable', inputs: [{ name: 'conditionId', type: 'bytes31' }, { name: 'amount', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'redeem', stateMutability: 'nonpayable', inputs: [{ name: 'conditionId', type: 'bytes31' }, { name: 'outcomeIndex', type: 'uint256' }, { name: 'amount', type: 'uint256' }], outputs: [] },
] as const;

/** A deposit wallet's nonce (the relayer clients' depositWalletV1Abi). */
export const DEPOSIT_WALLET_ABI = [{ type: 'function', name: 'nonce', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] }] as const;

/** The EIP-712 batch a deposit wallet's owner signs (@polymarket/builder-relayer-client `builder/deposit-wallet`). */
export const DEPOSIT_WALLET_DOMAIN = { name: 'DepositWallet', version: '1' } as const;
export const DEPOSIT_WALLET_TYPES = {
  Call: [
    { name: 'target', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
  ],
  Batch: [
    { name: 'wallet', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    { name: 'calls', type: 'Call[]' },
  ],
} as const;
/** Seconds a signed batch stays valid (@polymarket/client 0.2.0 signs batches 600 s ahead). */
export const DEPOSIT_BATCH_TTL_S = 600;
