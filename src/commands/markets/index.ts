import { Command, Option } from 'commander';
import { action, collect } from '../action.js';
import { MARKET_STATUS_FILTERS } from '../../exchanges/types.js';

export function registerMarkets(program: Command): void {
  const markets = program.command('markets').description('Browse markets on Kalshi and Polymarket');

  markets
    .command('list')
    .description('List markets (both exchanges unless --exchange is given)')
    .addOption(new Option('--status <status>', 'market status').choices(MARKET_STATUS_FILTERS).default('active'))
    .option('--limit <n>', 'markets per exchange per page (so up to twice this without --exchange), at least 1, clamped to 1000 (kalshi) and 500 (polymarket) (default: 100; with --all, the maximum)')
    .option('--cursor <cursor>', 'continue from the cursor a previous page printed (on stderr, or `cursor` in --json)')
    .option('--event <ticker>', 'only markets of this event (Kalshi event ticker or Polymarket event slug)')
    .option('--series <ticker>', 'only markets of this Kalshi series (a Kalshi filter: lists Kalshi only)')
    .option('--ticker <ticker>', 'only these markets (repeatable, or comma-separated)', collect)
    .option('--all', 'follow every page to the end (progress on stderr when it is a terminal)')
    .action(action(async (ctx, opts, args) => (await import('./list.js')).run(ctx, opts as never, args)));

  markets
    .command('lineage')
    .description('Show a market with its parent event and series')
    .argument('<market>', 'unified id (kalshi:TICKER, polymarket:slug), or a native ticker/slug with --exchange')
    .action(action(async (ctx, opts, args) => (await import('./lineage.js')).run(ctx, opts as never, args)));
}
