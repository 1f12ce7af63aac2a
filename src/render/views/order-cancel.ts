/**
 * What `pmt order cancel-all` shows: the list about to be cancelled, then what was and was not.
 * People see the list on stdout; piped it goes to stderr so stdout stays data (what was
 * cancelled); under --json stderr holds only error objects, so the list is shown only to a
 * terminal that confirms it.
 */
import type { ExchangeId } from '../../exchanges/types.js';
import type { CancelOutcome } from '../../ops/orders.js';
import type { Formatter } from '../format.js';
import type { IO } from '../io.js';
import { cancelSummary, printOrders, type ExchangeOrder } from './orders.js';

/** Where cancel-all's words go (see the module comment). */
export function cancelSay(io: IO, o: { json: boolean; confirming: boolean }): (s: string) => void {
  return (s) => (o.json ? (o.confirming ? io.err(s) : undefined) : !io.isTTY ? io.err(s) : io.out(s));
}

/** Each exchange that could not be listed: its orders are neither shown nor cancelled. */
export function unreachableNotes(io: IO, unreachable: ReadonlyArray<{ exchange: ExchangeId; error: { message: string } }>): void {
  for (const u of unreachable) io.err(`note: ${u.exchange} could not be reached (${u.error.message}): its orders are not listed and will not be cancelled`);
}

/** The orders about to be cancelled: a summary line, then a table for people or one line each. */
export async function printCancelList(io: IO, f: Formatter, say: (s: string) => void, open: ExchangeOrder[], counts: Array<{ exchange: ExchangeId; count: number }>, json: boolean): Promise<void> {
  say(`${cancelSummary(counts)} will be cancelled:`);
  if (json || !io.isTTY) for (const o of open) say(`  ${o.exchange}  ${o.order.id}  ${o.order.market_ticker}  ${o.order.side} ${o.order.size} ${o.order.outcome} @ ${o.order.price}`);
  else await printOrders(io, f, open);
}

/** What was cancelled (a table on a terminal, `exchange id status` piped), and every order or exchange that was not. */
export async function printCancelled(io: IO, f: Formatter, say: (s: string) => void, r: CancelOutcome, shown: ReadonlySet<string>): Promise<void> {
  const { cancelled, refused, broken } = r;
  if (cancelled.length) {
    say(`cancelled ${cancelled.length} order${cancelled.length === 1 ? '' : 's'}:`);
    if (io.isTTY) await printOrders(io, f, cancelled);
    else for (const c of cancelled) io.out([c.exchange, c.order.id, c.order.status].join('\t'));
  }
  const extra = cancelled.filter((c) => !shown.has(c.order.id));
  if (extra.length) io.err(`note: ${extra.length} of them were placed after the list was shown: ${extra.map((c) => c.order.id).join(', ')}`);
  for (const x of refused) io.err(`not cancelled: ${x.exchange} ${x.id}: ${x.reason}`);
  for (const b of broken) io.err(`not cancelled: every ${b.exchange} order (${b.error.kind}: ${b.error.message})`);
}
