/**
 * `pmt order watch`: the account's orders and fills, live, on every exchange with credentials (or
 * the one named). Credentials are required before anything connects; each exchange's push channel
 * is opened by its adapter (Polymarket's user channel, Kalshi's user_orders and fill, Polymarket
 * US's private socket), and the
 * events of all of them arrive through one callback. A failure no reconnect can fix on one
 * exchange ends the watch with that failure (the others are closed).
 */
import type { OrderEvent, OrderStream } from '../exchanges/order-stream.js';
import type { StreamState } from '../exchanges/stream.js';
import type { ExchangeId } from '../exchanges/types.js';
import type { Services } from './services.js';

export interface OrderWatchTarget {
  exchanges: ExchangeId[];
  open(o: { onEvent: (e: OrderEvent) => void; onState?: (exchange: ExchangeId, s: StreamState, detail?: string) => void; onFatal: (e: Error) => void }): OrderStream;
}

export async function orderWatch(svc: Services, q: { exchange?: ExchangeId } = {}): Promise<OrderWatchTarget> {
  let ids: ExchangeId[];
  if (q.exchange) {
    await svc.requireCredentials(q.exchange);
    ids = [q.exchange];
  } else {
    ids = await svc.configured();
    if (ids.length === 0) throw await svc.noCredentials();
  }
  const adapters = await Promise.all(ids.map(async (id) => ({ id, ex: await svc.exchange(id) })));
  return {
    exchanges: ids,
    open(o) {
      const streams = adapters.map(({ id, ex }) =>
        ex.watchOrders({ onEvent: o.onEvent, onState: (s, d) => o.onState?.(id, s, d), onFatal: o.onFatal }),
      );
      return { close: () => streams.forEach((s) => s.close()) };
    },
  };
}
