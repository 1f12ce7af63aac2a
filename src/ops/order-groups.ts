/**
 * Exchange order groups by name (`pmt order group create|list|trigger|reset`, `order create
 * --group NAME`): the exchange knows a group by its id, pmt by the name the profile stores for it.
 * Kalshi's groups hold a contract limit over a rolling window and, once triggered, cancel their
 * orders and refuse new ones until reset, on the exchange's side, so the kill switch triggers
 * every group of the profile and fills stop even if pmt dies.
 */
import { PmtError, toPmtError, usageError } from '../errors.js';
import type { OrderGroup } from '../exchanges/exchange.js';
import type { ExchangeId } from '../exchanges/registry.js';
import type { ExchangeFailure } from './fanout.js';
import { noProfile } from './risk.js';
import type { Services } from './services.js';
import type { NamedGroup } from '../profiles.js';
import { parseInteger } from '../validate.js';

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export interface NamedOrderGroup extends OrderGroup {
  /** The profile's name for it; null for a group pmt did not name. */
  name: string | null;
  exchange: ExchangeId;
}

function checkName(name: unknown): string {
  if (typeof name !== 'string' || !NAME_RE.test(name)) throw usageError('an order group name is 1-64 letters, digits, "_", "." or "-"');
  return name;
}

function access(svc: Services) {
  if (!svc.risk) throw noProfile();
  return svc.risk;
}

/** Create a group on the first exchange in scope that has them, and name it on the profile. */
export async function createOrderGroup(svc: Services, q: { name: unknown; limit: unknown; exchange?: ExchangeId }): Promise<NamedOrderGroup> {
  const name = checkName(q.name);
  const limit = parseInteger('--limit', q.limit, 1);
  const a = access(svc);
  if ((await a.readGroups())[name]) throw usageError(`order group "${name}" exists already (\`pmt order group list\`)`);
  const ids = q.exchange ? [q.exchange] : await svc.configured();
  let last: PmtError | undefined;
  for (const exchange of ids) {
    await svc.requireCredentials(exchange);
    try {
      const [g] = await (await svc.exchange(exchange)).orderGroups({ action: 'create', contracts_limit: limit });
      await a.writeGroups((all) => {
        all[name] = { exchange, id: g!.id };
      });
      return { ...g!, name, exchange };
    } catch (e) {
      last = toPmtError(e);
      if (last.kind !== 'NotSupported') throw last;
    }
  }
  throw last ?? (await svc.noCredentials());
}

/** Every group of every exchange in scope that has them, named where the profile names them. */
export async function listOrderGroups(svc: Services, q: { exchange?: ExchangeId } = {}): Promise<{ groups: NamedOrderGroup[]; failed: ExchangeFailure[] }> {
  const names = (await svc.risk?.readGroups()) ?? {};
  const ids = q.exchange ? [q.exchange] : await svc.configured();
  const groups: NamedOrderGroup[] = [];
  const failed: ExchangeFailure[] = [];
  for (const exchange of ids) {
    try {
      for (const g of await (await svc.exchange(exchange)).orderGroups({ action: 'list' })) {
        const name = Object.entries(names).find(([, v]) => v.exchange === exchange && v.id === g.id)?.[0] ?? null;
        groups.push({ ...g, name, exchange });
      }
    } catch (e) {
      const err = toPmtError(e);
      if (err.kind !== 'NotSupported' || q.exchange) failed.push({ exchange, error: err });
    }
  }
  return { groups, failed };
}

/** The exchange and id of a named group; unknown: an error naming the command that creates it. */
export async function groupNamed(svc: Services, name: unknown): Promise<{ exchange: ExchangeId; id: string; name: string }> {
  const n = checkName(name);
  const g = (await access(svc).readGroups())[n];
  if (!g) throw usageError(`no order group named "${n}" on this profile`, `create it first: \`pmt order group create ${n} --limit N\``);
  return { exchange: g.exchange as ExchangeId, id: g.id, name: n };
}

/** Trigger (cancel its orders, block new ones) or reset one named group. */
export async function actOnOrderGroup(svc: Services, q: { name: unknown; action: 'trigger' | 'reset' }): Promise<NamedOrderGroup> {
  const g = await groupNamed(svc, q.name);
  await svc.requireCredentials(g.exchange);
  const [after] = await (await svc.exchange(g.exchange)).orderGroups({ action: q.action, id: g.id });
  return { ...after!, name: g.name, exchange: g.exchange };
}

/** The kill switch's part: trigger every group the profile names (each failure kept, none stops the rest). */
export async function triggerAllGroups(svc: Services, only?: ExchangeId): Promise<ExchangeFailure[]> {
  const failed: ExchangeFailure[] = [];
  const names: Record<string, NamedGroup> = (await svc.risk?.readGroups().catch(() => ({}))) ?? {};
  for (const [name, g] of Object.entries(names)) {
    const exchange = g.exchange as ExchangeId;
    if (only && exchange !== only) continue;
    try {
      await (await svc.exchange(exchange)).orderGroups({ action: 'trigger', id: g.id });
    } catch (e) {
      const err = toPmtError(e);
      failed.push({ exchange, error: new PmtError(err.kind, `order group "${name}" was not triggered: ${err.message}`, { hint: err.hint }) });
    }
  }
  return failed;
}

/** The group id an order joins (`--group NAME`): the name must be this profile's, on the order's exchange. */
export async function groupIdFor(svc: Services, name: unknown, exchange: ExchangeId): Promise<string> {
  const g = await groupNamed(svc, name);
  if (g.exchange !== exchange) throw usageError(`order group "${g.name}" is on ${g.exchange}, not ${exchange}`);
  return g.id;
}
