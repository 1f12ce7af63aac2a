/**
 * The kill switch (`pmt kill`, serve's `POST /v1/kill`, MCP's `kill`): `trading: off` on the
 * profile in use first (so no order of this or another pmt process starts while it cancels), then
 * every open order cancelled on every exchange in scope (each exchange's whole cancel-all: Kalshi
 * across the shards and subaccounts its adapter sees, Polymarket every token), then each exchange
 * read again: anything still open is a failure. Exit 0 / 200 only when nothing is left open.
 */
import { PmtError, toPmtError } from '../errors.js';
import { EXCHANGE_IDS, type ExchangeId } from '../exchanges/registry.js';
import type { ExchangeFailure } from './fanout.js';
import { cancelAllOrders } from './orders.js';
import type { ExchangeOrder, Services } from './services.js';
import { setTrading } from './risk.js';
import { triggerAllGroups } from './order-groups.js';

export interface KillOutcome {
  cancelled: ExchangeOrder[];
  /** Exchanges that could not be reached, refused a cancel, or still show open orders. */
  failed: ExchangeFailure[];
  /** The profile whose `trading` is now off; null when none is in use (then failed holds Config). */
  profile: string | null;
}

export async function killSwitch(svc: Services, q: { exchange?: ExchangeId } = {}): Promise<KillOutcome> {
  const failed: ExchangeFailure[] = [];
  let profile: string | null = null;
  let offError: PmtError | undefined;
  try {
    await setTrading(svc, false);
    profile = (await svc.risk?.profileName()) ?? null;
  } catch (e) {
    offError = toPmtError(e);
  }
  const ids = q.exchange ? [q.exchange] : await svc.configured();
  if (q.exchange) await svc.requireCredentials(q.exchange);
  else if (ids.length === 0) throw await svc.noCredentials();
  // Every order group of the profile first: the exchange cancels their orders and refuses new ones itself.
  failed.push(...(await triggerAllGroups(svc, q.exchange)));
  const r = await cancelAllOrders(svc, { ids });
  for (const b of r.broken) failed.push({ exchange: b.exchange, error: b.error });
  const refused = new Map<ExchangeId, string[]>();
  for (const f of r.refused) refused.set(f.exchange, [...(refused.get(f.exchange) ?? []), `${f.id} (${f.reason})`]);
  // What is still open, read back: exit 0 only when nothing is.
  for (const id of ids) {
    if (failed.some((f) => f.exchange === id)) continue;
    try {
      const left = await (await svc.exchange(id)).fetchOpenOrders();
      if (left.length || refused.has(id)) {
        const why = refused.get(id)?.join('; ') ?? left.map((o) => o.id).join(', ');
        failed.push({ exchange: id, error: new PmtError('Api', `${left.length} order${left.length === 1 ? ' is' : 's are'} still open on ${id} after the kill switch: ${why}`, { hint: '`pmt order list` shows them; run `pmt kill` again' }) });
      }
    } catch (e) {
      failed.push({ exchange: id, error: toPmtError(e) });
    }
  }
  if (offError) failed.push({ exchange: ids[0] ?? EXCHANGE_IDS[0]!, error: new PmtError(offError.kind, `${offError.message}; orders were cancelled but trading could not be turned off`, { hint: offError.hint }) });
  return { cancelled: r.cancelled, failed, profile };
}
