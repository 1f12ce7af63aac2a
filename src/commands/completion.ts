import { Argument, type Command } from 'commander';
import { action } from './action.js';

export function registerCompletion(program: Command): void {
  program
    .command('completion')
    .description('Print a completion script for bash, zsh or fish, generated from the command tree: commands, subcommands, flags and their values')
    .addArgument(new Argument('<shell>', 'the shell to generate for').choices(['bash', 'zsh', 'fish']))
    .action(
      action(async (ctx, _opts, args) => {
        const { completionScript } = await import('./completion-script.js');
        // The tree this run already built (complete by the time the action runs): building a
        // second one costs as much as everything else `pmt completion` does.
        ctx.io.out(completionScript(program, args[0] as 'bash' | 'zsh' | 'fish'));
      }),
    );
}
