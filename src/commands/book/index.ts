import type { Command } from 'commander';
import { addOperations, operationsOf } from '../op-command.js';

/**
 * `pmt book show|stats|impact|watch`: the verbs of the operation table's `book` group; show, stats
 * and impact are derived from their entries (op and view), watch is a live screen of its own.
 */
export function registerBook(program: Command): void {
  const book = program.command('book').description('Orderbooks, their stats and the impact of a size');
  addOperations(book, operationsOf('book'), {
    watch_orderbook: async (ctx, opts, args) => (await import('./watch.js')).run(ctx, opts as never, args),
  });
}
