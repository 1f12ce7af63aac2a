/**
 * `pmt order watch [--exchange E] [--duration S] [--count N]`: your orders and fills as the
 * exchanges push them (Polymarket's user channel, Kalshi's user_orders and fill channels,
 * Polymarket US's private socket), until
 * Ctrl-C or a limit. Piped or with `--ndjson`: one OrderEvent per line; on a terminal, one
 * readable line per event. `--json` has no meaning for an endless stream and is refused.
 */
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import type { OrderEvent } from '../../exchanges/order-stream.js';
import { orderWatch } from '../../ops/order-watch.js';
import { pumpStream, watchLimits } from '../book/watch.js';
import { cliInput } from '../input.js';

/** One line for people: time, exchange, what happened, the order. */
export function eventLine(e: OrderEvent): string {
  const t = e.exchange_ts.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
  const what = e.kind === 'fill'
    ? `fill    ${e.side ?? '?'} ${e.size ?? '?'} ${e.outcome ?? ''} @ ${e.price ?? '?'}${e.is_taker === null ? '' : e.is_taker ? ' (taker)' : ' (maker)'}${e.status ? ` ${e.status.toLowerCase()}` : ''}`
    : `${(e.status ?? 'order').padEnd(7)} ${e.side ?? '?'} ${e.size ?? '?'} ${e.outcome ?? ''} @ ${e.price ?? '?'}${e.filled ? ` · filled ${e.filled}` : ''}`;
  return `${t}  ${e.exchange.padEnd(10)}  ${what}  ${e.market_ticker ?? ''}  ${e.order_id}`;
}

export async function run(ctx: Context, opts: object): Promise<void> {
  if (ctx.json) throw usageError('--json prints one document and an order stream never ends: use --ndjson for one OrderEvent per line');
  const q = cliInput(ctx, 'watch_orders', opts) as { exchange?: never; duration?: never; count?: number };
  const limits = watchLimits(q);
  const target = await orderWatch(ctx, { exchange: q.exchange });
  const ndjson = ctx.ndjson || !ctx.io.isTTY;
  if (!ndjson) ctx.io.err(`watching your orders on ${target.exchanges.join(', ')} (Ctrl-C to stop)`);
  const write = (e: OrderEvent) => (ndjson ? ctx.io.ndjson(e) : ctx.io.out(eventLine(e)));
  await pumpStream<OrderEvent>(
    ctx,
    (h) =>
      target.open({
        onEvent: h.onEvent,
        onState: (id, s, d) => {
          if (!ndjson && (s === 'reconnecting' || (s === 'live' && d))) ctx.io.err(`${id}: ${s}${d ? ` (${d})` : ''}`);
        },
        onFatal: h.onFatal,
      }),
    limits,
    write,
    'the order stream',
  );
}
