/**
 * `pmt exchanges --check` on Kalshi: does the key belong to the environment in use? Kalshi's
 * production and demo keys are separate accounts; a demo key sent to production (or the reverse)
 * is refused as an unknown key, which reads like a typo. When the key is refused, the check asks
 * the other environment (production ↔ demo, from the manifest; `urls.kalshiOther` overrides it) with the same key, and
 * names the setting that matches.
 */
import { Decimal } from '../../decimal.js';
import { PmtError } from '../../errors.js';
import type { AuthCheck, FundsCheck } from '../exchange.js';
import { KalshiClient } from './client.js';
import { kalshi as manifest } from './manifest.js';
import { obj } from './coerce.js';

async function balanceAt(c: KalshiClient): Promise<Decimal | null> {
  const signer = await c.signer('trade');
  const body = obj(await c.http.get<unknown>('/portfolio/balance', { signer }));
  return Decimal.read(body?.balance)?.div(100, 2) ?? null;
}

const refused = (e: unknown) => e instanceof PmtError && e.kind === 'Authentication';

export async function checkFunds(c: KalshiClient, auth?: AuthCheck): Promise<FundsCheck> {
  const env = c.cfg.environment ?? 'production';
  const host = new URL(c.http.baseUrl).host;
  // The credentials check already made the signed request: an accepted key needs no second one.
  if (auth?.ok) return { ok: true, lines: [`the key belongs to Kalshi ${env} (${host})`], fix: null };
  try {
    const cash = await balanceAt(c);
    return { ok: true, lines: [`the key belongs to Kalshi ${env} (${host})${cash ? `; available $${cash.toFixed(2)}` : ''}`], fix: null };
  } catch (e) {
    if (!refused(e)) throw e;
    const lines = [`Kalshi ${env} (${host}) refused the key: ${(e as PmtError).message}`];
    // The other environment's base: production ↔ demo (a custom base has none, unless given as `kalshiOther`).
    const u = manifest.urls.kalshi;
    const other = c.cfg.urls.kalshiOther ?? (env === 'production' ? u.demo : env === 'demo' ? u.default : undefined);
    if (!other) return { ok: false, lines, fix: 'check KALSHI_API_KEY_ID and the private key; Kalshi keys are per environment (production and demo are separate accounts)' };
    const otherName = env === 'demo' ? 'production' : 'demo';
    try {
      await balanceAt(new KalshiClient({ ...c.cfg, urls: { ...c.cfg.urls, kalshi: other } }));
    } catch (e2) {
      if (!refused(e2)) throw e2;
      lines.push(`Kalshi ${otherName} (${new URL(other).host}) refused it too`);
      return { ok: false, lines, fix: 'the key is not known to either environment: check KALSHI_API_KEY_ID and that the private key is the one downloaded with it' };
    }
    lines.push(`Kalshi ${otherName} (${new URL(other).host}) accepts it`);
    const fix =
      otherName === 'demo'
        ? 'this is a demo key: use a profile with --kalshi-demo (`pmt profile add <name> --kalshi-demo …`), or create a production key at kalshi.com'
        : 'this is a production key: use a profile without --kalshi-demo, or create a demo key at demo.kalshi.co';
    return { ok: false, lines, fix };
  }
}
