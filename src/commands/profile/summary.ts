/**
 * Profiles as metadata that holds no secret (the JSON of `profile list/show`, shapes documented
 * in render/views/profiles.ts), and the settings `profile show` reports with where each value
 * comes from right now (flag > env > profile, from `resolveCredentials`'s origins). Both follow
 * each manifest's fields: a secret only as "set" (or how it is stored: "file", "base64"), an
 * identifier masked, public values as they are; an exchange adds or changes rows of its own
 * (`credentials.show`).
 */
import { credentialsOf, sectionOf, type ResolvedCredentials } from '../../credentials.js';
import type { CredentialField, ProfileSection, ResolvedField } from '../../exchanges/credential-spec.js';
import type { ExchangeManifest } from '../../exchanges/manifest.js';
import { ALL_MANIFESTS as MANIFESTS } from '../../exchanges/registry.js';
import { maskSecret, type Profile } from '../../profiles.js';
import type { ProfileSummary, Setting } from '../../render/views/profiles.js';
import { keyCheck } from './fields.js';

const fieldsOf = (m: ExchangeManifest) => m.credentials.fields as readonly CredentialField[];
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A stored section as its fields declare it: a key by how it is stored, an identifier masked, a secret "set". */
function fieldSummary(m: ExchangeManifest, s: ProfileSection): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fieldsOf(m)) {
    const v = s[f.name];
    if (f.file) {
      const path = text(s[f.file.name]);
      out[f.name] = path ? 'file' : v ? (f.show?.stored ?? 'set') : null;
      out[f.file.name] = path ?? null;
    } else if (f.display === 'secret') out[f.name] = v ? 'set' : null;
    else if (f.display === 'masked') out[f.name] = maskSecret(text(v));
    else out[f.name] = v ?? null;
  }
  return out;
}

export function summaryOf(m: ExchangeManifest, s: ProfileSection): Record<string, unknown> {
  return (m.credentials.show.summary ?? ((x: ProfileSection) => fieldSummary(m, x)))(s);
}

export function profileSummary(name: string, p: Profile, active: boolean): ProfileSummary {
  const out: ProfileSummary = { name, active };
  for (const m of MANIFESTS) {
    const s = sectionOf(p, m);
    if (s) out[m.credentials.profileKey] = summaryOf(m, s);
    else if (m.credentials.show.listedWhenAbsent) out[m.credentials.profileKey] = null;
  }
  return out;
}

/** What `profile show --json` starts from without a profile. */
export function noProfileSummary(): Record<string, unknown> {
  return { name: null, active: false, ...Object.fromEntries(MANIFESTS.filter((m) => m.credentials.show.listedWhenAbsent).map((m) => [m.credentials.profileKey, null])) };
}

const EMPTY = (setting: string): Setting => ({ setting, value: null, source: null, origin: null });
const at = (setting: string, r: ResolvedField, value: string | null): Setting => ({ setting, value, source: r.source, origin: r.origin });

/** One exchange's rows from its resolved fields (a key that does not load is flagged). */
async function fieldRows(m: ExchangeManifest, fields: Partial<Record<string, ResolvedField>>): Promise<Setting[]> {
  const out: Setting[] = [];
  for (const f of fieldsOf(m)) {
    if (f.env === undefined) continue;
    const r = fields[f.name];
    if (!r) {
      out.push(EMPTY(f.file?.env ?? f.env));
      continue;
    }
    const bad = f.add?.check === 'key' && (await keyCheck(m, 'key', String(r.value))).problem !== null;
    const invalid = bad ? `  ✗ ${f.show?.invalid ?? 'not a valid key'}` : '';
    if (r.path !== undefined && f.file) out.push(at(f.file.env, r, r.path + invalid));
    else if (f.display === 'secret') out.push(at(f.env, r, bad ? `set${invalid}` : f.show?.text ? `set (${f.show.text})` : 'set'));
    else out.push(at(f.env, r, f.display === 'masked' ? maskSecret(String(r.value)) : String(r.value)));
  }
  return out;
}

/** Every setting with its masked value and source; secrets appear only as "set". */
export async function settingsOf(c: ResolvedCredentials, env: NodeJS.ProcessEnv): Promise<Setting[]> {
  const out: Setting[] = [];
  for (const m of MANIFESTS) {
    const spec = m.credentials;
    const have = credentialsOf(c, m) !== null;
    if (!have && !spec.show.listedWhenAbsent) continue;
    let rows = await fieldRows(m, have ? (c.fields?.[spec.key] ?? {}) : {});
    if (spec.show.rows) rows = await (await spec.show.rows())(rows, c, env);
    out.push(...rows);
  }
  return out;
}
