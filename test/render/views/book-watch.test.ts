/** The live book screen's status line carries upstream text (a tick size): it goes through the sanitizer. */
import { describe, expect, it } from 'vitest';
import { Formatter } from '../../../src/render/format.js';
import { watchLines } from '../../../src/render/views/book-watch.js';

const colour = new Formatter({ isTTY: true, color: true }, { timeZone: 'UTC' });

describe('book watch screen lines', () => {
  it('upstream text in the status detail cannot set the title, clear the screen or move the cursor; pmt keeps its colours', () => {
    const lines = watchLines(colour, {
      label: { exchange: 'polymarket', asset_id: '7' },
      book: null,
      stats: null,
      trades: [],
      state: 'live',
      detail: 'tick 0.01\u001b]0;PWNED\u0007\u001b[2J\u001b[H\u009b31m\r\nx',
      ageMs: null,
      rate: 0,
      columns: 120,
      rows: 30,
    });
    const text = lines.join('\n');
    expect(text).toContain('tick 0.01');
    expect(text).not.toMatch(/\u001b\]|\u0007|\u001b\[2J|\u001b\[H|\u009b|\r/);
    expect(text).not.toContain('PWNED');
    expect(text).toMatch(/\u001b\[3\dm/); // pmt's own SGR colours stay
  });
});
