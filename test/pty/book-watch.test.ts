/**
 * `pmt book watch` in a real terminal (tmux): the ladder on the alternate screen with the cursor
 * hidden, redrawn in place as deltas arrive, redrawn to the new width on a resize, and `q` or
 * Ctrl-C leave with exit 0, the cursor shown again and the shell's screen back as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import { POLY_BOOK_TOKENS as P } from '../upstream/polymarket/book-routes.js';
import { bookEnv, type BookEnv } from '../commands/book-fixture.js';
import { hasTmux, Terminal } from './tmux.js';

let t: BookEnv | undefined;
beforeAll(async () => {
  if (hasTmux()) t = await bookEnv();
});
afterAll(async () => t?.d.close());

const ALT_ON = '\u001b[?1049h';
const ALT_OFF = '\u001b[?1049l';
const HIDE = '\u001b[?25l';
const SHOW = '\u001b[?25h';

describe('pmt book watch on a terminal', () => {
  it('draws the live ladder, moves with the book, and q restores the terminal (exit 0)', async (ctx) => {
    if (!t) return ctx.skip('tmux is not installed');
    const term = new Terminal({ cols: 100, rows: 32, env: { ...t.env(), NO_COLOR: '1' } });
    try {
      await term.startPmt(['book', 'watch', K.normal]);
      const first = await term.waitFor(/● live/, 'the live view');
      expect(first).toMatch(/kalshi market KXBOOK-26DEC31-NORMAL/);
      expect(first).toMatch(/bid\s+0\.42\s+100/);
      expect(first).toMatch(/bid 0\.42 · ask 0\.45 · mid 0\.435/);
      expect(first).toMatch(/last trades/);
      t.d.kalshi.stream.delta(K.normal, 'yes', 0.43, 77);
      t.d.kalshi.stream.trade(K.normal, 0.45, 3, 'yes');
      const moved = await term.waitFor(/bid\s+0\.43\s+77/, 'the delta on screen');
      expect(moved).toMatch(/bid 0\.43 · ask 0\.45/);
      expect(moved).toMatch(/buy\s+0\.45 × 3/);
      // Drawn in place: the ladder is on the screen once, not scrolled.
      expect(moved.match(/kalshi market /g)).toHaveLength(1);
      await term.resize(60, 32);
      const narrow = await term.waitFor((s) => /● live/.test(s) && s.split('\n').every((l) => l.length <= 60) && /DEPTH/.test(s), 'the redraw at 60 columns');
      expect(narrow).toMatch(/bid\s+0\.43\s+77/);
      await term.keys('q');
      expect(await term.exitCode()).toBe(0);
      const raw = term.raw();
      expect(raw).toContain(ALT_ON);
      expect(raw).toContain(HIDE);
      expect(raw.lastIndexOf(SHOW)).toBeGreaterThan(raw.lastIndexOf(HIDE));
      expect(raw.lastIndexOf(ALT_OFF)).toBeGreaterThan(raw.lastIndexOf(ALT_ON));
      // Back on the normal screen: the ladder is gone, the exit line is there.
      const after = await term.screen();
      expect(after).not.toMatch(/● live/);
      expect(after).toMatch(/\[pmt exited 0\]/);
    } finally {
      t.d.kalshi.stream.delta(K.normal, 'yes', 0.43, -77);
      await term.close();
    }
  });

  it('Ctrl-C quits with exit 0 too (Polymarket book)', async (ctx) => {
    if (!t) return ctx.skip('tmux is not installed');
    const term = new Terminal({ cols: 100, rows: 30, env: { ...t.bare(), NO_COLOR: '1' } });
    try {
      await term.startPmt(['book', 'watch', P.normal]);
      await term.waitFor(/polymarket token .*● live|● live/s, 'the live view');
      await term.keys('C-c');
      expect(await term.exitCode()).toBe(0);
      expect(term.raw().lastIndexOf(SHOW)).toBeGreaterThan(term.raw().lastIndexOf(HIDE));
    } finally {
      await term.close();
    }
  });
});
