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
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PmtError, unknownAfterSend } from './errors.js';
import { appendPrivateLine, checkPrivatePlace, LineIndex, scanLines, scanLinesBackward } from './line-store.js';
import type { CreateOrderOptions, Exchange, SendIds } from './exchanges/exchange.js';
import type { CreateOrderRequest, ExchangeId, Order, OrderSide, OrderType } from './exchanges/types.js';
import { redactSecrets } from './secrets.js';

export { appendPrivateLine } from './line-store.js';

export const JOURNAL_EVENTS = ['intent', 'sent', 'result', 'unknown', 'cancel', 'amend', 'refused'] as const;
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
  /**
   * Intents only, when known: the fee estimated for the order taken in full at its limit, in
   * dollars (the risk limits' daily notional counts it with price × size).
   */
  fee_estimate?: number;
}

export const JOURNAL_FILE = 'orders.jsonl';

/** A line of the journal that is not a whole JournalEntry: its number and what is wrong. */
export interface BadLine {
  line: number;
  problem: string;
}

const NULLABLE = ['client_order_id', 'order_hash', 'order_id', 'status', 'message'] as const;

/** Why a parsed line is not a JournalEntry, or null when it is one. */
export function entryProblem(e: unknown): string | null {
  if (!e || typeof e !== 'object' || Array.isArray(e)) return 'not a JSON object';
  const r = e as Record<string, unknown>;
  if (!(JOURNAL_EVENTS as readonly unknown[]).includes(r.event)) return `unknown event ${JSON.stringify(r.event)?.slice(0, 40) ?? 'undefined'}`;
  const missing: string[] = [];
  for (const k of ['ts', 'exchange', 'market_ticker', 'outcome', 'side', 'type'] as const) if (typeof r[k] !== 'string') missing.push(k);
  for (const k of ['price', 'size'] as const) if (typeof r[k] !== 'number') missing.push(k);
  for (const k of NULLABLE) if (r[k] !== null && typeof r[k] !== 'string') missing.push(k);
  return missing.length ? `missing or malformed field${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}` : null;
}

export class Journal {
  readonly path: string;
  private readonly index: LineIndex;

  constructor(readonly dir: string) {
    this.path = join(dir, JOURNAL_FILE);
    this.index = new LineIndex(this.path, ['client_order_id', 'order_hash', 'order_id'], 'the order journal');
  }

  /**
   * Append one entry, synchronously; `durable` also flushes it to disk (the intent, written
   * right before a request leaves). An intent that cannot be written stops the order (Config):
   * an order pmt could lose sight of is not sent. Later entries are written after the request
   * left: their failure is the caller's to absorb (createWithJournal), never "not sent".
   */
  append(entry: JournalEntry, durable = false): void {
    const line = JSON.stringify({ ...entry, message: entry.message === null ? null : redactSecrets(entry.message) }) + '\n';
    try {
      appendPrivateLine(this.path, line, durable);
    } catch (e) {
      const what = entry.event === 'intent' ? '; the order was not sent' : ` (the ${entry.event} of an order already sent)`;
      // The directory or the file is refused: that message, naming the fix.
      if (e instanceof PmtError) throw new PmtError(e.kind, `${e.message}${what}`, { hint: e.hint });
      const code = (e as NodeJS.ErrnoException).code;
      throw new PmtError('Config', `cannot write the order journal ${this.path}${code ? ` (${code})` : ''}${what}`, {
        hint: 'pmt records every order before sending it; check that the config directory (PMT_CONFIG_DIR) is writable and has room',
      });
    }
  }

  /** Every entry, oldest first; streamed (any size). Throws Config when the file cannot be read. */
  read(): JournalEntry[] {
    return this.readAll().entries;
  }

  /**
   * Every entry (or the last `limit`, holding no more in memory), and the lines that are not one
   * (torn by a crash, foreign, missing fields): the first 100 of them, and how many in all.
   */
  readAll(limit?: number): { entries: JournalEntry[]; bad: BadLine[]; badCount: number } {
    let entries: JournalEntry[] = [];
    const bad: BadLine[] = [];
    let badCount = 0;
    const keep = (e: JournalEntry) => {
      entries.push(e);
      if (limit !== undefined && entries.length >= 2 * limit + 1024) entries = entries.slice(entries.length - limit);
    };
    scanLines(
      this.path,
      (l) => {
        if (!l.text.trim()) return;
        let e: unknown;
        try {
          e = JSON.parse(l.text);
        } catch {
          if (badCount++ < 100) bad.push({ line: l.n, problem: 'not JSON (a line cut short by a crash or a full disk?)' });
          return;
        }
        const problem = entryProblem(e);
        if (problem) {
          if (badCount++ < 100) bad.push({ line: l.n, problem });
        } else keep(e as JournalEntry);
      },
      'the order journal',
    );
    return { entries: limit === undefined ? entries : entries.slice(Math.max(0, entries.length - limit)), bad, badCount };
  }

