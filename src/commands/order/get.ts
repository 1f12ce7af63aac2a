/**
 * `pmt order get <order_id>`: fetch_order on the exchange the id's shape names.
 * `pmt order get --client-id <id>`: the order sent under that client order id (Kalshi) or with
 * that hash (Polymarket): what settles a create whose outcome was "unknown". The journal names
 * the exchange, market and send time when pmt sent it; a find is appended to the journal.
 */
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import type { ExchangeId, Order } from '../../exchanges/types.js';
import { intentsByOrderId, openJournal, withIntent, type JournalEntry } from '../../journal.js';
import { configDir } from '../../profiles.js';
import { Formatter } from '../../render/format.js';
import { printOrders, orderLines } from '../../render/views/orders.js';
import { resolveOrderExchange } from '../resolve.js';
import { requireCredentials } from './common.js';

export async function run(ctx: Context, opts: { clientId?: string }, args: string[]): Promise<void> {
  if (opts.clientId !== undefined && args[0] !== undefined) throw usageError('give an order id or --client-id, not both');
  if (opts.clientId === undefined && args[0] === undefined) throw usageError('missing order id (or --client-id <id>)');
  const journal = openJournal(configDir(ctx.env));
  const entries = journal.read();
  let exchange: ExchangeId;
  let order: Order;
  if (opts.clientId !== undefined) {
    ({ exchange, order } = await byClientId(ctx, opts.clientId.trim(), entries, journal));
  } else {
    const r = resolveOrderExchange(ctx, args[0]);
    exchange = r.exchange;
    await requireCredentials(ctx, exchange);
    order = await (await ctx.exchange(exchange)).fetchOrder(r.id);
  }
  order = withIntent(order, intentsByOrderId(journal.read()));
  if (ctx.json || ctx.ndjson) return ctx.io.json(order);
  const f = new Formatter(ctx.io);
  if (!ctx.io.isTTY) return printOrders(ctx.io, f, [{ exchange, order }]);
  ctx.io.out(orderLines(f, { exchange, order }).join('\n'));
}

async function byClientId(ctx: Context, id: string, entries: JournalEntry[], journal: ReturnType<typeof openJournal>) {
  if (!id) throw usageError('--client-id must not be empty');
  const intent = [...entries].reverse().find((e) => e.event === 'intent' && (e.client_order_id === id || e.order_hash === id));
  const exchange: ExchangeId = ctx.exchangeFlag() ?? intent?.exchange ?? (/^0x[0-9a-fA-F]{64}$/.test(id) ? 'polymarket' : 'kalshi');
  await requireCredentials(ctx, exchange);
  const ex = await ctx.exchange(exchange);
  // The journal's send time narrows Kalshi's search (its order list has no client id filter).
  const hint = intent ? { asset_id: intent.exchange === 'kalshi' ? intent.market_ticker : undefined, since_ms: Date.parse(intent.ts) || undefined } : {};
  const order = await ex.fetchOrderByClientId(id, hint);
  if (intent && !entries.some((e) => e.order_id === order.id)) {
    journal.append({ ...intent, ts: new Date(ctx.now()).toISOString(), event: 'result', order_id: order.id, status: order.status, message: 'found by client id' });
  }
  return { exchange, order };
}
