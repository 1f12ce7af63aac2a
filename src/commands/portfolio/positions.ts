/**
 * `pmt positions [--market M] [--status open|redeemable|mergeable|closed]`: fetch_positions on the market's exchange, --exchange, or every
 * exchange with credentials. JSON: `[Position]`; NDJSON: one per line; people see size, average,
 * mark, cost, value and unrealized P&L with totals.
 */
import type { Context } from '../../context.js';
import { failureOf } from '../../ops/fanout.js';
import { fetchPositions } from '../../ops/portfolio.js';
import { Formatter } from '../../render/format.js';
import { printPositions } from '../../render/views/portfolio.js';
import { cliInput } from '../input.js';

export async function run(ctx: Context, opts: { market?: string; status?: string }): Promise<void> {
  const svc = ctx;
  const r = await fetchPositions(svc, cliInput(ctx, 'fetch_positions', opts));
  if (ctx.ndjson) {
    for (const p of r.positions) if (!ctx.io.ndjson(p.position)) await ctx.io.drain();
  } else if (ctx.json) ctx.io.json(r.positions.map((p) => p.position));
  else await printPositions(ctx.io, new Formatter(ctx.io), r.positions);
  if (r.failed.length) throw failureOf(r.failed);
}
