/**
 * Presentation of fills (the caller's executions), the public tape and candles: pure row mappers
 * plus the printers. Piped rows start with the id (fill id, trade id, candle start) and never cut
 * it; prices are those of the outcome in the same row.
 */
import type { ExchangeId } from '../../exchanges/types.js';
import type { Candle, Fill, MarketTrade } from '../../models/portfolio.js';
import { Formatter } from '../format.js';
import type { IO } from '../io.js';
import { printTable, type Cell, type Column } from '../table.js';

export interface ExchangeFill {
  exchange: ExchangeId;
  fill: Fill;
}

export const FILL_COLUMNS: Column[] = [
  { header: 'TIME' },
  { header: 'EXCHANGE' },
  { header: 'MARKET', flex: true },
  { header: 'OUTCOME' },
  { header: 'SIDE' },
  { header: 'PRICE', align: 'right' },
  { header: 'SIZE', align: 'right' },
  { header: 'FEE', align: 'right' },
  { header: 'ROLE' },
  { header: 'ORDER' }, // never cut: it is what `pmt order get` takes
];

const side = (f: Formatter, s: string | null): Cell => ({ human: s ? f.side(s) : '-', raw: s ?? '' });

export function fillRow(f: Formatter, { exchange, fill: x }: ExchangeFill): Cell[] {
  if (!f.human) {
    return [x.fill_id, exchange, x.created_at, x.market_ticker, x.outcome, x.side, String(x.price), String(x.size), String(x.fee), x.is_taker ? 'taker' : 'maker', x.order_id];
  }
  return [
    f.time(x.created_at, { seconds: true }),
    exchange,
    f.text(x.market_ticker),
    f.text(x.outcome) || '-',
    side(f, x.side),
    f.price(x.price),
    f.num(x.size),
    f.usd(x.fee, { cents: true }),
    x.is_taker ? 'taker' : f.c.dim('maker'),
    f.text(x.order_id),
  ];
}

export async function printFills(io: IO, f: Formatter, fills: ExchangeFill[]): Promise<void> {
  await printTable(io, FILL_COLUMNS, fills.map((x) => fillRow(f, x)));
}

export const TRADE_COLUMNS: Column[] = [
  { header: 'TIME' },
  { header: 'PRICE', align: 'right' },
  { header: 'SIZE', align: 'right' },
  { header: 'TAKER' },
  { header: 'OUTCOME', flex: true },
  { header: 'YES', align: 'right' },
  { header: 'ID' },
];

export function tradeRow(f: Formatter, t: MarketTrade): Cell[] {
  if (!f.human) {
    const r = (v: number | null) => (v === null ? '' : String(v));
    return [t.id, t.exchange_ts, String(t.price), String(t.size), t.aggressor_side ?? '', t.outcome ?? '', r(t.yes_price), r(t.no_price), t.taker_address ?? ''];
  }
  return [f.time(t.exchange_ts, { seconds: true }), f.price(t.price), f.num(t.size), side(f, t.aggressor_side), f.text(t.outcome) || '-', f.price(t.yes_price), f.text(t.id)];
}

export async function printTrades(io: IO, f: Formatter, trades: MarketTrade[]): Promise<void> {
  await printTable(io, TRADE_COLUMNS, trades.map((t) => tradeRow(f, t)));
}

/** Piped candles: `start, open, high, low, close, volume` (empty where null). */
export function candleRow(c: Candle): Cell[] {
  const r = (v: number | null) => (v === null ? '' : String(v));
  return [c.start, r(c.open), r(c.high), r(c.low), r(c.close), r(c.volume)];
}

// The operations' views (ops/table.ts `view`): the answer of ops/tape.ts.

/** `pmt markets history`: piped, one candle per line; for people a chart sized to the terminal with the range, last price and change beneath. */
export async function showHistory(io: IO, h: { exchange: ExchangeId; market: string; interval: string; candles: Candle[] }): Promise<void> {
  const f = new Formatter(io);
  if (!io.isTTY) return printTable(io, [], h.candles.map(candleRow));
  const { renderChart } = await import('../chart.js');
  const closes = h.candles.map((c) => c.close).filter((c): c is number => c !== null);
  const title = `${h.exchange}:${h.market} · ${h.interval} candles · ${h.candles.length ? `${f.time(h.candles[0]!.start)} → ${f.time(h.candles[h.candles.length - 1]!.start)}` : 'none'}`;
  io.out(f.c.bold(f.text(title)));
  io.out(
    await renderChart(h.candles, {
      width: io.columns,
      height: Math.max(8, Math.min(io.rows - 4, 24)),
      time: (iso) => f.time(iso).replace(/^\d{4}-/, ''),
      price: (p) => f.price(p),
      color: (s) => f.c.cyan(s),
    }),
  );
  if (closes.length > 1) {
    const first = closes[0]!;
    const last = closes[closes.length - 1]!;
    const change = Math.round((last - first) * 10_000) / 10_000;
    io.out(f.c.dim(`low ${f.price(Math.min(...closes))} · high ${f.price(Math.max(...closes))} · last ${f.price(last)} · change ${change >= 0 ? '+' : ''}${f.price(change)}`));
  }
}
