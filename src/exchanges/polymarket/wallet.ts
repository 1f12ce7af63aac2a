/**
 * The Polymarket wallet behind trading: the signer key (an EOA), the funder that holds the money,
 * and the signature type that ties them together. Checked before anything is sent: a missing or
 * malformed key, a funder without a wallet type or a wallet type without a funder is a `Config`
 * error that names the fix and never echoes the value.
 *
 * viem is loaded here, dynamically and only on paths that sign: `viem/accounts` (keys, EIP-712
 * signing) and `viem/utils` (typed-data hashing, address checks), through viem-lazy.ts so the
 * bundle keeps only those functions (one ~150 KB chunk, ~25 ms to load).
 */
import type { PolymarketCredentials, SignatureType } from './credentials.js';
import { PmtError } from '../../errors.js';
import type { PolymarketClient } from './client.js';

export type Hex = `0x${string}`;

/** The on-chain signature type codes of the CTF Exchange (EOA, POLY_PROXY, POLY_GNOSIS_SAFE, POLY_1271). */
export const SIGNATURE_TYPE_CODE: Record<SignatureType, 0 | 1 | 2 | 3> = { eoa: 0, proxy: 1, 'gnosis-safe': 2, 'poly-1271': 3 };

const PRIVATE_KEY_RE = /^(0x)?[0-9a-fA-F]{64}$/;
const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

/** EIP-712 typed data as viem takes it (kept loose: each caller builds a fixed shape). */
export interface TypedData {
  domain: Record<string, unknown>;
  types: Record<string, ReadonlyArray<{ name: string; type: string }>>;
  primaryType: string;
  message: Record<string, unknown>;
}

export interface Viem {
  privateKeyToAccount: typeof import('viem/accounts').privateKeyToAccount;
  hashTypedData: (td: TypedData) => Hex;
  /** EIP-712 `hashStruct` of one struct (the POLY_1271 envelope carries two of them). */
  hashStruct: (a: { data: Record<string, unknown>; primaryType: string; types: TypedData['types'] }) => Hex;
  isAddress: typeof import('viem/utils').isAddress;
  getAddress: typeof import('viem/utils').getAddress;
}

let viemPromise: Promise<Viem> | undefined;
/** viem's signing and hashing, loaded on first use (never at start-up). */
export function loadViem(): Promise<Viem> {
  viemPromise ??= import('./viem-lazy.js').then((v) => ({
    privateKeyToAccount: v.privateKeyToAccount,
    hashTypedData: v.hashTypedData as unknown as Viem['hashTypedData'],
    hashStruct: v.hashStruct as unknown as Viem['hashStruct'],
    isAddress: v.isAddress,
    getAddress: v.getAddress,
  }));
  return viemPromise;
}

export interface Wallet {
  /** The signer EOA, checksummed: owns the API key, signs orders (`POLY_ADDRESS`, `signer`). */
  address: Hex;
  /** Whose money the orders trade: the funder for proxy/gnosis-safe/poly-1271, else the EOA (`maker`). */
  maker: Hex;
  signatureType: SignatureType;
  signatureTypeCode: 0 | 1 | 2 | 3;
  /** Sign EIP-712 typed data with the private key (which never leaves this closure). */
  signTypedData(td: TypedData): Promise<Hex>;
  hashTypedData(td: TypedData): Hex;
  /** One line for people: "signer 0x…, orders for funder 0x… (gnosis-safe)". */
  summary: string;
}

const ADD_HINT = 'run `pmt profile add <name> --polymarket-private-key-stdin < keyfile` (on a terminal, `pmt profile add <name>` asks) or set POLYMARKET_PRIVATE_KEY';

/** The resolved Polymarket credentials, or `Config` naming the command that fixes it. */
export async function requireCredentials(c: PolymarketClient): Promise<PolymarketCredentials> {
  const creds = (await c.cfg.credentials()).polymarket;
  if (!creds) {
    throw new PmtError('Config', 'Polymarket trading needs credentials, and none are configured', { hint: ADD_HINT });
  }
  return creds;
}

/**
 * Format and consistency checks that need no key material loaded: the private key's shape, the
 * funder's shape, and whether the signature type and funder fit together.
 */
