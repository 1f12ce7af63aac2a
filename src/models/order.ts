/**
 * The Order model of the interface document (see market.ts for how a definition serves the type,
 * serve's schema and the tests). Prices are on the scale of the asset's own book (contract:
 * prices and outcomes).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ORDER_SIDES, ORDER_STATUSES } from './enums.js';
import { DateTime, Model, Nullable, Num, Str, StringEnum } from './kit.js';

export const OrderSchema = Model('Order', 'An order', {
  id: Str('Exchange order id: Kalshi UUID or Polymarket 0x + 64 hex'),
  market_ticker: Str('Market ticker the order belongs to'),
  outcome: Str('Outcome label as published (Yes, No, or a categorical label)'),
  side: StringEnum(ORDER_SIDES, 'Order direction'),
  price: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1, description: "Limit price in (0, 1) on the asset's own book scale" }),
  size: Num('Order size in contracts'),
  filled: Num('Cumulative filled size in contracts'),
  status: StringEnum(ORDER_STATUSES, 'Order lifecycle state'),
  created_at: DateTime('Creation time (UTC)'),
  fee: Nullable(Num(), 'Per-contract fee in dollars; null on Polymarket and on unfilled orders'),
  updated_at: Nullable(DateTime(), 'Last update time (UTC); null if untouched since creation'),
});
export type Order = Static<typeof OrderSchema>;
