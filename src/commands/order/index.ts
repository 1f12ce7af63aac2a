import type { Command } from 'commander';
import { action } from '../action.js';
import { addOperation } from '../op-command.js';

/** `pmt order …`: the operations' options and arguments from the operation table; `order group` is pmt's own. */
export function registerOrder(program: Command): void {
  const order = program.command('order').description('Place, inspect and cancel orders');

  addOperation(order, 'create_order', async (ctx, opts, args) => (await import('./create.js')).run(ctx, opts as never, args));
  addOperation(order, 'cancel_all_orders', async (ctx, opts, args) => (await import('./cancel-all.js')).run(ctx, opts as never, args));
  addOperation(order, 'cancel_order', async (ctx, opts, args) => (await import('./cancel.js')).run(ctx, opts as never, args));
  addOperation(order, 'amend_order', async (ctx, opts, args) => (await import('./amend.js')).run(ctx, opts as never, args));
  addOperation(order, 'fetch_order', async (ctx, opts, args) => (await import('./get.js')).run(ctx, opts as never, args));
  addOperation(order, 'read_journal', async (ctx, opts) => (await import('./journal.js')).run(ctx, opts as never));
  addOperation(order, 'watch_orders', async (ctx, opts) => (await import('./watch.js')).run(ctx, opts as never));
  addOperation(order, 'fetch_open_orders', async (ctx, opts, args) => (await import('./list.js')).run(ctx, opts as never, args));

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
