/**
 * `pmt settlements [--ticker T] [--limit N]`: what settled, the result, the payout and the fees
 * (Kalshi), newest first; derived from its entry (op and view). `--json`: `[Settlement]`.
 */
import type { Command } from 'commander';
import { addOperations } from './op-command.js';

export function registerSettlements(program: Command): void {
  addOperations(program, ['fetch_settlements']);
}
