/**
 * `pmt order create`: validate every flag at the edge, resolve the asset, read its venue rules
 * (tick, minimum, outcomes) and the traded outcome's live book, show a preview on both price
 * scales, confirm, and only then send, exactly once, journaled (src/journal.ts). `--price` is the
 * price of the outcome traded (contract, "Prices and outcomes"): Kalshi `--outcome no --price
 * 0.30` buys NO at 0.30 (sent as a YES ask at 0.70). Missing flags are asked for on a terminal; elsewhere they are
 * usage errors, and sending needs --yes. --dry-run previews and prints the exact upstream request.
 *
 * Output: the Order (detail on a terminal, a TSV row piped, the exact model with --json). The
 * preview goes to stdout on a terminal and to stderr when piped, so stdout stays the result; with
 * --json --yes it is not printed at all (stderr then holds only an error object, if any).
 * `--dry-run --json` prints one object:
 *   { dry_run: true, exchange, request: CreateOrderRequest (normalized: asset_id resolved to the
 *     orderable asset, outcome yes/no/{label}, price of the outcome (what is paid per contract), size, order_type),
 *     preview: { market, outcome, book_outcome, complement, book_price, outcome_price,
 *     complement_price, cost | proceeds, max_payout, book_side, best_bid, best_ask,
 *     fill_now: {filled, avg_price, resting} | null, impact: {avg_price, fill_pct, slippage_bps,
 *     mid} | null, book_time, book_age_s, fee_estimate: {taker, maker, total, taker_size,
 *     maker_size, basis, reason, schedule} (dollars; amounts null with a reason when unknown),
 *     cost_with_fees | proceeds_after_fees, checks: [{name, ok, detail}], warnings: [string],
 *     estimate }, upstream: { method, url, body } (the adapter's exact request, unsigned) }
 */
import type { Context } from '../../context.js';
import { cancelledError } from '../../errors.js';
import { Formatter } from '../../render/format.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { limitLines, orderLines, orderRow, previewLines, usdExact, ORDER_COLUMNS, ORDER_HANG, PREVIEW_HANG } from '../../render/views/orders.js';
import { fitLines } from '../../render/width.js';
import { printTable } from '../../render/table.js';
import { askAsset, askOutcome, askPrice, askSide, askSize, askType } from './entry.js';
import { prepareOrder, refuseOverLimits, sendPrepared, type CreateHooks } from '../../ops/order-create.js';
import { previewJson } from '../../ops/preview.js';

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

/** The order is prepared in ops (ops/order-create.ts); this module holds the prompts, the views and the confirmation. */
export async function run(ctx: Context, opts: Opts, _args: string[] = [], deps: CreateDeps = {}): Promise<void> {
  const pr = deps.prompter ?? (ctx.io.canPrompt ? terminalPrompter(ctx.io, { toStderr: ctx.json }) : undefined);
  const hooks: CreateHooks | undefined = ctx.io.canPrompt
    ? {
        asset: (check) => askAsset(pr!, check),
        outcome: (info) => askOutcome(pr!, info),
        side: (outcome, quotes) => askSide(pr!, outcome, quotes),
        price: (ask) => askPrice(pr!, ask),
        size: (info, side, price) => askSize(pr!, info, side, price),
        type: () => askType(pr!),
      }
    : undefined;
  const p = await prepareOrder(ctx, { ...opts, exchange: ctx.exchangeFlag() }, hooks);
  const { preview, upstream, side, size, outcome } = p;
  const f = new Formatter(ctx.io);
  const lines = [...fitLines(ctx.io, previewLines(f, preview), PREVIEW_HANG), ...limitLines(f, p.limits)].join('\n');
  if (opts.dryRun) {
    if (ctx.json) return ctx.io.json({ dry_run: true, exchange: p.exchange, request: p.req, preview: { ...previewJson(preview), limits: p.limits }, upstream });
    ctx.io.out(lines);
    ctx.io.out(`\n${f.c.bold('Upstream request')} (dry run: not sent)\n  ${upstream.method} ${upstream.url}\n${indent(JSON.stringify(upstream.body, null, 2))}`);
    return;
  }

  // Confirm (on a terminal, unless --yes), then send exactly once. Under --json stderr holds
  // only error objects, so the preview is not printed there (a terminal prompt still shows it).
  // (With --json and no --yes we are on a terminal, confirming: the preview goes with the prompt.)
  if (ctx.json) {
    if (!opts.yes) ctx.io.err(lines);
  } else if (ctx.io.isTTY) ctx.io.out(lines);
  else ctx.io.err(lines);
  // Over a risk limit: refused (and journaled) before any confirmation.
  refuseOverLimits(ctx, p);
  if (!opts.yes) {
    const fee = preview.fee.total === null ? ' + fee unknown' : ` ${side === 'buy' ? '+' : '−'} est. fee ${usdExact(preview.fee.total)}`;
    const verb = `${side === 'buy' ? 'cost' : 'proceeds'} ${usdExact(preview.notional)}${fee}`;
    const ok = await pr!.confirm({ message: `Send this order to ${p.exchange}? ${side} ${size.toFixed()} ${outcome} at ${preview.outcome_price.toFixed(2)}, ${verb}`, default: false });
    if (!ok) throw cancelledError('order not sent: declined at the confirmation');
  }
  // A journal that cannot take the result after the order left: said, and the order stands.
  const order = await sendPrepared(ctx, p, { clientOrderId: opts.clientOrderId, warn: (line) => ctx.io.err(`warning: ${line}`) });
  if (ctx.json) return ctx.io.json(order);
  if (!ctx.io.isTTY) return printTable(ctx.io, ORDER_COLUMNS, [orderRow(f, { exchange: p.exchange, order })]);
  ctx.io.out(`${f.c.green('✓')} order sent\n${fitLines(ctx.io, orderLines(f, { exchange: p.exchange, order }), ORDER_HANG).join('\n')}`);
}

function indent(s: string): string {
  return s.split('\n').map((l) => '  ' + l).join('\n');
}
