import { Option, type Command } from 'commander';
import { action } from '../action.js';
import { completedBy } from '../complete-values.js';

/** `--outcome`, whose values the shell completes from the market named (`pmt __complete outcomes`). */
const outcome = (help: string) => completedBy(new Option('--outcome <outcome>', help), 'outcomes');

export function registerBook(program: Command): void {
  const book = program.command('book').description('Orderbooks, their stats and the impact of a size');
  const assetHelp = 'Kalshi ticker, Polymarket token id, or a unified market id (with --outcome on Polymarket)';

  book
    .command('show')
    .description('Show the orderbook ladder: asks above bids, with cumulative depth')
    .argument('<asset>', assetHelp)
    .option('--depth <n>', 'the N best levels per side, in JSON too (default: every level; as many as fit on a terminal)')
    .addOption(outcome('Kalshi: yes or no, the book priced in that outcome (no: bids 1 − YES asks, asks 1 − YES bids; default yes); Polymarket market: the outcome whose token to use (default: the first outcome)'))
    .option('--cents', 'show prices in cents (65¢) instead of probabilities (0.65)')
    .action(action(async (ctx, opts, args) => (await import('./show.js')).run(ctx, opts as never, args)));

  book
    .command('stats')
    .description('Top of book, mid, spread, weighted mid, imbalance and depth')
    .argument('<asset>', assetHelp)
    .addOption(outcome('Kalshi: yes or no, the book priced in that outcome (no: bids 1 − YES asks, asks 1 − YES bids; default yes); Polymarket market: the outcome whose token to use (default: the first outcome)'))
    .option('--cents', 'show prices in cents (65¢) instead of probabilities (0.65)')
    .action(action(async (ctx, opts, args) => (await import('./stats.js')).run(ctx, opts as never, args)));

  book
    .command('impact')
    .description('Average fill price, fill % and slippage of a market order of --size contracts')
    .argument('<asset>', assetHelp)
    .requiredOption('--size <n>', 'order size in contracts (> 0)')
    .addOption(outcome('Kalshi: yes or no, the book priced in that outcome (no: bids 1 − YES asks, asks 1 − YES bids; default yes); Polymarket market: the outcome whose token to use (default: the first outcome)'))
    .option('--cents', 'show prices in cents (65¢) instead of probabilities (0.65)')
    .action(action(async (ctx, opts, args) => (await import('./impact.js')).run(ctx, opts as never, args)));

  book
    .command('watch')
    .description('Watch the book live: the ladder redrawn in place, or one BookUpdate per line (--ndjson, or piped)')
    .argument('<asset>', assetHelp)
    .addOption(outcome('outcome whose prices to show (Kalshi: yes or no; Polymarket: the outcome whose token to use)'))
    .option('--depth <n>', 'the N best levels per side, in every NDJSON event too (default: as many as fit the terminal; every level in NDJSON)')
    .option('--duration <seconds>', 'stop after this many seconds')
    .option('--count <n>', 'stop after this many events')
    .option('--cents', 'show prices in cents (65¢) instead of probabilities (0.65)')
    .action(action(async (ctx, opts, args) => (await import('./watch.js')).run(ctx, opts as never, args)));
}
