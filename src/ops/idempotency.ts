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
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PmtError, usageError } from '../errors.js';
import { appendPrivateLine, checkPrivatePlace, LineIndex } from '../line-store.js';
import type { SendIds } from '../exchanges/exchange.js';
import type { ExchangeId, Order } from '../exchanges/types.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_FILE = 'idempotency.jsonl';
const KEY_RE = /^[\x21-\x7e]{1,200}$/;
/** How long a repeat waits for another process's create under the same key (longer than a create's lookups). */
const KEY_WAIT_MS = 90_000;

interface Entry {
  at: number;
  fingerprint: string;
  result: Promise<Order>;
  /** pending: in flight; done: the order; unknown: sent, outcome not known (a repeat looks again). */
  state: 'pending' | 'done' | 'unknown';
  /** What the order left under (kept in memory too: a store without a file can still look again). */
  record?: SentRecord;
  /** The exchange refused the order: the key is free again. */
  refused?: boolean;
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
  private readonly index?: LineIndex;

  /** `file`: where keys outlive the process (serve passes the config directory's file). */
  constructor(
    private readonly now: () => number,
    private readonly file?: string,
  ) {
    if (file) this.index = new LineIndex(file, ['key'], 'the Idempotency-Key store');
  }

  /**
   * Run `create` once per key within the TTL; a repeat gets the first outcome. A first attempt the
   * exchange refused outright (not ambiguous) frees the key, so a corrected request can use it. A
   * key only the file remembers (sent by an earlier run, or by another server on the same config
   * directory) is answered by `recall`, never by a send. A key whose create ended "unknown" is
   * looked up again (`recall`) by each repeat, until the exchange shows the order.
   *
   * Across processes, each key's check-and-record runs under a lock of its own (file-lock.ts), held
   * until the create is answered: a second server with the same key waits, then finds the record.
   */
  run(key: string, request: string, create: (send: KeyedSend) => Promise<Order>, recall: (r: SentRecord) => Promise<Order>): Promise<Order> {
    this.sweep();
    const fingerprint = digest(request);
    const dk = digest(key);
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.fingerprint !== fingerprint) return Promise.reject(reused(key));
      if (hit.state === 'unknown') {
        const first = hit.result;
        this.settle(key, hit, this.exclusive(dk, () => {
          const r = this.recorded(dk) ?? hit.record;
          return r ? recall(r) : first;
        }));
      }
      return hit.result;
    }
    const entry: Entry = { at: this.now(), fingerprint, state: 'pending', result: Promise.resolve(null as unknown as Order) };
    this.entries.set(key, entry);
    this.settle(key, entry, this.exclusive(dk, () => {
      const earlier = this.recorded(dk);
      if (earlier && earlier.fingerprint !== fingerprint) throw reused(key);
      if (earlier) {
        entry.record = earlier;
        return recall(earlier);
      }
      return create(this.keyedSend(dk, fingerprint, entry));
    }));
    return entry.result;
  }

  /** Index what the file holds now (serve calls it at start, so no request pays for a first build). */
  warm(): void {
    this.index?.catchUp();
  }

  private settle(key: string, entry: Entry, result: Promise<Order>): void {
    entry.state = 'pending';
    entry.result = result;
    result.then(
      () => {
        if (entry.result === result) entry.state = 'done';
      },
      (e: unknown) => {
        if (entry.result !== result) return;
        // Freed only by a refusal (or a failure before anything left); anything else after the
        // order left keeps the key, and the next repeat looks again.
        if ((e instanceof PmtError && e.ambiguous) || (entry.record && !entry.refused)) entry.state = 'unknown';
        else if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
  }

  /** `fn` holding this key's cross-process lock (without a file: as is). */
  private async exclusive(dk: string, fn: () => Promise<Order>): Promise<Order> {
    if (!this.file) return fn();
    const locks = `${this.file}.locks`;
    try {
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
      // Nothing is made in a directory others can write to (a 1777 PMT_CONFIG_DIR): refused, naming the fix.
      checkPrivatePlace(dirname(this.file), this.file);
      mkdirSync(locks, { recursive: true, mode: 0o700 });
    } catch (e) {
      if (e instanceof PmtError) throw new PmtError(e.kind, `${e.message}; the order was not sent`, { hint: e.hint });
      throw new PmtError('Config', `cannot create ${locks} (${(e as NodeJS.ErrnoException).code ?? 'error'}); the order was not sent`, {
        hint: 'check that the config directory (PMT_CONFIG_DIR) is writable',
      });
    }
    const { withFileLock } = await import('../file-lock.js');
    return withFileLock(this.file, fn, {
      lockfilePath: `${locks}/${dk}.lock`,
      waitMs: KEY_WAIT_MS,
      staleMs: 10_000,
      busy: () =>
        new PmtError('NetworkError', 'another pmt process has been sending an order under this Idempotency-Key for too long: order status unknown, so no second order is sent', {
          ambiguous: true,
          hint: 'repeat the request later: it is answered with that order once its outcome is known',
        }),
    });
  }

  private keyedSend(key: string, fingerprint: string, entry: Entry): KeyedSend {
    let record: SentRecord | undefined;
    return {
      sent: (exchange, ids) => {
        record = { key, fingerprint, at: this.now(), exchange, client_order_id: ids.client_order_id, order_hash: ids.order_hash, order_id: null };
        // Before the order leaves, and flushed: a key pmt cannot remember is not sent.
        this.append(record, true);
        entry.record = record;
      },
      answered: (order) => {
        if (!record) return;
        if (order) entry.record = { ...record, order_id: order.id };
        else entry.refused = true;
        try {
          this.append(order ? { ...record, order_id: order.id } : { ...record, refused: true }, false);
        } catch {
          // The order stands; a repeat finds it by the ids already written.
        }
      },
    };
  }

  /**
   * The newest line for a key within the TTL, unless it says the order was refused; by the index
   * (one bucket and the lines it names, never the whole file). A store that cannot be read stops
   * the keyed send (Config): it never reads as "no such key".
   */
  private recorded(key: string): SentRecord | undefined {
    if (!this.index) return undefined;
    const found = this.index.find(key).pop() as SentRecord | undefined;
    if (!found || found.refused || !(found.at >= this.now() - IDEMPOTENCY_TTL_MS)) return undefined;
    return found;
  }

  private append(record: SentRecord, durable: boolean): void {
    if (!this.file) return;
    try {
      appendPrivateLine(this.file, JSON.stringify(record) + '\n', durable);
    } catch (e) {
      if (e instanceof PmtError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      throw new PmtError('Config', `cannot write ${this.file}${code ? ` (${code})` : ''}; the order was not sent`, {
        hint: 'pmt serve remembers each Idempotency-Key before sending its order; check that the config directory (PMT_CONFIG_DIR) is writable',
      });
    }
  }

  private sweep(): void {
    const cutoff = this.now() - IDEMPOTENCY_TTL_MS;
    for (const [k, v] of this.entries) if (v.at < cutoff && v.state !== 'pending') this.entries.delete(k);
  }
}

function reused(key: string): PmtError {
  return usageError(`Idempotency-Key "${key.slice(0, 60)}" was used within 24 h for a different order; use a new key`);
}
