/**
 * The operations as one list, for the surfaces that enumerate them (the MCP server's tools): each
 * entry is an interface operation's name, what it does, whether it trades, its honest MCP
 * annotations, and `run`, which calls the same op serve's route for it calls and returns the
 * `--json` document. Input schemas are the models of src/models/inputs.ts, by the same name.
 *
 * When the operation table (src/ops, issue 22) exposes an enumeration of operations, this list
 * is where it plugs in: same names, same ops.
 */
import { PmtError, usageError } from '../errors.js';
import type { ExchangeId } from '../exchanges/registry.js';
import type { MarketStatusFilter, OrderSide, OrderType } from '../exchanges/types.js';
import * as book from './book.js';
import type { ExchangeFailure } from './fanout.js';
import { killSwitch } from './kill.js';
import * as markets from './markets.js';
import { journalEntries } from './journal.js';
import * as one from './order-one.js';
import { previewCreateOrder } from './order-preview.js';
import * as orders from './orders.js';
import * as portfolio from './portfolio.js';
import { riskError, riskStatus } from './risk.js';
import { searchMarkets } from './search.js';
import type { Services } from './services.js';
import * as tape from './tape.js';
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

export interface ToolDef {
  name: string;
  description: string;
  /** Sends or cancels orders: off unless trading is allowed (previews still answer). */
  trading: boolean;
  annotations: ToolAnnotations;
  run(svc: Services, input: Record<string, unknown>, call: ToolCall): Promise<ToolResult>;
}

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
const DESTRUCTIVE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

type In = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- validated against INPUTS first

const doc = (document: unknown, failed?: ExchangeFailure[]): ToolResult => ({ document, failed: failed?.length ? failed : undefined });

/** A trading action without permission: the RiskLimit object naming `trading`. */
function tradingOff(name: string): PmtError {
  const e = riskError({ limit: 'trading', ok: false, value: 'off', would_be: name, headroom: null, detail: '' }, `${name} was not sent`);
  return new PmtError('RiskLimit', `trading tools are off in this MCP server: ${name} was not sent`, {
    details: e.details,
    hint: 'start `pmt mcp --allow-trading`, or `pmt risk set --trading on` on the profile',
  });
}

function gate(name: string, call: ToolCall): void {
  if (!call.tradingAllowed) throw tradingOff(name);
}

