import { Command, Option } from 'commander';
import { action } from '../action.js';
import { ORDER_SIDES, ORDER_TYPES } from '../../exchanges/types.js';

export function registerOrder(program: Command): void {
  const order = program.command('order').description('Place, inspect and cancel orders');

  order
    .command('create')
    .description('Place a limit order (prompts for what is missing on a terminal, then previews and confirms)')
    .option('--asset <asset>', 'Kalshi ticker, Polymarket token id, or unified market id (asked for on a terminal)')
    .addOption(new Option('--side <side>', 'order direction, asked for on a terminal').choices(ORDER_SIDES))
    .option('--price <p>', "limit price as a probability in (0, 1) on the asset's book scale (asked for on a terminal)")
    .option('--size <n>', 'number of contracts, > 0 (asked for on a terminal)')
    .option('--outcome <outcome>', "yes, no, or a label; Kalshi: no trades NO at 1 - price (default: yes on Kalshi; on Polymarket the token's own outcome, or a market id's first outcome)")
    .addOption(new Option('--type <type>', 'time in force: gtc good till cancelled, ioc fill what you can now then cancel, fok fill all now or nothing').choices(ORDER_TYPES).default('gtc'))
    .option('--post-only', 'rest on the book or not at all: refused before sending if the price would cross the book (gtc only)')
    .option('-y, --yes', 'send without asking for confirmation (required when not on a terminal)')
    .option('--dry-run', 'validate and preview against live data; send nothing')
    .action(action(async (ctx, opts, args) => (await import('./create.js')).run(ctx, opts as never, args)));

  order
    .command('cancel-all')
    .description('Cancel every open order, or those of one asset (lists them and asks first)')
    .option('--asset <asset>', 'only orders of this asset')
    .option('-y, --yes', 'cancel without asking for confirmation (required when not on a terminal)')
    .action(action(async (ctx, opts, args) => (await import('./cancel-all.js')).run(ctx, opts as never, args)));

  order
    .command('get')
    .description('Show one order by id (Kalshi UUID or Polymarket 0x hash)')
    .argument('<order_id>', 'order id')
    .action(action(async (ctx, opts, args) => (await import('./get.js')).run(ctx, opts as never, args)));

  order
    .command('list')
    .description('List open orders')
    .option('--asset <asset>', 'only orders of this asset')
    .action(action(async (ctx, opts, args) => (await import('./list.js')).run(ctx, opts as never, args)));
}
