/**
 * The local order journal (contract, "Orders are sent at most once, and never lost from sight";
 * interface-extensions.md, JournalEntry): JSON lines in the config directory, file mode 0600,
 * only ever appended.
 *
 * Before a create leaves, its intent is written (exchange, market, outcome, side, price, size,
 * type, the client order id or order hash, the time) and flushed to disk, so a process killed
 * mid-request still leaves it; the result is appended when known. The journal never holds a
 * secret or a signature: the entry has a fixed set of fields, and free text is scrubbed.
 *
 * It also remembers what pmt placed: Kalshi shows an order sent through V2 only in its YES-book
 * form ("Yes sell 0.70"), so `withIntent` relabels such an order with the intent it was placed
 * with ("No buy 0.30") when the two are the same order.
 */
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PmtError } from './errors.js';
import type { CreateOrderOptions, Exchange, SendIds } from './exchanges/exchange.js';
import type { CreateOrderRequest, ExchangeId, Order, OrderSide, OrderType } from './exchanges/types.js';
import { redactSecrets } from './secrets.js';

export const JOURNAL_EVENTS = ['intent', 'sent', 'result', 'unknown', 'cancel', 'amend'] as const;
export type JournalEvent = (typeof JOURNAL_EVENTS)[number];

/** One line of the journal, exactly the interface's JournalEntry. */
export interface JournalEntry {
  /** ISO 8601 UTC. */
  ts: string;
  event: JournalEvent;
  exchange: ExchangeId;
  /** Kalshi market ticker, or the Polymarket market slug. */
  market_ticker: string;
  /** Outcome label traded. */
  outcome: string;
  side: OrderSide;
  /** Limit price of `outcome`, what is paid or received per contract. */
  price: number;
  size: number;
  type: OrderType;
  /** Kalshi's client_order_id; null on Polymarket. */
  client_order_id: string | null;
  /** Polymarket's order hash (its order id); null on Kalshi. */
  order_hash: string | null;
  /** The exchange's order id once known. */
  order_id: string | null;
  /** Order status of a result, else null. */
  status: string | null;
  /** What happened, in words (an error, "status unknown …"); never a secret. */
  message: string | null;
}

export const JOURNAL_FILE = 'orders.jsonl';

export class Journal {
  readonly path: string;

  constructor(readonly dir: string) {
    this.path = join(dir, JOURNAL_FILE);
  }

  /**
   * Append one entry, synchronously; `durable` also flushes it to disk (the intent, written
   * right before a request leaves). A journal that cannot be written stops the order (Config):
   * an order pmt could lose sight of is not sent.
   */
  append(entry: JournalEntry, durable = false): void {
    const line = JSON.stringify({ ...entry, message: entry.message === null ? null : redactSecrets(entry.message) }) + '\n';
    try {
      appendPrivateLine(this.path, line, durable);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new PmtError('Config', `cannot write the order journal ${this.path}${code ? ` (${code})` : ''}; the order was not sent`, {
        hint: 'pmt records every order before sending it; check that the config directory (PMT_CONFIG_DIR) is writable',
      });
    }
  }

  /** Every entry, oldest first; a torn or foreign line is skipped. */
  read(): JournalEntry[] {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      return [];
    }
    const out: JournalEntry[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const e = JSON.parse(line) as JournalEntry;
        if (e && typeof e === 'object' && (JOURNAL_EVENTS as readonly string[]).includes(e.event)) out.push(e);
      } catch {
        // A line cut by a crash mid-write: skip it, keep the rest.
      }
    }
    return out;
  }
}

/**
 * Append one line to a file only its owner may read (0600, in a 0700 directory made if missing);
 * `durable` flushes it to disk before returning. Throws the file system's error.
 */
