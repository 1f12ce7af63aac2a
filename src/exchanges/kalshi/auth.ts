/**
 * Kalshi API-key signing: RSASSA-PSS (SHA-256, MGF1-SHA-256, salt = digest length) over
 * `timestamp_ms + METHOD + path`, where path includes `/trade-api/v2` and excludes the query.
 * Headers: KALSHI-ACCESS-KEY, KALSHI-ACCESS-TIMESTAMP (ms), KALSHI-ACCESS-SIGNATURE (base64).
 */
import { constants, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { PmtError } from '../../errors.js';
import type { Signer } from '../http.js';

/** Normalize PEM text as users paste it: literal "\n", CRs, bare base64 without armour. */
export function normalizePem(text: string): string {
  let pem = text.replace(/\\n/g, '\n').replace(/\r/g, '').trim();
  if (!pem.includes('-----BEGIN')) {
    const body = pem.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n').trim();
    pem = `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`;
  }
  return pem;
}

/** Parse a Kalshi RSA private key (PKCS#8 or PKCS#1). A bad key is `Config`, never echoing it. */
export function loadKalshiKey(pemText: string, source = 'the Kalshi private key'): KeyObject {
  try {
    const key = createPrivateKey({ key: normalizePem(pemText), format: 'pem' });
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA key');
    return key;
  } catch {
    throw new PmtError('Config', `${source} is not a valid RSA private key in PEM form`, {
      hint: 'download the key from Kalshi (Account → API keys) and point KALSHI_PRIVATE_KEY_PATH or your profile at the .pem file',
    });
  }
}

export function kalshiSignature(key: KeyObject, message: string): string {
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
