import type { Command } from 'commander';
import { addOperation } from '../op-command.js';

/** `pmt markets list|search|lineage|history`: options and arguments from the operation table. */
export function registerMarkets(program: Command): void {
  const markets = program.command('markets').description('Browse markets on Kalshi and Polymarket');
  addOperation(markets, 'fetch_markets', async (ctx, opts, args) => (await import('./list.js')).run(ctx, opts as never, args));
  addOperation(markets, 'search_markets', async (ctx, opts, args) => (await import('./search.js')).run(ctx, opts as never, args));
  addOperation(markets, 'fetch_market_lineage', async (ctx, opts, args) => (await import('./lineage.js')).run(ctx, opts as never, args));
  addOperation(markets, 'fetch_price_history', async (ctx, opts, args) => (await import('./history.js')).run(ctx, opts as never, args));
}
