/**
 * Presentation of cash and positions: pure row mappers plus the printers. Positions show what
 * people want beside the model (cost, value, unrealized P&L and %), computed exactly by
 * analytics/positions.ts; none of it reaches `--json`.
 *
 * Piped (TSV), the market comes first (what `pmt positions --market` and `pmt trades` take):
 * `market, exchange, outcome, size, average_price, current_price, cost, value, pnl, pnl_pct`.
 */
import { positionTotals, positionValue } from '../../analytics/positions.js';
import type { ExchangeId } from '../../exchanges/types.js';
import type { BalanceDetail, Position } from '../../models/portfolio.js';
import type { Settlement } from '../../ops/settlements.js';
import { Formatter } from '../format.js';
import type { IO } from '../io.js';
import { printTable, type Cell, type Column } from '../table.js';

export interface ExchangePosition {
  exchange: ExchangeId;
  position: Position;
}

export const POSITION_COLUMNS: Column[] = [
  { header: 'MARKET' }, // never cut: it is what `--market` takes
  { header: 'EXCHANGE' },
  { header: 'OUTCOME', flex: true },
  { header: 'SIZE', align: 'right' },
  { header: 'AVG', align: 'right' },
  { header: 'MARK', align: 'right' },
  { header: 'COST', align: 'right' },
  { header: 'VALUE', align: 'right' },
  { header: 'P&L', align: 'right' },
  { header: 'P&L %', align: 'right' },
];

const raw = (v: number | null) => (v === null ? '' : String(v));

/** A signed amount, green when up, red when down ("+$1.20", "-$0.45"). */
export function signedUsd(f: Formatter, v: number | null): string {
  if (v === null) return '-';
  const text = `${v > 0 ? '+' : v < 0 ? '-' : ''}${f.usd(Math.abs(v), { cents: true })}`;
  return v > 0 ? f.c.green(text) : v < 0 ? f.c.red(text) : text;
}

export function signedPct(f: Formatter, v: number | null): string {
  if (v === null) return '-';
  const text = `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;
  return v > 0 ? f.c.green(text) : v < 0 ? f.c.red(text) : text;
}

export function positionRow(f: Formatter, { exchange, position: p }: ExchangePosition): Cell[] {
  const v = positionValue(p);
  return [
    f.text(p.market_ticker),
    exchange,
    f.text(p.outcome) || '-',
    { human: f.num(p.size), raw: String(p.size) },
    { human: f.price(p.average_price), raw: String(p.average_price) },
    { human: f.price(p.current_price), raw: raw(p.current_price) },
    { human: f.usd(v.cost, { cents: true }), raw: String(v.cost) },
    { human: v.value === null ? '-' : f.usd(v.value, { cents: true }), raw: raw(v.value) },
    { human: signedUsd(f, v.pnl), raw: raw(v.pnl) },
    { human: signedPct(f, v.pnl_pct), raw: raw(v.pnl_pct) },
  ];
}

/** The totals line under the table, for people. */
export function positionsFooter(f: Formatter, ps: ExchangePosition[]): string {
  const t = positionTotals(ps.map((p) => p.position));
  const pct = t.cost === 0 ? null : Math.round((t.pnl / t.cost) * 10_000) / 100;
  const unmarked = t.unmarked ? ` (${t.unmarked} without a quote left out of value and P&L)` : '';
  return `${ps.length} position${ps.length === 1 ? '' : 's'} · cost ${f.usd(t.cost, { cents: true })} · value ${f.usd(t.value, { cents: true })} · unrealized ${signedUsd(f, t.pnl)} (${signedPct(f, pct)})${unmarked}`;
}

export async function printPositions(io: IO, f: Formatter, ps: ExchangePosition[]): Promise<void> {
  if (f.human && ps.length === 0) {
    io.out('no open positions');
    return;
  }
  await printTable(io, POSITION_COLUMNS, ps.map((p) => positionRow(f, p)));
  if (f.human) io.out(f.c.dim(positionsFooter(f, ps)));
}

export interface ExchangeBalance {
  exchange: ExchangeId;
  detail: BalanceDetail;
}

export const BALANCE_COLUMNS: Column[] = [{ header: 'EXCHANGE' }, { header: 'CURRENCY' }, { header: 'CASH', align: 'right' }, { header: 'DETAIL', flex: true }];

/** What people want beside the cash: the portfolio value (both exchanges), Polymarket's allowance and wallet. */
export function balanceDetailText(f: Formatter, d: BalanceDetail): string {
  const bits: string[] = [];
  if (d.basis) bits.push(f.text(d.basis));
  if (d.portfolio_value !== null) bits.push(`portfolio value ${f.usd(d.portfolio_value, { cents: true })}`);
  if (d.allowance !== null) bits.push(d.allowance === 'unlimited' ? 'allowance unlimited' : `allowance ${f.usd(d.allowance, { cents: true })}${d.allowance === 0 ? ' (approve USDC for the exchange before trading)' : ''}`);
  if (d.account) bits.push(`wallet ${f.text(d.account)}`);
  // The cash column is the total; then what each exchange shard holds.
  for (const s of d.shards ?? []) bits.push(`shard ${s.exchange_index} ${f.usd(s.cash, { cents: true })}`);
  return bits.join(' · ');
}

/** Piped: `exchange, currency, cash, portfolio_value, allowance, account` (empty when not reported). */
export function balanceRows(f: Formatter, bs: ExchangeBalance[]): Cell[][] {
  return bs.flatMap(({ exchange, detail: d }) =>
    Object.entries(d.balance).map((([currency, cash]): Cell[] =>
      f.human
        ? [exchange, currency, f.usd(cash, { cents: true }), balanceDetailText(f, d) || '-']
        : [exchange, currency, String(cash), raw(d.portfolio_value), d.allowance === null ? '' : String(d.allowance), d.account ?? '']),
    ),
  );
}

export async function printBalances(io: IO, f: Formatter, bs: ExchangeBalance[]): Promise<void> {
  await printTable(io, BALANCE_COLUMNS, balanceRows(f, bs));
}

// The operations' views (ops/table.ts `view`): the answer of ops/portfolio.ts and ops/settlements.ts.

/** `pmt balance`: each exchange's cash, and what else it reports (portfolio value, allowance, wallet). */
export async function showBalances(io: IO, a: { balances: ExchangeBalance[] }): Promise<void> {
  await printBalances(io, new Formatter(io), a.balances);
}

/** `pmt positions`: size, average, mark, cost, value and unrealized P&L with totals. */
export async function showPositions(io: IO, a: { positions: ExchangePosition[] }): Promise<void> {
  await printPositions(io, new Formatter(io), a.positions);
}

/** `pmt settlements`: what settled, the result, the payout and the fees, newest first. */
export async function showSettlements(io: IO, a: { body: Settlement[] }): Promise<void> {
  const rows = a.body;
  if (rows.length === 0) {
    io.err('no settlements');
    return;
  }
  const cols = ['SETTLED', 'EXCHANGE', 'MARKET', 'RESULT', 'YES', 'NO', 'COST', 'PAYOUT', 'FEES', 'NET'].map((header) => ({ header, flex: header === 'MARKET' }));
  await printTable(io, cols, rows.map((s) => [s.settled_time ?? '-', s.exchange, s.market_ticker, s.result, s.yes_count, s.no_count, s.cost, s.payout, s.fees, s.net]));
}