export const TOOLS: ToolDef[] = [
  {
    name: 'fetch_markets',
    description: 'List markets (both exchanges unless `exchange`), optionally filtered by status, tickers, event or series; `all: true` follows every cursor (with progress notifications).',
    trading: false,
    annotations: READ,
    async run(svc, q: In, call) {
      const query = { status: q.status as MarketStatusFilter | undefined, limit: q.limit, exchange: q.exchange as ExchangeId | undefined, cursor: q.cursor, event_ticker: q.event_ticker, series_ticker: q.series_ticker, market_tickers: q.market_tickers ?? [] };
      if (!q.all) {
        const r = await markets.fetchMarkets(svc, query);
        return doc({ markets: r.markets, cursor: r.cursor }, r.failed);
      }
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
  {
    name: 'fetch_market_lineage',
    description: 'One market with its parent event and series.',
    trading: false,
    annotations: READ,
    run: async (svc, q: In) => doc(await markets.fetchMarketLineage(svc, { market_ticker: q.market_ticker, exchange: q.exchange })),
  },
  {
    name: 'search_markets',
    description: 'Markets found by words in their title, event or series, best match first.',
    trading: false,
    annotations: READ,
    async run(svc, q: In) {
      const r = await searchMarkets(svc, { query: q.query, status: q.status, limit: q.limit, exchange: q.exchange });
      return doc({ markets: r.markets, cursor: null }, r.failed);
    },
  },
  {
    name: 'fetch_order',
    description: 'One order by its id.',
    trading: false,
    annotations: READ,
    run: async (svc, q: In) => doc((await orders.fetchOrder(svc, { order_id: q.order_id, exchange: q.exchange })).order),
  },
  {
    name: 'fetch_open_orders',
    description: "The caller's open orders, optionally of one asset.",
    trading: false,
    annotations: READ,
    async run(svc, q: In) {
      const r = await orders.fetchOpenOrders(svc, { asset_id: q.asset_id, exchange: q.exchange });
      return doc(r.orders.map((o) => o.order), r.failed);
    },
  },
  {
    name: 'create_order',
    description:
      'Without `confirm: true`: the preview only (cost, fee estimate, fills now, each risk limit with its headroom, the exact upstream request); nothing is sent. ' +
      'With `confirm: true` (and `client_order_id`, required): sent once, through the profile\'s risk limits and the order journal; the same `client_order_id` returns the same order, never a second one. ' +
      '`price` is the price of `outcome`, what is paid or received per contract.',
    trading: true,
    // Not idempotent by itself; with a client_order_id (required to send) a repeat returns the same order.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    async run(svc, q: In, call) {
      const body: orders.CreateOrderBody = { asset_id: q.asset_id, outcome: q.outcome, price: q.price, side: q.side as OrderSide, size: q.size, order_type: q.order_type as OrderType | undefined, post_only: q.post_only, exchange: q.exchange, client_order_id: q.client_order_id };
      if (q.confirm !== true) return doc(await previewCreateOrder(svc, body));
      gate('create_order', call);
      if (typeof q.client_order_id !== 'string' || q.client_order_id === '') throw usageError('client_order_id is required with confirm: true (a retry under the same id returns the same order, never a second one)');
      return doc(await orders.createOrder(svc, body));
    },
  },
  {
    name: 'cancel_order',
    description: 'Cancel one order. Without `confirm: true`: the order as it stands, nothing cancelled.',
    trading: true,
    annotations: { ...DESTRUCTIVE, idempotentHint: true },
    async run(svc, q: In, call) {
      if (q.confirm !== true) return doc((await one.currentOrder(svc, await one.orderTarget(svc, { order_id: q.order_id, exchange: q.exchange }))).order);
      gate('cancel_order', call);
      return doc((await one.cancelOrder(svc, { order_id: q.order_id, exchange: q.exchange })).order);
    },
  },
  {
    name: 'amend_order',
    description: "Change a resting order's price and/or size (Kalshi). Without `confirm: true`: the order as it stands, nothing changed.",
    trading: true,
    annotations: DESTRUCTIVE,
    async run(svc, q: In, call) {
      if (q.confirm !== true) return doc((await one.currentOrder(svc, await one.orderTarget(svc, { order_id: q.order_id, exchange: q.exchange }))).order);
      gate('amend_order', call);
      return doc((await one.amendOrder(svc, { order_id: q.order_id, price: q.price, size: q.size, exchange: q.exchange })).order);
    },
  },
  {
    name: 'cancel_all_orders',
    description: "Cancel the caller's open orders, optionally of one asset. Without `confirm: true`: the orders that would be cancelled.",
    trading: true,
    annotations: { ...DESTRUCTIVE, idempotentHint: true },
    async run(svc, q: In, call) {
      const scope = await orders.accountScope(svc, { asset_id: q.asset_id, exchange: q.exchange });
      if (q.confirm !== true) {
        const r = await orders.listOpenOrders(svc, scope);
        return doc(r.orders.map((o) => o.order), r.failed);
      }
      gate('cancel_all_orders', call);
      const r = await orders.cancelAllOrders(svc, scope);
      const failed = r.broken.map((b) => ({ exchange: b.exchange, error: b.error }));
      for (const f of r.refused) failed.push({ exchange: f.exchange, error: new PmtError('Api', `${f.id} was not cancelled: ${f.reason}`) });
      return doc(r.cancelled.map((c) => c.order), failed);
    },
  },
  {
    name: 'fetch_orderbook',
    description: 'Full-depth level-2 orderbook of one asset.',
    trading: false,
    annotations: READ,
    run: async (svc, q: In) => doc((await book.fetchOrderbook(svc, { asset_id: q.asset_id, exchange: q.exchange, outcome: q.outcome })).result),
  },
  {
    name: 'fetch_orderbook_stats',
    description: 'Top of book, mid, spread (bps), size-weighted mid, imbalance and depth.',
    trading: false,
    annotations: READ,
    run: async (svc, q: In) => doc((await book.fetchOrderbookStats(svc, { asset_id: q.asset_id, exchange: q.exchange, outcome: q.outcome })).result),
  },
  {
    name: 'fetch_orderbook_impact',
    description: 'Average fill price, fill % and slippage of a market order of `size` contracts, each side.',
    trading: false,
    annotations: READ,
    run: async (svc, q: In) => doc((await book.fetchOrderbookImpact(svc, { asset_id: q.asset_id, exchange: q.exchange, outcome: q.outcome, size: q.size })).result),
  },
  {
    name: 'fetch_balance',
    description: 'Cash available to trade on each exchange with credentials.',
    trading: false,
    annotations: READ,
    async run(svc, q: In) {
      const r = await portfolio.fetchBalance(svc, { exchange: q.exchange });
      return doc(portfolio.balanceModel(r), r.failed);
    },
  },
  {
    name: 'fetch_positions',
    description: 'Open positions, optionally of one market.',
    trading: false,
    annotations: READ,
    async run(svc, q: In) {
      const r = await portfolio.fetchPositions(svc, { market_ticker: q.market_ticker, exchange: q.exchange });
      return doc(r.positions.map((p) => p.position), r.failed);
    },
  },
  {
    name: 'fetch_fills',
    description: "The caller's fills, newest first, one page.",
    trading: false,
    annotations: READ,
    async run(svc, q: In) {
      const r = await portfolio.fetchFills(svc, { market_ticker: q.market_ticker, limit: q.limit, cursor: q.cursor, exchange: q.exchange });
      return doc({ fills: r.fills.map((x) => x.fill), cursor: r.cursor }, r.failed);
    },
  },
  {
    name: 'fetch_trades',
    description: "A market's public trades (the tape), newest first, one page.",
    trading: false,
    annotations: READ,
    async run(svc, q: In) {
      const r = await tape.fetchTrades(svc, { market_ticker: q.asset_id, limit: q.limit, cursor: q.cursor, start_ts: q.start_ts, end_ts: q.end_ts, exchange: q.exchange });
      return doc({ trades: r.trades, cursor: r.cursor });
    },
  },
  {
    name: 'fetch_price_history',
    description: 'Candles of a market (Kalshi: YES prices) or token (Polymarket), oldest first.',
    trading: false,
    annotations: READ,
    run: async (svc, q: In) => doc((await tape.fetchPriceHistory(svc, { market_ticker: q.asset_id, interval: q.interval, since: q.start_ts, until: q.end_ts, outcome: q.outcome, exchange: q.exchange })).candles),
  },
  {
    name: 'fetch_journal',
    description: 'The local order journal (intents, results, cancels, refusals), oldest first.',
    trading: false,
    annotations: { ...READ, openWorldHint: false },
    run: async (svc, q: In) => doc(journalEntries(svc, q.limit)),
  },
  {
    name: 'fetch_risk',
    description: "The profile's risk limits in force (with this server's defaults) and today's usage per exchange.",
    trading: false,
    annotations: { ...READ, openWorldHint: false },
    run: async (svc) => doc(await riskStatus(svc, EXCHANGE_IDS)),
  },
  {
    name: 'kill',
    description: 'Kill switch: turn trading off on the profile, then cancel every open order on every exchange (needs `confirm: true`; always available, trading or not). `pmt risk resume` turns trading on again.',
    trading: false,
    annotations: { ...DESTRUCTIVE, idempotentHint: true },
    async run(svc, q: In) {
      if (q.confirm !== true) throw usageError('kill needs confirm: true (it cancels every open order and turns trading off)');
      const r = await killSwitch(svc, { exchange: q.exchange });
      return doc(r.cancelled.map((c) => c.order), r.failed);
    },
  },
];
