/** The account and tape commands: `pmt balance`, `pmt positions`, `pmt fills`, `pmt trades` (from the operation table). */
import type { Command } from 'commander';
import { addOperations } from '../op-command.js';

/** balance and positions are derived from their entries (op and view); fills and trades page on their own. */
export function registerPortfolio(program: Command): void {
  addOperations(program, ['fetch_balance', 'fetch_positions', 'fetch_fills', 'fetch_trades'], {
    fetch_fills: async (ctx, opts) => (await import('./fills.js')).run(ctx, opts as never),
    fetch_trades: async (ctx, opts, args) => (await import('./trades.js')).run(ctx, opts as never, args),
  });
}
