/**
 * The Commander program: global options, command groups, and the one place where an error
 * becomes a line on stderr and an exit code. Verb modules keep heavy imports out of start-up.
 */
import { Command, CommanderError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exitCodeFor, PartialFailure, PmtError, toPmtError } from './errors.js';
import { safeLine } from './safe-text.js';
import { redactSecrets, registerSecret } from './secrets.js';
import { configDir } from './profiles.js';
import { registerMarkets } from './commands/markets/index.js';
import { registerBook } from './commands/book/index.js';
import { registerOrder } from './commands/order/index.js';
import { registerPortfolio } from './commands/portfolio/index.js';
import { registerProfile } from './commands/profile/index.js';
import { registerCompletion } from './commands/completion.js';
import { completedBy } from './commands/complete-values.js';
import { registerExchanges } from './commands/exchanges.js';
import { action } from './commands/action.js';
import { applyHelp } from './commands/help-text.js';
import { overview, REFERENCE } from './commands/overview.js';
import { unknownHelpTarget } from './commands/suggest.js';
import { commanderOutput, streamColor, writeStdout } from './render/io.js';

export const VERSION = '0.3.1';

export function buildProgram(): Command {
  const program = new Command('pmt');
  program
    .description('Trade prediction markets on Kalshi and Polymarket from one command line')
    .version(VERSION, '-V, --version', 'print the version')
    .option('--json', 'print exactly one JSON document (the interface models) on stdout')
    .option('--ndjson', 'for lists: one JSON object per line, streamed as pages arrive')
    .addOption(new Option('--exchange <id>', 'exchange to use where an id alone cannot tell').choices(['kalshi', 'polymarket']))
    .addOption(completedBy(new Option('--profile <name>', 'use this stored profile instead of the active one'), 'profiles'))
    .option('--no-color', 'no colour (also NO_COLOR=1; never when piped)')
    .option('--wide', 'tables keep every column at full width (they otherwise fit the terminal, ids never cut)')
    .option('--verbose', 'one line per upstream request on stderr; stack traces on errors')
    .helpOption('-h, --help', 'show help for this command')
    // Every command's help also lists the global options, so `--json` is discoverable anywhere.
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError(true)
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput(commanderOutput());
  registerMarkets(program);
  registerBook(program);
  registerOrder(program);
  registerPortfolio(program);
  registerProfile(program);
  registerServe(program);
  registerCompletion(program);
  registerExchanges(program);
  program.command('version').description('print the version (same as --version)').action(() => writeStdout(`${VERSION}\n`));
  applyHelp(program);
  program.addHelpText('after', REFERENCE);
  return program;
}

/**
 * `pmt serve`, registered here rather than under commands/ so that commands and serve never import
 * each other; serve/run.ts loads only when the command runs.
 */
function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve the interface as a REST API under /v1 (bearer token, loopback by default)')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free port)', '8080')
    .option('--token-file <file>', 'read the bearer token (32+ characters) from this file; or set PMT_SERVE_TOKEN; default: random, printed once on stderr')
    .option('--allow-remote', 'allow --host beyond loopback (plain HTTP: put TLS in front; needs a strong token)')
    // Refused with the hint (argv is readable by every user): hidden.
    .addOption(new Option('--token <token>').hideHelp())
    .action(action(async (ctx, opts, args) => (await import('./serve/run.js')).run(ctx, opts as never, args)));
}

function wantsJson(argv: string[]): boolean {
  return argv.includes('--json') || argv.includes('--ndjson');
}

/**
 * Print an error as one line (the error object with --json) and return its exit code. Every
 * printed string goes through `safeLine`: no registered secret, no control character or escape
 * sequence from an upstream message, never more than one line. The stack (only with --verbose)
 * is scrubbed of secrets too.
 */
export function reportError(err: unknown, argv: string[], stderr: NodeJS.WritableStream = process.stderr): number {
  registerConfiguredSecrets(process.env);
  // A call that spanned exchanges reports each exchange's failure; the exit code is the first's.
  if (err instanceof PartialFailure) {
    const codes = err.failures.map((f) => reportOne(f, argv, stderr));
    return codes[0]!;
  }
  return reportOne(err, argv, stderr);
}

