/**
 * Polymarket CLOB authentication as the real exchange checks it, written from the public docs
 * (independently of pmt's client code, so a shared mistake cannot hide).
 *
 * L1: POLY_ADDRESS, POLY_SIGNATURE, POLY_TIMESTAMP, POLY_NONCE; the signature must be the EIP-712
 * `ClobAuth{address,timestamp,nonce,message}` in domain ClobAuthDomain/1/137 and recover to
 * POLY_ADDRESS. Failures: 401 `{"error":"Invalid L1 Request headers"}`.
 * L2: POLY_ADDRESS, POLY_SIGNATURE, POLY_TIMESTAMP, POLY_API_KEY, POLY_PASSPHRASE; the key must
 * exist, belong to POLY_ADDRESS, match the passphrase, and POLY_SIGNATURE must be
 * urlsafe-base64(HMAC-SHA256(b64decode(secret), ts + METHOD + path + body)). Failures: 401
 * `{"error":"Unauthorized/Invalid api key"}`.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { recoverTypedDataAddress } from 'viem';
import type { RecordedRequest, Reply } from '../server.js';

export const L1_MESSAGE = 'This message attests that I control the given wallet';
export const L1_REFUSAL: Reply = { status: 401, json: { error: 'Invalid L1 Request headers' } };
export const L2_REFUSAL: Reply = { status: 401, json: { error: 'Unauthorized/Invalid api key' } };

export interface ApiKeyRecord {
  apiKey: string;
  secret: string;
  passphrase: string;
  /** Lower-case signer address owning the key. */
  address: string;
  nonce: string;
}

export function header(req: RecordedRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export class ClobAuth {
  readonly keys = new Map<string, ApiKeyRecord>();
  /** Requests refused for bad L1/L2 auth. */
  refusals = 0;
  /** L1 requests seen (derive + create). */
  l1Requests = 0;

  /** Issue a key for an address (what the create endpoint does; tests use it to pre-mint keys). */
  issue(address: string, nonce = '0'): ApiKeyRecord {
    const rec: ApiKeyRecord = {
      apiKey: randomUUID(),
      // Real secrets are url-safe base64 with padding.
      secret: randomBytes(32).toString('base64').replace(/\+/g, '-').replace(/\//g, '_'),
      passphrase: randomBytes(32).toString('hex'),
      address: address.toLowerCase(),
      nonce,
    };
    this.keys.set(rec.apiKey, rec);
    return rec;
  }

  find(address: string, nonce: string): ApiKeyRecord | undefined {
    for (const k of this.keys.values()) if (k.address === address.toLowerCase() && k.nonce === nonce) return k;
    return undefined;
  }

  /** Verify L1 headers; the signer address, or the 401 reply. */
  async checkL1(req: RecordedRequest): Promise<{ address: string; nonce: string } | { reply: Reply }> {
    this.l1Requests += 1;
    const address = header(req, 'POLY_ADDRESS');
    const signature = header(req, 'POLY_SIGNATURE');
    const timestamp = header(req, 'POLY_TIMESTAMP');
    const nonce = header(req, 'POLY_NONCE') ?? '0';
    if (!address || !signature || !timestamp || !/^0x[0-9a-fA-F]{40}$/.test(address) || !/^\d+$/.test(timestamp) || !/^\d+$/.test(nonce)) {
      return this.refuse(L1_REFUSAL);
    }
    try {
      const recovered = await recoverTypedDataAddress({
        domain: { name: 'ClobAuthDomain', version: '1', chainId: 137 },
        types: {
          ClobAuth: [
            { name: 'address', type: 'address' },
            { name: 'timestamp', type: 'string' },
            { name: 'nonce', type: 'uint256' },
            { name: 'message', type: 'string' },
          ],
        },
        primaryType: 'ClobAuth',
        message: { address: address as `0x${string}`, timestamp, nonce: BigInt(nonce), message: L1_MESSAGE },
        signature: signature as `0x${string}`,
      });
      if (recovered.toLowerCase() !== address.toLowerCase()) return this.refuse(L1_REFUSAL);
    } catch {
      return this.refuse(L1_REFUSAL);
    }
    return { address: address.toLowerCase(), nonce };
  }

  /** Verify L2 headers; the key record, or the 401 reply. */
  checkL2(req: RecordedRequest): { key: ApiKeyRecord } | { reply: Reply } {
    const address = header(req, 'POLY_ADDRESS');
    const signature = header(req, 'POLY_SIGNATURE');
    const timestamp = header(req, 'POLY_TIMESTAMP');
    const apiKey = header(req, 'POLY_API_KEY');
    const passphrase = header(req, 'POLY_PASSPHRASE');
    if (!address || !signature || !timestamp || !apiKey || !passphrase) return this.refuse(L2_REFUSAL);
    const rec = this.keys.get(apiKey);
    if (!rec || rec.passphrase !== passphrase || rec.address !== address.toLowerCase()) return this.refuse(L2_REFUSAL);
    const expected = hmac(rec.secret, timestamp + req.method + req.path + req.body);
    const a = Buffer.from(expected);
    const b = Buffer.from(signature);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return this.refuse(L2_REFUSAL);
    return { key: rec };
  }

  private refuse(r: Reply): { reply: Reply } {
    this.refusals += 1;
    return { reply: r };
  }
}

function hmac(secret: string, message: string): string {
  const key = Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return createHmac('sha256', key).update(message).digest('base64').replace(/\+/g, '-').replace(/\//g, '_');
}
