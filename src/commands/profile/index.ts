import { Command, Option } from 'commander';
import { action } from '../action.js';

export function registerProfile(program: Command): void {
  const profile = program.command('profile').description('Manage credential profiles');

  profile
    .command('add')
    .description('Add or replace a profile (asks for what is missing on a terminal)')
    .argument('<name>', 'profile name')
    .option('--kalshi-api-key-id <id>', 'Kalshi API key id')
    .option('--kalshi-private-key-path <file>', 'path to the Kalshi RSA private key (.pem); the key stays in its file')
    .option('--kalshi-private-key <pem>', 'Kalshi private key as PEM text (discouraged: visible in shell history)')
    .option('--kalshi-demo', "use Kalshi's demo environment (default: production)")
    .option('--polymarket-private-key <hex>', 'Polymarket signer private key (discouraged on the command line)')
    .option('--polymarket-funder <address>', 'Polymarket proxy / Safe wallet holding the funds')
    .addOption(new Option('--polymarket-signature-type <type>', 'Polymarket wallet type (default: gnosis-safe when a funder is set, else eoa)').choices(['eoa', 'proxy', 'gnosis-safe', 'poly-1271']))
    .option('--polymarket-api-key <uuid>', 'Polymarket CLOB API key (else derived from the private key)')
    .option('--polymarket-api-secret <secret>', 'Polymarket CLOB API secret')
    .option('--polymarket-api-passphrase <passphrase>', 'Polymarket CLOB API passphrase')
    .action(action(async (ctx, opts, args) => (await import('./add.js')).run(ctx, opts as never, args)));

  profile
    .command('list')
    .description('List profiles (secrets masked)')
    .action(action(async (ctx, opts, args) => (await import('./list.js')).run(ctx, opts as never, args)));

  profile
    .command('show')
    .description('Show a profile and where each credential comes from (secrets masked)')
    .argument('[name]', 'profile name (default: the active one)')
    .action(action(async (ctx, opts, args) => (await import('./show.js')).run(ctx, opts as never, args)));

  profile
    .command('use')
    .description('Make a profile the active one')
    .argument('<name>', 'profile name')
    .action(action(async (ctx, opts, args) => (await import('./use.js')).run(ctx, opts as never, args)));

  profile
    .command('remove')
    .description('Remove a profile')
    .argument('<name>', 'profile name')
    .option('-y, --yes', 'remove without asking for confirmation')
    .action(action(async (ctx, opts, args) => (await import('./remove.js')).run(ctx, opts as never, args)));
}
