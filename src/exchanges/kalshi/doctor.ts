/**
 * Kalshi's own `pmt doctor` checks: the key's kind (an RSA private key of enough bits, the only
 * kind Kalshi signs with) and the account's API tier (`GET /account/limits`: usage tier and the
 * read/write token budgets). The tier never blocks trading; it explains 429s.
 */
import { createPrivateKey } from 'node:crypto';
import { toPmtError } from '../../errors.js';
import type { DoctorCheck } from '../onchain.js';
import type { KalshiClient } from './client.js';
import { obj, text } from './coerce.js';

export function createDoctor(ex: object) {
  const c = (ex as unknown as { client: KalshiClient }).client;
  return () => doctorChecks(c);
}

async function doctorChecks(c: KalshiClient): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  const creds = (await c.cfg.credentials()).kalshi;
  if (creds) {
    try {
      const k = createPrivateKey(creds.privateKeyPem.value);
      const bits = k.asymmetricKeyDetails?.modulusLength ?? null;
      // Kalshi signs with RSA (2048 bits or more) or, since 2026-09-24, Ed25519 keys (auth.ts).
      const ok = (k.asymmetricKeyType === 'rsa' && (bits === null || bits >= 2048)) || k.asymmetricKeyType === 'ed25519';
      out.push({
        check: 'key',
        ok,
        detail: `${k.asymmetricKeyType === 'ed25519' ? 'Ed25519' : (k.asymmetricKeyType?.toUpperCase() ?? 'unknown')}${bits ? ` ${bits}-bit` : ''} private key from ${creds.privateKeyPem.origin}, API key id from ${creds.apiKeyId.origin}`,
        fix: ok ? null : 'create an API key on kalshi.com (Account → API keys) and save the RSA or Ed25519 private key it gives you',
      });
    } catch (e) {
      out.push({ check: 'key', ok: false, detail: `the Kalshi private key from ${creds.privateKeyPem.origin} is not a readable PEM private key`, fix: 'point KALSHI_PRIVATE_KEY_PATH at the .key/.pem file Kalshi gave you' });
      void e;
    }
  }
  try {
    const signer = await c.signer('trade');
    const body = obj(await c.http.get<unknown>('/account/limits', { signer }));
    const rate = (b: unknown) => {
      const r = obj(b);
      return r && typeof r.refill_rate === 'number' ? `${r.refill_rate}/s` : '?';
    };
    out.push({ check: 'rate tier', ok: true, detail: `${text(body?.usage_tier) ?? 'unknown'} tier: reads ${rate(body?.read)}, writes ${rate(body?.write)} (tokens; most requests cost 10)`, fix: null });
  } catch (e) {
    // Informational: an account that cannot read its limits can still trade.
    out.push({ check: 'rate tier', ok: true, detail: `not known (${toPmtError(e).message})`, fix: null });
  }
  return out;
}
