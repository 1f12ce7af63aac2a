// Placeholder until completions land.
import type { Command } from 'commander';
export function completionScript(_program: Command, shell: 'bash' | 'zsh' | 'fish'): string {
  return `# pmt completion for ${shell}: not generated yet`;
}
