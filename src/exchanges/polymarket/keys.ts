/**
 * The Polymarket signer key and wallet addresses as `profile add` and `profile show/list` check
 * and show them: the key by shape and range, addresses by shape and EIP-55 checksum, the signer's
 * address derived (public). Never echoes a value that may be a key.
 */
const POLY_KEY_RE = /^(0x)?[0-9a-fA-F]{64}$/;
const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
// Order of the secp256k1 group: a private key must be in [1, n - 1].
const SECP256K1_N = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');

/** A Polymarket signer key: 32 bytes of hex, optionally 0x-prefixed, inside the curve's range. */
export function polymarketKeyProblem(field: string, value: string): string | null {
  const v = value.trim();
  if (!POLY_KEY_RE.test(v)) return `${field} must be 32 bytes of hex (64 hex digits, optionally after 0x); the value given is not`;
  const n = BigInt('0x' + v.replace(/^0x/, ''));
  if (n === 0n || n >= SECP256K1_N) return `${field} is not a valid secp256k1 private key`;
  return null;
}

/** 0x-prefixed lower-case hex, the form the signer library takes. */
export function normalizePolymarketKey(value: string): string {
  return '0x' + value.trim().replace(/^0x/, '').toLowerCase();
}

/** A wallet address; mixed case must carry a valid EIP-55 checksum (catches typos). */
export async function addressProblem(field: string, value: string): Promise<string | null> {
  const v = value.trim();
  // What was given is never echoed: a private key pasted into the wrong flag would be printed.
  if (!ADDRESS_RE.test(v)) return `${field} must be an address: 0x followed by 40 hex digits (the value given, ${v.length} characters, is not one; not shown, as it may be a key)`;
  const { isAddress } = await import('viem');
  if (!isAddress(v, { strict: true })) return `${field} ${v} has a wrong checksum (mixed-case letters): check it for a typo`;
  return null;
}

/** The address a Polymarket private key signs as (public information). */
export async function signerAddress(privateKey: string): Promise<string> {
  const { privateKeyToAccount } = await import('viem/accounts');
  return privateKeyToAccount(normalizePolymarketKey(privateKey) as `0x${string}`).address;
}
