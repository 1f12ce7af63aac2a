/**
 * Credential resolution, field by field (contract, "Configuration and credentials"), for every
 * field the manifests declare (exchanges/credential-spec.ts): a flag; a profile named with
 * `--profile`; the environment; the active profile. A profile named explicitly is never
 * overridden by, nor filled in from, ambient environment variables: signing with a wallet the
 * user did not name is the worst possible surprise. A field that can be a file's path or the
 * text itself takes the path at the same source level. Each value remembers its source so
 * `pmt profile show` can say where it came from. Values are read here and handed to adapters;
 * nothing in this module prints or logs them, and every secret is registered for scrubbing.
 */
import { readFileSync } from 'node:fs';
import { PmtError } from './errors.js';
import { registerSecret } from './secrets.js';
import type { Profile } from './profiles.js';
import type { ResolvedCredentials, Sourced } from './exchanges/config.js';
import type { CredentialField, ProfileSection, ResolvedField, ResolvedFields } from './exchanges/credential-spec.js';
import type { ExchangeManifest } from './exchanges/manifest.js';
import { ALL_MANIFESTS as MANIFESTS } from './exchanges/registry.js';

export type { ResolvedCredentials, Source, Sourced } from './exchanges/config.js';

/** Flag values, named after their environment variables (`KALSHI_API_KEY_ID`; a setting without one: `KALSHI_DEMO`). */
export type CredentialFlags = Partial<Record<string, string | boolean>>;

/** Every variable a profile's fields can come from, in registry order (a named profile ignores them all). */
export const CREDENTIAL_ENV: readonly string[] = MANIFESTS.flatMap((m) =>
  (m.credentials.fields as readonly CredentialField[]).filter((f) => !f.namedProfileTakesEnv).flatMap((f) => [f.file?.env, f.env].filter((e): e is string => e !== undefined)),
);

/** The key of a field in CredentialFlags: its variable, else its flag in upper snake case. */
export const flagKey = (f: { env?: string; flag: string }): string => f.env ?? f.flag.toUpperCase().replace(/-/g, '_');

/** An exchange's section of a profile (`profile.kalshi`, `profile.polymarket_us`). */
export function sectionOf(profile: Profile | undefined, m: ExchangeManifest): ProfileSection | undefined {
  const s = profile?.[m.credentials.profileKey];
  return s && typeof s === 'object' && !Array.isArray(s) ? (s as ProfileSection) : undefined;
}

export interface ResolveOptions {
  env: NodeJS.ProcessEnv;
  profile: Profile | undefined;
  profileName: string | null;
  flags?: CredentialFlags;
  /** The profile was named with `--profile`: the environment's credentials are not read. */
  namedProfile?: boolean;
  /** Resolve only these exchanges' credentials (the others are none); settings are resolved for all. */
  only?: readonly string[];
}

const RANK = { flag: 0, env: 1, profile: 2 } as const;

