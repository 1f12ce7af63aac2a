import type { Command } from 'commander';
import { addOperations, operationsOf } from '../op-command.js';

/** `pmt markets list|search|lineage|history`: the operation table's `markets` group. */
export function registerMarkets(program: Command): void {
  const markets = program.command('markets').description('Browse markets on Kalshi and Polymarket');
  addOperations(markets, operationsOf('markets'));
}
