/**
 * Polymarket CLOB authentication.
 *
 * L1 (wallet proof, only to obtain API credentials): EIP-712 `ClobAuth` in domain
 * {name "ClobAuthDomain", version "1", chainId 137}, fields address/timestamp(string, unix s)/
 * nonce(uint256)/message; headers POLY_ADDRESS, POLY_SIGNATURE, POLY_TIMESTAMP, POLY_NONCE.
 * `GET /auth/derive-api-key` returns an existing key; `POST /auth/api-key` creates one.
 *
 * L2 (every private call): HMAC-SHA256 keyed with the base64(url)-decoded secret over
 * `timestamp + METHOD + path + body` (path without query, body exactly as sent), URL-safe base64
 * output with `=` kept; headers POLY_ADDRESS (signer EOA), POLY_SIGNATURE, POLY_TIMESTAMP,
 * POLY_API_KEY, POLY_PASSPHRASE.
 *
 * Derived credentials live only in memory for the run: never written, logged or printed.
 */
import { createHmac } from 'node:crypto';
import { PmtError } from '../../errors.js';
import { registerSecret } from '../../secrets.js';
import type { Signer } from '../http.js';
import type { PolymarketClient } from './client.js';
import { requireCredentials, wallet, type Hex, type TypedData, type Wallet } from './wallet.js';

export const CHAIN_ID = 137;
export const CLOB_AUTH_MESSAGE = 'This message attests that I control the given wallet';

export interface ApiCreds {
  key: string;
  secret: string;
  passphrase: string;
  /** Where they came from, for `checkAuth`: configured (env/flag/profile), derived or created. */
  source: string;
}

/** The ClobAuth typed data signed for L1 headers. */
export function clobAuthTypedData(address: Hex, timestamp: string, nonce: number): TypedData {
  return {
    domain: { name: 'ClobAuthDomain', version: '1', chainId: CHAIN_ID },
    types: {
      ClobAuth: [
        { name: 'address', type: 'address' },
        { name: 'timestamp', type: 'string' },
        { name: 'nonce', type: 'uint256' },
        { name: 'message', type: 'string' },
      ],
    },
    primaryType: 'ClobAuth',
    message: { address, timestamp, nonce: BigInt(nonce), message: CLOB_AUTH_MESSAGE },
  };
}

export async function l1Headers(w: Wallet, nowMs: number, nonce = 0): Promise<Record<string, string>> {
  const ts = String(Math.floor(nowMs / 1000));
  const sig = await w.signTypedData(clobAuthTypedData(w.address, ts, nonce));
  return { POLY_ADDRESS: w.address, POLY_SIGNATURE: sig, POLY_TIMESTAMP: ts, POLY_NONCE: String(nonce) };
}

