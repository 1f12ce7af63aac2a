/**
 * What the MCP server adds to the operations it enumerates (serve/operations.ts: every routed
 * operation, its schema and the handler `pmt serve` runs): per tool, whether it trades (off unless
 * allowed), what answers without `confirm: true` (the preview: nothing is sent), a check before
 * it sends (create_order needs a `client_order_id`), the `all: true` listing with progress; and
 * pmt's own local tools (the journal, the limits). Every rule here calls the same ops.
 */
import { PmtError, usageError } from '../errors.js';
import type { ExchangeId } from '../exchanges/registry.js';
import type { MarketStatusFilter } from '../exchanges/types.js';
import type { ExchangeFailure } from './fanout.js';
import { readHttp } from './input.js';
import * as markets from './markets.js';
import { journalEntries } from './journal.js';
import * as one from './order-one.js';
import { previewCreateOrder } from './order-preview.js';
import * as orders from './orders.js';
import type { CreateOrderBody } from './orders.js';
import { riskError, riskStatus } from './risk.js';
import type { Services } from './services.js';
import { operation } from './table.js';
import { EXCHANGE_IDS } from '../exchanges/registry.js';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** Every tool talks to an exchange (or the local journal, which reflects one). */
  openWorldHint: boolean;
}

/** What a call gets besides its input: cancellation, progress, and whether trading is allowed. */
export interface ToolCall {
  signal: AbortSignal;
  /** Sends a progress notification when the client asked for them (a progress token). */
  progress?: (done: number, message: string) => Promise<void>;
  /** `--allow-trading`, or the profile's `trading: on`. */
  tradingAllowed: boolean;
}

/** A tool's answer: the `--json` document, and the exchanges that failed when others answered. */
export interface ToolResult {
  document: unknown;
  failed?: ExchangeFailure[];
}

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
const DESTRUCTIVE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

type In = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- validated against the input schema first

const doc = (document: unknown, failed?: ExchangeFailure[]): ToolResult => ({ document, failed: failed?.length ? failed : undefined });

/** A trading action without permission: the RiskLimit object naming `trading`. */
function tradingOff(name: string): PmtError {
  const e = riskError({ limit: 'trading', ok: false, value: 'off', would_be: name, headroom: null, detail: '' }, `${name} was not sent`);
  return new PmtError('RiskLimit', `trading tools are off in this MCP server: ${name} was not sent`, {
    details: e.details,
    hint: 'start `pmt mcp --allow-trading`, or `pmt risk set --trading on` on the profile',
  });
}

/** A tool of pmt's own, not an operation of the REST surface (local: the journal, the limits). */
export interface LocalTool {
  name: string;
  description: string;
  annotations: ToolAnnotations;
  run(svc: Services, input: Record<string, unknown>, call: ToolCall): Promise<ToolResult>;
}

export interface ToolRule {
  /** Sends, cancels or changes orders: refused (RiskLimit `trading`) unless trading is allowed; previews still answer. */
  trading?: boolean;
  /** Acts only with `confirm: true`; without it this answers and nothing is sent. */
  preview?: (svc: Services, input: In) => Promise<ToolResult>;
  /** Checked after the gate and before the operation runs. */
  beforeSend?: (input: In) => void;
  /** Answers instead of the operation when it returns a result (fetch_markets with `all: true`). */
  instead?: (svc: Services, input: In, call: ToolCall) => Promise<ToolResult | undefined>;
  /** Repeating the call does not repeat its effect (with the id it requires). */
  idempotent?: boolean;
  /** The preview is another document than the operation's answer (so no single output schema). */
  previewShape?: 'other';
  /** Input properties the tool takes besides the operation's (JSON Schema). */
  extraInputs?: Record<string, Record<string, unknown>>;
}

const CONFIRM = { confirm: { type: 'boolean', description: 'true acts; absent or false answers what would be done, and nothing is sent' } };

