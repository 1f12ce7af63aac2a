import type { Command } from 'commander';
import { addOperations, operationsOf } from '../op-command.js';

/**
 * `pmt markets list|search|lineage|history`: the verbs of the operation table's `markets` group;
 * search, lineage and history are derived from their entries (op and view), list pages on its own.
 */
export function registerMarkets(program: Command): void {
  const markets = program.command('markets').description('Browse markets on Kalshi and Polymarket');
  addOperations(markets, operationsOf('markets'), {
    fetch_markets: async (ctx, opts, args) => (await import('./list.js')).run(ctx, opts as never, args),
  });
}
