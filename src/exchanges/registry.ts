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

export const MANIFESTS = [kalshi, polymarket, polymarketUs] as const;

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
