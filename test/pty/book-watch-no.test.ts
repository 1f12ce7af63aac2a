/**
 * Issue 21 item 11: `book watch <kalshi market> --outcome no` on a terminal names the book it
 * shows, the NO book on NO prices, not the YES book's "YES prices" header over a NO ladder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import { bookEnv, type BookEnv } from '../commands/book-fixture.js';
import { hasTmux, Terminal } from './tmux.js';

let t: BookEnv | undefined;
beforeAll(async () => {
  if (hasTmux()) t = await bookEnv();
});
afterAll(async () => t?.d.close());

describe('pmt book watch --outcome no on a terminal', () => {
  it('heads the NO ladder with the NO book label', async (ctx) => {
    if (!t) return ctx.skip('tmux is not installed');
    const term = new Terminal({ cols: 150, rows: 32, env: { ...t.env(), NO_COLOR: '1' } });
    try {
      await term.startPmt(['book', 'watch', K.normal, '--outcome', 'no']);
      const first = await term.waitFor(/● live/, 'the live view');
      expect(first).toMatch(/kalshi market KXBOOK-26DEC31-NORMAL \(NO book: NO prices/);
      expect(first).not.toMatch(/YES book: YES prices/);
      // YES bid 0.42 / ask 0.45 → NO bid 0.55 / ask 0.58.
      expect(first).toMatch(/bid\s+0\.55/);
      await term.keys('q');
      expect(await term.exitCode()).toBe(0);
    } finally {
      await term.close();
    }
  });
});
