/**
 * `pmt settlements [--ticker T] [--limit N]`: what settled, the result, the payout and the fees
 * (Kalshi), newest first. `--json`: `[Settlement]`.
 */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { settlements } from '../ops/settlements.js';
import { printTable } from '../render/table.js';
import { cliInput } from './input.js';
import { addOperation } from './op-command.js';

export function registerSettlements(program: Command): void {
  addOperation(program, 'fetch_settlements', async (ctx, opts) => run(ctx, opts as never));
}

export async function run(ctx: Context, opts: { ticker?: string; limit?: string }): Promise<void> {
  const rows = await settlements(ctx, cliInput(ctx, 'fetch_settlements', opts));
  if (ctx.json || ctx.ndjson) return ctx.io.json(rows);
  if (rows.length === 0) {
    ctx.io.err('no settlements');
    return;
  }
  const cols = ['SETTLED', 'EXCHANGE', 'MARKET', 'RESULT', 'YES', 'NO', 'COST', 'PAYOUT', 'FEES', 'NET'].map((header) => ({ header, flex: header === 'MARKET' }));
  await printTable(ctx.io, cols, rows.map((s) => [s.settled_time ?? '-', s.exchange, s.market_ticker, s.result, s.yes_count, s.no_count, s.cost, s.payout, s.fees, s.net]));
}
