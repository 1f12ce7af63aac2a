/**
 * `pmt fills [--market M] [--limit N] [--cursor C] [--all]`: fetch_fills, paged like
 * `markets list`: one page with its cursor (`{"fills", "cursor"}`), or every page with --all;
 * `--ndjson` streams one Fill per line as pages arrive. Newest first.
 */
import type { Context } from '../../context.js';
import { failureOf } from '../../ops/fanout.js';
import { fetchFills, type FillsAnswer } from '../../ops/portfolio.js';
import { Formatter } from '../../render/format.js';
import { printFills } from '../../render/views/tape.js';
import { wrapCommand } from '../../render/width.js';
import { cliInput } from '../input.js';

interface Opts {
  market?: string;
  limit?: string;
  cursor?: string;
  all?: boolean;
}

/** A bound on pages followed by --all, so a cursor that never ends cannot loop forever. */
const MAX_PAGES = 1000;

export async function run(ctx: Context, opts: Opts): Promise<void> {
  const svc = ctx;
  const f = new Formatter(ctx.io);
  const { cursor: first, all: every, ...q } = cliInput(ctx, 'fetch_fills', opts) as { market_ticker?: string; limit?: string; cursor?: string; all?: boolean; exchange?: never };
  const all: FillsAnswer['fills'] = [];
  const failed: FillsAnswer['failed'] = [];
  let cursor: string | null | undefined = first;
  const seen = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await fetchFills(svc, { ...q, cursor });
    failed.push(...r.failed);
    if (ctx.ndjson) {
      for (const x of r.fills) if (!ctx.io.ndjson(x.fill)) await ctx.io.drain();
    } else all.push(...r.fills);
    cursor = r.cursor;
    if (!every || !cursor || seen.has(cursor) || r.failed.length) break;
    seen.add(cursor);
  }
  if (ctx.json) ctx.io.json({ fills: all.map((x) => x.fill), cursor: every ? null : (cursor ?? null) });
  else if (!ctx.ndjson) {
    if (all.length === 0 && ctx.io.isTTY) ctx.io.err('no fills');
    else await printFills(ctx.io, f, all);
    // The hint, pasted, returns the next page: the same scope (market, exchange) and page size.
    if (cursor && !every && ctx.io.isTTY) ctx.io.err(f.c.dim(wrapCommand(`more: ${nextPage(cursor, opts, q.exchange)}`, ctx.io.columns)));
  }
  if (failed.length) throw failureOf(failed);
}

/** The command for the next page, with what scoped this one. */
export function nextPage(cursor: string, opts: Opts, exchange: string | undefined): string {
  const q = (v: string) => (/^[A-Za-z0-9_.:\/=+-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);
  const parts = ['pmt fills'];
  if (opts.market) parts.push(`--market ${q(opts.market)}`);
  if (exchange) parts.push(`--exchange ${exchange}`);
  if (opts.limit) parts.push(`--limit ${q(opts.limit)}`);
  parts.push(`--cursor ${q(cursor)}`);
  return parts.join(' ');
}
