/**
 * `pmt doctor`: why an account cannot trade, and the exact fix, per exchange: credentials, one
 * signed request (accepted? clock skew?), the environment, then the exchange's own account
 * checks: on an exchange with on-chain actions, the chain's (wallet, where the collateral is,
 * approvals per spender, gas money), else `checkFunds`. Trading is blocked when any check fails.
 */
import { PmtError, toPmtError } from '../errors.js';
import type { DoctorCheck } from '../exchanges/onchain.js';
import { manifestOf, type ExchangeId } from '../exchanges/registry.js';
import type { Answer } from './answer.js';
import type { Services } from './services.js';

/** Local clock minus the exchange's beyond this may get signed requests refused. */
export const DOCTOR_SKEW_MS = 5000;

export interface DoctorReport {
  exchanges: Partial<Record<ExchangeId, DoctorCheck[]>>;
  /** True when nothing blocks trading on any exchange checked. */
  ok: boolean;
}

/** The checks per exchange; the CLI then exits 9 when trading is blocked (`verdict`), serve answers 200 either way. */
export async function doctor(svc: Services, q: { exchange?: ExchangeId }): Promise<DoctorReport & Answer<DoctorReport['exchanges']>> {
  const ids = q.exchange ? [q.exchange] : await svc.configured();
  if (ids.length === 0) throw await svc.noCredentials();
  const exchanges: DoctorReport['exchanges'] = {};
  for (const id of ids) exchanges[id] = await doctorOne(svc, id);
  const r = { exchanges, ok: Object.values(exchanges).every((cs) => cs!.every((c) => c.ok)) };
  return { ...r, body: exchanges, verdict: doctorFailure(r) };
}

async function doctorOne(svc: Services, id: ExchangeId): Promise<DoctorCheck[]> {
  const m = manifestOf(id);
  const out: DoctorCheck[] = [];
  try {
    await svc.requireCredentials(id);
    out.push({ check: 'credentials', ok: true, detail: `${m.name} credentials are configured`, fix: null });
  } catch (e) {
    const err = toPmtError(e);
    out.push({ check: 'credentials', ok: false, detail: err.message, fix: err.hint ?? m.credentials.fix });
    return out;
  }
  const ex = await svc.exchange(id);
  out.push({ check: 'environment', ok: true, detail: `${m.name} ${ex.environment}`, fix: null });
  let auth;
  try {
    auth = await ex.checkAuth();
    out.push({ check: 'auth', ok: auth.ok, detail: auth.detail, fix: auth.ok ? null : m.credentials.fix });
    if (auth.clock_skew_ms !== null) {
      const ok = Math.abs(auth.clock_skew_ms) < DOCTOR_SKEW_MS;
      out.push({ check: 'clock', ok, detail: `local clock ${auth.clock_skew_ms >= 0 ? '+' : ''}${(auth.clock_skew_ms / 1000).toFixed(1)} s from ${m.name}'s`, fix: ok ? null : 'synchronise the system clock (NTP); signed requests carry timestamps' });
    }
  } catch (e) {
    const err = toPmtError(e);
    out.push({ check: 'auth', ok: false, detail: err.message, fix: err.hint ?? m.credentials.fix });
  }
  if (m.doctor) {
    try {
      out.push(...(await (await m.doctor())(ex)()));
    } catch (e) {
      const err = toPmtError(e);
      out.push({ check: 'account', ok: false, detail: err.message, fix: err.hint ?? null });
    }
  }
  if (m.onchain) {
    const chain = (await m.onchain())(ex);
    out.push(...(await chain.doctor()));
  } else {
    try {
      const f = await ex.checkFunds(auth);
      out.push({ check: 'funds', ok: f.ok, detail: f.lines.join('; '), fix: f.fix });
    } catch (e) {
      const err = toPmtError(e);
      out.push({ check: 'funds', ok: false, detail: err.message, fix: err.hint ?? null });
    }
  }
  return out;
}

/** The exit when trading is blocked (Config, exit 9), naming the failed checks. */
export function doctorFailure(r: DoctorReport): PmtError | null {
  if (r.ok) return null;
  const failed = Object.entries(r.exchanges).flatMap(([id, cs]) => cs!.filter((c) => !c.ok).map((c) => `${manifestOf(id as ExchangeId).name} ${c.check}`));
  const first = Object.values(r.exchanges).flatMap((cs) => cs!).find((c) => !c.ok);
  return new PmtError('Config', `trading is blocked: ${failed.join(', ')}`, { hint: first?.fix ?? undefined });
}
