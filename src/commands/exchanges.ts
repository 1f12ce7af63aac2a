import type { Command } from 'commander';
import { action } from './action.js';

export function registerExchanges(program: Command): void {
  program
    .command('exchanges')
    .description('What each exchange supports, its environment and whether credentials are configured')
    .option('--check', 'make one signed request per configured exchange: are the credentials accepted, and how far off is the clock?')
    .action(action(async (ctx, opts, args) => (await import('./exchanges-run.js')).run(ctx, opts as never, args)));
}
