/** The account and tape commands: `pmt balance`, `pmt positions`, `pmt fills`, `pmt trades` (from the operation table). */
import type { Command } from 'commander';
import { addOperation } from '../op-command.js';

export function registerPortfolio(program: Command): void {
  addOperation(program, 'fetch_balance', async (ctx) => (await import('./balance.js')).run(ctx));
  addOperation(program, 'fetch_positions', async (ctx, opts) => (await import('./positions.js')).run(ctx, opts as never));
  addOperation(program, 'fetch_fills', async (ctx, opts) => (await import('./fills.js')).run(ctx, opts as never));
  addOperation(program, 'fetch_trades', async (ctx, opts, args) => (await import('./trades.js')).run(ctx, opts as never, args));
}