export function resolveCredentials(opts: ResolveOptions): ResolvedCredentials {
  const out = emptyCredentials(opts.profileName);
  const fields: NonNullable<ResolvedCredentials['fields']> = {};
  const env: NodeJS.ProcessEnv = opts.namedProfile && opts.profile ? withoutCredentialEnv(opts.env) : opts.env;
  const pOrigin = `profile ${opts.profileName ?? ''}`.trim();
  const flags = opts.flags ?? {};

  /** Flag, then environment, then profile; `profileFirst` (a named profile's setting): flag, profile, environment. */
  const pick = (key: string, envName: string | undefined, stored: unknown, profileFirst = false): Sourced<string | boolean> | undefined => {
    const f = flags[key];
    if ((typeof f === 'string' && f !== '') || typeof f === 'boolean') return { value: f, source: 'flag', origin: '--' + key.toLowerCase().replace(/_/g, '-') };
    const fromProfile = typeof stored === 'boolean' || (typeof stored === 'string' && stored !== '') ? ({ value: stored as string | boolean, source: 'profile', origin: pOrigin } as const) : undefined;
    if (profileFirst && fromProfile) return fromProfile;
    const e = envName === undefined ? undefined : env[envName];
    if (e !== undefined && e !== '') return { value: e, source: 'env', origin: envName! };
    return fromProfile;
  };

  for (const m of MANIFESTS) {
    const spec = m.credentials;
    const section = sectionOf(opts.profile, m);
    const found: Partial<Record<string, { text?: Sourced<string | boolean>; path?: Sourced<string | boolean> }>> = {};
    for (const f of spec.fields as readonly CredentialField[]) {
      if (f.setting) {
        const s = pick(flagKey(f), f.env, section?.[f.name]);
        (out as unknown as Record<string, unknown>)[f.setting] = s ?? null;
        continue;
      }
      const text = pick(flagKey(f), f.env, section?.[f.name], f.namedProfileTakesEnv === true && opts.namedProfile === true);
      const path = f.file ? pick(flagKey(f.file), f.file.env, section?.[f.file.name]) : undefined;
      if (text || path) found[f.name] = { text, path };
    }
    if (opts.only && !opts.only.includes(m.id)) continue;
    // Some required fields without the others: incomplete, said before any file is read.
    const required = (spec.fields as readonly CredentialField[]).filter((f) => f.required);
    const missing = required.find((f) => !found[f.name]);
    if (missing && required.some((f) => found[f.name])) {
      const how = required.map((f) => `--${f.file?.flag ?? f.flag} ${(f.file?.arg ?? f.arg ?? '').replace(/[<>]/g, '').toUpperCase()}`).join(' ');
      throw new PmtError('Config', `${m.name} credentials are incomplete: ${missing.required!.missing} is missing`, { hint: `run \`pmt profile add <name> ${how}\`` });
    }
    const resolved: ResolvedFields = {};
    for (const f of spec.fields as readonly CredentialField[]) {
      const v = found[f.name];
      if (!v) continue;
      const fromFile = v.path && (!v.text || RANK[v.path.source] <= RANK[v.text.source]);
      const r: ResolvedField = fromFile ? { ...v.path!, value: readKeyFile(String(v.path!.value), v.path!.origin, f), path: String(v.path!.value) } : v.text!;
      // Whatever prints later (errors, --verbose, crash reports) scrubs these values.
      if (f.display === 'secret') registerSecret(String(r.value));
      resolved[f.name] = r;
    }
    (out as unknown as Record<string, unknown>)[spec.key] = spec.build(resolved) ?? null;
    fields[spec.key] = resolved;
  }
  out.fields = fields;
  return out;
}

/** A resolution with no credentials and no settings (`pmt exchanges` starts each scope from it). */
export function emptyCredentials(profileName: string | null): ResolvedCredentials {
  const out: Record<string, unknown> = { profileName };
  for (const m of MANIFESTS) {
    out[m.credentials.key] = null;
    for (const f of m.credentials.fields as readonly CredentialField[]) if (f.setting) out[f.setting] = null;
  }
  return out as unknown as ResolvedCredentials;
}

/** The same resolution with every exchange's credentials taken out; the settings stay. */
export function withoutCredentials(c: ResolvedCredentials): ResolvedCredentials {
  const out: Record<string, unknown> = { ...c };
  for (const m of MANIFESTS) out[m.credentials.key] = null;
  delete out.fields;
  return out as unknown as ResolvedCredentials;
}

/** An exchange's credentials as its adapter reads them (null: none). */
export function credentialsOf(c: ResolvedCredentials, m: ExchangeManifest): unknown {
  return (c as unknown as Record<string, unknown>)[m.credentials.key] ?? null;
}

/** The environment without the credential variables (URLs and other settings stay). */
function withoutCredentialEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of CREDENTIAL_ENV) delete out[name];
  return out;
}

function readKeyFile(path: string, origin: string, f: CredentialField): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new PmtError('Config', `cannot read the ${f.file!.what} file named by ${origin}${code ? ` (${code})` : ''}`, {
      hint: `check the path, or run \`pmt profile add <name> --${f.file!.flag} FILE\``,
    });
  }
}
