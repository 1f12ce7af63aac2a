/** The account and tape commands: `pmt balance`, `pmt positions`, `pmt fills`, `pmt trades`. */
import type { Command } from 'commander';
import { action } from '../action.js';

export function registerPortfolio(program: Command): void {
  program
    .command('balance')
    .description('Cash available to trade on each exchange with credentials')
    .action(action(async (ctx) => (await import('./balance.js')).run(ctx)));

  program
    .command('positions')
    .description('Open positions with average price, mark and unrealized P&L')
    .option('--market <market>', 'only this market (unified id, Kalshi ticker, Polymarket slug)')
    .option('--status <status>', 'open (default), redeemable, mergeable or closed (Polymarket)')
    .action(action(async (ctx, opts) => (await import('./positions.js')).run(ctx, opts as never)));

  program
    .command('fills')
    .description('Your fills (executions), newest first')
    .option('--market <market>', 'only this market')
    .option('--limit <n>', 'fills per exchange per page, 1 to 1000 (default 100)')
    .option('--cursor <cursor>', 'continue from the cursor a previous page printed')
    .option('--all', 'follow every page to the end')
    .action(action(async (ctx, opts) => (await import('./fills.js')).run(ctx, opts as never)));

  program
    .command('trades')
    .description("A market's public trades (the tape), newest first")
    .argument('<market>', 'unified id (kalshi:TICKER, polymarket:slug), a Kalshi ticker, or a Polymarket token id')
    .option('--limit <n>', 'trades per page, 1 to 1000 (default 100)')
    .option('--cursor <cursor>', 'continue from the cursor a previous page printed')
    .option('--all', 'follow every page to the end')
    .action(action(async (ctx, opts, args) => (await import('./trades.js')).run(ctx, opts as never, args)));
}
