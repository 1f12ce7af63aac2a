/**
 * The Commander program: global options and the command tree, and one run of it. Loaded by the
 * entry (cli.ts) for everything but the version and a completion script.
 *
 * The top-level commands are built only when the command line names them: `pmt --help` lists
 * them from LAZY_COMMANDS alone, and `pmt book show` never builds the order tree.
 * `buildProgram()` without argv builds the whole tree (completion, tests).
 */
import { Command, CommanderError, Help, Option } from 'commander';
import { PmtError } from './errors.js';
import { VERSION } from './version.js';
import { action } from './commands/action.js';
import { completedBy } from './commands/complete-values.js';
import { applyHelp } from './commands/help-text.js';
import { exchange } from './ops/params.js';
import { OPERATIONS_TABLE, operationAt, subcommandsOf, termOf } from './ops/table.js';
import { addOperations, optionOf } from './commands/op-command.js';
import { overview, REFERENCE } from './commands/overview.js';
import { unknownHelpTarget } from './commands/suggest.js';
import { commanderOutput, writeStdout } from './render/io.js';

type Register = (program: Command) => void;

/** A top-level command as `pmt --help` lists it without building it. */
export interface Listed {
  name: string;
  /** A group's subcommand names (its summary line lists them). */
  subcommands?: readonly string[];
  /** What the list shows for it, as Commander would (`trades [options] <market>`); default: the name. */
  term?: string;
}

/** A group of operations as the operation table declares it (its subcommands in table order). */
const group = (name: string): Listed => ({ name, subcommands: subcommandsOf(name) });
/** A top-level operation, listed with the term its built form would have. */
const topLevel = (name: string): Listed => ({ name, term: termOf(operationAt(name)!) });

/**
 * The top-level commands, in the order they are listed, by the module that registers them: enough
 * for `pmt --help` and `pmt` alone, which show each as its term and summary (a group's with its
 * subcommand names). A module is loaded, and its commands built, only when the command line names
 * one of them. test/commands/lazy-groups.test.ts checks every entry against the real tree.
 */
type Lazy = { listed: readonly Listed[]; load: () => Promise<Register> };

const NAMED: readonly Lazy[] = [
  { listed: [group('markets')], load: async () => (await import('./commands/markets/index.js')).registerMarkets },
  { listed: [group('book')], load: async () => (await import('./commands/book/index.js')).registerBook },
  { listed: [{ name: 'order', subcommands: [...subcommandsOf('order'), 'group'] }], load: async () => (await import('./commands/order/index.js')).registerOrder },
  {
    listed: ['balance', 'positions', 'fills', 'trades'].map(topLevel),
    load: async () => (await import('./commands/portfolio/index.js')).registerPortfolio,
  },
  {
    listed: [{ name: 'risk', subcommands: ['show', 'set', 'resume'] }, topLevel('kill')],
    load: async () => {
      const m = await import('./commands/risk/index.js');
      return (program: Command) => {
        m.registerRisk(program);
        m.registerKill(program);
      };
    },
  },
  { listed: [{ name: 'profile', subcommands: ['add', 'list', 'show', 'use', 'remove'] }], load: async () => (await import('./commands/profile/index.js')).registerProfile },
  { listed: [{ name: 'serve', term: 'serve [options]' }], load: async () => registerServe },
  { listed: [{ name: 'mcp', term: 'mcp [options]' }], load: async () => registerMcp },
  { listed: [{ name: 'completion', term: 'completion <shell>' }], load: async () => (await import('./commands/completion.js')).registerCompletion },
  { listed: [{ name: 'exchanges', term: 'exchanges [options]' }], load: async () => (await import('./commands/exchanges.js')).registerExchanges },
  { listed: [{ name: 'approvals', subcommands: ['check', 'set'] }], load: async () => (await import('./commands/chain/index.js')).registerApprovals },
  { listed: [{ name: 'position', subcommands: ['split', 'merge', 'redeem'] }], load: async () => (await import('./commands/chain/index.js')).registerPosition },
  { listed: [topLevel('settlements')], load: async () => (await import('./commands/settlements.js')).registerSettlements },
  { listed: [topLevel('doctor')], load: async () => (await import('./commands/chain/index.js')).registerDoctor },
];

/**
 * The top-level operations of the table no module above registers (an operation added with its
 * entry, op and view only): listed last, each derived from its entry (commands/op-run.ts).
 */
function derivedTopLevel(before: readonly Lazy[]): Lazy {
  const named = new Set(before.flatMap((m) => m.listed.map((l) => l.name)));
  const ops = OPERATIONS_TABLE.filter((o) => !o.cli.includes(' ') && !named.has(o.cli));
  return { listed: ops.map((o) => topLevel(o.cli)), load: async () => (program: Command) => addOperations(program, ops.map((o) => o.id)) };
}

