/**
 * The op's input from a command line, as the operation table declares it (ops/input.ts
 * `readCli`): the command's flags and arguments, and pmt's global `--exchange`. Loaded by a verb
 * when it runs (never by the command tree: help and completion need no parsing).
 */
import type { Context } from '../context.js';
import { readCli } from '../ops/input.js';
import { operation } from '../ops/table.js';

export function cliInput(ctx: Context, id: string, opts: object, args: readonly string[] = []): never {
  return readCli(operation(id), { ...opts, exchange: ctx.exchangeFlag() }, args) as never;
}
