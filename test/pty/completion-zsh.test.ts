/**
 * zsh completion in a real terminal (tmux): load completions/pmt.zsh the way ~/.zshrc would,
 * press Tab, and read what zsh offers.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installed, Terminal } from './tmux.js';

const SCRIPT = resolve(import.meta.dirname, '../../completions/pmt.zsh');

describe('zsh completion', () => {
  it('completes commands with descriptions, subcommands and allowed values', async (ctx) => {
    if (!installed('tmux') || !installed('zsh')) return ctx.skip('needs tmux and zsh');
    const term = new Terminal({ cols: 120, rows: 30, env: { PS1: '%% ' }, shell: 'zsh -f' });
    await term.start();
    try {
      await term.type(`autoload -U compinit && compinit -u && source ${SCRIPT} && clear`);
      await term.typeText('pmt ');
      await term.keys('Tab');
      const top = await term.waitFor((s) => /markets\s+-- Browse markets/.test(s), 'the command list');
      expect(top).toMatch(/exchanges\s+-- Capabilities/);
      expect(top).toMatch(/completion\s+-- Print a shell completion script/);
      await term.keys('C-c');
      await term.typeText('pmt markets list --status ');
      await term.keys('Tab');
      await term.waitFor((s) => /active\s+all\s+closed\s+resolved/.test(s), 'the --status values');
      await term.keys('C-c');
      await term.typeText('pmt order create --type=');
      await term.keys('Tab');
      await term.waitFor((s) => /fok\s+gtc\s+ioc/.test(s), 'the --type values');
      await term.keys('C-c');
      await term.typeText('pmt --exchange kalshi ord');
      await term.keys('Tab');
      await term.waitFor((s) => /^% pmt --exchange kalshi order *$/m.test(s), 'order completed in place');
    } finally {
      await term.close();
    }
  });
});
