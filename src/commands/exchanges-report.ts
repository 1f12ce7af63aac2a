/**
 * Builds the `pmt exchanges` report. Credentials are resolved one exchange at a time, so an
 * incomplete Kalshi key does not hide a working Polymarket setup (ctx.credentials() resolves
 * every exchange and fails as a whole). Each exchange gets its own Context whose credentials are only that
 * exchange's, so its adapter, and its `checkAuth()`, see exactly what a trading command would.
 */
import { Context } from '../context.js';
import { resolveCredentials, withoutCredentials, type ResolvedCredentials } from '../credentials.js';
import { PmtError, toPmtError } from '../errors.js';
import type { Exchange } from '../exchanges/exchange.js';
import { OPERATIONS } from '../exchanges/manifest.js';
import { MANIFESTS, manifestOf, type ExchangeId } from '../exchanges/registry.js';
import { withoutUserinfo } from '../exchanges/http-failures.js';
import { unknownProfile, type Profile } from '../profiles.js';
import type { CheckStatus, CredentialStatus, ExchangeStatus } from '../render/views/exchanges.js';

/** A Context that resolves only one exchange's credentials (already resolved). */
class ScopedContext extends Context {
  constructor(
    base: Context,
    private readonly resolved: ResolvedCredentials,
  ) {
    super({ io: base.io, env: base.env, globals: base.globals });
    this.credentialFlags = base.credentialFlags;
    this.now = base.now;
  }
  override credentials(): Promise<ResolvedCredentials> {
    return Promise.resolve(this.resolved);
  }
}

interface Scope {
  ctx: Context;
  credentials: CredentialStatus;
}

async function scope(ctx: Context, id: ExchangeId, profileName: string | null, profile: Profile | undefined): Promise<Scope> {
  // This exchange's credentials only; every exchange's settings (Kalshi's demo flag picks the environment for all).
  const opts = { env: ctx.env, profile, profileName, flags: ctx.credentialFlags, namedProfile: ctx.globals.profile !== undefined, only: [id] };
  let resolved: ResolvedCredentials;
  let credentials: CredentialStatus;
  try {
    resolved = resolveCredentials(opts);
    const m = manifestOf(id).credentials;
    const ident = m.identity(resolved);
    const problem = await m.problem(resolved);
    if (!m.configured(resolved)) credentials = { status: 'missing', source: null, origin: null, message: `no ${id} credentials: ${m.setup}` };
    else if (problem) credentials = { status: 'invalid', source: ident!.source, origin: ident!.origin, message: problem };
    else credentials = { status: 'configured', source: ident!.source, origin: ident!.origin, message: null };
  } catch (err) {
    const e = toPmtError(err);
    credentials = { status: 'invalid', source: null, origin: null, message: e.message };
    // The environment still needs the settings, which cannot fail to resolve.
    resolved = resolveCredentials({ ...opts, only: [] });
  }
  if (credentials.status !== 'configured') resolved = withoutCredentials(resolved);
  return { ctx: new ScopedContext(ctx, resolved), credentials };
}

const snake = (op: string) => op.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

async function check(ex: Exchange, credentials: CredentialStatus): Promise<CheckStatus> {
  if (credentials.status !== 'configured') {
    const detail = credentials.status === 'missing' ? 'no credentials' : 'credentials are invalid';
    return { status: 'skipped', clock_skew_ms: null, detail, error: null };
  }
  try {
    const r = await ex.checkAuth();
    return {
      status: r.ok ? 'ok' : 'failed',
      clock_skew_ms: r.clock_skew_ms,
      detail: r.detail || null,
      error: r.ok ? null : { kind: 'Authentication', message: r.detail || `${ex.id} rejected the credentials` },
    };
  } catch (err) {
    const e = toPmtError(err);
    if (e.kind === 'NotSupported') return { status: 'not_supported', clock_skew_ms: null, detail: e.message, error: null };
    return { status: 'failed', clock_skew_ms: null, detail: null, error: e.toObject() };
  }
}

/** The credentials check, then the account diagnosis (given the check's result, so nothing is asked twice). */
async function checks(ex: Exchange, credentials: CredentialStatus, withCheck: boolean): Promise<Pick<ExchangeStatus, 'check' | 'funds'>> {
  if (!withCheck) return { check: null, funds: null };
  const c = await check(ex, credentials);
  if (credentials.status !== 'configured' || (c.status === 'failed' && c.error?.kind !== 'Authentication')) return { check: c, funds: null };
  try {
    return { check: c, funds: await ex.checkFunds({ ok: c.status === 'ok', clock_skew_ms: c.clock_skew_ms, detail: c.detail ?? '' }) };
  } catch {
    // A failure here is the same the credentials check reports: not repeated.
    return { check: c, funds: null };
  }
}

/** The base URLs as `pmt exchanges` names them (`api`; `gamma`, `clob`). */
function urlsOf(id: ExchangeId, urls: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(manifestOf(id).urls).map(([key, u]) => [u.label, urls[key]!]));
}

/** The status of every exchange (in order), with `--check` making one signed request each. */
export async function exchangesReport(
  ctx: Context,
  ids: readonly ExchangeId[],
  withCheck: boolean,
): Promise<{ profile: string | null; exchanges: ExchangeStatus[] }> {
  const explicit = ctx.globals.profile ?? ctx.env.PMT_PROFILE;
  const { active, profiles } = await ctx.store.list();
  const profileName = explicit ?? active;
  const profile = profileName ? profiles[profileName] : undefined;
  if (explicit && !profile) throw unknownProfile(explicit, Object.keys(profiles));

  const exchanges = await Promise.all(
    ids.map(async (id): Promise<ExchangeStatus> => {
      const s = await scope(ctx, id, profileName ?? null, profile);
      const ex = await s.ctx.exchange(id);
      const cfg = await s.ctx.adapterConfig(id);
      const capabilities = Object.fromEntries(OPERATIONS.map((op) => [snake(op), { supported: ex.has[op].supported, auth: ex.has[op].auth }]));
      const urls = urlsOf(id, cfg.urls);
      // An adapter knows production from demo; a PMT_*_URL override makes it "custom" whatever it says.
      const known = new Set<string>(MANIFESTS.flatMap((m) => Object.values(m.urls).flatMap((u: { default: string; demo?: string }) => [u.default, u.demo ?? u.default])));
      const environment = Object.values(urls).every((u) => known.has(u)) ? ex.environment : 'custom';
      return {
        id,
        environment,
        // A user:password in a PMT_*_URL (a proxy's login) is never shown.
        urls: Object.fromEntries(Object.entries(urls).map(([k, u]) => [k, withoutUserinfo(u)])),
        capabilities,
        credentials: s.credentials,
        ...(await checks(ex, s.credentials, withCheck)),
      };
    }),
  );
  return { profile: profileName ?? null, exchanges };
}

/** The exit code a failed check should give (first failing exchange), or 0. */
export function checkExitKind(exchanges: ExchangeStatus[]): PmtError | null {
  const failed = exchanges.find((e) => e.check?.status === 'failed');
  if (!failed?.check) {
    // Credentials accepted but the account cannot trade as configured: a settings problem.
    const stuck = exchanges.find((e) => e.funds && !e.funds.ok);
    return stuck ? new PmtError('Config', `${stuck.id}: ${stuck.funds!.fix ?? 'the account cannot trade as configured'}`) : null;
  }
  const err = failed.check.error ?? { kind: 'Authentication' as const, message: 'check failed' };
  return new PmtError(err.kind, `${failed.id}: ${err.message}`);
}
