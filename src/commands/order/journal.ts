/**
 * `pmt order journal [--limit N]`: the local order journal, oldest first (the last N with
 * --limit). JSON: `[JournalEntry]`; NDJSON: one entry per line; for people, one row per entry.
 * A line that is not a whole entry (cut by a crash, missing fields) is skipped and named on stderr
 * as `orders.jsonl:N`.
 */
import type { Context } from '../../context.js';
import { journalEntries } from '../../ops/journal.js';
import { Formatter } from '../../render/format.js';
import { printTable } from '../../render/table.js';
import { cliInput } from '../input.js';

const ON_CHAIN = new Set<string>(['approve', 'split', 'merge', 'redeem']);

export async function run(ctx: Context, opts: { limit?: string }): Promise<void> {
  const { limit } = cliInput(ctx, 'read_journal', opts) as { limit?: number };
  const { entries, bad, badCount, file } = journalEntries(ctx, limit);
  // What is readable is shown; each line that is not an entry is named (file:line) on stderr.
  for (const b of bad) ctx.io.err(`${file}:${b.line}: skipped, not a journal entry (${b.problem})`);
  if (badCount > bad.length) ctx.io.err(`${file}: ${badCount - bad.length} more lines skipped`);
  if (ctx.ndjson) {
    for (const e of entries) if (!ctx.io.ndjson(e)) await ctx.io.drain();
    return;
  }
  if (ctx.json) return ctx.io.json(entries);
  if (entries.length === 0) {
    if (ctx.io.isTTY) ctx.io.err('the order journal is empty: pmt has sent no orders from this configuration');
    return;
  }
  const f = new Formatter(ctx.io);
  const cols = ['TIME', 'EVENT', 'EXCHANGE', 'MARKET', 'ORDER', 'ID', 'STATUS'].map((header) => ({ header, flex: header === 'MARKET' || header === 'ID' }));
  const rows = entries.map((e) => [
    f.time(e.ts),
    e.event,
    e.exchange,
    f.text(e.market_ticker),
    // On-chain actions (ops/onchain.ts) are journaled with their kind as the type: "split 20 complete set".
    ON_CHAIN.has(e.type) ? `${e.type}${e.size ? ` ${e.size}` : ''} ${f.text(e.outcome)}` : `${e.side} ${e.size} ${f.text(e.outcome)} at ${e.price} ${e.type}`,
    f.text(e.order_id ?? e.client_order_id ?? e.order_hash ?? '-'),
    f.text(e.status ?? e.message ?? '-'),
  ]);
  await printTable(ctx.io, cols, rows);
}
