/** The account and tape commands: `pmt balance`, `pmt positions`, `pmt fills`, `pmt trades` (from the operation table). */
import type { Command } from 'commander';
import { addOperations } from '../op-command.js';

export function registerPortfolio(program: Command): void {
  addOperations(program, ['fetch_balance', 'fetch_positions', 'fetch_fills', 'fetch_trades']);
}
