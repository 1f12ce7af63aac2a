/**
 * Kalshi's API-key check, as the real exchange does it: KALSHI-ACCESS-KEY names a registered key,
 * KALSHI-ACCESS-TIMESTAMP is unix ms within the allowed window, and KALSHI-ACCESS-SIGNATURE is a
 * base64 signature of timestamp + METHOD + full path (no query): RSA-PSS (SHA-256, salt = digest
 * length) for an RSA key, plain Ed25519 (RFC 8032) for an Ed25519 key (Kalshi's Ed25519 API keys,
 * 2026-09-24). The kind is the registered public key's: a signature of the other kind is refused.
 */
import { constants, createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import type { RecordedRequest, Reply } from '../server.js';

export const KALSHI_PREFIX = '/trade-api/v2';
export const MAX_SKEW_MS = 30_000;

export interface KalshiKeyPair {
  keyId: string;
  /** PKCS#8 PEM text of the private key (what a user downloads from Kalshi). */
  privatePem: string;
  publicKey: KeyObject;
}

/** A fresh key pair registered under `keyId`: RSA-2048 (default) or Ed25519. */
export function makeKalshiKey(keyId = 'a1b2c3d4-0000-4000-8000-00000000k001', kind: 'rsa' | 'ed25519' = 'rsa'): KalshiKeyPair {
  const { privateKey, publicKey } = kind === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { keyId, privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey };
}

export class KalshiAuth {
  private readonly keys = new Map<string, KeyObject>();
  /** Key ids that exist but were revoked. */
  readonly revoked = new Set<string>();
  /** Offset added to the double's clock (to simulate client skew). */
  clockOffsetMs = 0;
  /** Number of requests refused for bad auth. */
  refusals = 0;
  /** The key kind of every accepted signature, in order. */
  readonly verifiedKinds: Array<'rsa' | 'ed25519'> = [];

  register(keyId: string, publicKey: KeyObject | string): void {
    this.keys.set(keyId, typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey);
  }

  /**
   * Check a request; returns null when authenticated, else the 401 reply Kalshi would send.
   * `path` is the path after the /trade-api/v2 prefix.
   */
  check(req: RecordedRequest): Reply | null {
    return this.checkSigned(req, KALSHI_PREFIX + req.path);
  }

  /**
   * A public route (the orderbook): unsigned requests pass; a request that carries the headers is
   * checked as a signed one (a wrong key is still refused).
   */
  checkOptional(req: RecordedRequest): Reply | null {
    return header(req, 'kalshi-access-key') || header(req, 'kalshi-access-signature') ? this.check(req) : null;
  }

  /** The same check over a full signed path (the WebSocket upgrade signs `/trade-api/ws/v2`). */
  checkSigned(req: Pick<RecordedRequest, 'method' | 'headers'>, fullPath: string): Reply | null {
    const keyId = header(req, 'kalshi-access-key');
    const ts = header(req, 'kalshi-access-timestamp');
    const sig = header(req, 'kalshi-access-signature');
    const refuse = (message: string, code = 'unauthorized'): Reply => {
      this.refusals += 1;
      return { status: 401, json: { error: { code, message, details: '' } } };
    };
    if (!keyId || !ts || !sig) return refuse('authentication required: missing KALSHI-ACCESS headers');
    const key = this.keys.get(keyId);
    if (!key) return refuse('invalid API key');
    if (this.revoked.has(keyId)) return refuse('API key revoked');
    if (!/^\d{13}$/.test(ts)) return refuse('invalid timestamp');
    const skew = Math.abs(Date.now() + this.clockOffsetMs - Number(ts));
    if (skew > MAX_SKEW_MS) return refuse('request timestamp expired: check your clock', 'timestamp_expired');
    const message = ts + req.method.toUpperCase() + fullPath;
    let ok: boolean;
    try {
      ok =
        key.asymmetricKeyType === 'ed25519'
          ? verify(null, Buffer.from(message), key, Buffer.from(sig, 'base64'))
          : verify('sha256', Buffer.from(message), { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, Buffer.from(sig, 'base64'));
    } catch {
      ok = false;
    }
    if (ok) this.verifiedKinds.push(key.asymmetricKeyType === 'ed25519' ? 'ed25519' : 'rsa');
    if (!ok) return refuse('invalid signature');
    return null;
  }

  /** The key id of an authenticated request (call after check()). */
  keyOf(req: Pick<RecordedRequest, 'headers'>): string {
    return header(req, 'kalshi-access-key') ?? '';
  }
}

function header(req: Pick<RecordedRequest, 'headers'>, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
