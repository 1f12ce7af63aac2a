/**
 * `pmt order group create|list|trigger|reset` (Kalshi order groups, named on the profile;
 * ops/order-groups.ts). `--json`: the group(s) as `{name, exchange, id, contracts_limit,
 * triggered}`; a table otherwise.
 */
import type { Context } from '../../context.js';
import { failureOf } from '../../ops/fanout.js';
import { actOnOrderGroup, createOrderGroup, listOrderGroups, type NamedOrderGroup } from '../../ops/order-groups.js';
import { printTable } from '../../render/table.js';

const shape = (g: NamedOrderGroup) => ({ name: g.name, exchange: g.exchange, id: g.id, contracts_limit: g.contracts_limit, triggered: g.triggered });

async function print(ctx: Context, groups: NamedOrderGroup[], one: boolean): Promise<void> {
  if (ctx.json) return ctx.io.json(one ? shape(groups[0]!) : groups.map(shape));
  await printTable(
    ctx.io,
    [{ header: 'NAME' }, { header: 'EXCHANGE' }, { header: 'ID' }, { header: 'LIMIT' }, { header: 'STATE' }],
    groups.map((g) => [g.name ?? '-', g.exchange, g.id, g.contracts_limit === null ? '-' : String(g.contracts_limit), g.triggered ? 'triggered' : 'active']),
  );
}

export async function create(ctx: Context, opts: { limit?: string }, args: string[]): Promise<void> {
  await print(ctx, [await createOrderGroup(ctx, { name: args[0], limit: opts.limit, exchange: ctx.exchangeFlag() })], true);
}

export async function list(ctx: Context, _opts: unknown, _args: string[]): Promise<void> {
  const r = await listOrderGroups(ctx, { exchange: ctx.exchangeFlag() });
  await print(ctx, r.groups, false);
  if (r.failed.length) throw failureOf(r.failed);
}

export async function act(ctx: Context, action: 'trigger' | 'reset', args: string[]): Promise<void> {
  await print(ctx, [await actOnOrderGroup(ctx, { name: args[0], action })], true);
}
