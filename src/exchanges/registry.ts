/**
 * The exchanges pmt trades on, in display order. Adding one: a folder `exchanges/<id>/` with its
 * adapter and `manifest.ts`, its manifest in MANIFESTS and its id in `models/exchange-ids.ts`
 * (the type check below and the check at load refuse one without the other). Everything else asks
 * the manifest (or the adapter); nothing outside an exchange's folder and this file compares
 * exchange names.
 */
import { EXCHANGE_IDS, type ExchangeId } from '../models/exchange-ids.js';
import { kalshi } from './kalshi/manifest.js';
import type { ExchangeManifest } from './manifest.js';
import { polymarket } from './polymarket/manifest.js';
import { polymarketUs } from './polymarket-us/manifest.js';
import type { CredentialField } from './credential-spec.js';
import { declareSecretSources } from '../secrets.js';

export const MANIFESTS = [kalshi, polymarket, polymarketUs] as const;

/** MANIFESTS as the one manifest type, for code that reads the same fact of each. */
export const ALL_MANIFESTS: readonly ExchangeManifest<ExchangeId>[] = MANIFESTS;

// What an error printed before any credential is resolved must still scrub: every secret field's
// variable, the key files they name, and their profile fields (cli.ts reportError).
declareSecretSources(() => {
  const secret = ALL_MANIFESTS.flatMap((m) => (m.credentials.fields as readonly CredentialField[]).filter((f) => f.display === 'secret'));
  return {
    env: secret.flatMap((f) => (f.env ? [f.env] : [])),
    files: secret.flatMap((f) => (f.file ? [f.file.env] : [])),
    fields: [...new Set(secret.map((f) => f.name))],
    fileFields: [...new Set(secret.flatMap((f) => (f.file ? [f.file.name] : [])))],
  };
});

export { EXCHANGE_IDS, type ExchangeId };

// Every id has a manifest and every manifest an id (a compile error names the one missing).
type ManifestId = (typeof MANIFESTS)[number]['id'];
const sameIds: [Exclude<ExchangeId, ManifestId>, Exclude<ManifestId, ExchangeId>] extends [never, never] ? true : never = true;
if (!sameIds || MANIFESTS.map((m) => m.id).join() !== EXCHANGE_IDS.join()) throw new Error('exchanges/registry.ts: MANIFESTS and models/exchange-ids.ts list different exchanges');

export function isExchangeId(s: string): s is ExchangeId {
  return (EXCHANGE_IDS as readonly string[]).includes(s);
}

export function manifestOf(id: ExchangeId): ExchangeManifest<ExchangeId> {
  return MANIFESTS.find((m) => m.id === id)!;
}
