import { Argument, Command, Option } from 'commander';
import { action } from '../action.js';
import { completedBy } from '../complete-values.js';
import type { CredentialField } from '../../exchanges/credential-spec.js';
import { ALL_MANIFESTS as MANIFESTS } from '../../exchanges/registry.js';

/** A stored profile's name, completed from the store (`pmt __complete profiles`). */
const stored = (flags: string, help: string) => completedBy(new Argument(flags, help), 'profiles');

/**
 * `profile add`'s flags, from every manifest's credential fields in registry order: a value flag
 * per field (a file-path form first), `--<flag>-stdin` for a secret, a flag without a value for a
 * boolean; the secrets' value flags last and hidden (they are refused with the hint: argv is
 * readable by every user of the machine).
 */
function addOptions(): Option[] {
  const shown: Option[] = [];
  const refused: Option[] = [];
  for (const m of MANIFESTS) {
    for (const f of m.credentials.fields as readonly CredentialField[]) {
      if (f.file) shown.push(new Option(`--${f.file.flag} ${f.file.arg}`, f.file.help));
      if (f.display === 'secret') {
        shown.push(new Option(`--${f.flag}-stdin`, f.help));
        refused.push(new Option(`--${f.flag} ${f.arg ?? '<value>'}`).hideHelp());
      } else {
        const o = new Option(f.arg ? `--${f.flag} ${f.arg}` : `--${f.flag}`, f.help);
        shown.push(f.choices ? o.choices(f.choices) : o);
      }
    }
  }
  return [...shown, ...refused];
}

export function registerProfile(program: Command): void {
  const profile = program.command('profile').description('Manage credential profiles');

  const add = profile
    .command('add')
    .description('Add or replace a profile (asks for what is missing on a terminal)')
    .argument('<name>', 'profile name');
  for (const o of addOptions()) add.addOption(o);
  add.action(action(async (ctx, opts, args) => (await import('./add.js')).run(ctx, opts as never, args)));

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
