/**
 * Builds the `pmt exchanges` report. Credentials are resolved one exchange at a time, so an
 * incomplete Kalshi key does not hide a working Polymarket setup (ctx.credentials() resolves
 * both and fails as a whole). Each exchange gets its own Context whose credentials are only that
 * exchange's, so its adapter, and its `checkAuth()`, see exactly what a trading command would.
 */
import { createPrivateKey } from 'node:crypto';
import { Context, DEFAULT_URLS } from '../context.js';
import { CREDENTIAL_ENV, resolveCredentials, type ResolvedCredentials } from '../credentials.js';
import { PmtError, toPmtError } from '../errors.js';
import type { Exchange } from '../exchanges/exchange.js';
import type { ExchangeId } from '../exchanges/types.js';
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

const PREFIX: Record<ExchangeId, string> = { kalshi: 'KALSHI_', polymarket: 'POLYMARKET_' };

/** The profile and environment with the other exchange's credentials taken out. */
function scoped(id: ExchangeId, env: NodeJS.ProcessEnv, profile: Profile | undefined) {
  const other = id === 'kalshi' ? PREFIX.polymarket : PREFIX.kalshi;
  const e: NodeJS.ProcessEnv = { ...env };
  for (const name of CREDENTIAL_ENV) if (name.startsWith(other)) delete e[name];
  let p: Profile | undefined;
  if (profile) {
    // Kalshi's demo flag picks the environment for both scopes; it is not a credential.
    const demo = profile.kalshi?.demo === undefined ? undefined : { demo: profile.kalshi.demo };
    p = id === 'kalshi' ? { kalshi: profile.kalshi } : { polymarket: profile.polymarket, kalshi: demo };
  }
  return { env: e, profile: p };
}

const HOW_TO: Record<ExchangeId, string> = {
  kalshi: 'set KALSHI_API_KEY_ID and KALSHI_PRIVATE_KEY_PATH, or run `pmt profile add <name> --kalshi-api-key-id ID --kalshi-private-key-path FILE`',
  polymarket: 'set POLYMARKET_PRIVATE_KEY (and POLYMARKET_FUNDER for a proxy wallet), or run `pmt profile add <name>`',
};

/** Local checks only (no request): is what we have usable at all? Never echoes a value. */
function localProblem(id: ExchangeId, creds: ResolvedCredentials): string | null {
  if (id === 'kalshi' && creds.kalshi) {
    try {
      const key = createPrivateKey(creds.kalshi.privateKeyPem.value);
      if (key.asymmetricKeyType !== 'rsa') return `the Kalshi private key from ${creds.kalshi.privateKeyPem.origin} is not an RSA key`;
    } catch {
      return `the Kalshi private key from ${creds.kalshi.privateKeyPem.origin} is not a readable PEM private key`;
    }
  }
  if (id === 'polymarket' && creds.polymarket) {
    const pm = creds.polymarket;
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(pm.privateKey.value.trim())) {
      return `the Polymarket private key from ${pm.privateKey.origin} is not 32 bytes of hex`;
    }
    if (pm.funder && !/^0x[0-9a-fA-F]{40}$/.test(pm.funder.value.trim())) {
      return `the Polymarket funder from ${pm.funder.origin} is not an 0x address`;
    }
  }
  return null;
}

interface Scope {
  ctx: Context;
  credentials: CredentialStatus;
}

async function scope(ctx: Context, id: ExchangeId, profileName: string | null, profile: Profile | undefined): Promise<Scope> {
  const s = scoped(id, ctx.env, profile);
  const base = { profileName, kalshi: null, polymarket: null, kalshiDemo: null } satisfies ResolvedCredentials;
  let resolved: ResolvedCredentials = base;
  let credentials: CredentialStatus;
  try {
    resolved = resolveCredentials({ env: s.env, profile: s.profile, profileName, flags: ctx.credentialFlags });
    const mine = id === 'kalshi' ? resolved.kalshi : resolved.polymarket;
    const ident = id === 'kalshi' ? resolved.kalshi?.apiKeyId : resolved.polymarket?.privateKey;
    const problem = localProblem(id, resolved);
    if (!mine) credentials = { status: 'missing', source: null, origin: null, message: `no ${id} credentials: ${HOW_TO[id]}` };
    else if (problem) credentials = { status: 'invalid', source: ident!.source, origin: ident!.origin, message: problem };
    else credentials = { status: 'configured', source: ident!.source, origin: ident!.origin, message: null };
  } catch (err) {
    const e = toPmtError(err);
    credentials = { status: 'invalid', source: null, origin: null, message: e.message };
    // The environment still needs Kalshi's demo flag, which cannot fail to resolve.
    const demo = s.profile?.kalshi?.demo;
    resolved = { ...base, kalshiDemo: demo === undefined ? null : { value: demo, source: 'profile', origin: `profile ${profileName ?? ''}`.trim() } };
  }
  if (credentials.status !== 'configured') resolved = { ...resolved, kalshi: null, polymarket: null };
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

function urlsOf(id: ExchangeId, urls: { kalshi: string; gamma: string; clob: string }): Record<string, string> {
  return id === 'kalshi' ? { api: urls.kalshi } : { gamma: urls.gamma, clob: urls.clob };
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
      const cfg = await s.ctx.adapterConfig();
      const capabilities = Object.fromEntries(Object.entries(ex.has).map(([op, c]) => [snake(op), { supported: c.supported, auth: c.auth }]));
      const urls = urlsOf(id, cfg.urls);
      // An adapter knows production from demo; a PMT_*_URL override makes it "custom" whatever it says.
      const known = new Set<string>(Object.values(DEFAULT_URLS));
      const environment = Object.values(urls).every((u) => known.has(u)) ? ex.environment : 'custom';
      return {
        id,
        environment,
        // A user:password in a PMT_*_URL (a proxy's login) is never shown.
        urls: Object.fromEntries(Object.entries(urls).map(([k, u]) => [k, withoutUserinfo(u)])),
        capabilities,
        credentials: s.credentials,
        check: withCheck ? await check(ex, s.credentials) : null,
      };
    }),
  );
  return { profile: profileName ?? null, exchanges };
}

/** The exit code a failed check should give (first failing exchange), or 0. */
export function checkExitKind(exchanges: ExchangeStatus[]): PmtError | null {
  const failed = exchanges.find((e) => e.check?.status === 'failed');
  if (!failed?.check) return null;
  const err = failed.check.error ?? { kind: 'Authentication' as const, message: 'check failed' };
  return new PmtError(err.kind, `${failed.id}: ${err.message}`);
}