function reportOne(err: unknown, argv: string[], stderr: NodeJS.WritableStream): number {
  const e = toPmtError(err);
  const code = exitCodeFor(e);
  const msg = safeLine(e.message) || 'unexpected error';
  if (wantsJson(argv)) {
    stderr.write(JSON.stringify({ kind: e.kind, message: msg }) + '\n');
  } else {
    const color = streamColor(process.env, stderr as { isTTY?: boolean }, argv.includes('--no-color'));
    const label = e.cancelled ? 'cancelled' : 'error';
    const head = color ? `\u001b[31m${label}\u001b[39m` : label;
    const hint = e.hint ? ` (hint: ${safeLine(e.hint)})` : '';
    const kind = e.usage || e.cancelled ? '' : ` [${e.kind}]`;
    stderr.write(`${head}: ${msg}${kind}${hint}\n`);
  }
  if (argv.includes('--verbose') && !(err instanceof PmtError && (err.usage || err.cancelled))) {
    const cause = err instanceof PmtError ? err.cause : err;
    const stack = cause instanceof Error ? cause.stack : err instanceof Error ? err.stack : undefined;
    if (stack) stderr.write(redactSecrets(stack) + '\n');
  }
  return code;
}

/** Commander's error text as one line: "unknown command 'markt'\n(Did you mean markets?)" keeps its hint. */
function commanderMessage(str: string): string {
  return oneLine(str.replace(/^error:\s*/i, ''));
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}

const SECRET_ENV = ['KALSHI_PRIVATE_KEY', 'POLYMARKET_PRIVATE_KEY', 'POLYMARKET_API_SECRET', 'POLYMARKET_API_PASSPHRASE'] as const;
const SECRET_FIELD_RE = /^(private_key|api_secret|api_passphrase)$/;

/**
 * Before printing an error, learn every secret this run could hold, even if the failure came
 * before credentials were resolved (a crash at start-up, a bad flag): the credential variables,
 * the Kalshi PEM file they name, and the secret fields of the profile store. Best effort: a
 * file that cannot be read holds nothing to leak.
 */
function registerConfiguredSecrets(env: NodeJS.ProcessEnv): void {
  for (const k of SECRET_ENV) registerSecret(env[k]);
  const read = (path: string | undefined) => {
    try {
      return path ? readFileSync(path, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };
  registerSecret(read(env.KALSHI_PRIVATE_KEY_PATH));
  const store = read(join(configDir(env), 'profiles.json'));
  if (!store) return;
  try {
    const walk = (v: unknown, key = ''): void => {
      if (typeof v === 'string') {
        if (SECRET_FIELD_RE.test(key)) registerSecret(v);
        if (key === 'private_key_path') registerSecret(read(v));
      } else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) walk(x, k);
      }
    };
    walk(JSON.parse(store));
  } catch {
    /* an unreadable store is reported by whoever reads it */
  }
}

/** Run pmt with process-style argv; resolves to the exit code. */
export async function main(argv: string[] = process.argv): Promise<number> {
  const user = argv.slice(2);
  // The version needs no command tree: scripts call this in loops.
  // `pmt version` too, as gh and kubectl have it.
  if (user.length === 1 && (user[0] === '--version' || user[0] === '-V' || user[0] === 'version')) {
    writeStdout(`${VERSION}\n`);
    return 0;
  }
  // What the completion scripts ask at Tab time: before the command tree, which only the outcomes
  // need; a read abandoned at its deadline must not hold the shell, so then the process ends here.
  if (user[0] === '__complete') {
    const r = await (await import('./commands/complete.js')).complete(user.slice(1), buildProgram);
    if (r.lines.length) writeStdout(r.lines.join('\n') + '\n');
    if (r.abandoned) setTimeout(() => process.exit(0), 20).unref();
    return 0;
  }
  const program = buildProgram();
  let usageMessage: string | undefined;
  program.configureOutput({
    // Commander's own error text ("error: unknown option '--x'") becomes our one-line error.
    outputError: (str) => {
      usageMessage = commanderMessage(str);
    },
  });
  for (const sub of allCommands(program)) {
    sub.exitOverride();
    sub.configureOutput({
      outputError: (str) => (usageMessage = commanderMessage(str)),
      // Commander writes to stderr only for a group called without a subcommand (`pmt markets`):
      // that help is what the user asked for, so it goes to stdout and exits 0.
      writeErr: (str) => process.stdout.write(str),
    });
  }
  try {
    if (user.length === 0) {
      writeStdout(overview(program, VERSION));
      return 0;
    }
    const wrong = unknownHelpTarget(program, user);
    if (wrong) return reportError(new PmtError('Api', wrong, { usage: true }), user);
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.exitCode === 0) return 0; // --help, --version
      if (err.code === 'commander.help') return 0; // a group's help, printed above
      return reportError(new PmtError('Api', usageMessage ?? err.message, { usage: true }), user);
    }
    return reportError(err, user);
  }
}

export function allCommands(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => [c, ...allCommands(c)]);
}
