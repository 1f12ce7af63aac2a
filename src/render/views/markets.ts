/** Presentation of markets and lineage: pure row mappers plus the table/tree printers. */
import type { Market, MarketLineage, MarketStatusFilter } from '../../exchanges/types.js';
import type { SearchResult } from '../../ops/search.js';
import { Formatter, statusColor } from '../format.js';
import type { IO } from '../io.js';
import { printTable, type Cell, type Column } from '../table.js';
import { fitLines } from '../width.js';

/**
 * Columns for people: what the market is, where, and its prices. The ticker is what people copy
 * into the next command, so it is never cut; the title shrinks first, then the columns marked
 * `drop` go (closing time first, the exchange last).
 */
export const MARKET_COLUMNS: Column[] = [
  { header: 'TITLE', flex: true },
  { header: 'EXCHANGE', drop: 1 },
  { header: 'TICKER', id: true },
  { header: 'STATUS', drop: 3 },
  { header: 'BID', align: 'right' },
  { header: 'ASK', align: 'right' },
  { header: 'LAST', align: 'right', drop: 4 },
  { header: 'VOLUME', align: 'right', drop: 2 },
  { header: 'CLOSES', drop: 5 },
];

/**
 * One market as a row. For people: title first, whole-dollar volume, local time. Piped (TSV):
 * `unified_id, title, exchange, status, bid, ask, last, volume, close_time` with raw values (empty
 * when unknown), the id first so `cut -f1` feeds the next command.
 */
export function marketRow(f: Formatter, m: Market, eventTitle?: string): Cell[] {
  if (!f.human) {
    const raw = (v: number | string | null) => (v == null ? '' : String(v));
    return [m.unified_id, m.title, m.exchange, m.status, raw(m.best_bid), raw(m.best_ask), raw(m.last_trade_price), raw(m.volume), raw(m.close_time)];
  }
  return [
    // The event's title leads and gives way first when the column is cut (see Cell).
    eventTitle ? { human: f.text(m.title), raw: m.title, lead: f.text(eventTitle) } : f.text(m.title),
    m.exchange,
    f.text(m.ticker),
    statusColor(f, m.status),
    f.price(m.best_bid),
    f.price(m.best_ask),
    f.price(m.last_trade_price),
    f.usd(Math.round(m.volume)),
    f.time(m.close_time),
  ];
}

/**
 * A title that says nothing without its event ("Option A", "Above $125 | $125 or below"): not a
 * question, and sharing no word of three letters or more with the event's title. Such titles get
 * their event's title beside them when a list mixes events.
 */
export function isGenericTitle(title: string, eventTitle: string): boolean {
  if (title.includes('?')) return false;
  const words = (t: string) => new Set(t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3));
  const own = words(title);
  return ![...words(eventTitle)].some((w) => own.has(w));
}

/**
 * Markets as a table. `eventTitles` (event ticker → title), when given and the list mixes
 * events, puts the event's title before each generic market title.
 */
export async function printMarkets(io: IO, f: Formatter, markets: Market[], eventTitles: Record<string, string> = {}): Promise<void> {
  const mixed = new Set(markets.map((m) => m.event_ticker)).size > 1;
  const eventOf = (m: Market) => {
    const e = mixed && m.event_ticker ? eventTitles[m.event_ticker] : undefined;
    return e && isGenericTitle(m.title, e) ? e : undefined;
  };
  await printTable(io, MARKET_COLUMNS, markets.map((m) => marketRow(f, m, eventOf(m))));
}

/** Lineage as a small tree: market, then its event, then its series, with the ids to pass on. */
export function lineageLines(f: Formatter, l: MarketLineage): string[] {
  const { market: m, event: e, series: s } = l;
  const b = (t: string) => f.c.bold(t);
  const lines: string[] = [];
  lines.push(`${b('Market')}  ${f.text(m.unified_id)}  ${statusColor(f, m.status)} · ${m.market_type}`);
  lines.push(`  ${f.text(m.title)}`);
  lines.push(
    `  bid ${f.price(m.best_bid)}  ask ${f.price(m.best_ask)}  last ${f.price(m.last_trade_price)}  volume ${f.usd(m.volume)}` +
      (m.volume_24h != null ? ` (24h ${f.usd(m.volume_24h)})` : ''),
  );
  lines.push(`  opens ${f.time(m.open_time)}  closes ${f.time(m.close_time)}` + (m.settlement_time ? `  settled ${f.time(m.settlement_time)}` : ''));
  if (m.tick_size != null || m.min_order_size != null) lines.push(`  tick ${m.tick_size ?? '-'}  min size ${m.min_order_size ?? '-'}`);
  if (m.condition_id) lines.push(`  condition ${f.text(m.condition_id)}${m.neg_risk ? '  (neg-risk)' : ''}`);
  if (m.result) lines.push(`  result ${f.text(m.result)}`);
  for (const o of m.outcomes) {
    lines.push(`  · ${f.text(o.label)}  ${f.price(o.price)}${o.token_id ? `  token ${o.token_id}` : ''}`);
  }
  if (e) {
    lines.push(`${b('Event')}   ${f.text(e.ticker)}  ${f.text(e.title)}`);
    const bits = [e.category, e.status, e.mutually_exclusive == null ? null : e.mutually_exclusive ? 'mutually exclusive' : 'independent']
      .filter(Boolean)
      .map((x) => f.text(String(x)));
    if (bits.length) lines.push(`  ${bits.join(' · ')}`);
    lines.push(`  ${e.market_tickers.length} market${e.market_tickers.length === 1 ? '' : 's'}` + (e.volume != null ? `  volume ${f.usd(e.volume)}` : ''));
  } else {
    lines.push(`${b('Event')}   - (standalone market)`);
  }
  if (s) {
    lines.push(`${b('Series')}  ${f.text(s.ticker)}  ${f.text(s.title)}`);
    const bits = [s.category, s.frequency, s.fee_type ? `fees ${s.fee_type}` : null].filter(Boolean).map((x) => f.text(String(x)));
    if (bits.length) lines.push(`  ${bits.join(' · ')}`);
  } else {
    lines.push(`${b('Series')}  -`);
  }
  return lines;
}

/** Piped lineage: `kind<TAB>id<TAB>title` rows. */
export function lineageRows(l: MarketLineage): Cell[][] {
  const rows: Cell[][] = [['market', l.market.unified_id, l.market.title]];
  rows.push(['event', l.event?.ticker ?? '', l.event?.title ?? '']);
  rows.push(['series', l.series?.ticker ?? '', l.series?.title ?? '']);
  return rows;
}

// The operations' views (ops/table.ts `view`): the op's answer and the CLI's input.

/** `pmt markets lineage`: the tree on a terminal (fitted to it), `field value` rows piped. */
export async function showLineage(io: IO, a: { body: MarketLineage }): Promise<void> {
  if (!io.isTTY) return printTable(io, [], lineageRows(a.body));
  io.out(fitLines(io, lineageLines(new Formatter(io), a.body), 4).join('\n'));
}

/** `pmt markets search`: the ranked markets, or on a terminal why there are none. */
export async function showSearch(io: IO, a: SearchResult, q: { query: string; status: MarketStatusFilter }): Promise<void> {
  if (a.markets.length > 0) return printMarkets(io, new Formatter(io), a.markets, a.event_titles);
  const { query, status } = q;
  if (io.isTTY && a.failed.length === 0) io.err(`no ${status === 'all' ? '' : status + ' '}markets match "${query}"${status === 'active' ? ' (try --status all)' : ''}`);
}
