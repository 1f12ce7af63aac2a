/**
 * The CLI verbs written by hand, by operation id: those whose table entry names no view (ops/
 * table.ts), because the verb asks, confirms, pages with hints, keeps a live screen or keeps
 * idempotency state. Every other operation's verb is derived from its entry (commands/op-run.ts).
 * Each module is loaded only when its verb runs.
 */
import type { VerbRun } from './action.js';

export const VERB_MODULES: Record<string, VerbRun<never>> = {
  fetch_markets: async (ctx, opts, args) => (await import('./markets/list.js')).run(ctx, opts, args),
  watch_orderbook: async (ctx, opts, args) => (await import('./book/watch.js')).run(ctx, opts, args),
  create_order: async (ctx, opts, args) => (await import('./order/create.js')).run(ctx, opts, args),
  cancel_all_orders: async (ctx, opts, args) => (await import('./order/cancel-all.js')).run(ctx, opts, args),
  cancel_order: async (ctx, opts, args) => (await import('./order/cancel.js')).run(ctx, opts, args),
  amend_order: async (ctx, opts, args) => (await import('./order/amend.js')).run(ctx, opts, args),
  read_journal: async (ctx, opts) => (await import('./order/journal.js')).run(ctx, opts),
  watch_orders: async (ctx, opts) => (await import('./order/watch.js')).run(ctx, opts),
  fetch_fills: async (ctx, opts) => (await import('./portfolio/fills.js')).run(ctx, opts),
  fetch_trades: async (ctx, opts, args) => (await import('./portfolio/trades.js')).run(ctx, opts, args),
  kill: async (ctx, opts) => (await import('./risk/kill.js')).run(ctx, opts),
};
