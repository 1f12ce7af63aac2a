/**
 * `create_order` idempotency for `pmt serve` (contract: "the same key returns the same order,
 * never a second one"). The key is the `Idempotency-Key` header, else the body's
 * `client_order_id`. Within 24 h a repeated key gets the first request's outcome: its order, or,
 * while the first is still in flight, the same pending answer (the second request waits on it).
 * A key reused with a different request is refused (400) rather than guessed at.
 *
 * Across restarts of the server: each key is also written to `idempotency.jsonl` in the config
 * directory (0600; the key and the request only as SHA-256 digests) right before its order leaves,
 * with the ids it leaves under (Kalshi's client order id, Polymarket's order hash), and its order
 * id once known. A repeat that only the file remembers is answered from the exchange, by those
 * ids; an order the exchange cannot find is "status unknown" (exit 8 / 503), never a second send.
 * Kalshi also dedups by itself: its client order id is derived from the key.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PmtError, usageError } from '../errors.js';
import { appendPrivateLine } from '../journal.js';
import type { SendIds } from '../exchanges/exchange.js';
import type { ExchangeId, Order } from '../exchanges/types.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_FILE = 'idempotency.jsonl';
const KEY_RE = /^[\x21-\x7e]{1,200}$/;

interface Entry {
  at: number;
  fingerprint: string;
  result: Promise<Order>;
}

/** What the file keeps of a key: enough to find its order again, nothing of the request. */
export interface SentRecord {
  /** SHA-256 of the key. */
  key: string;
  /** SHA-256 of the request. */
  fingerprint: string;
  /** When the order left (ms). */
  at: number;
  exchange: ExchangeId;
  client_order_id: string | null;
  order_hash: string | null;
  /** Set by a later line once the exchange answered with the order. */
  order_id: string | null;
  /** A later line saying the exchange refused the order: the key is free again. */
  refused?: true;
}

/** The key of a create: the header, else `client_order_id`; checked (printable ASCII, 1-200). */
export function idempotencyKey(header: unknown, clientOrderId: unknown): string | undefined {
  const raw = typeof header === 'string' && header !== '' ? header : typeof clientOrderId === 'string' ? clientOrderId : undefined;
  if (raw === undefined) return undefined;
  if (!KEY_RE.test(raw)) throw usageError('Idempotency-Key / client_order_id must be 1-200 printable ASCII characters without spaces');
  return raw;
}

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

/** Hooks of one keyed create: `sent` before the order leaves (durable), `answered` after. */
export interface KeyedSend {
  sent(exchange: ExchangeId, ids: SendIds): void;
  answered(order: Order | null): void;
}

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  /** `file`: where keys outlive the process (serve passes the config directory's file). */
  constructor(
    private readonly now: () => number,
    private readonly file?: string,
  ) {}

  /**
   * Run `create` once per key within the TTL; a repeat gets the first outcome. A first attempt the
   * exchange refused outright (not ambiguous) frees the key, so a corrected request can use it. A
   * key only the file remembers (sent by an earlier run) is answered by `recall`, never by a send.
   */
  run(key: string, request: string, create: (send: KeyedSend) => Promise<Order>, recall: (r: SentRecord) => Promise<Order>): Promise<Order> {
    this.sweep();
    const fingerprint = digest(request);
    const hit = this.entries.get(key);
    if (hit) return hit.fingerprint !== fingerprint ? Promise.reject(reused(key)) : hit.result;
    const earlier = this.recorded(digest(key));
    if (earlier && earlier.fingerprint !== fingerprint) return Promise.reject(reused(key));
    const result = earlier ? recall(earlier) : create(this.keyedSend(digest(key), fingerprint));
    this.entries.set(key, { at: this.now(), fingerprint, result });
    result.catch((e: unknown) => {
      if (!(e instanceof PmtError && e.ambiguous)) this.entries.delete(key);
    });
    return result;
  }

  private keyedSend(key: string, fingerprint: string): KeyedSend {
    let record: SentRecord | undefined;
    return {
      sent: (exchange, ids) => {
        record = { key, fingerprint, at: this.now(), exchange, client_order_id: ids.client_order_id, order_hash: ids.order_hash, order_id: null };
        // Before the order leaves, and flushed: a key pmt cannot remember is not sent.
        this.append(record, true);
      },
      answered: (order) => {
        if (!record) return;
        try {
          this.append(order ? { ...record, order_id: order.id } : { ...record, refused: true }, false);
        } catch {
          // The order stands; a repeat finds it by the ids already written.
        }
      },
    };
  }

  /** The newest line for a key within the TTL, unless it says the order was refused. */
  private recorded(key: string): SentRecord | undefined {
    if (!this.file) return undefined;
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return undefined;
    }
    let found: SentRecord | undefined;
    for (const line of text.split('\n')) {
      if (!line.includes(key)) continue;
      try {
        const r = JSON.parse(line) as SentRecord;
        if (r.key === key) found = r;
      } catch {
        // A line cut by a crash mid-write: the ones before it still count.
      }
    }
    if (!found || found.refused || found.at < this.now() - IDEMPOTENCY_TTL_MS) return undefined;
    return found;
  }

  private append(record: SentRecord, durable: boolean): void {
    if (!this.file) return;
    try {
      appendPrivateLine(this.file, JSON.stringify(record) + '\n', durable);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new PmtError('Config', `cannot write ${this.file}${code ? ` (${code})` : ''}; the order was not sent`, {
        hint: 'pmt serve remembers each Idempotency-Key before sending its order; check that the config directory (PMT_CONFIG_DIR) is writable',
      });
    }
  }

  private sweep(): void {
    const cutoff = this.now() - IDEMPOTENCY_TTL_MS;
    for (const [k, v] of this.entries) if (v.at < cutoff) this.entries.delete(k);
  }
}

function reused(key: string): PmtError {
  return usageError(`Idempotency-Key "${key.slice(0, 60)}" was used within 24 h for a different order; use a new key`);
}
