/**
 * A price chart for people (`pmt markets history`): the close of each candle as a line drawn by
 * asciichart (loaded on first use, never at start-up), sized to the terminal, with price labels
 * on the y axis, the first/middle/last times under the x axis, and the last price marked at the
 * right edge. Candles without a trade carry the previous close forward (a flat line), so a quiet
 * hour is not drawn as a fall to zero; leading empty candles are dropped.
 */
import { displayWidth } from './width.js';

export interface ChartCandle {
  start: string;
  close: number | null;
}

export interface ChartOptions {
  /** Total width in columns (the terminal's). */
  width: number;
  /** Total height in lines, labels included. */
  height: number;
  /** Time label of an ISO instant (the Formatter's, so zones match the tables). */
  time: (iso: string) => string;
  /** Price label (the Formatter's). */
  price: (p: number) => string;
  /** Colour the line and the last-price marker. */
  color?: (s: string) => string;
}

/** Close prices with gaps carried forward; null when nothing ever traded. */
export function closes(candles: ChartCandle[]): { times: string[]; values: number[] } | null {
  const times: string[] = [];
  const values: number[] = [];
  let last: number | null = null;
  for (const c of candles) {
    if (c.close !== null) last = c.close;
    if (last === null) continue;
    times.push(c.start);
    values.push(last);
  }
  return values.length ? { times, values } : null;
}

/**
 * Exactly `n` samples: evenly spaced ones (first and last kept) when there are more, each one
 * repeated over its share of the width when there are fewer, so the chart fills the window.
 */
export function resample<T>(xs: T[], n: number): T[] {
  if (xs.length === 0 || n < 1) return [];
  if (n === 1) return xs.slice(-1);
  if (xs.length < n) return Array.from({ length: n }, (_, i) => xs[Math.min(xs.length - 1, Math.floor((i * xs.length) / n))]!);
  return Array.from({ length: n }, (_, i) => xs[Math.round((i * (xs.length - 1)) / (n - 1))]!);
}

export async function renderChart(candles: ChartCandle[], o: ChartOptions): Promise<string> {
  const data = closes(candles);
  if (!data) return 'no trades in this period: nothing to chart';
  // A CommonJS module: its functions sit on `default` once bundled, on the namespace under vitest.
  const mod = await import('asciichart');
  const plot = mod.default?.plot ?? mod.plot;
  const lo = Math.min(...data.values);
  const hi = Math.max(...data.values);
  // Axis labels at one precision, fine enough to tell the rows apart: 2 decimals over a range of
  // 0.1 or more, 3 below it, 4 below 0.01 (the last-price marker keeps the Formatter's text).
  const range = hi - lo;
  const dp = range >= 0.1 || range === 0 ? 2 : range >= 0.01 ? 3 : 4;
  const label = (x: number) => x.toFixed(dp);
  const labelWidth = Math.max(displayWidth(label(lo)), displayWidth(label(hi))) + 1;
  const marker = ` ◀ ${o.price(data.values[data.values.length - 1]!)} last`;
  // Room for the y labels and the axis (labelWidth + 2), and for the last-price marker.
  const plotWidth = Math.max(8, o.width - labelWidth - 2 - displayWidth(marker));
  const points = resample(data.values.map((v, i) => ({ v, t: data.times[i]! })), plotWidth);
  const height = Math.max(3, o.height - 3);
  // The scale of what is drawn (sampling may drop an extreme), so the marker lands on its row.
  const vs = points.map((p) => p.v);
  const flat = Math.min(...vs) === Math.max(...vs);
  const min = flat ? vs[0]! - 0.01 : Math.min(...vs);
  const max = flat ? vs[0]! + 0.01 : Math.max(...vs);
  const text: string = plot(vs, { height: height - 1, min, max, format: (x: number) => label(x).padStart(labelWidth) });
  const lines = text.split('\n');
  // Mark the last price on the row the line ends on.
  const lastValue = vs[vs.length - 1]!;
  const row = Math.round(((max - lastValue) / (max - min)) * (lines.length - 1));
  const paint = o.color ?? ((s: string) => s);
  lines[row] = `${lines[row]!.replace(/\s+$/, '')}${paint(marker)}`;
  // The x axis: first, middle and last times under the plot.
  const left = ' '.repeat(labelWidth + 2);
  const first = o.time(points[0]!.t);
  const last = o.time(points[points.length - 1]!.t);
  const mid = o.time(points[Math.floor((points.length - 1) / 2)]!.t);
  const span = points.length;
  let axis = first;
  const midAt = Math.floor(span / 2) - Math.floor(displayWidth(mid) / 2);
  if (midAt > displayWidth(axis) + 2 && midAt + displayWidth(mid) + 2 < span - displayWidth(last)) axis += ' '.repeat(midAt - displayWidth(axis)) + mid;
  const lastAt = Math.max(displayWidth(axis) + 2, span - displayWidth(last));
  axis += ' '.repeat(lastAt - displayWidth(axis)) + last;
  return [...lines.map((l) => l.replace(/\s+$/, '')), `${left}${axis}`].join('\n');
}
