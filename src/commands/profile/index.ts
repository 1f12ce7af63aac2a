import { Argument, Command, Option } from 'commander';
import { action } from '../action.js';
import { completedBy } from '../complete-values.js';

/** A stored profile's name, completed from the store (`pmt __complete profiles`). */
const stored = (flags: string, help: string) => completedBy(new Argument(flags, help), 'profiles');

export function registerProfile(program: Command): void {
  const profile = program.command('profile').description('Manage credential profiles');

  profile
    .command('add')
    .description('Add or replace a profile (asks for what is missing on a terminal)')
    .argument('<name>', 'profile name')
    .option('--kalshi-api-key-id <id>', 'Kalshi API key id')
    .option('--kalshi-private-key-path <file>', 'path to the Kalshi RSA private key (.pem); the key stays in its file')
    .option('--kalshi-private-key-stdin', 'read the Kalshi private key (PEM text) from stdin (or set KALSHI_PRIVATE_KEY)')
    .option('--kalshi-demo', "use Kalshi's demo environment (default: production)")
    .option('--polymarket-private-key-stdin', 'read the Polymarket signer private key from stdin (or set POLYMARKET_PRIVATE_KEY; on a terminal pmt asks)')
    .option('--polymarket-funder <address>', 'Polymarket proxy / Safe wallet holding the funds')
    .addOption(new Option('--polymarket-signature-type <type>', 'Polymarket wallet type (default: gnosis-safe when a funder is set, else eoa)').choices(['eoa', 'proxy', 'gnosis-safe', 'poly-1271']))
    .option('--polymarket-api-key <uuid>', 'Polymarket CLOB API key (else derived from the private key)')
    .option('--polymarket-api-secret-stdin', 'read the Polymarket CLOB API secret from stdin (or set POLYMARKET_API_SECRET)')
    .option('--polymarket-api-passphrase-stdin', 'read the Polymarket CLOB API passphrase from stdin (or set POLYMARKET_API_PASSPHRASE)')
    .option('--polygon-rpc-url <url>', 'Polygon JSON-RPC for on-chain actions (approvals, split, merge, redeem, doctor); default PMT_POLYGON_RPC_URL or a public RPC')
    .option('--polymarket-relayer-api-key-stdin', "read the Polymarket Relayer API key from stdin (or set POLYMARKET_RELAYER_API_KEY): deposit wallets move only through Polymarket's relayer")
    .option('--polymarket-relayer-api-key-address <address>', "the address the Relayer API key belongs to (default: the signer's)")
    .option('--polymarket-builder-api-key <key>', 'Polymarket Builder API key (the relayer, instead of a Relayer API key)')
    .option('--polymarket-builder-secret-stdin', 'read the Polymarket Builder API secret from stdin (or set POLYMARKET_BUILDER_SECRET)')
    .option('--polymarket-builder-passphrase-stdin', 'read the Polymarket Builder API passphrase from stdin (or set POLYMARKET_BUILDER_PASSPHRASE)')
    .option('--polymarket-us-api-key-id <id>', 'Polymarket US API key id')
    .option('--polymarket-us-private-key-path <file>', 'path to the file holding the Polymarket US secret key (base64 Ed25519); the key stays in its file')
    .option('--polymarket-us-private-key-stdin', 'read the Polymarket US secret key (base64) from stdin (or set POLYMARKET_US_PRIVATE_KEY)')
    // Secrets as flag values are refused with the hint (argv is readable by every user): hidden.
    .addOption(new Option('--kalshi-private-key <pem>').hideHelp())
    .addOption(new Option('--polymarket-private-key <hex>').hideHelp())
    .addOption(new Option('--polymarket-api-secret <secret>').hideHelp())
    .addOption(new Option('--polymarket-api-passphrase <passphrase>').hideHelp())
    .addOption(new Option('--polymarket-us-private-key <base64>').hideHelp())
    .addOption(new Option('--polymarket-relayer-api-key <key>').hideHelp())
    .addOption(new Option('--polymarket-builder-secret <secret>').hideHelp())
    .addOption(new Option('--polymarket-builder-passphrase <passphrase>').hideHelp())
    .action(action(async (ctx, opts, args) => (await import('./add.js')).run(ctx, opts as never, args)));

  profile
    .command('list')
    .description('List profiles (secrets masked)')
    .action(action(async (ctx, opts, args) => (await import('./list.js')).run(ctx, opts as never, args)));

  profile
    .command('show')
    .description('Show a profile and where each credential comes from (secrets masked)')
    .addArgument(stored('[name]', 'profile name (default: the active one)'))
    .action(action(async (ctx, opts, args) => (await import('./show.js')).run(ctx, opts as never, args)));

  profile
    .command('use')
    .description('Make a profile the active one')
    .addArgument(stored('<name>', 'profile name'))
    .action(action(async (ctx, opts, args) => (await import('./use.js')).run(ctx, opts as never, args)));

  profile
    .command('remove')
    .description('Remove a profile')
    .addArgument(stored('<name>', 'profile name'))
    .option('-y, --yes', 'remove without asking for confirmation')
    .action(action(async (ctx, opts, args) => (await import('./remove.js')).run(ctx, opts as never, args)));
}
