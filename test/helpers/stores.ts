/**
 * Fixtures of the order journal and serve's idempotency store, shared by their unit tests and the
 * journal command's tests: one journal entry, one order, and a create that "sends" as an adapter
 * would (calls the KeyedSend hooks) and answers what it is told.
 */
import { PmtError } from '../../src/errors.js';
import type { Order } from '../../src/exchanges/types.js';
import type { JournalEntry } from '../../src/journal.js';
import type { KeyedSend, SentRecord } from '../../src/ops/idempotency.js';

/** A Polymarket intent, with `over` on top. */
export const journalEntry = (over: Partial<JournalEntry> = {}): JournalEntry => ({
  ts: '2026-11-27T00:00:00.000Z',
  event: 'intent',
  exchange: 'polymarket',
  market_ticker: '0xcondition',
  outcome: 'Yes',
  side: 'buy',
  price: 0.3,
  size: 10,
  type: 'gtc',
  client_order_id: null,
  order_hash: '0xhash',
  order_id: null,
  status: null,
  message: null,
  ...over,
});

export const storeOrder = (id: string): Order => ({ id, market_ticker: 'M', outcome: 'Yes', side: 'buy', price: 0.3, size: 3, filled: 0, status: 'open', created_at: '2026-11-23T00:00:00Z', fee: null, updated_at: null });

/** A create that "sends" (calls the hooks as the adapter would) and answers `answer`. */
export function creator(answer: () => Order | PmtError | Promise<Order>) {
  const calls: string[] = [];
  const create = async (send: KeyedSend) => {
    calls.push('create');
    send.sent('polymarket', { client_order_id: null, order_hash: '0xabc' });
    const a = await answer();
    if (a instanceof PmtError) {
      if (!a.ambiguous) send.answered(null);
      throw a;
    }
    send.answered(a);
    return a;
  };
  const recalled: SentRecord[] = [];
  const recall = async (r: SentRecord) => {
    recalled.push(r);
    return storeOrder(r.order_id ?? 'found-by-hash');
  };
  return { calls, create, recall, recalled };
}
