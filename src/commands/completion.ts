import { Argument, type Command } from 'commander';
import { writeStdout } from '../render/io.js';

export function registerCompletion(program: Command): void {
  program
    .command('completion')
    .description('Print a completion script for bash, zsh or fish, generated from the command tree: commands, subcommands, flags and their values')
    .addArgument(new Argument('<shell>', 'the shell to generate for').choices(['bash', 'zsh', 'fish']))
    // No per-run context: a completion script needs neither profiles nor exchanges, and shells
    // source it at every start, so it skips loading them (the context and its chunks).
    .action(async (shell: 'bash' | 'zsh' | 'fish') => {
      const { completionScript } = await import('./completion-script.js');
      // The tree this run already built (complete by the time the action runs): building a
      // second one costs as much as everything else `pmt completion` does.
      writeStdout(completionScript(program, shell));
    });
}
