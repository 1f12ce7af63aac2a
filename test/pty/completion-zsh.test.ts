/**
 * zsh completion in a real terminal (tmux): load completions/pmt.zsh the way ~/.zshrc would,
 * press Tab, and read what zsh offers.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionHome } from '../helpers/completion.js';
import { startDoubles } from '../upstream/doubles.js';
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

  it('completes profile names and a market\'s outcomes by asking pmt', async (ctx) => {
    if (!installed('tmux') || !installed('zsh')) return ctx.skip('needs tmux and zsh');
    const d = await startDoubles({ polymarket: { events: 40 } });
    const { env: home, labels, slug } = completionHome(d, 'pmt-zsh-');
    const env = { PS1: '%% ', ...home };
    const term = new Terminal({ cols: 150, rows: 30, env, shell: 'zsh -f' });
    await term.start();
    try {
      await term.type(`autoload -U compinit && compinit -u && source ${SCRIPT} && clear`);
      await term.typeText('pmt --profile ');
      await term.keys('Tab');
      await term.waitFor(/demo\s+work/, 'the profile names');
      await term.keys('C-c');
      await term.typeText('pmt profile use w');
      await term.keys('Tab');
      await term.waitFor(/^% pmt profile use work *$/m, 'the name completed in place');
      await term.keys('C-c');
      await term.typeText(`pmt book show polymarket:${slug} --outcome `);
      await term.keys('Tab');
      const screen = await term.waitFor((s) => labels.every((l) => s.includes(l.replace(/ /g, '\\ '))), 'the market\'s outcome labels');
      expect(screen).toMatch(/\bNo\b[\s\S]*\bYes\b|\bYes\b[\s\S]*\bNo\b/);
      await term.keys('C-c');
      await term.typeText(`pmt --exchange polymarket order create --asset ${slug} --outcome=${labels[0]!.slice(0, 3)}`);
      await term.keys('Tab');
      await term.waitFor((s) => s.includes(`--outcome=${labels[0]!.replace(/ /g, '\\ ')}`), 'the label completed after --outcome=');
    } finally {
      await term.close();
      await d.close();
    }
  });
});
