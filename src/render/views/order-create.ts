/**
 * What `pmt order create` shows: the preview with the limits' headroom, a dry run's upstream
 * request, the confirmation's words, and the order once sent. Where each goes: the preview on
 * stdout on a terminal and on stderr when piped (stdout stays the result); under --json stderr
 * holds only error objects, so the preview is shown only to a terminal that confirms it.
 */
import type { ExchangeId } from '../../exchanges/types.js';
import type { OrderPreview } from '../../ops/preview-model.js';
import type { LimitCheck } from '../../ops/risk.js';
import type { Formatter } from '../format.js';
import type { IO } from '../io.js';
import { printTable } from '../table.js';
import { displayWidth, fitLines } from '../width.js';
import { limitLines, orderLines, orderRow, previewLines, usdExact, ORDER_COLUMNS, ORDER_HANG, PREVIEW_HANG, type ExchangeOrder } from './orders.js';

/** The preview, fitted to the terminal, and each risk limit in force with its headroom. */
export function previewText(io: IO, f: Formatter, preview: OrderPreview, limits: readonly LimitCheck[]): string {
  return [...fitLines(io, previewLines(f, preview), PREVIEW_HANG), ...limitLines(f, limits)].join('\n');
}

/** A dry run for people: the preview, then the exact upstream request (unsigned, not sent). */
export function printDryRun(io: IO, f: Formatter, text: string, upstream: { method: string; url: string; body: unknown }): void {
  io.out(text);
  const body = JSON.stringify(upstream.body, null, 2).split('\n').map((l) => '  ' + l).join('\n');
  io.out(`\n${f.c.bold('Upstream request')} (dry run: not sent)\n  ${upstream.method} ${upstream.url}\n${body}`);
}

/** The preview before a send: to people (stdout on a terminal, stderr piped); under --json only to a terminal that confirms. */
export function showPreview(io: IO, text: string, o: { json: boolean; confirming: boolean }): void {
  if (o.json) {
    if (o.confirming) io.err(text);
  } else if (io.isTTY) io.out(text);
  else io.err(text);
}

/**
 * The confirmation's question, with the order beside it when both fit the terminal's width with
 * the answer (y/N); else the order on a line of its own above the question (`above`), so a narrow
 * terminal never wraps it.
 */
export function confirmation(
  columns: number,
  p: { exchange: ExchangeId; side: 'buy' | 'sell'; outcome: string; preview: OrderPreview },
): { above: string | null; message: string } {
  const { preview, side } = p;
  const fee = preview.fee.total === null ? ' + fee unknown' : ` ${side === 'buy' ? '+' : '−'} est. fee ${usdExact(preview.fee.total)}`;
  const verb = `${side === 'buy' ? 'cost' : 'proceeds'} ${usdExact(preview.notional)}${fee}`;
  const question = `Send this order to ${p.exchange}?`;
  const terms = `${side} ${preview.size.toFixed()} ${p.outcome} at ${preview.outcome_price.toFixed(2)}, ${verb}`;
  const fits = displayWidth(`? ${question} ${terms} (y/N) `) <= columns;
  return fits ? { above: null, message: `${question} ${terms}` } : { above: terms, message: question };
}

/** The order sent, for people: a TSV row piped, the detail on a terminal. */
export async function printSent(io: IO, f: Formatter, o: ExchangeOrder): Promise<void> {
  if (!io.isTTY) return printTable(io, ORDER_COLUMNS, [orderRow(f, o)]);
  io.out(`${f.c.green('✓')} order sent\n${fitLines(io, orderLines(f, o), ORDER_HANG).join('\n')}`);
}