export function appendPrivateLine(path: string, line: string, durable: boolean): void {
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fd = openSync(path, 'a', 0o600);
  try {
    writeSync(fd, line);
    if (durable) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if ((statSync(path).mode & 0o777) !== 0o600) chmodSync(path, 0o600);
}

/** The journal in the config directory (the caller passes `configDir(env)`). */
export function openJournal(dir: string): Journal {
  return new Journal(dir);
}

/**
 * The intent an order id was placed with, from the journal's intent/result pairs; an `amend`
 * (which records the new price and size as placed) stands for it from then on.
 */
export function intentsByOrderId(entries: readonly JournalEntry[]): Map<string, JournalEntry> {
  const intents = new Map<string, JournalEntry>();
  const byOrder = new Map<string, JournalEntry>();
  const amended = new Set<string>();
  const key = (e: JournalEntry) => `${e.exchange}|${e.client_order_id ?? ''}|${e.order_hash ?? ''}`;
  for (const e of entries) {
    if (e.event === 'intent') intents.set(key(e), e);
    else if (e.event === 'amend' && e.order_id) {
      byOrder.set(e.order_id, e);
      amended.add(e.order_id);
    } else if (e.order_id && !amended.has(e.order_id)) {
      const intent = intents.get(key(e));
      if (intent) byOrder.set(e.order_id, intent);
    }
  }
  return byOrder;
}

/**
 * Orders pmt placed, read back with the outcome, side and price they were placed with, when the
 * exchange reports them only in the other outcome's terms (Kalshi V2: "Yes sell 0.70" for
 * "No buy 0.30"). Only an exact match is relabelled: same order id, the complementary outcome,
 * the opposite side, and the price's exact complement; anything else keeps the exchange's terms.
 */
export function withIntent(order: Order, intents: Map<string, JournalEntry>): Order {
  const i = intents.get(order.id);
  if (!i) return order;
  if (order.outcome.toLowerCase() === i.outcome.toLowerCase()) return order;
  const opposite = order.side !== i.side;
  // Exact on the 1e-6 price grid (no Decimal here: this module loads with every order command).
  const complement = Math.round((1 - i.price) * 1e6) === Math.round(order.price * 1e6);
  if (!opposite || !complement) return order;
  return { ...order, outcome: i.outcome, side: i.side, price: i.price };
}

/** Newest last; `limit` keeps the last N. */
export function lastEntries(entries: readonly JournalEntry[], limit?: number): JournalEntry[] {
  return limit === undefined ? [...entries] : entries.slice(Math.max(0, entries.length - limit));
}

/** What the journal records about an order besides the request: its market and outcome label. */
export interface CreateMeta {
  exchange: ExchangeId;
  market_ticker: string;
  outcome: string;
  now: () => number;
}

/**
 * create_order with the journal around it: the intent is written (durably) by the adapter's
 * `onSend`, right before the request leaves; the result, an "unknown" or a refusal is appended
 * after. Nothing is written for an order that never left (a local check failed first).
 */
export async function createWithJournal(
  journal: Journal,
  ex: Exchange,
  req: CreateOrderRequest,
  meta: CreateMeta,
  opts: Pick<CreateOrderOptions, 'clientOrderId' | 'idempotencyKey' | 'onPayload' | 'onSend'> = {},
): Promise<Order> {
  let ids: SendIds | null = null;
  const entry = (event: JournalEvent, over: Partial<JournalEntry>): JournalEntry => ({
    ts: new Date(meta.now()).toISOString(),
    event,
    exchange: meta.exchange,
    market_ticker: meta.market_ticker,
    outcome: meta.outcome,
    side: req.side,
    price: req.price,
    size: req.size,
    type: req.order_type,
    client_order_id: ids?.client_order_id ?? null,
    order_hash: ids?.order_hash ?? null,
    order_id: null,
    status: null,
    message: null,
    ...over,
  });
  try {
    const order = await ex.createOrder(req, {
      ...opts,
      onSend: (sent) => {
        ids = sent;
        journal.append(entry('intent', {}), true);
        opts.onSend?.(sent);
      },
    });
    if (ids) journal.append(entry('result', { order_id: order.id, status: order.status }));
    return order;
  } catch (e) {
    if (ids) {
      const err = e instanceof PmtError ? e : null;
      const message = e instanceof Error ? e.message : String(e);
      if (err?.ambiguous) journal.append(entry('unknown', { message }));
      else journal.append(entry('result', { status: 'rejected', message }));
    }
    throw e;
  }
}