export function checkWalletConfig(creds: PolymarketCredentials): void {
  if (!PRIVATE_KEY_RE.test(creds.privateKey.value.trim())) {
    throw new PmtError('Config', `the Polymarket private key from ${creds.privateKey.origin} is not a private key: expected 64 hex digits, optionally prefixed with 0x`, {
      hint: 'export the key of the wallet that signs (Polymarket: Settings → Export private key) and store it with `pmt profile add`',
    });
  }
  const type = creds.signatureType.value;
  if (creds.funder && !ADDRESS_RE.test(creds.funder.value.trim())) {
    throw new PmtError('Config', `the Polymarket funder from ${creds.funder.origin} is not an address: expected 0x followed by 40 hex digits`, {
      hint: 'the funder is the address Polymarket shows as your wallet/deposit address (the proxy or Safe holding your USDC)',
    });
  }
  if (type === 'eoa' && creds.funder) {
    throw new PmtError('Config', `a funder is set (${creds.funder.origin}) but the signature type is eoa (${creds.signatureType.origin}): an EOA trades its own balance and has no funder`, {
      hint: 'for a Polymarket account created with email/Magic use --polymarket-signature-type proxy; with a browser wallet use gnosis-safe; to trade from the key\'s own address remove the funder',
    });
  }
  if (type !== 'eoa' && !creds.funder) {
    throw new PmtError('Config', `signature type ${type} (${creds.signatureType.origin}) trades from a Polymarket wallet, but no funder address is set`, {
      hint: 'set POLYMARKET_FUNDER or --polymarket-funder to the address holding your funds (shown on polymarket.com under your profile/deposit address)',
    });
  }
}

const wallets = new WeakMap<PolymarketClient, Promise<Wallet>>();

/** The wallet for this run, built once per client (the key is parsed, never stored elsewhere). */
export function wallet(c: PolymarketClient): Promise<Wallet> {
  let w = wallets.get(c);
  if (!w) {
    w = (async () => buildWallet(await requireCredentials(c)))();
    w.catch(() => wallets.delete(c));
    wallets.set(c, w);
  }
  return w;
}

export async function buildWallet(creds: PolymarketCredentials): Promise<Wallet> {
  checkWalletConfig(creds);
  const viem = await loadViem();
  const raw = creds.privateKey.value.trim();
  const key = (raw.startsWith('0x') ? raw : `0x${raw}`).toLowerCase() as Hex;
  let account: ReturnType<Viem['privateKeyToAccount']>;
  try {
    account = viem.privateKeyToAccount(key);
  } catch {
    // e.g. zero or beyond the curve order; viem's message is not shown (it could quote the key).
    throw new PmtError('Config', `the Polymarket private key from ${creds.privateKey.origin} is not a valid secp256k1 private key`, { hint: ADD_HINT });
  }
  const address = account.address;
  const type = creds.signatureType.value;
  let maker: Hex = address;
  if (creds.funder) {
    const f = creds.funder.value.trim();
    if (!viem.isAddress(f, { strict: /[a-f]/.test(f.slice(2)) && /[A-F]/.test(f.slice(2)) })) {
      throw new PmtError('Config', `the Polymarket funder from ${creds.funder.origin} has an invalid checksum (mixed-case address with a typo?)`, {
        hint: 'copy the address again, or give it in all lower case',
      });
    }
    maker = viem.getAddress(f.toLowerCase());
    if (maker === address) {
      throw new PmtError('Config', `the funder (${creds.funder.origin}) is the signing key's own address, which is an EOA, not a ${type} wallet`, {
        hint: 'remove the funder and use --polymarket-signature-type eoa, or set the funder to your Polymarket proxy/Safe address',
      });
    }
  }
  return {
    address,
    maker,
    signatureType: type,
    signatureTypeCode: SIGNATURE_TYPE_CODE[type],
    signTypedData: (td) => account.signTypedData(td as Parameters<typeof account.signTypedData>[0]),
    hashTypedData: (td) => viem.hashTypedData(td),
    summary: maker === address ? `signer ${address} (eoa)` : `signer ${address}, orders for funder ${maker} (${type})`,
  };
}
