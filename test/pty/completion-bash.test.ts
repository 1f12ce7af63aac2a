/**
 * bash completion in a real terminal (tmux): readline splits the line as a person types it (at
 * `:` and `=` too), the script asks `pmt __complete`, and Tab shows or inserts what it offers.
 * `pmt` on PATH is the built binary; a temp profile store and the upstream doubles stand behind it.
 */
import { resolve } from 'node:path';
import { describe, it } from 'vitest';
import { completionHome } from '../helpers/completion.js';
import { startDoubles } from '../upstream/doubles.js';
import { installed, Terminal } from './tmux.js';

const SCRIPT = resolve(import.meta.dirname, '../../completions/pmt.bash');

describe('bash completion', () => {
  it('completes profile names and a market\'s outcomes by asking pmt', async (ctx) => {
    if (!installed('tmux') || !installed('bash')) return ctx.skip('needs tmux and bash');
    const d = await startDoubles({ polymarket: { events: 40 } });
    const { env, labels, slug } = completionHome(d, 'pmt-bash-');
    const quoted = (l: string) => l.replace(/ /g, '\\ ');
    const term = new Terminal({ cols: 150, rows: 30, env, shell: 'bash --norc --noprofile' });
    await term.start();
    // Ctrl-C, then wait for bash's fresh prompt: keys sent while a completion (which runs pmt)
    // is still being drawn would otherwise land on the old line.
    const lastLine = (s: string) => s.split('\n').filter((l) => l.trim() !== '').at(-1) ?? '';
    const newLine = async () => {
      await term.keys('C-c');
      await term.waitFor((s) => lastLine(s).trim() === '$', 'a fresh prompt');
    };
    try {
      await term.type(`source ${SCRIPT} && clear`);
      await term.typeText('pmt --profile ');
      await term.keys('Tab', 'Tab');
      await term.waitFor((s) => /^demo\s+work\s*$/m.test(s) && lastLine(s).includes('--profile'), 'the profile names, then the line again');
      await newLine();
      await term.typeText('pmt profile use w');
      await term.keys('Tab');
      await term.waitFor(/^\$ pmt profile use work *$/m, 'the name completed in place');
      await newLine();
      await term.typeText(`pmt book show polymarket:${slug} --outcome `);
      await term.keys('Tab', 'Tab');
      await term.waitFor((s) => [...labels.map(quoted), 'Yes', 'No'].every((l) => s.includes(l)) && lastLine(s).includes('--outcome'), "the market's outcome labels, then the line again");
      await newLine();
      await term.typeText(`pmt --exchange polymarket order create --asset ${slug} --outcome ${labels[0]!.slice(0, 3).toLowerCase()}`);
      await term.keys('Tab');
      await term.waitFor((s) => s.includes(`--outcome ${quoted(labels[0]!)}`), 'the label completed, quoted');
      await newLine();
      await term.typeText('pmt book stats KXTEST-25Q4-CONTRACT --outcome=n');
      await term.keys('Tab');
      await term.waitFor(/--outcome=No *$/m, 'No after --outcome=');
    } finally {
      await term.close();
      await d.close();
    }
  });
});
