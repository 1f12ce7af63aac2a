/**
 * Kalshi API-key signing over `timestamp_ms + METHOD + path`, where path includes `/trade-api/v2`
 * (or `/trade-api/ws/v2` for the WebSocket upgrade) and excludes the query. Headers:
 * KALSHI-ACCESS-KEY, KALSHI-ACCESS-TIMESTAMP (ms), KALSHI-ACCESS-SIGNATURE (base64).
 *
 * Two kinds of key, told apart by the key file itself:
 * - RSA: RSASSA-PSS (SHA-256, MGF1-SHA-256, salt = digest length), as kalshi-typescript 3.30.0's
 *   `KalshiAuth.signPssText` does;
 * - Ed25519 (Kalshi's API keys page, 2026-09-24): a plain Ed25519 signature (RFC 8032, no
 *   pre-hash) of the same message, base64 — the same headers and message as RSA-PSS. The official
 *   TypeScript client (3.30.0) signs only RSA-PSS; see docs/exchanges.md for the sources.
 */
import { constants, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { PmtError } from '../../errors.js';
import type { Signer } from '../http.js';

/** The kind of a Kalshi key as pmt names it to people ("Ed25519" / "RSA"). */
export type KalshiKeyKind = 'Ed25519' | 'RSA';

/** Normalize PEM text as users paste it: literal "\n", CRs, bare base64 without armour. */
export function normalizePem(text: string, bareLabel = 'RSA PRIVATE KEY'): string {
  let pem = text.replace(/\\n/g, '\n').replace(/\r/g, '').trim();
  if (!pem.includes('-----BEGIN')) {
    const body = pem.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n').trim();
    pem = `-----BEGIN ${bareLabel}-----\n${body}\n-----END ${bareLabel}-----`;
  }
  return pem;
}

export function keyKindOf(key: KeyObject): KalshiKeyKind | null {
  return key.asymmetricKeyType === 'ed25519' ? 'Ed25519' : key.asymmetricKeyType === 'rsa' ? 'RSA' : null;
}

/**
 * Parse a Kalshi private key: RSA (PKCS#8 or PKCS#1) or Ed25519 (PKCS#8). Bare base64 is tried
 * as PKCS#1 RSA, then as PKCS#8 (either kind). A bad key is `Config`, never echoing it.
 */
export function loadKalshiKey(pemText: string, source = 'the Kalshi private key'): KeyObject {
  for (const label of ['RSA PRIVATE KEY', 'PRIVATE KEY']) {
    try {
      const key = createPrivateKey({ key: normalizePem(pemText, label), format: 'pem' });
      if (keyKindOf(key)) return key;
      throw new PmtError('Config', `${source} is a ${key.asymmetricKeyType ?? 'unknown'} key; Kalshi keys are RSA or Ed25519 private keys in PEM form`, {
        hint: 'download the key from Kalshi (Account → API keys) and point KALSHI_PRIVATE_KEY_PATH or your profile at the .pem file',
      });
    } catch (e) {
      if (e instanceof PmtError) throw e;
    }
  }
  throw new PmtError('Config', `${source} is not a valid RSA private key or Ed25519 private key in PEM form`, {
    hint: 'download the key from Kalshi (Account → API keys) and point KALSHI_PRIVATE_KEY_PATH or your profile at the .pem file',
  });
}

/** The kind of the key in `pemText` ("Ed25519" / "RSA"); throws as loadKalshiKey does. */
export function kalshiKeyKind(pemText: string, source?: string): KalshiKeyKind {
  return keyKindOf(loadKalshiKey(pemText, source))!;
}

export function kalshiSignature(key: KeyObject, message: string): string {
  if (key.asymmetricKeyType === 'ed25519') return sign(null, Buffer.from(message), key).toString('base64');
  return sign('sha256', Buffer.from(message), {
    key,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: constants.RSA_PSS_SALTLEN_DIGEST,
  }).toString('base64');
}

export function kalshiSigner(apiKeyId: string, key: KeyObject, now: () => number = Date.now): Signer {
  return ({ method, signPath }) => {
    const ts = String(now());
    return {
      'KALSHI-ACCESS-KEY': apiKeyId,
      'KALSHI-ACCESS-TIMESTAMP': ts,
      'KALSHI-ACCESS-SIGNATURE': kalshiSignature(key, ts + method.toUpperCase() + signPath),
    };
  };
}
