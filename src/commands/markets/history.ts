/**
 * `pmt markets history <market> [--interval 1m|1h|1d] [--since T] [--outcome O]`:
 * fetch_price_history. JSON: `[Candle]`; piped: one candle per line; for people, a chart sized to
 * the terminal (render/chart.ts) with the range, last price and change beneath.
 */
import type { Context } from '../../context.js';
import { fetchPriceHistory } from '../../ops/tape.js';
import { Formatter } from '../../render/format.js';
import { printTable } from '../../render/table.js';
import { candleRow } from '../../render/views/tape.js';
import { cliInput } from '../input.js';

interface Opts {
  interval?: string;
  since?: string;
  outcome?: string;
}

export async function run(ctx: Context, opts: Opts, args: string[]): Promise<void> {
  const svc = ctx;
  const h = await fetchPriceHistory(svc, cliInput(ctx, 'fetch_price_history', opts, args));
  if (ctx.ndjson) {
    for (const c of h.candles) if (!ctx.io.ndjson(c)) await ctx.io.drain();
    return;
  }
  if (ctx.json) return ctx.io.json(h.candles);
  const f = new Formatter(ctx.io);
  if (!ctx.io.isTTY) return printTable(ctx.io, [], h.candles.map(candleRow));
  const { renderChart } = await import('../../render/chart.js');
  const closes = h.candles.map((c) => c.close).filter((c): c is number => c !== null);
  const title = `${h.exchange}:${h.market} · ${h.interval} candles · ${h.candles.length ? `${f.time(h.candles[0]!.start)} → ${f.time(h.candles[h.candles.length - 1]!.start)}` : 'none'}`;
  ctx.io.out(f.c.bold(f.text(title)));
  ctx.io.out(
    await renderChart(h.candles, {
      width: ctx.io.columns,
      height: Math.max(8, Math.min(ctx.io.rows - 4, 24)),
      time: (iso) => f.time(iso).replace(/^\d{4}-/, ''),
      price: (p) => f.price(p),
      color: (s) => f.c.cyan(s),
    }),
  );
  if (closes.length > 1) {
    const first = closes[0]!;
    const last = closes[closes.length - 1]!;
    const change = Math.round((last - first) * 10_000) / 10_000;
    ctx.io.out(f.c.dim(`low ${f.price(Math.min(...closes))} · high ${f.price(Math.max(...closes))} · last ${f.price(last)} · change ${change >= 0 ? '+' : ''}${f.price(change)}`));
  }
}
