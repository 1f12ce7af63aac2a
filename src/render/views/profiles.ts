/**
 * Presentation of profiles, from summaries that already hold no secret (commands/profile/
 * summary.ts builds them from the manifests' fields: private keys, PEM text, API secrets and
 * passphrases only as "set" or how they are stored; identifiers through `maskSecret`; addresses
 * and file paths, which are public, as they are). Each exchange's label and `profile list`
 * columns come from its manifest (`credentials.show`).
 *
 * JSON shapes (metadata only, documented for scripts):
 *   ProfileSummary = {
 *     name, active,
 *     kalshi: null | { api_key_id (masked), private_key: "file" | "pem" | null,
 *                      private_key_path: string | null, environment: "production" | "demo" },
 *     polymarket: null | { private_key_set: boolean, signature_type: string | null,
 *                          funder: string | null, api_credentials: "stored" | "derived" },
 *     polymarket_us?: { api_key_id (masked), private_key: "file" | "base64" | null,
 *                       private_key_path: string | null }   (only when the profile has them)
 *   }
 *   `profile list --json` → { active: string | null, config_file, profiles: ProfileSummary[] }
 *   `profile show --json` → ProfileSummary & { config_file, settings: Setting[] } where
 *   Setting = { setting (env var name or "KALSHI_ENVIRONMENT" / "POLYMARKET_SIGNER"),
 *               value (masked or public), source: "flag"|"env"|"profile"|"default"|"derived"|null,
 *               origin: string | null }
 */
import { ALL_MANIFESTS as MANIFESTS, type ExchangeId } from '../../exchanges/registry.js';
import type { Formatter } from '../format.js';

/** A profile's metadata: name, active, and each exchange's summary under its profile key (shape above). */
export interface ProfileSummary {
  name: string;
  active: boolean;
  [section: string]: unknown;
}

export interface Setting {
  setting: string;
  value: string | null;
  source: 'flag' | 'env' | 'profile' | 'default' | 'derived' | null;
  origin: string | null;
}

const summaryIn = (s: ProfileSummary, key: string) => (s[key] && typeof s[key] === 'object' ? (s[key] as Record<string, unknown>) : null);

/** Which exchanges a profile covers, in words ("kalshi (demo), polymarket"). */
export function exchangesText(s: ProfileSummary): string {
  const parts = MANIFESTS.map((m) => {
    const x = summaryIn(s, m.credentials.profileKey);
    return x && (m.credentials.show.label ? m.credentials.show.label(x) : m.id);
  });
  return parts.filter(Boolean).join(', ') || '-';
}

const columnsOf = () => MANIFESTS.flatMap((m) => (m.credentials.show.columns ?? []).map((c) => ({ m, c })));

/** `profile list`'s columns: active mark, name, exchanges, then each exchange's own (manifest `show.columns`). */
export function profileColumns(): Array<{ header: string; flex?: boolean; id?: boolean }> {
  return [
    { header: '', flex: false, id: false },
    { header: 'NAME', flex: false, id: false },
    { header: 'EXCHANGES', flex: false, id: false },
    ...columnsOf().map(({ c }) => ({ header: c.header, flex: c.flex === true, id: c.id === true })),
  ];
}

/**
 * `profile list` row: active mark, name, exchanges, then each exchange's cells (masked key id,
 * where the key or the funds are). `derived` holds what a cell needs that the summary does not
 * (the Polymarket signer's address, public), by exchange id.
 */
export function profileRow(f: Formatter, s: ProfileSummary, derived: Partial<Record<ExchangeId, string | null>> = {}): string[] {
  return [
    s.active ? f.c.green('*') : '',
    s.name,
    exchangesText(s),
    ...columnsOf().map(({ m, c }) => c.cell(summaryIn(s, m.credentials.profileKey), derived[m.id] ?? null)),
  ];
}

/** What `profile add` reports after saving; `keyLines`: what each exchange says of the key it loaded. */
export function savedLines(s: ProfileSummary, o: { file: string; updated: boolean; activated: boolean; keyLines?: string[] }): string[] {
  const name = s.name;
  const lines = [`${o.updated ? 'updated' : 'saved'} profile "${name}": ${exchangesText(s)}`, `  stored in ${o.file} (mode 0600)`];
  for (const l of o.keyLines ?? []) lines.push(`  ${l}`);
  if (o.activated) lines.push(`  "${name}" is now the active profile`);
  else lines.push(`  make it the active one with \`pmt profile use ${name}\`, or pass --profile ${name}`);
  return lines;
}

/** `profile show` rows: setting, value, where it comes from right now. */
export function settingRow(f: Formatter, s: Setting): string[] {
  const where = s.source == null ? f.c.dim('not set') : s.source === 'env' ? `env ${s.origin}` : s.source === 'flag' ? `flag ${s.origin}` : (s.origin ?? s.source);
  return [s.setting, s.value ?? '-', where];
}
