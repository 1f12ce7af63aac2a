/**
 * The Commander program: global options, command groups, and the one place where an error
 * becomes a line on stderr and an exit code. Verb modules keep heavy imports out of start-up.
 */
import { Command, CommanderError, Option } from 'commander';
import { exitCodeFor, PmtError, toPmtError } from './errors.js';
import { registerMarkets } from './commands/markets/index.js';
import { registerBook } from './commands/book/index.js';
import { registerOrder } from './commands/order/index.js';
import { registerProfile } from './commands/profile/index.js';
import { registerServe } from './commands/serve.js';
import { registerCompletion } from './commands/completion.js';
import { registerExchanges } from './commands/exchanges.js';
import { commanderOutput, writeStdout } from './render/io.js';

export const VERSION = '0.3.1';

export function buildProgram(): Command {
  const program = new Command('pmt');
  program
    .description('Trade prediction markets on Kalshi and Polymarket from one command line')
    .version(VERSION, '-V, --version', 'print the version')
    .option('--json', 'print exactly one JSON document (the interface models) on stdout')
    .option('--ndjson', 'for lists: one JSON object per line, streamed as pages arrive')
    .addOption(new Option('--exchange <id>', 'exchange to use where an id alone cannot tell').choices(['kalshi', 'polymarket']))
    .option('--profile <name>', 'use this stored profile instead of the active one')
    .option('--no-color', 'no colour (also NO_COLOR=1; never when piped)')
    .option('--verbose', 'one line per upstream request on stderr; stack traces on errors')
    .showSuggestionAfterError(true)
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput(commanderOutput());
  registerMarkets(program);
  registerBook(program);
  registerOrder(program);
  registerProfile(program);
  registerServe(program);
  registerCompletion(program);
  registerExchanges(program);
  return program;
}

function wantsJson(argv: string[]): boolean {
  return argv.includes('--json') || argv.includes('--ndjson');
}

/** Print an error as one line (the error object with --json) and return its exit code. */
export function reportError(err: unknown, argv: string[], stderr: NodeJS.WritableStream = process.stderr): number {
  const e = toPmtError(err);
  const code = exitCodeFor(e);
  if (wantsJson(argv)) {
    stderr.write(JSON.stringify(e.toObject()) + '\n');
  } else {
    const color = Boolean((stderr as { isTTY?: boolean }).isTTY) && !process.env.NO_COLOR && !argv.includes('--no-color');
    const label = e.cancelled ? 'cancelled' : 'error';
    const head = color ? `\u001b[31m${label}\u001b[39m` : label;
    const msg = oneLine(e.message);
    const hint = e.hint ? ` (hint: ${oneLine(e.hint)})` : '';
    const kind = e.usage || e.cancelled ? '' : ` [${e.kind}]`;
    stderr.write(`${head}: ${msg}${kind}${hint}\n`);
  }
  if (argv.includes('--verbose') && !(err instanceof PmtError && (err.usage || err.cancelled))) {
    const cause = err instanceof PmtError ? err.cause : err;
    const stack = cause instanceof Error ? cause.stack : err instanceof Error ? err.stack : undefined;
    if (stack) stderr.write(stack + '\n');
  }
  return code;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}

/** Run pmt with process-style argv; resolves to the exit code. */
export async function main(argv: string[] = process.argv): Promise<number> {
  const user = argv.slice(2);
  // The version needs no command tree: scripts call this in loops.
  if (user.length === 1 && (user[0] === '--version' || user[0] === '-V')) {
    writeStdout(`${VERSION}\n`);
    return 0;
  }
  const program = buildProgram();
  let usageMessage: string | undefined;
  program.configureOutput({
    // Commander's own error text ("error: unknown option '--x'") becomes our one-line error.
    outputError: (str) => {
      usageMessage = str.replace(/^error:\s*/i, '').trim();
    },
  });
  for (const sub of allCommands(program)) {
    sub.exitOverride();
    sub.configureOutput({ outputError: (str) => (usageMessage = str.replace(/^error:\s*/i, '').trim()) });
  }
  try {
    if (user.length === 0) {
      writeStdout(program.helpInformation());
      return 0;
    }
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.exitCode === 0) return 0; // --help, --version
      return reportError(new PmtError('Api', usageMessage ?? err.message, { usage: true }), user);
    }
    return reportError(err, user);
  }
}

export function allCommands(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => [c, ...allCommands(c)]);
}
