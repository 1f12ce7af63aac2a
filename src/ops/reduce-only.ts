/**
 * The reduce-only rule of create_order, once for the CLI (`--reduce-only`) and serve
 * (`reduce_only`): a boolean, and only on an exchange whose manifest takes reduce-only orders
 * (Kalshi's `reduce_only`: the count is capped by the position held); elsewhere it is refused
 * before any request rather than sent as an order that could grow the position.
 */
import { PmtError, usageError } from '../errors.js';
import { manifestOf } from '../exchanges/registry.js';
import type { ExchangeId } from '../exchanges/types.js';

/** `reduce_only` as given (absent: false). */
export function reduceOnlyOf(value: unknown, exchange: ExchangeId, name: string): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (value !== true) throw usageError(`${name} must be true or false (got ${JSON.stringify(value)?.slice(0, 40)})`);
  const m = manifestOf(exchange);
  if (!m.reduceOnly) throw new PmtError('NotSupported', `${m.name} orders cannot be reduce-only in this pmt (${name}); nothing was sent`);
  return true;
}
