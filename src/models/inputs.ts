/**
 * The operations' inputs as models: the interface's parameter names (`asset_id`, `exchange`,
 * `limit`, `cursor`, `client_order_id`, …), one object per operation, for the MCP server's tool
 * input schemas (src/mcp). Same names, ranges and enums as serve's request schemas.
 */
import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import { EXCHANGE_IDS } from '../exchanges/registry.js';
import { ORDER_SIDES } from './enums.js';
import { INTERVALS } from './params.js';

/** fetch_markets' status filter (exchanges/types.ts MARKET_STATUS_FILTERS; models import no adapter types). */
const MARKET_STATUS_FILTERS_LIST = ['active', 'closed', 'resolved', 'all'] as const;
const ORDER_TYPES = ['gtc', 'ioc', 'fok'] as const;
const Obj = (p: TProperties): TObject => Type.Object(p, { additionalProperties: false });
const Id = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });
const exchange = Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...EXCHANGE_IDS], description: 'Exchange to use, needed only where an id alone cannot tell' }));
const Enum = (values: readonly string[], description: string) => Type.Unsafe<string>({ type: 'string', enum: [...values], description });
const assetId = Id('Kalshi market ticker, Polymarket token id, or a unified market id (`kalshi:TICKER`, `polymarket:slug`)');
const marketId = Id('Unified market id (`kalshi:TICKER`, `polymarket:slug`), native ticker/slug, or Polymarket token id');
const orderId = Id('Kalshi order id (UUID) or Polymarket order id (0x + 64 hex)');
const cursor = Type.Optional(Type.String({ maxLength: 4096, description: 'Opaque cursor returned by a prior page' }));
const outcome = Type.Optional(Id('Kalshi: `yes` or `no`; Polymarket market: the outcome label (default: the asset\'s own)'));
const all = Type.Optional(Type.Boolean({ description: 'Follow every cursor to the end (progress notifications when a progress token is sent)' }));
const confirm = Type.Optional(Type.Boolean({ description: 'true sends; absent or false returns only the preview (nothing is sent)' }));

export const INPUTS: Record<string, TObject> = {
  fetch_markets: Obj({
    cursor,
    event_ticker: Type.Optional(Id('All markets in this event (Kalshi event ticker or Polymarket event slug)')),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Page size per exchange (default 100)' })),
    market_tickers: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { maxItems: 100, description: 'Only these markets (native tickers/slugs or unified ids)' })),
    series_ticker: Type.Optional(Id('Only markets in this Kalshi series')),
    status: Type.Optional(Enum(MARKET_STATUS_FILTERS_LIST, 'Lifecycle filter (default active)')),
    exchange,
    all,
  }),
  fetch_market_lineage: Obj({ market_ticker: marketId, exchange }),
  search_markets: Obj({
    query: Type.String({ minLength: 1, maxLength: 1000, description: 'The words to look for, e.g. `fed rates`' }),
    status: Type.Optional(Enum(MARKET_STATUS_FILTERS_LIST, 'Lifecycle filter (default active)')),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    exchange,
  }),
  fetch_order: Obj({ order_id: orderId, exchange }),
  fetch_open_orders: Obj({ asset_id: Type.Optional(assetId), exchange }),
  create_order: Obj({
    asset_id: assetId,
    outcome,
    price: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'Limit price of `outcome`, what is paid or received per contract, in (0, 1)' }),
    side: Enum(ORDER_SIDES, 'buy or sell'),
    size: Type.Number({ exclusiveMinimum: 0, description: 'Contracts' }),
    order_type: Type.Optional(Enum(ORDER_TYPES, 'Time in force (default gtc)')),
    post_only: Type.Optional(Type.Boolean({ description: 'Rest on the book or not at all (gtc only)' })),
    exchange,
    client_order_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Your id for this order (required with confirm: true): the same id returns the first order, never a second one' })),
    confirm,
  }),
  cancel_order: Obj({ order_id: orderId, exchange, confirm }),
  amend_order: Obj({
    order_id: orderId,
    price: Type.Optional(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 })),
    size: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    exchange,
    confirm,
  }),
  cancel_all_orders: Obj({ asset_id: Type.Optional(assetId), exchange, confirm }),
  fetch_orderbook: Obj({ asset_id: assetId, exchange, outcome }),
  fetch_orderbook_stats: Obj({ asset_id: assetId, exchange, outcome }),
  fetch_orderbook_impact: Obj({ asset_id: assetId, exchange, outcome, size: Type.Number({ exclusiveMinimum: 0, description: 'Order size in contracts' }) }),
  fetch_balance: Obj({ exchange }),
  fetch_positions: Obj({ market_ticker: Type.Optional(marketId), exchange }),
  fetch_fills: Obj({ market_ticker: Type.Optional(marketId), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })), cursor, exchange, all }),
  fetch_trades: Obj({
    asset_id: marketId,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    cursor,
    start_ts: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds' })),
    end_ts: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds' })),
    exchange,
  }),
  fetch_price_history: Obj({
    asset_id: marketId,
    interval: Type.Optional(Enum(INTERVALS, 'Candle width (default 1h)')),
    start_ts: Type.Optional(Type.Integer({ minimum: 0 })),
    end_ts: Type.Optional(Type.Integer({ minimum: 0 })),
    outcome,
    exchange,
  }),
  fetch_journal: Obj({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, description: 'Only the last N entries' })) }),
  fetch_risk: Obj({}),
  kill: Obj({ exchange, confirm }),
};
