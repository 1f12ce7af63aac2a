import { Command, Option } from 'commander';
import { action, collect } from '../action.js';
import { completedBy } from '../complete-values.js';
import { MARKET_STATUS_FILTERS } from '../../exchanges/types.js';
import { MARKET_SORTS } from '../../ops/market-sort.js';

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
    .addOption(new Option('--sort <key>', 'order the markets fetched (this page, or all of them with --all): volume and volume_24h highest first, close_time soonest first, spread tightest first').choices(MARKET_SORTS))
    .action(action(async (ctx, opts, args) => (await import('./list.js')).run(ctx, opts as never, args)));

  markets
    .command('search')
    .description('Find markets by words in their title, event or series, on both exchanges (best match first)')
    .argument('<words...>', 'words to look for')
    .addOption(new Option('--status <status>', 'market status').choices(MARKET_STATUS_FILTERS).default('active'))
    .option('--limit <n>', 'markets in all, across both exchanges (1-200, default: 20)')
    .action(action(async (ctx, opts, args) => (await import('./search.js')).run(ctx, opts as never, args)));

  markets
    .command('lineage')
    .description('Show a market with its parent event and series')
    .argument('<market>', 'unified id (kalshi:TICKER, polymarket:slug), or a native ticker/slug with --exchange')
    .action(action(async (ctx, opts, args) => (await import('./lineage.js')).run(ctx, opts as never, args)));

  markets
    .command('history')
    .description('Price history as candles: a chart on a terminal, JSON for scripts')
    .argument('<market>', 'unified id (kalshi:TICKER, polymarket:slug), a Kalshi ticker, or a Polymarket token id')
    .addOption(new Option('--interval <interval>', 'candle length').choices(['1m', '1h', '1d']).default('1h'))
    .option('--since <when>', 'start: a span back (90m, 12h, 7d, 4w), a date (2026-11-01) or an ISO time (default: 2h, 7d or 120d back by interval)')
    .addOption(completedBy(new Option('--outcome <outcome>', 'Polymarket market: the outcome whose token to chart (default: the first)'), 'outcomes'))
    .action(action(async (ctx, opts, args) => (await import('./history.js')).run(ctx, opts as never, args)));
}
