/**
 * Capabilities decide, once for the CLI and serve: an op asks here before it reads credentials or
 * loads an adapter. A fan-out leaves out the exchanges whose capability is off (saying so on the
 * verbose log); an exchange named explicitly for an operation it lacks is NotSupported (exit 10,
 * HTTP 501), before any credential check.
 */
import { notSupported } from '../exchanges/capabilities.js';
import type { Operation, UnlistedOperation } from '../exchanges/manifest.js';
import { manifestOf, type ExchangeId } from '../exchanges/registry.js';
import type { Services } from './services.js';

export type CapabilityName = Operation | UnlistedOperation;

export function supports(id: ExchangeId, op: CapabilityName): boolean {
  return manifestOf(id).capabilities[op]?.supported === true;
}

/** NotSupported when `id` lacks `op` (`ref`: the id the caller named, for the remedy). */
export function requireCapability(id: ExchangeId, op: CapabilityName, ref?: string): void {
  if (!supports(id, op)) throw notSupported(id, op, manifestOf(id).capabilities[op], ref);
}

/** The exchanges of `ids` that support `op`; each left out is said on the verbose log. */
export function capable(svc: Pick<Services, 'log'>, ids: readonly ExchangeId[], op: CapabilityName): ExchangeId[] {
  return ids.filter((id) => {
    if (supports(id, op)) return true;
    svc.log?.(`skipping ${id}: ${notSupported(id, op, manifestOf(id).capabilities[op]).message}`);
    return false;
  });
}

/** Capability, then credentials: what every account op checks of the exchange it acts on. */
export async function requireAccess(svc: Pick<Services, 'requireCredentials'>, id: ExchangeId, op: CapabilityName): Promise<void> {
  requireCapability(id, op);
  await svc.requireCredentials(id);
}