export const LAZY_COMMANDS: readonly Lazy[] = [...NAMED, derivedTopLevel(NAMED)];

/**
 * The command tree. With `argv`, only the commands it names are built in full (the others are
 * listed, never run); without, all of them.
 */
export async function buildProgram(argv?: readonly string[]): Promise<Command> {
  // A completion script describes the whole tree, whatever else the line says.
  const named = argv && !argv.includes('completion') ? new Set(argv) : undefined;
  const registers = await Promise.all(LAZY_COMMANDS.map(async (m) => (!named || m.listed.some((l) => named.has(l.name)) ? await m.load() : undefined)));
  const listed = new Map<Command, Listed>();
  const program = new Command('pmt');
  program
    .description('Trade prediction markets on Kalshi and Polymarket from one command line')
    .version(VERSION, '-V, --version', 'print the version')
    .option('--json', 'print exactly one JSON document (the interface models) on stdout')
    .option('--ndjson', 'for lists: one JSON object per line, streamed as pages arrive')
    .addOption(optionOf(exchange))
    .addOption(completedBy(new Option('--profile <name>', 'use this stored profile instead of the active one'), 'profiles'))
    .option('--no-color', 'no colour (also NO_COLOR=1; never when piped)')
    .option('--wide', 'tables keep every column at full width (they otherwise fit the terminal, ids never cut)')
    .option('--verbose', 'one line per upstream request on stderr; stack traces on errors')
    .helpOption('-h, --help', 'show help for this command')
    .configureHelp({
      // Every command's help also lists the global options, so `--json` is discoverable anywhere.
      showGlobalOptions: true,
      // A listed command's term is the one its built form would have.
      subcommandTerm(this: Help, cmd: Command): string {
        const l = listed.get(cmd);
        return l ? (l.term ?? l.name) : Help.prototype.subcommandTerm.call(this, cmd);
      },
    })
    .showSuggestionAfterError(true)
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput(commanderOutput());
  LAZY_COMMANDS.forEach((m, i) => {
    const register = registers[i];
    if (register) register(program);
    // Listed, never run: a command line that reaches one names it, and builds it.
    else for (const l of m.listed) listed.set(program.command(l.name), l);
  });
  program.command('version').description('print the version (same as --version)').action(() => writeStdout(`${VERSION}\n`));
  applyHelp(program, (cmd) => listed.get(cmd)?.subcommands);
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

/**
 * `pmt mcp`: an MCP server over the same operations (stdio; Streamable HTTP with --http). The
 * SDK and mcp/ load only when the command runs.
 */
function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('Serve the operations as MCP tools (stdio; Streamable HTTP on loopback with --http)')
    .option('--http', 'Streamable HTTP on 127.0.0.1 instead of stdio (bearer token as for pmt serve)')
    .option('--port <port>', 'with --http: port to listen on (0: any free port)', '8081')
    .option('--token-file <file>', 'with --http: read the bearer token from this file; or set PMT_SERVE_TOKEN; default: random, printed once on stderr')
    .option('--allow-trading', 'list create_order, cancel and kill as available (the profile\'s limits still apply; $10 per order and $100 per day when it sets none)')
    .action(action(async (ctx, opts, args) => (await import('./mcp/run.js')).run(ctx, opts as never)));
}

/** Commander's error text as one line: "unknown command 'markt'\n(Did you mean markets?)" keeps its hint. */
function commanderMessage(str: string): string {
  return oneLine(str.replace(/^error:\s*/i, ''));
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * Parse and run one command line (process-style argv); resolves to the exit code. A usage
 * mistake or a failed command is thrown as the error to report (the entry prints it).
 */
export async function runProgram(argv: string[]): Promise<number> {
  const user = argv.slice(2);
  const program = await buildProgram(user);
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
  if (user.length === 0) {
    writeStdout(overview(program, VERSION));
    return 0;
  }
  // `pmt --help` (or `help`) alone: the text Commander prints after parsing, without the parse.
  if (user.length === 1 && (user[0] === '--help' || user[0] === '-h' || user[0] === 'help')) {
    program.outputHelp();
    return 0;
  }
  const wrong = unknownHelpTarget(program, user);
  if (wrong) throw new PmtError('Api', wrong, { usage: true });
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    if (err.exitCode === 0) return 0; // --help, --version
    if (err.code === 'commander.help') return 0; // a group's help, printed above
    throw new PmtError('Api', usageMessage ?? err.message, { usage: true });
  }
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}

export function allCommands(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => [c, ...allCommands(c)]);
}
