import type { Command } from 'commander';
import { action } from '../action.js';
import { addOperations, operationsOf } from '../op-command.js';

/** `pmt order …`: the operation table's `order` group; `order group` is pmt's own. */
export function registerOrder(program: Command): void {
  const order = program.command('order').description('Place, inspect and cancel orders');

  addOperations(order, operationsOf('order'));

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