  /**
   * The entries written at or after `startMs`, oldest first, read from the end of the file back
   * only as far as they go (the risk limits' day): never the whole journal. Lines are appended in
   * time order; processes racing may interleave by moments, so the scan stops only at an entry
   * an hour older than `startMs`.
   */
  readSince(startMs: number): JournalEntry[] {
    const out: JournalEntry[] = [];
    const stopBefore = startMs - 3_600_000;
    scanLinesBackward(
      this.path,
      (text) => {
        let e: unknown;
        try {
          e = JSON.parse(text);
        } catch {
          return true;
        }
        if (entryProblem(e) !== null) return true;
        const t = Date.parse((e as JournalEntry).ts);
        if (t < stopBefore) return false;
        if (t >= startMs) out.push(e as JournalEntry);
        return true;
      },
      'the order journal',
    );
    return out.reverse();
  }

  /**
   * The entries carrying `id` as client order id, order hash or order id, oldest first, through
   * the index: never a read of the whole journal. Throws Config when it cannot be read.
   */
  find(id: string): JournalEntry[] {
    return this.index.find(id).filter((e) => entryProblem(e) === null) as unknown as JournalEntry[];
  }

  /** The intents `orderIds` were placed with (see intentsByOrderId), by keyed lookups. */
  intentsFor(orderIds: Iterable<string>): Map<string, JournalEntry> {
    const out = new Map<string, JournalEntry>();
    for (const id of new Set(orderIds)) {
      for (const r of this.find(id)) {
        if (r.order_id !== id || r.event === 'intent') continue;
        const sentAs = r.client_order_id ?? r.order_hash;
        if (!sentAs) continue;
        const found = intentsByOrderId([...this.find(sentAs).filter((e) => e.event === 'intent'), r]).get(id);
        if (found) out.set(id, found);
      }
    }
    return out;
  }

  /** Index whatever was appended since the last lookup (serve calls it once at start). */
  warm(): void {
    this.index.catchUp();
  }
}

/**
 * Run `fn` holding the journal's lock (`orders.jsonl.lock`, across processes): the risk limits'
 * check-and-send, so two pmt processes cannot together pass a daily cap or an open-order count.
 * A lock left by a process that died goes stale after a few seconds.
 */
export async function withJournalLock<T>(journal: Journal, fn: () => Promise<T>): Promise<T> {
  if (!existsSync(journal.dir)) mkdirSync(journal.dir, { recursive: true, mode: 0o700 });
  // Its lock, like the journal, only in a directory nobody else can write.
  checkPrivatePlace(journal.dir, journal.path);
  const { withFileLock } = await import('./file-lock.js');
  return withFileLock(journal.path, fn, {
    waitMs: 60_000,
    staleMs: 10_000,
    busy: (e) =>
      new PmtError('Config', `the order journal ${journal.path} is locked by another pmt: ${e.message}; the order was not sent`, {
        hint: `try again; if no other pmt is running, remove ${journal.path}.lock`,
      }),
  });
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
  /** Told when the journal cannot take an entry after the order left (the answer stands). */
  warn?: (line: string) => void;
  /** The fee estimate to record with the intent (see JournalEntry.fee_estimate). */
  feeEstimate?: number | null;
}

/**
 * create_order with the journal around it: the intent is written (durably) by the adapter's
 * `onSend`, right before the request leaves; the result, an "unknown" or a refusal is appended
 * after. Nothing is written for an order that never left (a local check failed first).
 *
 * Once the request has left, the answer is the exchange's: the order, or its error ("unknown" or a
 * refusal). A journal that cannot take the result then (a full disk: the intent fitted, the result
 * does not) never turns a placed order into "not sent" (which invites a second order); the
 * intent on disk already names the order, and `pmt order get --client-id` settles it.
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
    // The journal's model keeps numbers (its bytes as before): the exact decimals' shortest form.
    price: req.price.toNumber(),
    size: req.size.toNumber(),
    type: req.order_type,
    client_order_id: ids?.client_order_id ?? null,
    order_hash: ids?.order_hash ?? null,
    order_id: null,
    status: null,
    message: null,
    ...over,
  });
  const after = (e: JournalEntry) => {
    try {
      journal.append(e);
    } catch (err) {
      meta.warn?.(`${err instanceof Error ? err.message : String(err)}; the order's outcome stands as reported`);
    }
  };
  let left = false;
  try {
    const order = await ex.createOrder(req, {
      ...opts,
      onSend: (sent) => {
        journal.append(entry('intent', { client_order_id: sent.client_order_id, order_hash: sent.order_hash, ...(meta.feeEstimate != null ? { fee_estimate: meta.feeEstimate } : {}) }), true);
        ids = sent;
        opts.onSend?.(sent);
        left = true;
      },
    });
    if (left) after(entry('result', { order_id: order.id, status: order.status }));
    return order;
  } catch (caught) {
    // The rule for a request that left (errors.ts, mayHaveLanded): a 5xx is not a refusal.
    const e = left ? unknownAfterSend(caught) : caught;
    if (ids) {
      // Refused, or stopped between the intent and the send (the key could not be recorded).
      const message = e instanceof Error ? e.message : String(e);
      if (left && e instanceof PmtError && e.ambiguous) after(entry('unknown', { message }));
      else after(entry('result', { status: 'rejected', message }));
    }
    throw e;
  }
}
