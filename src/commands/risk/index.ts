import { Command } from 'commander';
import { action } from '../action.js';
import { addOperation } from '../op-command.js';

export function registerRisk(program: Command): void {
  const risk = program.command('risk').description("The profile's risk limits, checked before any order is signed");
  risk
    .command('show')
    .description("The limits of the profile in use and today's usage per exchange")
    .action(action(async (ctx, opts) => (await import('./run.js')).show(ctx, opts as never)));
  risk
    .command('set')
    .description('Set or clear limits on the profile in use (or --profile)')
    .option('--max-order-notional <usd>', 'price × size plus the estimated fee, per order')
    .option('--max-daily-notional <usd>', 'every order sent since 00:00 UTC, per exchange: one amount, or kalshi=USD,polymarket=USD')
    .option('--max-open-orders <n>', 'open orders per exchange')
    .option('--max-position <n>', 'contracts per market (the outcome traded)')
    .option('--allowed-exchanges <ids>', 'only these exchanges (comma-separated)')
    .option('--allowed-markets <patterns>', 'only markets matching these globs (comma-separated; native ticker/slug or unified id, e.g. KXFED-*)')
    .option('--trading <on|off>', 'off refuses every order')
    .option('--clear <limit...>', 'remove these limits (e.g. max_order_notional, or all)')
    .action(action(async (ctx, opts) => (await import('./run.js')).set(ctx, opts as never)));
  risk
    .command('resume')
    .description('Turn trading on again after `pmt kill` (or --trading off)')
    .action(action(async (ctx, opts) => (await import('./run.js')).resume(ctx, opts as never)));
}

export function registerKill(program: Command): void {
  addOperation(program, 'kill', async (ctx, opts) => (await import('./kill.js')).run(ctx, opts as never));
}
