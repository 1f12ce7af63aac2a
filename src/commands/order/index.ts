import { Command, Option } from 'commander';
import { action } from '../action.js';
import { completedBy } from '../complete-values.js';
import { ORDER_SIDES, ORDER_TYPES } from '../../exchanges/types.js';

export function registerOrder(program: Command): void {
  const order = program.command('order').description('Place, inspect and cancel orders');

  order
    .command('create')
    .description('Place a limit order (prompts for what is missing on a terminal, then previews and confirms)')
    .option('--asset <asset>', 'Kalshi ticker, Polymarket token id, or unified market id (asked for on a terminal)')
    .addOption(new Option('--side <side>', 'order direction, asked for on a terminal').choices(ORDER_SIDES))
    .option('--price <p>', 'limit price of the outcome traded, what you pay (buy) or receive (sell) per contract, in (0, 1) (asked for on a terminal)')
    .option('--size <n>', 'number of contracts, > 0 (asked for on a terminal)')
    .addOption(completedBy(new Option('--outcome <outcome>', "yes, no, or a label; --outcome no --price 0.30 buys NO at 0.30 on both exchanges (default: yes on Kalshi; on Polymarket the token's own outcome, or a market id's first outcome)"), 'outcomes'))
    .addOption(new Option('--type <type>', 'time in force: gtc good till cancelled, ioc fill what you can now then cancel, fok fill all now or nothing').choices(ORDER_TYPES).default('gtc'))
    .option('--post-only', 'rest on the book or not at all: refused before sending if the price would cross the book (gtc only)')
    .option('--reduce-only', 'only reduce the position you hold (Kalshi: the count is capped by it)')
    .option('-y, --yes', 'send without asking for confirmation (required when not on a terminal)')
    .option('--dry-run', 'validate and preview against live data; send nothing')
    .option('--client-order-id <id>', 'Kalshi: send under this client order id (to re-send after an unknown outcome: Kalshi refuses a duplicate)')
    .action(action(async (ctx, opts, args) => (await import('./create.js')).run(ctx, opts as never, args)));

  order
    .command('cancel-all')
    .description('Cancel every open order, or those of one asset (lists them and asks first)')
    .option('--asset <asset>', 'only orders of this asset')
    .option('-y, --yes', 'cancel without asking for confirmation (required when not on a terminal)')
    .action(action(async (ctx, opts, args) => (await import('./cancel-all.js')).run(ctx, opts as never, args)));

  order
    .command('cancel')
    .description('Cancel one order (shows it and asks first)')
    .argument('<order_id>', 'order id: Kalshi UUID or Polymarket 0x hash')
    .option('-y, --yes', 'cancel without asking for confirmation (required when not on a terminal)')
    .action(action(async (ctx, opts, args) => (await import('./cancel.js')).run(ctx, opts as never, args)));

  order
    .command('amend')
    .description("Change a resting order's price and/or size (Kalshi; on Polymarket cancel and re-create)")
    .argument('<order_id>', 'Kalshi order id (UUID)')
    .option('--price <p>', "new limit price of the order's own outcome, in (0, 1)")
    .option('--size <n>', 'new total size in contracts (filled ones included)')
    .option('-y, --yes', 'amend without asking for confirmation (required when not on a terminal)')
    .action(action(async (ctx, opts, args) => (await import('./amend.js')).run(ctx, opts as never, args)));

  order
    .command('get')
    .description('Show one order by id (Kalshi UUID or Polymarket 0x hash), or by the client order id / hash it was sent with')
    .argument('[order_id]', 'order id')
    .option('--client-id <id>', 'the client order id (Kalshi) or order hash (Polymarket) pmt sent the order with')
    .action(action(async (ctx, opts, args) => (await import('./get.js')).run(ctx, opts as never, args)));

  order
    .command('journal')
    .description('The local order journal: every create pmt sent, its intent and its result')
    .option('--limit <n>', 'only the last N entries')
    .action(action(async (ctx, opts, args) => (await import('./journal.js')).run(ctx, opts as never)));

  order
    .command('list')
    .description('List open orders')
    .option('--asset <asset>', 'only orders of this asset')
    .action(action(async (ctx, opts, args) => (await import('./list.js')).run(ctx, opts as never, args)));
}
