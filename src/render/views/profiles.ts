/**
 * Presentation of profiles, from summaries that already hold no secret (commands/profile/
 * summary.ts builds them: private keys, PEM text, API secrets and passphrases only as "set";
 * identifiers through `maskSecret`; addresses and file paths, which are public, as they are).
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
import type { Formatter } from '../format.js';

export interface ProfileSummary {
  name: string;
  active: boolean;
  kalshi: { api_key_id: string | null; private_key: 'file' | 'pem' | null; private_key_path: string | null; environment: 'production' | 'demo' } | null;
  polymarket: { private_key_set: boolean; signature_type: string | null; funder: string | null; api_credentials: 'stored' | 'derived' } | null;
  /** Present only for a profile that holds Polymarket US credentials. */
  polymarket_us?: { api_key_id: string | null; private_key: 'file' | 'base64' | null; private_key_path: string | null };
}

export interface Setting {
  setting: string;
  value: string | null;
  source: 'flag' | 'env' | 'profile' | 'default' | 'derived' | null;
  origin: string | null;
}

/** Which exchanges a profile covers, in words ("kalshi (demo), polymarket"). */
export function exchangesText(s: ProfileSummary): string {
  const parts = [s.kalshi && `kalshi${s.kalshi.environment === 'demo' ? ' (demo)' : ''}`, s.polymarket && `polymarket (${s.polymarket.signature_type ?? 'eoa'})`, s.polymarket_us && 'polymarket-us'];
  return parts.filter(Boolean).join(', ') || '-';
}

/**
 * `profile list` row: active mark, name, exchanges, masked key id, funder. Without a funder the
 * funds sit at the signer's own address: `signer` is that address (derived from the key, public),
 * or null when it could not be derived.
 */
export function profileRow(f: Formatter, s: ProfileSummary, signer: string | null = null): string[] {
  return [
    s.active ? f.c.green('*') : '',
    s.name,
    exchangesText(s),
    s.kalshi?.api_key_id ?? '-',
    s.kalshi?.private_key === 'file' ? (s.kalshi.private_key_path ?? '-') : s.kalshi?.private_key === 'pem' ? 'PEM stored in profile' : '-',
    s.polymarket?.funder ?? (s.polymarket ? (signer ?? (s.polymarket.private_key_set ? 'the key\'s own address' : 'no key set')) : '-'),
  ];
}

export const PROFILE_HEADERS = ['', 'NAME', 'EXCHANGES', 'KALSHI KEY ID', 'KALSHI KEY', 'POLYMARKET FUNDS AT'];

/** What `profile add` reports after saving. */
export function savedLines(s: ProfileSummary, o: { file: string; updated: boolean; activated: boolean; kalshiKeyKind?: string }): string[] {
  const name = s.name;
  const lines = [`${o.updated ? 'updated' : 'saved'} profile "${name}": ${exchangesText(s)}`, `  stored in ${o.file} (mode 0600)`];
  if (o.kalshiKeyKind) lines.push(`  Kalshi key: ${o.kalshiKeyKind} (requests are signed with ${o.kalshiKeyKind === 'RSA' ? 'RSA-PSS' : o.kalshiKeyKind})`);
  if (o.activated) lines.push(`  "${name}" is now the active profile`);
  else lines.push(`  make it the active one with \`pmt profile use ${name}\`, or pass --profile ${name}`);
  return lines;
}

/** `profile show` rows: setting, value, where it comes from right now. */
export function settingRow(f: Formatter, s: Setting): string[] {
  const where = s.source == null ? f.c.dim('not set') : s.source === 'env' ? `env ${s.origin}` : s.source === 'flag' ? `flag ${s.origin}` : (s.origin ?? s.source);
  return [s.setting, s.value ?? '-', where];
}