export const TOOL_RULES: Record<string, ToolRule> = {
  fetch_markets: {
    extraInputs: { all: { type: 'boolean', description: 'Follow every cursor to the end (progress notifications when a progress token is sent; stops when the call is cancelled)' } },
    async instead(svc, q, call) {
      if (q.all !== true) return undefined;
      // Read as serve reads the page it would answer (tickers split and checked), from the first page.
      const { cursor: _from, ...query } = readHttp(operation('fetch_markets'), q) as markets.MarketsQuery;
      // A ticker lookup is one request per exchange, with nothing more to follow (as `markets list --all --ticker`).
      if (query.market_tickers?.length) return undefined;
      const failed: ExchangeFailure[] = [];
      const out = [];
      let pages = 0;
      for await (const page of markets.iterateAllMarkets(svc, query, { onFailure: (f) => failed.push(f) })) {
        if (call.signal.aborted) throw new PmtError('Api', 'cancelled by the client', { cancelled: true });
        out.push(...page);
        pages++;
        await call.progress?.(out.length, `${pages} page${pages === 1 ? '' : 's'}, ${out.length} markets`);
      }
      return doc({ markets: out, cursor: null }, failed);
    },
  },
  create_order: {
    trading: true,
    idempotent: true,
    previewShape: 'other',
    extraInputs: CONFIRM,
    // The CLI's `--dry-run --json` of the same order (ops/order-preview.ts), whatever else the call carries.
    preview: async (svc, { confirm: _confirm, client_order_id: _key, ...body }) => doc(await previewCreateOrder(svc, body as CreateOrderBody)),
    beforeSend(q) {
      if (typeof q.client_order_id !== 'string' || q.client_order_id === '') throw usageError('client_order_id is required with confirm: true (a retry under the same id returns the same order, never a second one)');
    },
  },
  cancel_order: {
    trading: true,
    idempotent: true,
    extraInputs: CONFIRM,
    preview: async (svc, q) => doc((await one.currentOrder(svc, await one.orderTarget(svc, { order_id: q.order_id, exchange: q.exchange }, 'cancelOrder'))).order),
  },
  amend_order: {
    trading: true,
    extraInputs: CONFIRM,
    preview: async (svc, q) => doc((await one.currentOrder(svc, await one.orderTarget(svc, { order_id: q.order_id, exchange: q.exchange }, 'amendOrder'))).order),
  },
  cancel_all_orders: {
    trading: true,
    idempotent: true,
    extraInputs: CONFIRM,
    async preview(svc, q) {
      const r = await orders.listOpenOrders(svc, await orders.accountScope(svc, { asset_id: q.asset_id, exchange: q.exchange }, 'cancelAllOrders'));
      return doc(r.orders.map((o) => o.order), r.failed);
    },
  },
  kill: {
    // Always available: stopping is never gated.
    idempotent: true,
    extraInputs: CONFIRM,
    preview: async () => {
      throw usageError('kill needs confirm: true (it turns trading off and cancels every open order)');
    },
  },
};

export const LOCAL_TOOLS: LocalTool[] = [
  {
    name: 'fetch_journal',
    description: 'The local order journal (intents, results, cancels, amends, refusals), oldest first.',
    annotations: { ...READ, openWorldHint: false },
    run: async (svc, q: In) => doc(journalEntries(svc, q.limit)),
  },
  {
    name: 'fetch_risk',
    description: "The profile's risk limits in force (with this server's defaults) and today's usage per exchange.",
    annotations: { ...READ, openWorldHint: false },
    run: async (svc) => doc(await riskStatus(svc, EXCHANGE_IDS)),
  },
];

/** The gate of a trading tool: allowed, or the RiskLimit object naming `trading`. */
export function gate(name: string, call: ToolCall): void {
  if (!call.tradingAllowed) throw tradingOff(name);
}

export { READ, DESTRUCTIVE, doc, type In };
