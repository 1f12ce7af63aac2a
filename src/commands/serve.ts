import { Option, type Command } from 'commander';
import { action } from './action.js';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve the interface as a REST API under /v1 (bearer token, loopback by default)')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free port)', '8080')
    .option('--token-file <file>', 'read the bearer token (32+ characters) from this file; or set PMT_SERVE_TOKEN; default: random, printed once on stderr')
    .option('--allow-remote', 'allow --host beyond loopback (plain HTTP: put TLS in front; needs a strong token)')
    // Refused with the hint (argv is readable by every user): hidden.
    .addOption(new Option('--token <token>').hideHelp())
    .action(action(async (ctx, opts, args) => (await import('../serve/run.js')).run(ctx, opts as never, args)));
}
