/**
 * `pmt order create`: the order is prepared in ops (ops/order-create.ts: every rule, the book and
 * fees, the preview, the exact upstream request, the limits), the same orchestration serve's and
 * MCP's create_order run; this module holds the prompts (entry.ts, passed in as hooks on a
 * terminal), the views and the confirmation. `--price` is the price of the outcome traded
 * (contract, "Prices and outcomes"): Kalshi `--outcome no --price 0.30` buys NO at 0.30 (sent as
 * a YES ask at 0.70). Off a terminal a missing flag is a usage error, and sending needs --yes.
 *
 * Output: the Order (detail on a terminal, a TSV row piped, the exact model with --json); the
 * preview beside it as render/views/order-create.ts says. `--dry-run --json` prints the document
 * of ops/order-preview.ts: { dry_run: true, exchange, request (the normalized CreateOrderRequest:
 * asset_id resolved to the orderable asset, outcome yes/no/{label}, the outcome's price, size,
 * order_type), preview: { market, outcome, book_outcome, complement, book_price, outcome_price,
 * complement_price, cost | proceeds, max_payout, book_side, best_bid, best_ask, fill_now, impact,
 * book_time, book_age_s, fee_estimate, cost_with_fees | proceeds_after_fees, checks, warnings,
 * estimate, limits }, upstream: { method, url, body } (the adapter's exact request, unsigned) }.
 */
import type { Context } from '../../context.js';
import { cancelledError } from '../../errors.js';
import { prepareOrder, refuseOverLimits, sendPrepared } from '../../ops/order-create.js';
import { dryRunDocument } from '../../ops/order-preview.js';
import { Formatter } from '../../render/format.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { confirmation, previewText, printDryRun, printSent, showPreview } from '../../render/views/order-create.js';
import { entryHooks } from './entry.js';

interface Opts {
  asset?: string;
  side?: string;
  price?: string;
  size?: string;
  outcome?: string;
  type?: string;
  postOnly?: boolean;
  reduceOnly?: boolean;
  expires?: string;
  yes?: boolean;
  dryRun?: boolean;
  clientOrderId?: string;
  group?: string;
}

export interface CreateDeps {
  prompter?: Prompter;
}

export async function run(ctx: Context, opts: Opts, _args: string[] = [], deps: CreateDeps = {}): Promise<void> {
  const pr = deps.prompter ?? (ctx.io.canPrompt ? terminalPrompter(ctx.io, { toStderr: ctx.json }) : undefined);
  const p = await prepareOrder(ctx, { ...opts, exchange: ctx.exchangeFlag() }, ctx.io.canPrompt ? entryHooks(pr!) : undefined);
  const f = new Formatter(ctx.io);
  const text = previewText(ctx.io, f, p.preview, p.limits);
  if (opts.dryRun) return ctx.json ? ctx.io.json(dryRunDocument(p)) : printDryRun(ctx.io, f, text, p.upstream);
  showPreview(ctx.io, text, { json: ctx.json, confirming: !opts.yes });
  // Over a risk limit: refused (and journaled) before any confirmation.
  refuseOverLimits(ctx, p);
  if (!opts.yes) {
    const { above, message } = confirmation(ctx.io.columns, p);
    if (above) (ctx.json ? ctx.io.err(above) : ctx.io.out(above));
    if (!(await pr!.confirm({ message, default: false }))) throw cancelledError('order not sent: declined at the confirmation');
  }
  // Sent exactly once; a journal that cannot take the result after the order left is said, and the order stands.
  const order = await sendPrepared(ctx, p, { clientOrderId: opts.clientOrderId, warn: (line) => ctx.io.err(`warning: ${line}`) });
  if (ctx.json) return ctx.io.json(order);
  await printSent(ctx.io, f, { exchange: p.exchange, order });
}
