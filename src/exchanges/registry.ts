/**
 * The exchanges pmt trades on, in display order. Adding one: a folder `exchanges/<id>/` with its
 * adapter and `manifest.ts`, and one line in MANIFESTS. Everything else asks the manifest (or the
 * adapter); nothing outside an exchange's folder and this file compares exchange names.
 */
import { kalshi } from './kalshi/manifest.js';
import type { ExchangeManifest } from './manifest.js';
import { polymarket } from './polymarket/manifest.js';

export const MANIFESTS = [kalshi, polymarket] as const;

/** Exchange A is `kalshi`, exchange B is `polymarket`. */
export type ExchangeId = (typeof MANIFESTS)[number]['id'];
export const EXCHANGE_IDS: readonly ExchangeId[] = MANIFESTS.map((m) => m.id);

export function isExchangeId(s: string): s is ExchangeId {
  return (EXCHANGE_IDS as readonly string[]).includes(s);
}

export function manifestOf(id: ExchangeId): ExchangeManifest<ExchangeId> {
  return MANIFESTS.find((m) => m.id === id)!;
}
