/**
 * Polymarket US API keys: an Ed25519 key pair; the portal issues the secret as base64 text, the
 * 32-byte seed or the 64-byte seed + public key. Every authenticated request carries
 * `X-PM-Access-Key` (the key id), `X-PM-Timestamp` (ms since the epoch) and `X-PM-Signature`:
 * base64 of the Ed25519 signature of `timestamp + method + path`, the path without the query
 * (as the `polymarket-us` SDK signs; test/exchanges/polymarket-us/auth.test.ts holds pmt to its bytes).
 * node:crypto signs: no dependency.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { PmtError } from '../../errors.js';

// PKCS#8 wrapper of a raw Ed25519 seed (RFC 8410): SEQUENCE { 0, { id-Ed25519 }, OCTET STRING { OCTET STRING seed } }.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Load the base64 secret (seed, or seed + public key); `Config` naming `source`, never the value. */
export function loadPolymarketUsKey(text: string, source: string): KeyObject {
  const t = text.trim();
  const bad = () => new PmtError('Config', `${source} is not a Polymarket US secret key (base64 of a 32-byte Ed25519 seed, or of 64 bytes: seed and public key)`, {
    hint: 'copy the secret key exactly as polymarket.us/developer shows it, into the file named by POLYMARKET_US_PRIVATE_KEY_PATH',
  });
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(t)) throw bad();
  const raw = Buffer.from(t, 'base64');
  if (raw.length !== 32 && raw.length !== 64) throw bad();
  try {
    return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, raw.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
  } catch {
    throw bad();
  }
}

/** The three headers of one request. */
export function signHeaders(key: KeyObject, keyId: string, timestampMs: number, method: string, path: string): Record<string, string> {
  const timestamp = String(Math.floor(timestampMs));
  const pathOnly = path.split('?')[0]!;
  const signature = sign(null, Buffer.from(`${timestamp}${method.toUpperCase()}${pathOnly}`, 'utf8'), key).toString('base64');
  return { 'X-PM-Access-Key': keyId, 'X-PM-Timestamp': timestamp, 'X-PM-Signature': signature };
}
