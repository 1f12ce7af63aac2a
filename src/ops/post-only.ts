/**
 * The post-only rule of create_order, once for the CLI (`--post-only`) and serve (`post_only`):
 * the flag is a boolean, and a post-only order must be able to rest, so it is gtc only. Both are
 * checked here, before any request.
 *
 * The crossing check itself (refused before sending when the price would trade at once, naming
 * the best opposite price and the best price that would rest) runs in the adapter's createOrder
 * and previewOrder through the one shared rule in exchanges/post-only.ts: only the adapter knows
 * the book frame the order goes into (Kalshi sends a NO order as a YES bid/ask) and the market's
 * exact price grid (Kalshi's tiered steps), and adapters may not import ops.
 */
import { usageError } from '../errors.js';
import type { OrderType } from '../exchanges/types.js';

/** `post_only` as given (absent: false); a non-boolean, or true on ioc/fok, is a usage error. */
export function postOnlyOf(value: unknown, orderType: OrderType, names: { postOnly: string; orderType: string }): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (value !== true) throw usageError(`${names.postOnly} must be true or false (got ${JSON.stringify(value)?.slice(0, 40)})`);
  if (orderType !== 'gtc') {
    throw usageError(`${names.postOnly} orders rest on the book, so they must be ${names.orderType} gtc (got ${orderType})`);
  }
  return true;
}
