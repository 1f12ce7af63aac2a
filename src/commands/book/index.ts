import type { Command } from 'commander';
import { action } from '../action.js';

export function registerBook(program: Command): void {
  const book = program.command('book').description('Orderbooks, their stats and the impact of a size');
  const assetHelp = 'Kalshi ticker, Polymarket token id, or a unified market id (with --outcome on Polymarket)';

  book
    .command('show')
    .description('Show the orderbook ladder: asks above bids, with cumulative depth')
    .argument('<asset>', assetHelp)
    .option('--depth <n>', 'levels per side to show; JSON always has every level (default: as many as fit the terminal)')
    .option('--outcome <outcome>', 'outcome whose token to use when <asset> is a Polymarket market (default: the first outcome)')
    .option('--cents', 'show prices in cents (65¢) instead of probabilities (0.65)')
    .action(action(async (ctx, opts, args) => (await import('./show.js')).run(ctx, opts as never, args)));

  book
    .command('stats')
    .description('Top of book, mid, spread, weighted mid, imbalance and depth')
    .argument('<asset>', assetHelp)
    .option('--outcome <outcome>', 'outcome whose token to use when <asset> is a Polymarket market (default: the first outcome)')
    .option('--cents', 'show prices in cents (65¢) instead of probabilities (0.65)')
    .action(action(async (ctx, opts, args) => (await import('./stats.js')).run(ctx, opts as never, args)));

  book
    .command('impact')
    .description('Average fill price, fill % and slippage of a market order of --size contracts')
    .argument('<asset>', assetHelp)
    .requiredOption('--size <n>', 'order size in contracts (> 0)')
    .option('--outcome <outcome>', 'outcome whose token to use when <asset> is a Polymarket market (default: the first outcome)')
    .option('--cents', 'show prices in cents (65¢) instead of probabilities (0.65)')
    .action(action(async (ctx, opts, args) => (await import('./impact.js')).run(ctx, opts as never, args)));

  book
    .command('watch')
    .description('Watch the book live: the ladder redrawn in place, or one BookUpdate per line (--ndjson, or piped)')
    .argument('<asset>', assetHelp)
    .option('--outcome <outcome>', 'outcome whose prices to show (Kalshi: yes or no; Polymarket: the outcome whose token to use)')
    .option('--depth <n>', 'levels per side to show (default: as many as fit the terminal)')
    .option('--duration <seconds>', 'stop after this many seconds')
    .option('--count <n>', 'stop after this many events')
    .option('--cents', 'show prices in cents (65¢) instead of probabilities (0.65)')
    .action(action(async (ctx, opts, args) => (await import('./watch.js')).run(ctx, opts as never, args)));
}
