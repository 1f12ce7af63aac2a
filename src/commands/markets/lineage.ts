/** `pmt markets lineage <market>`: the market with its event and series (ops/markets.ts). */
import type { Context } from '../../context.js';
import { fetchMarketLineage } from '../../ops/markets.js';
import { Formatter } from '../../render/format.js';
import { printTable } from '../../render/table.js';
import { lineageLines, lineageRows } from '../../render/views/markets.js';
import { fitLines } from '../../render/width.js';
import { cliInput } from '../input.js';

export async function run(ctx: Context, opts: object, args: string[]): Promise<void> {
  const lineage = await fetchMarketLineage(ctx, cliInput(ctx, 'fetch_market_lineage', opts, args));
  if (ctx.json || ctx.ndjson) return ctx.io.json(lineage);
  if (!ctx.io.isTTY) return printTable(ctx.io, [], lineageRows(lineage));
  ctx.io.out(fitLines(ctx.io, lineageLines(new Formatter(ctx.io), lineage), 4).join('\n'));
}
