import type { Command } from 'commander';
import { addOperations, operationsOf } from '../op-command.js';

/** `pmt book show|stats|impact|watch`: the operation table's `book` group. */
export function registerBook(program: Command): void {
  const book = program.command('book').description('Orderbooks, their stats and the impact of a size');
  addOperations(book, operationsOf('book'));
}
