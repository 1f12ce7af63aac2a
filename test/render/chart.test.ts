import { describe, expect, it } from 'vitest';
import { closes, renderChart, resample } from '../../src/render/chart.js';
import { displayWidth } from '../../src/render/width.js';

const h = Date.UTC(2026, 10, 20, 0);
const candles = [0.41, null, 0.45, 0.47, 0.43, 0.5, 0.52, 0.49, 0.55, 0.6, 0.58, 0.62, 0.57, 0.61, 0.64, 0.66, 0.63, 0.67, 0.7, 0.68].map((c, i) => ({
  start: new Date(h + i * 3_600_000).toISOString(),
  close: c,
}));
const opts = (width: number, height: number) => ({ width, height, time: (iso: string) => iso.slice(5, 13).replace('T', ' '), price: (p: number) => p.toFixed(2) });

describe('price chart', () => {
  it('carries the last close over quiet candles and drops leading empty ones', () => {
    expect(closes([{ start: 'a', close: null }, { start: 'b', close: 0.4 }, { start: 'c', close: null }])).toEqual({ times: ['b', 'c'], values: [0.4, 0.4] });
    expect(closes([{ start: 'a', close: null }])).toBeNull();
    expect(resample([1, 2, 3, 4, 5], 3)).toEqual([1, 3, 5]);
    expect(resample([1, 2], 5)).toEqual([1, 1, 1, 2, 2]);
  });

  for (const [width, height] of [[60, 10], [120, 16]] as const) {
    it(`fits ${width}×${height}: axis labels, times, the last price marked`, async () => {
      const text = await renderChart(candles, opts(width, height));
      const lines = text.split('\n');
      expect(lines.length).toBe(height - 2);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
      // y labels: the extremes of the closes.
      expect(text).toContain('0.70');
      expect(text).toContain('0.41');
      // x axis: first and last candle times.
      expect(lines.at(-1)).toMatch(/^\s+11-20 00 .* 11-20 19$/);
      // The last price, on the top row (it is the path's maximum region).
      const marked = lines.findIndex((l) => l.includes('◀ 0.68 last'));
      expect(marked).toBeGreaterThanOrEqual(0);
      expect(marked).toBeLessThan(3);
    });
  }

  it('wider terminals draw more of the path', async () => {
    const narrow = await renderChart(candles, opts(40, 10));
    const wide = await renderChart(candles, opts(120, 10));
    const plotted = (t: string) => t.split('\n')[0]!.length;
    expect(plotted(wide)).toBeGreaterThan(plotted(narrow));
  });

  it('says so when nothing traded', async () => {
    expect(await renderChart([{ start: new Date(h).toISOString(), close: null }], opts(80, 12))).toMatch(/no trades/);
  });
});
