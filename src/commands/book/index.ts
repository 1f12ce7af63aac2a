import type { Command } from 'commander';
import { addOperation } from '../op-command.js';

/** `pmt book show|stats|impact|watch`: options and arguments from the operation table. */
export function registerBook(program: Command): void {
  const book = program.command('book').description('Orderbooks, their stats and the impact of a size');
  addOperation(book, 'fetch_orderbook', async (ctx, opts, args) => (await import('./show.js')).run(ctx, opts as never, args));
  addOperation(book, 'fetch_orderbook_stats', async (ctx, opts, args) => (await import('./stats.js')).run(ctx, opts as never, args));
  addOperation(book, 'fetch_orderbook_impact', async (ctx, opts, args) => (await import('./impact.js')).run(ctx, opts as never, args));
  addOperation(book, 'watch_orderbook', async (ctx, opts, args) => (await import('./watch.js')).run(ctx, opts as never, args));
}