/** The L2 HMAC: base64url(HMAC-SHA256(base64decode(secret), ts + METHOD + path + body)), `=` kept. */
export function l2Signature(secret: string, timestamp: string, method: string, path: string, body?: string): string {
  // Node's base64 decoder accepts both alphabets and missing padding.
  const key = Buffer.from(secret, 'base64');
  const mac = createHmac('sha256', key).update(timestamp + method.toUpperCase() + path + (body ?? '')).digest('base64');
  return mac.replace(/\+/g, '-').replace(/\//g, '_');
}

/** An HttpClient signer adding fresh L2 headers to every attempt. */
export function l2Signer(address: string, creds: ApiCreds, now: () => number): Signer {
  return ({ method, signPath, body }) => {
    const ts = String(Math.floor(now() / 1000));
    return {
      POLY_ADDRESS: address,
      POLY_SIGNATURE: l2Signature(creds.secret, ts, method, signPath, body),
      POLY_TIMESTAMP: ts,
      POLY_API_KEY: creds.key,
      POLY_PASSPHRASE: creds.passphrase,
    };
  };
}

const BLOCKED_HINT =
  'Polymarket\'s Cloudflare firewall blocks API-key creation from many datacenter/VPN addresses: create the API key in the Polymarket UI (or from another network) and pass POLYMARKET_API_KEY, POLYMARKET_API_SECRET and POLYMARKET_API_PASSPHRASE (or `pmt profile add --polymarket-api-key …`)';

const credsCache = new WeakMap<PolymarketClient, Promise<ApiCreds>>();

/** L2 credentials: configured ones, else derived (or created) once per run with an L1 signature. */
export function apiCreds(c: PolymarketClient): Promise<ApiCreds> {
  let p = credsCache.get(c);
  if (!p) {
    p = resolveApiCreds(c);
    p.catch(() => credsCache.delete(c));
    credsCache.set(c, p);
  }
  return p;
}

async function resolveApiCreds(c: PolymarketClient): Promise<ApiCreds> {
  const creds = await requireCredentials(c);
  const given = [creds.apiKey, creds.apiSecret, creds.apiPassphrase];
  if (given.some(Boolean)) {
    if (!given.every(Boolean)) {
      const names = ['POLYMARKET_API_KEY', 'POLYMARKET_API_SECRET', 'POLYMARKET_API_PASSPHRASE'].filter((_, i) => !given[i]);
      throw new PmtError('Config', `Polymarket API credentials are incomplete: ${names.join(', ')} missing`, {
        hint: 'give all three (key, secret, passphrase), or none to derive them from the private key',
      });
    }
    return { key: creds.apiKey!.value, secret: creds.apiSecret!.value, passphrase: creds.apiPassphrase!.value, source: creds.apiKey!.origin };
  }
  const w = await wallet(c);
  const signer: Signer = () => l1Headers(w, c.cfg.now());
  try {
    const derived = await c.clob.get<unknown>('/auth/derive-api-key', { signer });
    const parsed = parseCreds(derived, 'derived from the private key');
    if (parsed) {
      if (c.cfg.readOnly?.()) c.cfg.log?.('dry run: Polymarket API credentials derived from the private key (a read); nothing created');
      return parsed;
    }
  } catch (e) {
    // 400 "Could not derive api key!" means none exists yet for this address: create one below.
    if (!(e instanceof PmtError) || e.status !== 400) throw l1Failure(e);
  }
  // A dry run sends no write: creating an API key is one (derive above is a read).
  if (c.cfg.readOnly?.()) {
    throw new PmtError('Config', 'this wallet has no Polymarket API key yet, and a dry run creates none (it sends no write): cash and positions were not read', {
      hint: 'a real order creates the API key when it is sent; or create one in the Polymarket UI and pass POLYMARKET_API_KEY, POLYMARKET_API_SECRET and POLYMARKET_API_PASSPHRASE',
    });
  }
  try {
    const created = await c.clob.post<unknown>('/auth/api-key', { signer });
    const parsed = parseCreds(created, 'created with the private key');
    if (parsed) return parsed;
    throw new PmtError('Authentication', 'Polymarket did not return API credentials for this wallet', { hint: BLOCKED_HINT });
  } catch (e) {
    throw l1Failure(e);
  }
}

function parseCreds(raw: unknown, source: string): ApiCreds | null {
  const r = (raw ?? {}) as Record<string, unknown>;
  const key = r.apiKey ?? r.key;
  if (typeof key !== 'string' || !key || typeof r.secret !== 'string' || typeof r.passphrase !== 'string') return null;
  // Derived credentials are as secret as configured ones: an upstream that later echoes one (an
  // error quoting the key or passphrase) must not get it printed.
  for (const v of [key, r.secret, r.passphrase]) registerSecret(v);
  return { key, secret: r.secret, passphrase: r.passphrase, source };
}

/** An L1 failure as the user should see it: Authentication, with the Cloudflare workaround. */
function l1Failure(e: unknown): unknown {
  if (!(e instanceof PmtError)) return e;
  if (e.kind === 'Authentication') {
    return new PmtError('Authentication', `Polymarket refused the wallet signature used to get API credentials: ${e.message}`, {
      status: e.status,
      hint: 'check that POLYMARKET_PRIVATE_KEY is the key of your Polymarket signer and that this machine\'s clock is right',
    });
  }
  if (/HTML/.test(e.message) || e.status === 403) {
    return new PmtError('Authentication', `Polymarket blocked the request for API credentials (HTTP ${e.status ?? '?'}, HTML block page)`, { status: e.status, hint: BLOCKED_HINT });
  }
  return e;
}

/** The L2 signer for this run (deriving credentials on first use). */
export async function l2(c: PolymarketClient): Promise<{ signer: Signer; creds: ApiCreds; wallet: Wallet }> {
  const w = await wallet(c);
  const creds = await apiCreds(c);
  return { signer: l2Signer(w.address, creds, () => c.cfg.now()), creds, wallet: w };
}
