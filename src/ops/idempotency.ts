/**
 * `create_order` idempotency for `pmt serve` (contract: "the same key returns the same order,
 * never a second one"). The key is the `Idempotency-Key` header, else the body's
 * `client_order_id`. Within 24 h a repeated key gets the first request's outcome: its order, or,
 * while the first is still in flight, the same pending answer (the second request waits on it).
 *
 * Across restarts of the server, Kalshi still refuses a second order: the adapter sends under a
 * client_order_id derived from the key (CreateOrderOptions.idempotencyKey), so a re-send after a
 * lost answer is a duplicate the exchange refuses, and pmt answers with the order holding that id.
 * A key reused with a different request is refused (400) rather than guessed at.
 */
import { PmtError, usageError } from '../errors.js';
import type { Order } from '../exchanges/types.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_RE = /^[\x21-\x7e]{1,200}$/;

interface Entry {
  at: number;
  fingerprint: string;
  result: Promise<Order>;
}

/** The key of a create: the header, else `client_order_id`; checked (printable ASCII, 1-200). */
export function idempotencyKey(header: unknown, clientOrderId: unknown): string | undefined {
  const raw = typeof header === 'string' && header !== '' ? header : typeof clientOrderId === 'string' ? clientOrderId : undefined;
  if (raw === undefined) return undefined;
  if (!KEY_RE.test(raw)) throw usageError('Idempotency-Key / client_order_id must be 1-200 printable ASCII characters without spaces');
  return raw;
}

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  /**
   * Run `create` once per key within the TTL; a repeat gets the first outcome. A first attempt the
   * exchange refused outright (not ambiguous) frees the key, so a corrected request can use it.
   */
  run(key: string, fingerprint: string, create: () => Promise<Order>): Promise<Order> {
    this.sweep();
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.fingerprint !== fingerprint) {
        return Promise.reject(usageError(`Idempotency-Key "${key.slice(0, 60)}" was used within 24 h for a different order; use a new key`));
      }
      return hit.result;
    }
    const result = create();
    this.entries.set(key, { at: this.now(), fingerprint, result });
    result.catch((e: unknown) => {
      if (!(e instanceof PmtError && e.ambiguous)) this.entries.delete(key);
    });
    return result;
  }

  private sweep(): void {
    const cutoff = this.now() - IDEMPOTENCY_TTL_MS;
    for (const [k, v] of this.entries) if (v.at < cutoff) this.entries.delete(k);
  }
}
