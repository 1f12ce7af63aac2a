/**
 * Checks for the values a profile stores, shared by flags and prompts. Each returns the problem
 * as text (naming the field, never echoing a secret) or null. The Kalshi key is validated by
 * really loading it, the Polymarket key by shape and by deriving its address.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { manifestOf } from '../../exchanges/registry.js';
import { PmtError } from '../../errors.js';

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

/** Load a Kalshi key from PEM text; the problem as text, never the key. */
export async function kalshiPemProblem(field: string, pem: string): Promise<string | null> {
  return (await kalshiPemCheck(field, pem)).problem;
}

/** The problem with a Kalshi key (text, never the key), or the kind found ("Ed25519" / "RSA"). */
export async function kalshiPemCheck(field: string, pem: string): Promise<{ problem: string | null; kind?: string }> {
  // The adapter's own loader (through its manifest): if it loads here, it signs later.
  try {
    const kind = await manifestOf('kalshi').credentials.checkKey!(pem, field);
    return { problem: null, ...(kind ? { kind } : {}) };
  } catch (e) {
    if (e instanceof PmtError) return { problem: e.message };
    throw e;
  }
}

/** A Kalshi key file: readable, a real RSA or Ed25519 key. Returns the absolute path, the kind and any warning. */
export async function checkKalshiKeyFile(field: string, path: string): Promise<{ problem: string | null; absolute: string; warning?: string; kind?: string }> {
  const absolute = resolve(path.trim().replace(/^~(?=\/)/, process.env.HOME ?? '~'));
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'unreadable';
    return { problem: `${field} ${absolute} cannot be read (${code})`, absolute };
  }
  const { problem, kind } = await kalshiPemCheck(`${field} ${absolute}`, text);
  let warning: string | undefined;
  try {
    const mode = statSync(absolute).mode & 0o777;
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      warning = `${absolute} is readable by other users (mode ${mode.toString(8)}); consider \`chmod 600 ${absolute}\``;
    }
  } catch {
    // The key loaded, so the file exists; a failing stat only loses the warning.
  }
  return { problem, absolute, warning, ...(kind ? { kind } : {}) };
}

/** An http(s) URL (an RPC endpoint); its credentials, if any, are never echoed. */
export function urlProblem(field: string, value: string): string | null {
  let u: URL;
  try {
    u = new URL(value.trim());
  } catch {
    return `${field} must be an http:// or https:// URL`;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return `${field} must be an http:// or https:// URL (got ${u.protocol})`;
  return null;
}

/** Kalshi API key ids and Polymarket API keys are UUID-like; accept any printable token. */
export function tokenProblem(field: string, value: string): string | null {
  const v = value.trim();
  if (v === '') return `${field} must not be empty`;
  if (v.length > 200 || /[\s\u0000-\u001f\u007f]/.test(v)) return `${field} must be one printable token without spaces`;
  return null;
}

/** A Polymarket US secret key (base64 Ed25519), loaded as the adapter will; the problem as text, never the key. */
export async function polymarketUsKeyProblem(field: string, text: string): Promise<string | null> {
  try {
    await manifestOf('polymarket-us').credentials.checkKey!(text, field);
    return null;
  } catch (e) {
    if (e instanceof PmtError) return e.message;
    throw e;
  }
}

/** A Polymarket US key file: readable, a real Ed25519 secret. Returns the absolute path and any warning. */
export async function checkPolymarketUsKeyFile(field: string, path: string): Promise<{ problem: string | null; absolute: string; warning?: string }> {
  const absolute = resolve(path.trim().replace(/^~(?=\/)/, process.env.HOME ?? '~'));
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (e) {
    return { problem: `${field} ${absolute} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'unreadable'})`, absolute };
  }
  const problem = await polymarketUsKeyProblem(`${field} ${absolute}`, text);
  let warning: string | undefined;
  try {
    const mode = statSync(absolute).mode & 0o777;
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) warning = `${absolute} is readable by other users (mode ${mode.toString(8)}); consider \`chmod 600 ${absolute}\``;
  } catch {
    // The key loaded, so the file exists; a failing stat only loses the warning.
  }
  return { problem, absolute, warning };
}
