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
    .option('--expires <time>', 'GTD: the order expires at this time, ISO 8601 (2026-12-01T18:00:00Z) or unix seconds (gtc only; at least 3 minutes ahead on Polymarket, 1 on Kalshi)')
    .option('-y, --yes', 'send without asking for confirmation (required when not on a terminal)')
    .option('--dry-run', 'validate and preview against live data; send nothing')
    .option('--group <name>', 'place into this order group of the profile (Kalshi; `pmt order group create NAME --limit N` makes one)')
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
    .command('watch')
    .description('Your orders and fills, live, as the exchanges push them (NDJSON when piped)')
    .option('--duration <s>', 'stop after this many seconds')
    .option('--count <n>', 'stop after this many events')
    .action(action(async (ctx, opts) => (await import('./watch.js')).run(ctx, opts as never)));

  order
    .command('list')
    .description('List open orders')
    .option('--asset <asset>', 'only orders of this asset')
    .action(action(async (ctx, opts, args) => (await import('./list.js')).run(ctx, opts as never, args)));

  const group = order.command('group').description('Kalshi order groups: a contract limit the exchange enforces; triggered, it cancels their orders');
  group
    .command('create')
    .description('Create an order group on the exchange and name it on the profile')
    .argument('<name>', 'the name pmt knows it by')
    .requiredOption('--limit <n>', 'contracts that may match within Kalshi\'s rolling 15-second window')
    .action(action(async (ctx, opts, args) => (await import('./group.js')).create(ctx, opts as never, args)));
  group
    .command('list')
    .description("The exchange's order groups, with the profile's names")
    .action(action(async (ctx, opts, args) => (await import('./group.js')).list(ctx, opts as never, args)));
  group
    .command('trigger')
    .description("Trigger a group: the exchange cancels its orders and refuses new ones until reset")
    .argument('<name>', 'the group')
    .action(action(async (ctx, opts, args) => (await import('./group.js')).act(ctx, 'trigger', args)));
  group
    .command('reset')
    .description('Reset a group: orders may be placed in it again')
    .argument('<name>', 'the group')
    .action(action(async (ctx, opts, args) => (await import('./group.js')).act(ctx, 'reset', args)));
}
