import type { Command } from 'commander';
import { action } from './action.js';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve the interface as a REST API under /v1 (bearer token, loopback by default)')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free port)', '8080')
    .option('--token <token>', 'bearer token clients must send, 16+ characters (prefer PMT_SERVE_TOKEN: flags show in ps; default: random, printed once on stderr)')
    .action(action(async (ctx, opts, args) => (await import('../serve/run.js')).run(ctx, opts as never, args)));
}
