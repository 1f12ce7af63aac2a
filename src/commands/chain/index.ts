import type { Command } from 'commander';
import { action } from '../action.js';
import { addOperation } from '../op-command.js';

/** `pmt approvals [check|set]` (the exchange contracts' allowances of the wallet's tokens). */
export function registerApprovals(program: Command): void {
  const a = program
    .command('approvals')
    .description("The exchange contracts' permission to move the wallet's collateral and outcome tokens (Polymarket, on chain)");
  addOperation(a, 'fetch_approvals', async (ctx, opts, args) => (await import('./approvals.js')).runCheck(ctx, opts as never, args), { isDefault: true });
  a.command('set')
    .description('approve what is missing (previews the transactions and asks first)')
    .option('-y, --yes', 'send without asking for confirmation (required when not on a terminal)')
    .action(action(async (ctx, opts, args) => (await import('./approvals.js')).runSet(ctx, opts as never, args)));
}

/** `pmt position split|merge|redeem <market>`. */
export function registerPosition(program: Command): void {
  const p = program.command('position').description('Split collateral into complete sets, merge them back, redeem resolved positions (Polymarket, on chain)');
  const verbs: Array<[string, string, string | null]> = [
    ['split', 'split pUSD into a complete set of the market\'s outcome tokens', 'pUSD to split (required)'],
    ['merge', 'merge complete sets back into pUSD', 'sets to merge (default: every complete set held)'],
    ['redeem', 'redeem a resolved market\'s tokens for pUSD (or every resolved position with --all)', null],
  ];
  for (const [verb, description, size] of verbs) {
    const cmd = p
      .command(verb)
      .description(description)
      .argument(verb === 'redeem' ? '[market]' : '<market>', 'market slug (polymarket:<slug>), token id or condition id (0x…)')
      .option('-y, --yes', 'send without asking for confirmation (required when not on a terminal)');
    if (size) cmd.option('--size <n>', size);
    if (verb === 'redeem') cmd.option('--all', 'redeem every resolved position the exchange lists as redeemable');
    cmd.action(action(async (ctx, opts, args) => (await import('./position.js')).run(ctx, { ...(opts as object), action: verb } as never, args)));
  }
}

/** `pmt doctor`. */
export function registerDoctor(program: Command): void {
  addOperation(program, 'doctor', async (ctx, opts, args) => (await import('./doctor.js')).run(ctx, opts as never, args));
}
